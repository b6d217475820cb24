import Dynamics
import LuaKit

/// The `Attachment` binding (UIAttachmentBehavior and iOS 9's fixed, pin, sliding and limit attachments).
enum AttachmentBinding {
    private static func behavior(_ s: LuaStack) throws(LuaError) -> AttachmentBehavior {
        try s.checkObject(1, as: AttachmentBehavior.self, expected: "Attachment")
    }

    /// Applies the tuning fields and the action of an option table.
    private static func apply(_ o: OptionTable?, to a: AttachmentBehavior) throws(LuaError) {
        guard let o else { return }
        try description.applyOptions(o, to: a)
    }

    /// The option table at `index`, if any, checked against `known` (plus the options every form takes).
    private static func options(_ s: LuaStack, _ index: Int32, _ known: [String]) throws(LuaError) -> OptionTable? {
        if s.isNil(at: index) { return nil }
        try s.checkType(index, .table, site: .arg(index))
        let o = OptionTable(s, at: index, arg: index, typeName: "Attachment")
        try o.checkKeys(known + description.optionNames, allowsArray: false)
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

    private static func tuning(_ name: String, _ kind: String, default defaultValue: String, _ summary: String,
                               get: @escaping (AttachmentBehavior) -> Double,
                               set: @escaping (AttachmentBehavior, Double) throws -> Void) -> Property<AttachmentBehavior> {
        .number(name, kind, default: defaultValue, summary, rule: .nonNegative, get: get, set: set)
    }

    static var description: TypeDescription<AttachmentBehavior> {
        TypeDescription(
            name: "Attachment", uikitName: "UIAttachmentBehavior",
            summary: "joins an item to an anchor point or to another item: a rod, a spring, a pin, a slider, a rope",
            constructors: ["Attachment(item, {anchor = {x, y}, offset = {dx, dy}})",
                           "Attachment(item1, item2, {offset1 = .., offset2 = ..})",
                           "Attachment.fixed(item1, item2, anchor)", "Attachment.pin(item1, item2, anchor)",
                           "Attachment.sliding(item1, item2, anchor, axis)", "Attachment.sliding(item, anchor, axis)",
                           "Attachment.limit(item1, offset1, item2, offset2)"],
            properties: [
                .choice("kind", ["distance", "fixed", "pin", "sliding", "limit"],
                        "which attachment this is (attachedBehaviorType)", get: \.kind.rawValue),
                Property("items", "array of View", "one or two items", get: { s, a in s.push(views: a.items) }),
                .point("anchorPoint", "Point, pt", "the anchor", option: false,
                       get: \.anchorPoint, set: { try $0.setAnchorPoint($1) }),
                tuning("length", "number, pt", default: "the distance at creation",
                       "the distance kept between the attachment points", get: \.length, set: { try $0.setLength($1) }),
                tuning("frequency", "number, Hz", default: "0", "0 = a rigid rod",
                       get: \.frequency, set: { try $0.setFrequency($1) }),
                Property("stiffness", "number or nil, mass/s^2", default: "nil",
                         "a Hooke spring: force = stiffness x stretch, period 2 pi sqrt(m / stiffness); frequency clears it",
                         option: true,
                         get: { s, a in if let k = a.stiffness { s.push(k) } else { s.pushNil() } },
                         set: { s, a, i, site throws(LuaError) in
                             let k: Double? = s.isNil(at: i) ? nil : try s.checkNonNegative(i, site)
                             try core(at: site) { try a.setStiffness(k) }
                         }),
                tuning("damping", "number", default: "0", "damping ratio, 1 = critical",
                       get: \.damping, set: { try $0.setDamping($1) }),
                tuning("frictionTorque", "number", default: "0", "resists turning; a pin's motor gives at most this",
                       get: \.frictionTorque, set: { try $0.setFrictionTorque($1) }),
                .number("motorSpeed", "number, rad/s", default: "0",
                        "pin: the spin its motor drives the (second) item at, with frictionTorque at most",
                        get: \.motorSpeed, set: { try $0.setMotorSpeed($1) }),
                Property("attachmentRange", "range", default: "{-math.huge, math.huge}",
                         "points along the axis (sliding), radians (pin), distance (limit)", option: true,
                         get: { s, a in s.push(range: a.attachmentRange) },
                         set: { s, a, i, site throws(LuaError) in
                             let r = try s.checkRange(i, site)
                             try dynamics { () throws(DynamicsError) in try a.setAttachmentRange(r) }
                         }),
            ] + BehaviorCommon.commonProperties(),
            methods: BehaviorCommon.methods,
            describe: { a in
                var detail = "\(a.kind.rawValue)"
                if a.isAttachedToAnchor { detail += " anchor=\(NumberText.point(a.anchorPoint))" }
                if a.kind == .distance { detail += " length=\(NumberText.short(a.length))" }
                if a.frequency > 0 { detail += " frequency=\(NumberText.short(a.frequency))" }
                return BehaviorCommon.describe(a, detail) + " items=" + a.items.map { "\"\($0.name)\"" }.joined(separator: ",")
            },
            construct: construct,
            statics: statics)
    }

    static var type: BoundType { description.boundType }
}
