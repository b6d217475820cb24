import Dynamics
import LuaKit

/// The `Attachment` binding (UIAttachmentBehavior and iOS 9's fixed, pin, sliding and limit attachments).
enum AttachmentBinding {
    /// Spring and limit settings every form accepts in its option table.
    private static let tuning = ["length", "frequency", "damping", "frictionTorque", "attachmentRange"]

    private static func behavior(_ s: LuaStack) throws(LuaError) -> AttachmentBehavior {
        try s.checkObject(1, as: AttachmentBehavior.self, expected: "Attachment")
    }

    /// Sets one tuning field from the value at `index`.
    private static func set(_ a: AttachmentBehavior, _ key: String, _ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) {
        if key == "attachmentRange" {
            let r = try s.checkRange(index, site)
            try dynamics { () throws(DynamicsError) in try a.setAttachmentRange(r) }
            return
        }
        let x = try s.checkNonNegative(index, site)
        try dynamics { () throws(DynamicsError) in
            switch key {
            case "length": try a.setLength(x)
            case "frequency": try a.setFrequency(x)
            case "damping": try a.setDamping(x)
            default: try a.setFrictionTorque(x)
            }
        }
    }

    /// Applies the tuning fields and the action of an option table.
    private static func apply(_ o: OptionTable?, to a: AttachmentBehavior) throws(LuaError) {
        guard let o else { return }
        let s = o.stack
        for key in tuning where o.has(key) {
            s.rawGet(o.index, field: key)
            defer { s.pop() }
            try set(a, key, s, s.top, .field(key, of: o.arg))
        }
        try BehaviorCommon.applyAction(s, a, o)
    }

    /// The option table at `index`, if any, checked against `known` (plus the tuning fields and `action`).
    private static func options(_ s: LuaStack, _ index: Int32, _ known: [String]) throws(LuaError) -> OptionTable? {
        if s.isNil(at: index) { return nil }
        try s.checkType(index, .table, site: .arg(index))
        let o = OptionTable(s, at: index, arg: index, typeName: "Attachment")
        try o.checkKeys(known + tuning + ["action"], allowsArray: false)
        return o
    }

