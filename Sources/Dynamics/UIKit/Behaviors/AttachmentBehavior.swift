/// The five attachment kinds of UIKit (iOS 9 added all but distance).
public enum AttachmentKind: String, Sendable {
    /// Holds a length: a rod when `frequency` is 0, else a spring.
    case distance
    /// Welds two items together at an anchor.
    case fixed
    /// Pins two items together at an anchor; they turn freely about it (within `attachmentRange`, against `frictionTorque`).
    case pin
    /// Lets an item slide along an axis, without turning (within `attachmentRange` along the axis).
    case sliding
    /// A rope: the distance stays within `attachmentRange` (by default up to the distance at creation).
    case limit
}

/// An attachment, UIKit's UIAttachmentBehavior: one item to a fixed anchor point, or two items to each other.
/// Offsets are relative to an item's centre in its own (turning) frame. The geometry is taken from the items'
/// places when the attachment is made.
public final class AttachmentBehavior: DynamicBehavior {
    /// Which of UIKit's attachments this is.
    public let kind: AttachmentKind
    /// One item (attached to `anchorPoint`) or two.
    public let items: [DynamicItem]
    /// Rest length of a distance attachment, pt; by default the distance at creation.
    public private(set) var length: Double
    /// Spring frequency of a distance attachment, Hz; 0 (the default) makes a rigid rod.
    public private(set) var frequency: Double = 0
    /// Damping ratio of the spring: 0 (the default) none, 1 critical.
    public private(set) var damping: Double = 0
    /// Makes a distance attachment a Hooke spring of this stiffness (mass units per second squared: force =
    /// stiffness x stretch, so an item of mass m swings with period 2 pi sqrt(m / stiffness)); nil (the default)
    /// leaves `frequency` in charge. Setting `frequency` clears it.
    public private(set) var stiffness: Double?
    /// Torque resisting turning at a pin, mass x pt^2 / s^2 (0 by default); with a `motorSpeed`, the most torque
    /// the pin's motor gives.
    public private(set) var frictionTorque: Double = 0
    /// The spin a pin's motor drives the second item at relative to the first (or to the fixed anchor), rad/s, with
    /// at most `frictionTorque`; 0 (the default) leaves plain friction, which is a motor that holds the spin at 0.
    public private(set) var motorSpeed: Double = 0
    /// Range of a sliding (pt along the axis), pin (radians of relative turn, taken within -pi...pi) or limit (pt of
    /// distance) attachment.
    public private(set) var attachmentRange: FloatRange

    // The definition in the bodies' frames; body A is the ground when there is one item.
    var localAnchorA: Vector
    var localAnchorB: Vector
    var localAxisA = Vector(1, 0)
    var referenceAngle: Double = 0
    /// The world anchor of a fixed, pin or sliding attachment as made.
    private var madeAnchor: Vector
    /// The world's joint while in an animator, or -1.
    var jointID: Int32 = -1

    /// `placements`: the items' transforms (the first one's, identity for one item, then the last one's), when the
    /// maker has them already; each costs a sine and a cosine.
    private init(kind: AttachmentKind, items: [DynamicItem], localAnchorA: Vector, localAnchorB: Vector, anchor: Vector,
                 placements: (a: Transform, b: Transform)? = nil) {
        self.kind = kind
        self.items = items
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.madeAnchor = anchor
        self.length = 0
        self.attachmentRange = .infinite
        super.init()
        if let placements {
            length = distance(isAttachedToAnchor ? localAnchorA : placements.a.apply(localAnchorA),
                              placements.b.apply(localAnchorB))
        } else {
            length = distance(worldAnchorA, worldAnchorB)
        }
        if kind == .limit { attachmentRange = FloatRange(minimum: 0, maximum: length) }
    }

    /// A distance attachment of `item` (at `offset` from its centre) to the fixed point `anchor`.
    public convenience init(item: DynamicItem, offset: Vector = .zero, attachedToAnchor anchor: Vector) throws(DynamicsError) {
        try checkFinite(offset, "offset")
        try checkFinite(anchor, "anchor")
        self.init(kind: .distance, items: [item], localAnchorA: anchor, localAnchorB: offset, anchor: anchor)
    }

