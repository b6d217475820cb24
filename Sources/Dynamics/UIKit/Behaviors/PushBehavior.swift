/// Whether a push acts all the time or once.
public enum PushMode: String, Sendable {
    /// A force: magnitude 1 accelerates a mass-1 item at 100 pt/s^2 (acceleration = 100 x magnitude / mass).
    case continuous
    /// An impulse: magnitude 1 changes a mass-1 item's velocity by 100 pt/s, once, on the next step.
    case instantaneous
}

/// A push, UIKit's UIPushBehavior. Direction, angle and magnitude stay in sync like gravity's. A push acts at each
/// item's target offset (relative to its centre, turning with the item), so an off-centre push also spins it.
public final class PushBehavior: ItemHoldingBehavior {
    /// Continuous or instantaneous; fixed at creation.
    public let mode: PushMode
    /// Whether the push acts. An instantaneous push fires once on the next step and then turns itself off.
    public var active: Bool {
        get { isActive }
        set { isActive = newValue; propertyDidChange() }
    }
    private var isActive = true
    private var vector = PolarVector(angle: 0, magnitude: 0)
    /// Radians (default 0, along +x).
    public var angle: Double { vector.angle }
    /// Default 0: no push until set.
    public var magnitude: Double { vector.magnitude }
    private var offsets: [(item: DynamicItem, offset: Vector)] = []

    /// Mass times pt/s^2 (or mass times pt/s for an impulse) of one unit of magnitude.
    public static let forcePerMagnitude: Double = 100

    /// A push on `items` in `mode`, initially active, at angle 0 with magnitude 0.
    public init(items: [DynamicItem] = [], mode: PushMode) {
        self.mode = mode
        super.init(items: items)
    }

    /// The push vector: `magnitude` long, at `angle` (exact at quarter turns; a vector given is kept as given).
    public var direction: Vector { vector.direction }

    /// Sets the vector; its length is the magnitude. A zero vector zeroes the magnitude and keeps the angle.
    public func setDirection(_ v: Vector) throws(DynamicsError) {
        try vector.setDirection(v)
        propertyDidChange()
    }

    /// Sets the angle (radians), keeping the magnitude.
    public func setAngle(_ a: Double) throws(DynamicsError) {
        try vector.set(angle: a)
        propertyDidChange()
    }

    /// Sets the magnitude, keeping the angle.
    public func setMagnitude(_ m: Double) throws(DynamicsError) {
        try vector.set(magnitude: m)
        propertyDidChange()
    }

    /// Sets angle and magnitude together (UIKit's setAngle:magnitude:).
    public func setAngle(_ a: Double, magnitude m: Double) throws(DynamicsError) {
        try vector.set(angle: a, magnitude: m)
        propertyDidChange()
    }

    /// Where the push acts on `item`, relative to its centre in the item's own (turning) frame.
    public func setTargetOffset(_ offset: Vector, for item: DynamicItem) throws(DynamicsError) {
        try checkFinite(offset, "target offset")
        if let i = offsets.firstIndex(where: { $0.item === item }) { offsets[i].offset = offset } else { offsets.append((item, offset)) }
        propertyDidChange()
    }

    /// The target offset of `item`; zero (the centre) unless set.
    public func targetOffset(for item: DynamicItem) -> Vector {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    override func itemWasRemoved(_ item: DynamicItem) {
        offsets.removeAll { $0.item === item }
    }

    /// The force (or impulse) vector for every item: magnitude x 100 along the direction.
    var force: Vector { Self.forcePerMagnitude * direction }

    override var appliesFrameForces: Bool { true }

    /// A continuous push adds its force (and the torque of an off-centre push: the offset turns with its item) to
    /// each item's body every frame; an instantaneous one changes their velocities once, then turns itself off.
    override func applyFrameForces(_ animator: Animator) {
        guard isActive else { return }
        let f = force
        for it in items {
            let i = Int(it.bodyID)
            guard it.bodyID >= 0, i < animator.world.bodies.count, animator.world.bodies[i].isDynamic else { continue }
            let b = animator.world.bodies[i]
            // The lever arm runs from the centre of mass to the push point.
            let r = b.origin + b.q.rotate(targetOffset(for: it)) - b.center
            switch mode {
            case .continuous:
                animator.world.bodies[i].force += f
                animator.world.bodies[i].torque += cross(r, f)
            case .instantaneous:
                animator.world.wakeBody(it.bodyID)
                animator.world.bodies[i].v += b.invMass * f
                animator.world.bodies[i].w += b.invInertia * cross(r, f)
            }
        }
        if mode == .instantaneous { isActive = false }
    }
}