    /// `Attachment(item, {anchor =, offset =})`, `Attachment(item, anchor [, options])`,
    /// `Attachment(item1, item2, {offset1 =, offset2 =})`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let item = try s.checkView(1, .arg(1))
        let a: AttachmentBehavior
        let o: OptionTable?
        if let other = s.object(at: 2, as: DynamicItem.self) {
            o = try options(s, 3, ["offset1", "offset2"])
            let offset1 = try o?.point("offset1") ?? .zero, offset2 = try o?.point("offset2") ?? .zero
            a = try dynamics { () throws(DynamicsError) in
                try AttachmentBehavior(item: item, offset: offset1, attachedTo: other, offset: offset2)
            }
        } else {
            let anchor: Vector, offset: Vector
            if s.type(at: 2) == .table, s.rawGet(2, field: "anchor") != .nil {
                s.pop()
                o = try options(s, 2, ["anchor", "offset"])
                anchor = try o?.point("anchor") ?? .zero
                offset = try o?.point("offset") ?? .zero
            } else {
                if s.type(at: 2) == .table { s.pop() }
                guard !s.isNil(at: 2) else {
                    throw LuaError.argument(2, "View, anchor point or {anchor = {x, y}} expected, got no value")
                }
                anchor = try s.checkPoint(2, .arg(2))
                o = try options(s, 3, ["offset"])
                offset = try o?.point("offset") ?? .zero
            }
            a = try dynamics { () throws(DynamicsError) in
                try AttachmentBehavior(item: item, offset: offset, attachedToAnchor: anchor)
            }
        }
        try apply(o, to: a)
        s.push(behavior: a)
        return 1
    }

    /// A maker of two items at an anchor: `Attachment.fixed(item1, item2, anchor)` and `pin`.
    private static func atAnchor(_ make: @escaping (DynamicItem, DynamicItem, Vector) throws(DynamicsError) -> AttachmentBehavior) -> LuaFunction {
        { s throws(LuaError) in
            let item1 = try s.checkView(1, .arg(1)), item2 = try s.checkView(2, .arg(2))
            let anchor = try s.checkPoint(3, .arg(3))
            let o = try options(s, 4, [])
            let a = try dynamics { () throws(DynamicsError) in try make(item1, item2, anchor) }
            try apply(o, to: a)
            s.push(behavior: a)
            return 1
        }
    }

    static var statics: [(String, LuaFunction)] {
        [
            ("fixed", atAnchor { (a, b, p) throws(DynamicsError) in try AttachmentBehavior.fixed(a, b, anchor: p) }),
            ("pin", atAnchor { (a, b, p) throws(DynamicsError) in try AttachmentBehavior.pin(a, b, anchor: p) }),
            ("sliding", { s throws(LuaError) in
                let item1 = try s.checkView(1, .arg(1))
                let a: AttachmentBehavior
                let o: OptionTable?
                if let item2 = s.object(at: 2, as: DynamicItem.self) {
                    let anchor = try s.checkPoint(3, .arg(3)), axis = try s.checkPoint(4, .arg(4))
                    o = try options(s, 5, [])
                    a = try dynamics { () throws(DynamicsError) in try AttachmentBehavior.sliding(item1, item2, anchor: anchor, axis: axis) }
                } else {
                    let anchor = try s.checkPoint(2, .arg(2)), axis = try s.checkPoint(3, .arg(3))
                    o = try options(s, 4, [])
                    a = try dynamics { () throws(DynamicsError) in try AttachmentBehavior.sliding(item1, anchor: anchor, axis: axis) }
                }
                try apply(o, to: a)
                s.push(behavior: a)
                return 1
            }),
            ("limit", { s throws(LuaError) in
                let item1 = try s.checkView(1, .arg(1)), offset1 = try s.checkPoint(2, .arg(2))
                let item2 = try s.checkView(3, .arg(3)), offset2 = try s.checkPoint(4, .arg(4))
                let o = try options(s, 5, [])
                let a = try dynamics { () throws(DynamicsError) in
                    try AttachmentBehavior.limit(item1, offset1: offset1, item2, offset2: offset2)
                }
                try apply(o, to: a)
                s.push(behavior: a)
                return 1
            }),
        ]
    }

    static var type: BoundType {
        let info = HelpCatalog.attachment
        return BoundType(
            info: info,
            spec: BehaviorCommon.spec(
                info, AttachmentBehavior.self,
                methods: BehaviorCommon.methods,
                get: { s, a, key throws(LuaError) in
                    switch key {
                    case "kind": s.push(a.kind.rawValue)
                    case "items": s.push(views: a.items)
                    case "anchorPoint": s.push(point: a.anchorPoint)
                    case "length": s.push(a.length)
                    case "frequency": s.push(a.frequency)
                    case "damping": s.push(a.damping)
                    case "frictionTorque": s.push(a.frictionTorque)
                    case "attachmentRange":
                        s.push(range: a.attachmentRange)
                    default: return false
                    }
                    return true
                },
                set: { s, a, key throws(LuaError) in
                    if key == "anchorPoint" {
                        let p = try s.checkPoint(3, .arg(3))
                        try dynamics { () throws(DynamicsError) in try a.setAnchorPoint(p) }
                        return true
                    }
                    guard tuning.contains(key) else { return false }
                    try set(a, key, s, 3, .arg(3))
                    return true
                },
                describe: { a in
                    var detail = "\(a.kind.rawValue)"
                    if a.isAttachedToAnchor { detail += " anchor=\(NumberText.point(a.anchorPoint))" }
                    if a.kind == .distance { detail += " length=\(NumberText.short(a.length))" }
                    if a.frequency > 0 { detail += " frequency=\(NumberText.short(a.frequency))" }
                    return BehaviorCommon.describe(a, detail) + " items=" + a.items.map { "\"\($0.name)\"" }.joined(separator: ",")
                }),
            constructor: construct,
            statics: statics)
    }
}