    /// A distance attachment between `item1` (at `offset1`) and `item2` (at `offset2`).
    public convenience init(item item1: DynamicItem, offset offset1: Vector = .zero, attachedTo item2: DynamicItem,
                            offset offset2: Vector = .zero) throws(DynamicsError) {
        try Self.checkPair(item1, item2)
        try checkFinite(offset1, "offset1")
        try checkFinite(offset2, "offset2")
        self.init(kind: .distance, items: [item1, item2], localAnchorA: offset1, localAnchorB: offset2, anchor: .zero)
    }

    /// Welds two items at the world point `anchor` (iOS's fixedAttachment).
    public static func fixed(_ item1: DynamicItem, _ item2: DynamicItem, anchor: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try makeAtAnchor(.fixed, item1, item2, anchor: anchor, axis: nil)
    }

    /// Pins two items at the world point `anchor` (iOS's pinAttachment).
    public static func pin(_ item1: DynamicItem, _ item2: DynamicItem, anchor: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try makeAtAnchor(.pin, item1, item2, anchor: anchor, axis: nil)
    }

    /// Lets `item2` slide relative to `item1` along `axis` (world direction at creation) through `anchor`.
    public static func sliding(_ item1: DynamicItem, _ item2: DynamicItem, anchor: Vector, axis: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try makeAtAnchor(.sliding, item1, item2, anchor: anchor, axis: axis)
    }

    /// Lets `item` slide along the fixed line through `anchor` with direction `axis`.
    public static func sliding(_ item: DynamicItem, anchor: Vector, axis: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try makeAtAnchor(.sliding, nil, item, anchor: anchor, axis: axis)
    }

    /// A rope between `item1` at `offset1` and `item2` at `offset2`: their distance may shrink but not exceed the
    /// distance at creation (iOS's limitAttachment); change it with `attachmentRange`.
    public static func limit(_ item1: DynamicItem, offset1: Vector, _ item2: DynamicItem, offset2: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try checkPair(item1, item2)
        try checkFinite(offset1, "offset1")
        try checkFinite(offset2, "offset2")
        return AttachmentBehavior(kind: .limit, items: [item1, item2], localAnchorA: offset1, localAnchorB: offset2, anchor: .zero)
    }

    private static func makeAtAnchor(_ kind: AttachmentKind, _ item1: DynamicItem?, _ item2: DynamicItem, anchor: Vector,
                                     axis: Vector?) throws(DynamicsError) -> AttachmentBehavior {
        if let item1 { try checkPair(item1, item2) }
        try checkFinite(anchor, "anchor")
        var unitAxis = Vector(1, 0)
        if let axis {
            try checkFinite(axis, "axis")
            guard axis.length > 0 else { throw DynamicsError("the sliding axis must not be zero") }
            unitAxis = axis.normalized
        }
        let xfA = item1.map { Transform(p: $0.center, q: Rotation(angle: $0.angle)) } ?? .identity
        let xfB = Transform(p: item2.center, q: Rotation(angle: item2.angle))
        let b = AttachmentBehavior(kind: kind, items: item1.map { [$0, item2] } ?? [item2],
                                   localAnchorA: xfA.inverseApply(anchor), localAnchorB: xfB.inverseApply(anchor), anchor: anchor,
                                   placements: (xfA, xfB))
        b.localAxisA = xfA.q.inverseRotate(unitAxis)
        b.referenceAngle = item2.angle - (item1?.angle ?? 0)
        return b
    }

    private static func checkPair(_ a: DynamicItem, _ b: DynamicItem) throws(DynamicsError) {
        guard a !== b else { throw DynamicsError("an attachment needs two different items") }
    }

    /// Whether the attachment holds one item to a fixed point.
    public var isAttachedToAnchor: Bool { items.count == 1 }

    /// Where the first attachment point is now: for one item the fixed anchor, for two items made at an anchor that
    /// anchor as made (or as last set), for two items with offsets the first item's attachment point.
    public var anchorPoint: Vector {
        if isAttachedToAnchor { return localAnchorA }
        switch kind {
        case .fixed, .pin, .sliding: return madeAnchor
        case .distance, .limit: return worldAnchorA
        }
    }

