import Dynamics
import LuaKit

/// The `ItemBehavior` binding (UIDynamicItemBehavior): material and motion properties.
enum ItemBehaviorBinding {
    private static func behavior(_ s: LuaStack) throws(LuaError) -> DynamicItemBehavior {
        try s.checkObject(1, as: DynamicItemBehavior.self, expected: "ItemBehavior")
    }

    static var description: TypeDescription<DynamicItemBehavior> {
        TypeDescription(
            name: "ItemBehavior", uikitName: "UIDynamicItemBehavior",
            summary: "material and motion properties of its items; the one added last wins",
            constructors: ["ItemBehavior{ a, b, elasticity = 0.5, friction = 0.2, density = 1 }", "ItemBehavior(a, b)"],
            properties: [
                .items,
                .number("elasticity", "number >= 0", default: "0", "bounciness; 1 keeps all speed", rule: .nonNegative,
                        get: \.elasticity, set: { try $0.setElasticity($1) }),
                .number("friction", "number >= 0", default: "0", "sliding friction", rule: .nonNegative,
                        get: \.friction, set: { try $0.setFriction($1) }),
                .number("density", "number > 0", default: "1", "mass per 10000 pt^2", rule: .positive,
                        get: \.density, set: { try $0.setDensity($1) }),
                .number("resistance", "number >= 0", default: "0", "linear damping", rule: .nonNegative,
                        get: \.resistance, set: { try $0.setResistance($1) }),
                .number("angularResistance", "number >= 0", default: "0", "angular damping", rule: .nonNegative,
                        get: \.angularResistance, set: { try $0.setAngularResistance($1) }),
                .boolean("allowsRotation", default: "true", "false keeps the angle",
                         get: \.allowsRotation, set: { $0.allowsRotation = $1 }),
                .boolean("anchored", default: "false", "pushed by nothing, others collide with it; it moves only at a velocity given to it (isAnchored)",
                         get: \.anchored, set: { $0.anchored = $1 }),
                .number("charge", "number", default: "0", "for electric and magnetic fields",
                        get: \.charge, set: { try $0.setCharge($1) }),
                .boolean("allowsSleep", default: "true", "false keeps the items (and what they touch) awake",
                         get: \.allowsSleep, set: { $0.allowsSleep = $1 }),
            ] + BehaviorCommon.commonProperties(),
            methods: [
                    Method("addLinearVelocity", "i:addLinearVelocity(item, v)", "adds pt/s to an item's velocity") { s throws(LuaError) in
                        let b = try behavior(s)
                        let item = try s.checkView(2, .arg(2))
                        let v = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try b.addLinearVelocity(v, for: item) }
                        return 0
                    },
                    Method("linearVelocity", "i:linearVelocity(item)", "an item's velocity, a Point") { s throws(LuaError) in
                        let b = try behavior(s)
                        s.push(point: b.linearVelocity(for: try s.checkView(2, .arg(2))))
                        return 1
                    },
                    Method("addAngularVelocity", "i:addAngularVelocity(item, w)", "adds rad/s") { s throws(LuaError) in
                        let b = try behavior(s)
                        let item = try s.checkView(2, .arg(2))
                        let w = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try b.addAngularVelocity(w, for: item) }
                        return 0
                    },
                    Method("angularVelocity", "i:angularVelocity(item)", "an item's rad/s") { s throws(LuaError) in
                        let b = try behavior(s)
                        s.push(b.angularVelocity(for: try s.checkView(2, .arg(2))))
                        return 1
                    },
            ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
            describe: { b in
                var parts = ["elasticity=\(NumberText.short(b.elasticity))", "friction=\(NumberText.short(b.friction))",
                             "density=\(NumberText.short(b.density))"]
                if b.resistance != 0 { parts.append("resistance=\(NumberText.short(b.resistance))") }
                if b.angularResistance != 0 { parts.append("angularResistance=\(NumberText.short(b.angularResistance))") }
                if !b.allowsRotation { parts.append("allowsRotation=false") }
                if b.anchored { parts.append("anchored") }
                return BehaviorCommon.describe(b, parts.joined(separator: " "))
            },
            construct: construct,
            optionOrder: ["elasticity", "friction", "density", "resistance", "angularResistance", "charge", "allowsRotation",
                          "anchored", "allowsSleep", "action"])
    }

    /// `Type{ a, b, key = .. }` or `Type(a, b)`.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        try BehaviorCommon.construct(s, description) { items, _ throws(LuaError) in DynamicItemBehavior(items: items) }
    }

    static var type: BoundType { description.boundType }
}
