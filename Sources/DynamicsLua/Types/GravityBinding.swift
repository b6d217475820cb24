import Dynamics
import LuaKit

/// The `Gravity` binding (UIGravityBehavior).
enum GravityBinding {
    private static let options = ["direction", "angle", "magnitude"]

    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let (items, o) = try BehaviorCommon.itemsAndOptions(s, typeName: "Gravity", known: options)
        let g = GravityBehavior(items: items)
        if let o {
            if let d = try o.point("direction") { try dynamics { () throws(DynamicsError) in try g.setDirection(d) } }
            if let a = try o.number("angle") { try dynamics { () throws(DynamicsError) in try g.setAngle(a) } }
            if let m = try o.number("magnitude") { try dynamics { () throws(DynamicsError) in try g.setMagnitude(m) } }
        }
        try BehaviorCommon.applyAction(s, g, o)
        s.push(behavior: g)
        return 1
    }

    static var type: BoundType {
        let info = HelpCatalog.gravity
        return BoundType(
            info: info,
            spec: BehaviorCommon.spec(
                info, GravityBehavior.self,
                methods: [
                    ("setAngle", { s throws(LuaError) in
                        let g = try s.checkObject(1, as: GravityBehavior.self, expected: "Gravity")
                        let a = try s.checkFinite(2, .arg(2))
                        let m = try s.isNil(at: 3) ? g.magnitude : s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try g.setAngle(a, magnitude: m) }
                        return 0
                    }),
                ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
                get: { s, g, key throws(LuaError) in
                    switch key {
                    case "direction": s.push(point: g.direction)
                    case "angle": s.push(g.angle)
                    case "magnitude": s.push(g.magnitude)
                    default: return false
                    }
                    return true
                },
                set: { s, g, key throws(LuaError) in
                    switch key {
                    case "direction":
                        let d = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try g.setDirection(d) }
                    case "angle":
                        let a = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try g.setAngle(a) }
                    case "magnitude":
                        let m = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try g.setMagnitude(m) }
                    default: return false
                    }
                    return true
                },
                describe: { g in
                    BehaviorCommon.describe(g, "magnitude=\(NumberText.short(g.magnitude)) angle=\(NumberText.fixed(g.angle, decimals: 2))")
                }),
            constructor: construct)
    }
}