    /// Moves the fixed anchor of a one-item attachment, or re-makes a two-item fixed, pin or sliding attachment at a
    /// new anchor from the items' current places. A two-item distance or limit attachment has no anchor to move.
    public func setAnchorPoint(_ p: Vector) throws(DynamicsError) {
        try checkFinite(p, "anchorPoint")
        if isAttachedToAnchor {
            localAnchorA = p
        } else {
            switch kind {
            case .distance, .limit:
                throw DynamicsError("a \(kind.rawValue) attachment between two items has no anchor point to set; set its length")
            case .fixed, .pin, .sliding:
                localAnchorA = transform(of: items[0]).inverseApply(p)
                localAnchorB = transform(of: items[1]).inverseApply(p)
                madeAnchor = p
            }
        }
        propertyDidChange()
    }

    /// Sets the rest length of a distance attachment (non-negative, pt).
    public func setLength(_ x: Double) throws(DynamicsError) { try checkNonNegative(x, "length"); length = x; propertyDidChange() }
    /// Sets the spring frequency of a distance attachment (non-negative, Hz; 0 makes it rigid).
    public func setFrequency(_ x: Double) throws(DynamicsError) {
        try checkNonNegative(x, "frequency"); frequency = x; stiffness = nil; propertyDidChange()
    }
    /// Sets the stiffness of a distance attachment's spring (non-negative), or nil to go back to `frequency`.
    public func setStiffness(_ x: Double?) throws(DynamicsError) {
        if let x { try checkNonNegative(x, "stiffness") }
        guard kind == .distance || x == nil else {
            throw DynamicsError("stiffness is for distance attachments; this one is \(kind.rawValue)")
        }
        stiffness = x
        propertyDidChange()
    }
    /// Sets the damping ratio of the spring (non-negative; 1 is critical).
    public func setDamping(_ x: Double) throws(DynamicsError) { try checkNonNegative(x, "damping"); damping = x; propertyDidChange() }
    /// Sets the friction torque of a pin attachment (non-negative).
    public func setFrictionTorque(_ x: Double) throws(DynamicsError) {
        try checkNonNegative(x, "frictionTorque"); frictionTorque = x; propertyDidChange()
    }

    /// Sets the speed of a pin's motor (finite, rad/s; a pin only, since no other attachment turns freely).
    public func setMotorSpeed(_ x: Double) throws(DynamicsError) {
        guard x.isFinite else { throw DynamicsError("motorSpeed must be a finite number, got \(x)") }
        guard kind == .pin || x == 0 else {
            throw DynamicsError("motorSpeed is for pin attachments; this one is \(kind.rawValue)")
        }
        motorSpeed = x
        propertyDidChange()
    }

    /// Sets the range; ends may be infinite, but not NaN, and the minimum may not exceed the maximum.
    public func setAttachmentRange(_ r: FloatRange) throws(DynamicsError) {
        guard !r.minimum.isNaN, !r.maximum.isNaN, r.minimum <= r.maximum else {
            throw DynamicsError("attachmentRange needs minimum <= maximum, got {\(r.minimum), \(r.maximum)}")
        }
        attachmentRange = r
        propertyDidChange()
    }

    private func transform(of item: DynamicItem) -> Transform { Transform(p: item.center, q: Rotation(angle: item.angle)) }

    /// The attachment point on body A (the anchor for one item), in world coordinates, from the items' current places.
    var worldAnchorA: Vector { isAttachedToAnchor ? localAnchorA : transform(of: items[0]).apply(localAnchorA) }
    /// The attachment point on the (last) item, in world coordinates.
    var worldAnchorB: Vector { transform(of: items[items.count - 1]).apply(localAnchorB) }

