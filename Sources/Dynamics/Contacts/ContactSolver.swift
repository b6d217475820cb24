/// One point of a contact constraint, with anchors frozen at the start of the step.
struct ContactConstraintPoint {
    /// Anchors relative to the centres of mass, in world orientation at the step start.
    var rA = Vector.zero
    var rB = Vector.zero
    /// Separation at the step start minus the anchors' share, so separation now = base + dot(moved anchors, normal).
    var baseSeparation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
}

/// A touching contact prepared for the sub-step loop.
struct ContactConstraint {
    var contact: Int32
    var bodyA: Int32
    var bodyB: Int32
    var normal = Vector.zero
    var friction: Double = 0
    var restitution: Double = 0
    var softness = Softness.rigid
    /// 1 / massScale of the softness and its square root: how a touching point scales the block (`ContactBlock`).
    var softScale: Double = 1
    var rootSoftScale: Double = 1
    var pointCount = 0
    var p1 = ContactConstraintPoint()
    var p2 = ContactConstraintPoint()
    /// The normal block of a two-point manifold: how an impulse at either point changes the normal speed at each
    /// (see `ContactBlock`); zero when the points are too close together for it to be well conditioned.
    var block = ContactBlock()
    /// The normal impulse the step's impacts applied (`ContactImpact`), both points summed.
    var impactImpulse: Double = 0

    /// Whether the normal impulses are solved together (two points and a well-conditioned block).
    var isBlockSolved: Bool { pointCount == 2 && block.isSolvable }
}

/// The contact half of the soft-step solver. Functions work on raw buffers: they run once per contact per sub-step.
enum ContactSolver {
    /// Freezes anchors, masses and softness for the step.
    /// The contact is read in place: it is a large record and copying it per contact per step showed in profiles.
    static func prepare(_ c: inout ContactConstraint, contact: UnsafePointer<Contact>, bodies: UnsafeMutableBufferPointer<Body>,
                        states: UnsafeMutableBufferPointer<BodyState>, contactSoftness: Softness, staticSoftness: Softness) {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        let mA = states[a].invMass, iA = states[a].invInertia
        let mB = states[b].invMass, iB = states[b].invInertia
        let normal = contact.pointee.manifold.normal
        c.normal = normal
        c.friction = contact.pointee.friction
        c.restitution = contact.pointee.restitution
        c.impactImpulse = 0
        c.softness = (mA == 0 || mB == 0) ? staticSoftness : contactSoftness
        c.softScale = 1 / c.softness.massScale
        c.rootSoftScale = c.softScale.squareRoot()
        let tangent = normal.rightPerp
        let offsetA = bodies[a].center - bodies[a].origin
        let offsetB = bodies[b].center - bodies[b].origin

        func make(_ mp: ManifoldPoint, _ ni: Double, _ ti: Double) -> ContactConstraintPoint {
            var p = ContactConstraintPoint()
            p.rA = mp.anchorA - offsetA
            p.rB = mp.anchorB - offsetB
            p.baseSeparation = mp.separation - dot(p.rB - p.rA, normal)
            p.normalImpulse = ni
            p.tangentImpulse = ti
            let rnA = cross(p.rA, normal), rnB = cross(p.rB, normal)
            let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            p.normalMass = kN > 0 ? 1 / kN : 0
            let rtA = cross(p.rA, tangent), rtB = cross(p.rB, tangent)
            let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            p.tangentMass = kT > 0 ? 1 / kT : 0
            return p
        }
        c.pointCount = 0
        if let mp = contact.pointee.manifold.point1 {
            c.p1 = make(mp, contact.pointee.normalImpulse1, contact.pointee.tangentImpulse1)
            c.pointCount = 1
        }
        if let mp = contact.pointee.manifold.point2 {
            let p = make(mp, contact.pointee.normalImpulse2, contact.pointee.tangentImpulse2)
            if c.pointCount == 0 { c.p1 = p } else { c.p2 = p }
            c.pointCount += 1
        }
        c.block = c.pointCount == 2 ? ContactBlock(c.p1, c.p2, normal, mA, iA, mB, iB) : ContactBlock()
    }

