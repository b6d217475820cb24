import Dynamics
import LuaKit

/// The `Snap` type (UISnapBehavior).
enum SnapBinding {
    static var description: TypeDescription<SnapBehavior> {
        TypeDescription(
            name: "Snap", uikitName: "UISnapBehavior",
            summary: "springs an item to a point, where it settles and turns back to angle 0",
            constructors: ["Snap(item, point)", "Snap(item, point, {damping = 0.5})"],
            properties: [
                Property("items", "array of View", "the one item", get: { s, snap in s.push(views: [snap.item]) }),
                .point("snapPoint", "Point, pt", "where the item goes", option: false,
                       get: \.snapPoint, set: { try $0.setSnapPoint($1) }),
                .number("damping", "number 0..1", default: "0.5", "0 = most oscillation, 1 = least",
                        get: \.damping, set: { try $0.setDamping($1) }),
            ] + BehaviorCommon.commonProperties(),
            methods: BehaviorCommon.methods,
            describe: { snap in
                BehaviorCommon.describe(snap, "\"\(snap.item.name)\" to \(NumberText.point(snap.snapPoint)) "
                    + "damping=\(NumberText.short(snap.damping))")
            },
            construct: construct)
    }

    /// `Snap(item, point [, options])`.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let item = try s.checkView(1, .arg(1))
        let point = try s.checkPoint(2, .arg(2))
        let snap = try dynamics { () throws(DynamicsError) in try SnapBehavior(item: item, snapTo: point) }
        if !s.isNil(at: 3) {
            try s.checkType(3, .table)
            let o = OptionTable(s, at: 3, arg: 3, typeName: "Snap")
            let d = description
            try o.checkKeys(d.optionNames, allowsArray: false)
            try d.applyOptions(o, to: snap)
        }
        s.push(behavior: snap)
        return 1
    }

    static var type: BoundType { description.boundType }
}