    /// The solver joint for this attachment between the given bodies.
    func makeJoint(bodyA: Int32, bodyB: Int32) -> Joint {
        var j: Joint
        switch kind {
        case .distance:
            j = Joint(kind: .distance, bodyA: bodyA, bodyB: bodyB)
            j.distanceMode = frequency > 0 || stiffness != nil ? .spring : .rigid
            j.length = length
            j.hertz = frequency
            j.stiffness = stiffness ?? 0
            j.dampingRatio = damping
        case .limit:
            j = Joint(kind: .distance, bodyA: bodyA, bodyB: bodyB)
            j.distanceMode = .free
            j.length = length
            j.enableLimit = attachmentRange.isLimited
            j.lowerLimit = attachmentRange.minimum.isFinite ? max(0, attachmentRange.minimum) : -.infinity
            j.upperLimit = attachmentRange.maximum
        case .fixed:
            j = Joint(kind: .weld, bodyA: bodyA, bodyB: bodyB)
        case .pin:
            j = Joint(kind: .revolute, bodyA: bodyA, bodyB: bodyB)
            j.maxFrictionTorque = frictionTorque
            j.motorSpeed = motorSpeed
            // The relative angle is measured in (-pi, pi], so limits beyond that could never be met (Box2D clamps too).
            j.enableLimit = attachmentRange.isLimited
            j.lowerLimit = attachmentRange.minimum.isFinite ? min(max(attachmentRange.minimum, -Double.pi), Double.pi) : -.infinity
            j.upperLimit = attachmentRange.maximum.isFinite ? min(max(attachmentRange.maximum, -Double.pi), Double.pi) : .infinity
        case .sliding:
            j = Joint(kind: .prismatic, bodyA: bodyA, bodyB: bodyB)
            j.localAxisA = localAxisA
            j.enableLimit = attachmentRange.isLimited
            j.lowerLimit = attachmentRange.minimum
            j.upperLimit = attachmentRange.maximum
        }
        j.localAnchorA = localAnchorA
        j.localAnchorB = localAnchorB
        j.referenceAngle = referenceAngle
        return j
    }

    /// The attachment cannot exist without its items, so removing an item removes the attachment.
    override func release(_ item: DynamicItem) -> Bool { !items.contains { $0 === item } }

    override var heldItems: [DynamicItem] { items }

    /// Attachment joints are made after boundaries and before snap joints.
    override var worldPartsOrder: Int { 1 }

    override func syncWorldParts(_ animator: Animator) {
        let bodyA = isAttachedToAnchor ? PhysicsWorld.ground : items[0].bodyID
        let bodyB = items[items.count - 1].bodyID
        jointID = animator.placeJoint(makeJoint(bodyA: bodyA, bodyB: bodyB), at: jointID)
    }

    override var jointsToMake: Int { jointID < 0 ? 1 : 0 }

    override func removeWorldParts(_ animator: Animator) {
        animator.world.destroyJoint(jointID)
        jointID = -1
    }

    override func forgetWorldParts() { jointID = -1 }

    /// A spring's elastic energy, ½ k x² for its stretch x now: k is the stiffness, or for a spring given by its
    /// frequency, the effective mass of its ends times (2 pi frequency)².
    override func potentialEnergy(_ animator: Animator, settings: ItemSettingsTable) -> Double {
        guard kind == .distance, stiffness != nil || frequency > 0 else { return 0 }
        let x = (worldAnchorB - worldAnchorA).length - length
        let k: Double
        if let stiffness {
            k = stiffness
        } else {
            func inverseMass(_ item: DynamicItem) -> Double {
                let properties = settings.position(of: item).flatMap { settings.settings[$0].properties } ?? ItemProperties()
                return properties.anchored ? 0 : 1 / item.massData(density: properties.density).mass
            }
            let inverse = (isAttachedToAnchor ? 0 : inverseMass(items[0])) + inverseMass(items[items.count - 1])
            let omega = 2 * Double.pi * frequency
            k = inverse > 0 ? omega * omega / inverse : 0
        }
        return 0.5 * k * x * x
    }

    /// A line between its two attachment points.
    override func contribute(to parts: inout SnapshotParts, referenceBounds: AABB?) {
        parts.joints.append(JointSnapshot(kind: kind.rawValue, pointA: worldAnchorA, pointB: worldAnchorB))
    }
}