    /// Applies last step's impulses again so stacks start near their solution.
    static func warmStart(_ c: ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        var pair = BodyPair(a: states[a], b: states[b])
        let tangent = c.normal.rightPerp
        if c.pointCount > 0 { pair.apply(c.p1.normalImpulse * c.normal + c.p1.tangentImpulse * tangent, c.p1.rA, c.p1.rB) }
        if c.pointCount > 1 { pair.apply(c.p2.normalImpulse * c.normal + c.p2.tangentImpulse * tangent, c.p2.rA, c.p2.rB) }
        pair.storeVelocities(into: states, a, b)
    }

    /// One soft iteration: normal impulses (with position feedback when `useBias`), then friction.
    static func solve(_ c: inout ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool) {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        var pair = BodyPair(a: states[a], b: states[b])
        let n = c.normal, softness = c.softness, friction = c.friction
        let count = c.pointCount
        if c.isBlockSolved {
            ContactBlock.solveNormal(&c.p1, &c.p2, c.block, &pair, n, softness, c.softScale, c.rootSoftScale, inverseH,
                                     useBias)
        } else {
            if count > 0 { solveNormal(&c.p1, &pair, n, softness, inverseH, useBias) }
            if count > 1 { solveNormal(&c.p2, &pair, n, softness, inverseH, useBias) }
        }
        if friction > 0 {
            let t = n.rightPerp
            if count > 0 { solveTangent(&c.p1, &pair, t, friction) }
            if count > 1 { solveTangent(&c.p2, &pair, t, friction) }
        }
        // Static bodies have zero inverse mass, so writing their velocities back leaves them unchanged.
        pair.storeVelocities(into: states, a, b)
    }

    @inline(__always)
    private static func solveNormal(_ p: inout ContactConstraintPoint, _ pair: inout BodyPair, _ n: Vector, _ softness: Softness,
                                    _ inverseH: Double, _ useBias: Bool) {
        let s = separation(p, pair, n)
        let vn = dot(pair.relativeVelocity(p.rA, p.rB), n)
        // Three cases written apart, so the rigid ones do not multiply by a mass scale of 1 and an impulse scale of 0.
        let impulse: Double
        if s > 0 {
            impulse = -p.normalMass * (vn + s * inverseH) // speculative: close the gap this sub-step, no further
        } else if useBias {
            let bias = max(softness.biasRate * s, -SolverTuning.contactPushMaxVelocity)
            impulse = -p.normalMass * softness.massScale * (vn + bias) - softness.impulseScale * p.normalImpulse
        } else {
            impulse = -p.normalMass * vn
        }
        let newImpulse = max(p.normalImpulse + impulse, 0)
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
        pair.apply(applied * n, p.rA, p.rB)
    }

    /// Current separation from how far the anchors moved since the step began.
    @inline(__always)
    static func separation(_ p: ContactConstraintPoint, _ pair: BodyPair, _ n: Vector) -> Double {
        let prA = pair.a.dq.rotate(p.rA), prB = pair.b.dq.rotate(p.rB)
        return dot(pair.b.dp - pair.a.dp + prB - prA, n) + p.baseSeparation
    }

    @inline(__always)
    private static func solveTangent(_ p: inout ContactConstraintPoint, _ pair: inout BodyPair, _ t: Vector, _ friction: Double) {
        let vt = dot(pair.relativeVelocity(p.rA, p.rB), t)
        let maxFriction = friction * p.normalImpulse
        let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
        let applied = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        pair.apply(applied * t, p.rA, p.rB)
    }

    /// Keeps the impulses in the contact for next step's warm start.
    @inline(__always)
    static func store(_ c: borrowing ContactConstraint, into contact: inout Contact) {
        // The constraint's first point is the manifold's first present point.
        if contact.manifold.point1 != nil {
            contact.normalImpulse1 = c.p1.normalImpulse; contact.tangentImpulse1 = c.p1.tangentImpulse
            if contact.manifold.point2 != nil {
                contact.normalImpulse2 = c.p2.normalImpulse; contact.tangentImpulse2 = c.p2.tangentImpulse
            }
        } else if contact.manifold.point2 != nil {
            contact.normalImpulse2 = c.p1.normalImpulse; contact.tangentImpulse2 = c.p1.tangentImpulse
        }
    }
}
