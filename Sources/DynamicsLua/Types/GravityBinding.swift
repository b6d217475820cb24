import Dynamics
import LuaKit

/// The `Gravity` type (UIGravityBehavior).
enum GravityBinding {
    static var description: TypeDescription<GravityBehavior> {
        TypeDescription(
            name: "Gravity", uikitName: "UIGravityBehavior",
            summary: "accelerates its items the same whatever their mass (magnitude 1 = 1000 pt/s^2)",
            constructors: ["Gravity{ a, b, magnitude = 1, angle = math.pi / 2 }", "Gravity(a, b)"],
            properties: [
                .items,
                .point("direction", "vector", default: "{0, 1}", "the acceleration vector in units of 1000 pt/s^2",
                       get: \.direction, set: { try $0.setDirection($1) }),
                .number("angle", "number, rad", default: "math.pi / 2", "pi/2 is down",
                        get: \.angle, set: { try $0.setAngle($1) }),
                .number("magnitude", "number", default: "1", "1 = 1000 pt/s^2",
                        get: \.magnitude, set: { try $0.setMagnitude($1) }),
            ] + BehaviorCommon.commonProperties(),
            methods: [
                Method("setAngle", "g:setAngle(angle, magnitude)", "sets both at once") { s throws(LuaError) in
                    let g = try s.checkObject(1, as: GravityBehavior.self, expected: "Gravity")
                    let a = try s.checkFinite(2, .arg(2))
                    let m = try s.isNil(at: 3) ? g.magnitude : s.checkFinite(3, .arg(3))
                    try dynamics { () throws(DynamicsError) in try g.setAngle(a, magnitude: m) }
                    return 0
                },
            ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
            describe: { g in
                BehaviorCommon.describe(g, "magnitude=\(NumberText.short(g.magnitude)) angle=\(NumberText.fixed(g.angle, decimals: 2))")
            },
            construct: construct)
    }

    /// `Type{ a, b, key = .. }` or `Type(a, b)`.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        try BehaviorCommon.construct(s, description) { items, _ throws(LuaError) in GravityBehavior(items: items) }
    }

    static var type: BoundType { description.boundType }
}
