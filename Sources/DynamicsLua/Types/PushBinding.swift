import Dynamics
import LuaKit

/// The `Push` binding (UIPushBehavior).
enum PushBinding {
    private static let options = ["mode", "active", "angle", "magnitude", "direction"]

    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let (items, o) = try BehaviorCommon.itemsAndOptions(s, typeName: "Push", known: options)
        var mode = PushMode.continuous
        if let o, let name = try o.value("mode", { s, i, site throws(LuaError) in
            try s.checkChoice(i, site, ["continuous", "instantaneous"])
        }) {
            mode = PushMode(rawValue: name) ?? .continuous
        }
        let p = PushBehavior(items: items, mode: mode)
        if let o {
            if let d = try o.point("direction") { try dynamics { () throws(DynamicsError) in try p.setDirection(d) } }
            if let a = try o.number("angle") { try dynamics { () throws(DynamicsError) in try p.setAngle(a) } }
            if let m = try o.number("magnitude") { try dynamics { () throws(DynamicsError) in try p.setMagnitude(m) } }
            if let active = try o.boolean("active") { p.active = active }
        }
        try BehaviorCommon.applyAction(s, p, o)
        s.push(behavior: p)
        return 1
    }

    private static func push(_ s: LuaStack) throws(LuaError) -> PushBehavior {
        try s.checkObject(1, as: PushBehavior.self, expected: "Push")
    }

    static var type: BoundType {
        let info = HelpCatalog.push
        return BoundType(
            info: info,
            spec: BehaviorCommon.spec(
                info, PushBehavior.self,
                methods: [
                    ("setAngle", { s throws(LuaError) in
                        let p = try push(s)
                        let a = try s.checkFinite(2, .arg(2))
                        let m = try s.isNil(at: 3) ? p.magnitude : s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try p.setAngle(a, magnitude: m) }
                        return 0
                    }),
                    ("setTargetOffset", { s throws(LuaError) in
                        let p = try push(s)
                        let item = try s.checkView(2, .arg(2))
                        let offset = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try p.setTargetOffset(offset, for: item) }
                        return 0
                    }),
                    ("targetOffset", { s throws(LuaError) in
                        let p = try push(s)
                        s.push(point: p.targetOffset(for: try s.checkView(2, .arg(2))))
                        return 1
                    }),
                ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
                get: { s, p, key throws(LuaError) in
                    switch key {
                    case "mode": s.push(p.mode.rawValue)
                    case "active": s.push(p.active)
                    case "angle": s.push(p.angle)
                    case "magnitude": s.push(p.magnitude)
                    case "direction": s.push(point: p.direction)
                    default: return false
                    }
                    return true
                },
                set: { s, p, key throws(LuaError) in
                    switch key {
                    case "active": p.active = try s.checkBoolean(3)
                    case "angle":
                        let a = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try p.setAngle(a) }
                    case "magnitude":
                        let m = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try p.setMagnitude(m) }
                    case "direction":
                        let d = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try p.setDirection(d) }
                    default: return false
                    }
                    return true
                },
                describe: { p in
                    BehaviorCommon.describe(p, "\(p.mode.rawValue) magnitude=\(NumberText.short(p.magnitude)) "
                        + "angle=\(NumberText.fixed(p.angle, decimals: 2))\(p.active ? "" : " inactive")")
                }),
            constructor: construct)
    }
}
