import Dynamics
import LuaKit

/// The `Push` type (UIPushBehavior).
enum PushBinding {
    private static let modes = ["continuous", "instantaneous"]

    private static func push(_ s: LuaStack) throws(LuaError) -> PushBehavior {
        try s.checkObject(1, as: PushBehavior.self, expected: "Push")
    }

    static var description: TypeDescription<PushBehavior> {
        TypeDescription(
            name: "Push", uikitName: "UIPushBehavior",
            summary: "a force (continuous) or a kick (instantaneous) on its items",
            constructors: ["Push{ a, b, mode = \"continuous\" | \"instantaneous\", angle = 0, magnitude = 0 }"],
            properties: [
                .items,
                .choice("mode", modes, default: "\"continuous\"", "set when made", get: \.mode.rawValue),
                .boolean("active", default: "true", "an instantaneous push fires once on the next step, then turns false",
                         get: \.active, set: { $0.active = $1 }),
                .number("angle", "number, rad", default: "0", "0 points right", get: \.angle, set: { try $0.setAngle($1) }),
                .number("magnitude", "number", default: "0",
                        "1 gives a 100x100 density-1 item 100 pt/s^2 (or 100 pt/s at once)",
                        get: \.magnitude, set: { try $0.setMagnitude($1) }),
                .point("direction", "vector", default: "{0, 0}", "angle and magnitude as a vector",
                       get: \.direction, set: { try $0.setDirection($1) }),
            ] + BehaviorCommon.commonProperties(),
            methods: [
                Method("setAngle", "p:setAngle(angle, magnitude)", "sets both at once") { s throws(LuaError) in
                    let p = try push(s)
                    let a = try s.checkFinite(2, .arg(2))
                    let m = try s.isNil(at: 3) ? p.magnitude : s.checkFinite(3, .arg(3))
                    try dynamics { () throws(DynamicsError) in try p.setAngle(a, magnitude: m) }
                    return 0
                },
                Method("setTargetOffset", "p:setTargetOffset(item, {dx, dy})",
                       "where, relative to the centre, the force acts; off-centre spins the item") { s throws(LuaError) in
                    let p = try push(s)
                    let item = try s.checkView(2, .arg(2))
                    let offset = try s.checkPoint(3, .arg(3))
                    try dynamics { () throws(DynamicsError) in try p.setTargetOffset(offset, for: item) }
                    return 0
                },
                Method("targetOffset", "p:targetOffset(item)", "that offset, a Point") { s throws(LuaError) in
                    let p = try push(s)
                    s.push(point: p.targetOffset(for: try s.checkView(2, .arg(2))))
                    return 1
                },
            ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
            describe: { p in
                BehaviorCommon.describe(p, "\(p.mode.rawValue) magnitude=\(NumberText.short(p.magnitude)) "
                    + "angle=\(NumberText.fixed(p.angle, decimals: 2))\(p.active ? "" : " inactive")")
            },
            construct: construct,
            optionOrder: ["direction", "angle", "magnitude", "active", "action"])
    }

    /// `Push{ a, b, mode = .., angle = .., magnitude = .. }`: the mode is fixed when the push is made.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        try BehaviorCommon.construct(s, description, extraOptions: ["mode"]) { items, o throws(LuaError) in
            let mode = try o?.value("mode") { s, i, site throws(LuaError) in try s.checkChoice(i, site, modes) }
            return PushBehavior(items: items, mode: mode.flatMap(PushMode.init(rawValue:)) ?? .continuous)
        }
    }

    static var type: BoundType { description.boundType }
}
