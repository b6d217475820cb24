/// The joint kinds the solver knows; UIKit's attachment kinds and snap map onto them.
enum JointKind: Sendable { case distance, revolute, weld, prismatic, snap }

/// How a distance joint treats its length.
enum DistanceMode: Sendable {
    /// Held exactly (a rod).
    case rigid
    /// Pulled toward the rest length by a spring of `hertz` and `dampingRatio`.
    case spring
    /// Free between the limits only (a rope or a telescope).
    case free
}

/// One joint between two bodies (body A is the world's ground body for attachments to a fixed point).
/// A single plain struct for every kind keeps joint storage one contiguous array; fields unused by a kind stay zero.
///
/// The fields a pin reads every sub-step come first, so a pin's solve touches two cache lines of the record instead
/// of all five: a 100 x 100 grid of pins streams its joints through memory a dozen times a frame. (Swift lays a
/// struct out in declaration order.)
struct Joint {
    var kind: JointKind
    var enableLimit = false
    var inUse = true
    var distanceMode = DistanceMode.rigid
    var bodyA: Int32
    var bodyB: Int32

    // Frozen at the step start by `prepare`: anchors relative to the centres of mass, and B's centre from A's.
    var rA = Vector.zero
    var rB = Vector.zero
    var deltaCenter = Vector.zero

    // Accumulated impulses, kept across steps for warm starting.
    var linearImpulse = Vector.zero
    var angularImpulse: Double = 0
    var frictionImpulse: Double = 0
    var lowerImpulse: Double = 0
    var upperImpulse: Double = 0
    var axialImpulse: Double = 0

    // Revolute, weld and prismatic: pin friction, and the relative angle that counts as zero.
    var maxFrictionTorque: Double = 0
    var referenceAngle: Double = 0
    /// The relative angle at the step start, less the reference angle (frozen by `prepare`).
    var deltaAngle: Double = 0

    /// Limits (length, angle or translation by kind); an infinite end does not limit.
    var lowerLimit = -Double.infinity
    var upperLimit = Double.infinity

    /// Anchors in each body's frame (relative to the body origin, the item centre).
    var localAnchorA = Vector.zero
    var localAnchorB = Vector.zero

    // Distance joints.
    var length: Double = 0
    var hertz: Double = 0
    /// A distance spring's stiffness (force per stretch), in place of `hertz` when positive.
    var stiffness: Double = 0
    var dampingRatio: Double = 0

    /// Prismatic axis in body A's frame (unit), and in the world at the step start (frozen by `prepare`).
    var localAxisA = Vector(1, 0)
    var axisA = Vector(1, 0)

    // Snap: the world point the item's centre springs to (its angle springs to 0).
    var target = Vector.zero

    /// The spring of a distance or snap joint for the step (frozen by `prepare`); rigid joints take theirs from the
    /// `JointContext`.
    var springSoftness = Softness.rigid

    /// Revolute: the relative spin (B's less A's, rad/s) the pin's motor drives toward, with at most
    /// `maxFrictionTorque`; 0 makes the motor plain pin friction. Last in the record: only motorised pins read it.
    var motorSpeed: Double = 0

    init(kind: JointKind, bodyA: Int32, bodyB: Int32) { self.kind = kind; self.bodyA = bodyA; self.bodyB = bodyB }

    /// Clears the warm-start impulses, when a joint's definition changes enough that they no longer apply.
    mutating func resetImpulses() {
        linearImpulse = .zero; angularImpulse = 0; axialImpulse = 0; lowerImpulse = 0; upperImpulse = 0; frictionImpulse = 0
    }
}

/// What every joint solve needs for one step.
struct JointContext {
    var h: Double
    var inverseH: Double
    /// Position feedback of rigid joints.
    var jointSoftness: Softness
}

extension Joint {
    /// Freezes anchors relative to the centres of mass and the relative placement for the step.
    mutating func prepare(bodies: UnsafeMutableBufferPointer<Body>, context: JointContext) {
        let a = bodies[Int(bodyA)], b = bodies[Int(bodyB)]
        rA = a.q.rotate(localAnchorA - a.localCenter)
        rB = b.q.rotate(localAnchorB - b.localCenter)
        deltaCenter = b.center - a.center
        // Only limits, fixed and sliding joints read the relative angle: a free pin skips the arc tangent.
        if kind != .revolute || enableLimit { deltaAngle = wrapAngle(relativeAngle(a.q, b.q) - referenceAngle) }
        axisA = a.q.rotate(localAxisA)
        switch kind {
        case .distance: springSoftness = Softness(hertz: hertz, zeta: dampingRatio, h: context.h)
        case .snap:
            springSoftness = Softness(hertz: hertz, zeta: dampingRatio, h: context.h)
            deltaCenter = b.center - target
            deltaAngle = wrapAngle(b.q.angle)
        default: break
        }
    }

    mutating func warmStart(states: UnsafeMutableBufferPointer<BodyState>) {
        switch kind {
        case .distance: warmStartDistance(states)
        case .revolute, .weld: warmStartPoint(states)
        case .prismatic: warmStartPrismatic(states)
        case .snap: warmStartSnap(states)
        }
    }

    mutating func solve(states: UnsafeMutableBufferPointer<BodyState>, context: JointContext, useBias: Bool) {
        switch kind {
        case .distance: solveDistance(states, context, useBias)
        case .revolute: solveRevolute(states, context, useBias)
        case .weld: solveWeld(states, context, useBias)
        case .prismatic: solvePrismatic(states, context, useBias)
        case .snap: solveSnap(states, context)
        }
    }

    /// Writes back what a joint changes: the velocities (positions move only between solves).
    @inline(__always)
    func storeVelocities(_ sA: BodyState, _ sB: BodyState, into states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(bodyA), b = Int(bodyB)
        states[a].v = sA.v; states[a].w = sA.w
        states[b].v = sB.v; states[b].w = sB.w
    }

    /// Current anchors and their separation, from the motion since the step began.
    @inline(__always)
    func currentAnchors(_ sA: BodyState, _ sB: BodyState) -> (rA: Vector, rB: Vector, d: Vector) {
        PointConstraint.currentAnchors(sA, sB, rA: rA, rB: rB, deltaCenter: deltaCenter)
    }
}

/// An angle brought into (-pi, pi].
func wrapAngle(_ a: Double) -> Double {
    // Most angles given here are in range already (the items' write-back wraps every item's turn every frame),
    // and the remainder would return them unchanged: skip it.
    if a > -Double.pi && a <= Double.pi { return a }
    var x = a.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi } else if x <= -Double.pi { x += 2 * Double.pi }
    return x
}

/// Solves the 2x2 system K x = b (symmetric K given by k11, k12, k22); a singular K gives zero.
@inline(__always)
func solve2x2(_ k11: Double, _ k12: Double, _ k22: Double, _ b: Vector) -> Vector {
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vector(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
}
