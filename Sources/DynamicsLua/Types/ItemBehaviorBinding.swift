import Dynamics
import LuaKit

/// The `ItemBehavior` binding (UIDynamicItemBehavior): material and motion properties.
enum ItemBehaviorBinding {
    private static let numberFields = ["elasticity", "friction", "density", "resistance", "angularResistance", "charge"]
    private static let options = numberFields + ["allowsRotation", "anchored"]

    /// Sets one numeric property, with the sign rule API.md gives it (density positive, charge any, others >= 0).
    private static func setNumber(_ b: DynamicItemBehavior, _ key: String, _ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) {
        switch key {
        case "density":
            let x = try s.checkPositive(index, site)
            try dynamics { () throws(DynamicsError) in try b.setDensity(x) }
        case "charge":
            let x = try s.checkFinite(index, site)
            try dynamics { () throws(DynamicsError) in try b.setCharge(x) }
        default:
            let x = try s.checkNonNegative(index, site)
            try dynamics { () throws(DynamicsError) in
                switch key {
                case "elasticity": try b.setElasticity(x)
                case "friction": try b.setFriction(x)
                case "resistance": try b.setResistance(x)
                default: try b.setAngularResistance(x)
                }
            }
        }
    }

    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let (items, o) = try BehaviorCommon.itemsAndOptions(s, typeName: "ItemBehavior", known: options)
        let b = DynamicItemBehavior(items: items)
        if let o {
            for key in numberFields where o.has(key) {
                s.rawGet(o.index, field: key)
                defer { s.pop() }
                try setNumber(b, key, s, s.top, .field(key, of: 1))
            }
            if let x = try o.boolean("allowsRotation") { b.allowsRotation = x }
            if let x = try o.boolean("anchored") { b.anchored = x }
        }
        try BehaviorCommon.applyAction(s, b, o)
        s.push(behavior: b)
        return 1
    }

    private static func behavior(_ s: LuaStack) throws(LuaError) -> DynamicItemBehavior {
        try s.checkObject(1, as: DynamicItemBehavior.self, expected: "ItemBehavior")
    }

    static var type: BoundType {
        let info = HelpCatalog.itemBehavior
        return BoundType(
            info: info,
            spec: BehaviorCommon.spec(
                info, DynamicItemBehavior.self,
                methods: [
                    ("addLinearVelocity", { s throws(LuaError) in
                        let b = try behavior(s)
                        let item = try s.checkView(2, .arg(2))
                        let v = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try b.addLinearVelocity(v, for: item) }
                        return 0
                    }),
                    ("linearVelocity", { s throws(LuaError) in
                        let b = try behavior(s)
                        s.push(point: b.linearVelocity(for: try s.checkView(2, .arg(2))))
                        return 1
                    }),
                    ("addAngularVelocity", { s throws(LuaError) in
                        let b = try behavior(s)
                        let item = try s.checkView(2, .arg(2))
                        let w = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try b.addAngularVelocity(w, for: item) }
                        return 0
                    }),
                    ("angularVelocity", { s throws(LuaError) in
                        let b = try behavior(s)
                        s.push(b.angularVelocity(for: try s.checkView(2, .arg(2))))
                        return 1
                    }),
                ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
                get: { s, b, key throws(LuaError) in
                    switch key {
                    case "elasticity": s.push(b.elasticity)
                    case "friction": s.push(b.friction)
                    case "density": s.push(b.density)
                    case "resistance": s.push(b.resistance)
                    case "angularResistance": s.push(b.angularResistance)
                    case "charge": s.push(b.charge)
                    case "allowsRotation": s.push(b.allowsRotation)
                    case "anchored": s.push(b.anchored)
                    default: return false
                    }
                    return true
                },
                set: { s, b, key throws(LuaError) in
                    if numberFields.contains(key) {
                        try setNumber(b, key, s, 3, .arg(3))
                        return true
                    }
                    switch key {
                    case "allowsRotation": b.allowsRotation = try s.checkBoolean(3)
                    case "anchored": b.anchored = try s.checkBoolean(3)
                    default: return false
                    }
                    return true
                },
                describe: { b in
                    var parts = ["elasticity=\(NumberText.short(b.elasticity))", "friction=\(NumberText.short(b.friction))",
                                 "density=\(NumberText.short(b.density))"]
                    if b.resistance != 0 { parts.append("resistance=\(NumberText.short(b.resistance))") }
                    if b.angularResistance != 0 { parts.append("angularResistance=\(NumberText.short(b.angularResistance))") }
                    if !b.allowsRotation { parts.append("allowsRotation=false") }
                    if b.anchored { parts.append("anchored") }
                    return BehaviorCommon.describe(b, parts.joined(separator: " "))
                }),
            constructor: construct)
    }
}
