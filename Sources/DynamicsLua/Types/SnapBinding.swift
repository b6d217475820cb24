import Dynamics
import LuaKit

/// The `Snap` binding (UISnapBehavior).
enum SnapBinding {
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let item = try s.checkView(1, .arg(1))
        let point = try s.checkPoint(2, .arg(2))
        let snap = try dynamics { () throws(DynamicsError) in try SnapBehavior(item: item, snapTo: point) }
        var options: OptionTable?
        if !s.isNil(at: 3) {
            try s.checkType(3, .table)
            let o = OptionTable(s, at: 3, arg: 3, typeName: "Snap")
            try o.checkKeys(["damping", "action"], allowsArray: false)
            if let d = try o.number("damping") { try dynamics { () throws(DynamicsError) in try snap.setDamping(d) } }
            options = o
        }
        try BehaviorCommon.applyAction(s, snap, options)
        s.push(behavior: snap)
        return 1
    }

    static var type: BoundType {
        let info = HelpCatalog.snap
        return BoundType(
            info: info,
            spec: BehaviorCommon.spec(
                info, SnapBehavior.self,
                methods: BehaviorCommon.methods,
                get: { s, snap, key throws(LuaError) in
                    switch key {
                    case "items": s.push(views: [snap.item])
                    case "snapPoint": s.push(point: snap.snapPoint)
                    case "damping": s.push(snap.damping)
                    default: return false
                    }
                    return true
                },
                set: { s, snap, key throws(LuaError) in
                    switch key {
                    case "snapPoint":
                        let p = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try snap.setSnapPoint(p) }
                    case "damping":
                        let d = try s.checkFinite(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try snap.setDamping(d) }
                    default: return false
                    }
                    return true
                },
                describe: { snap in
                    BehaviorCommon.describe(snap, "\"\(snap.item.name)\" to \(NumberText.point(snap.snapPoint)) "
                        + "damping=\(NumberText.short(snap.damping))")
                }),
            constructor: construct)
    }
}
