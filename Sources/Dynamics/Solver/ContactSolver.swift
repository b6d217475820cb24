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
    /// Normal approach speed at the step start, for restitution.
    var relativeVelocity: Double = 0
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
    var pointCount = 0
    var p1 = ContactConstraintPoint()
    var p2 = ContactConstraintPoint()
}

/// The contact half of the soft-step solver. Functions work on raw buffers: they run once per contact per sub-step.
enum ContactSolver {
    /// Freezes anchors, masses and softness for the step.
    static func prepare(_ c: inout ContactConstraint, contact: Contact, bodies: UnsafeMutableBufferPointer<Body>,
                        states: UnsafeMutableBufferPointer<BodyState>, contactSoftness: Softness, staticSoftness: Softness) {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        let mA = states[a].invMass, iA = states[a].invInertia
        let mB = states[b].invMass, iB = states[b].invInertia
        let m = contact.manifold
        c.normal = m.normal
        c.friction = contact.friction
        c.restitution = contact.restitution
        c.softness = (mA == 0 || mB == 0) ? staticSoftness : contactSoftness
        let tangent = m.normal.rightPerp
        let offsetA = bodies[a].center - bodies[a].origin
        let offsetB = bodies[b].center - bodies[b].origin
        let vA = states[a].v, wA = states[a].w, vB = states[b].v, wB = states[b].w

        func make(_ mp: ManifoldPoint, _ ni: Double, _ ti: Double) -> ContactConstraintPoint {
            var p = ContactConstraintPoint()
            p.rA = mp.anchorA - offsetA
            p.rB = mp.anchorB - offsetB
            p.baseSeparation = mp.separation - dot(p.rB - p.rA, m.normal)
            p.normalImpulse = ni
            p.tangentImpulse = ti
            let rnA = cross(p.rA, m.normal), rnB = cross(p.rB, m.normal)
            let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            p.normalMass = kN > 0 ? 1 / kN : 0
            let rtA = cross(p.rA, tangent), rtB = cross(p.rB, tangent)
            let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            p.tangentMass = kT > 0 ? 1 / kT : 0
            let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
            p.relativeVelocity = dot(m.normal, dv)
            return p
        }
        c.pointCount = 0
        if let mp = m.point1 { c.p1 = make(mp, contact.normalImpulse1, contact.tangentImpulse1); c.pointCount = 1 }
        if let mp = m.point2 {
            let p = make(mp, contact.normalImpulse2, contact.tangentImpulse2)
            if c.pointCount == 0 { c.p1 = p } else { c.p2 = p }
            c.pointCount += 1
        }
    }

    /// Applies last step's impulses again so stacks start near their solution.
    static func warmStart(_ c: ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        var sA = states[a], sB = states[b]
        let tangent = c.normal.rightPerp
        func apply(_ p: ContactConstraintPoint) {
            let P = p.normalImpulse * c.normal + p.tangentImpulse * tangent
            sA.w -= sA.invInertia * cross(p.rA, P)
            sA.v -= sA.invMass * P
            sB.w += sB.invInertia * cross(p.rB, P)
            sB.v += sB.invMass * P
        }
        if c.pointCount > 0 { apply(c.p1) }
        if c.pointCount > 1 { apply(c.p2) }
        writeBack(a, sA, b, sB, states)
    }

    /// One soft iteration: normal impulses (with position feedback when `useBias`), then friction.
    static func solve(_ c: inout ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool) {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        var sA = states[a], sB = states[b]
        let n = c.normal
        let dp = sB.dp - sA.dp

        func solveNormal(_ p: inout ContactConstraintPoint) {
            // Current separation from how far the anchors moved since the step began.
            let prA = sA.dq.rotate(p.rA), prB = sB.dq.rotate(p.rB)
            let s = dot(dp + prB - prA, n) + p.baseSeparation
            var bias: Double = 0, massScale: Double = 1, impulseScale: Double = 0
            if s > 0 {
                bias = s * inverseH // speculative: close the gap this sub-step, no further
            } else if useBias {
                bias = max(c.softness.biasRate * s, -SolverTuning.contactPushMaxVelocity)
                massScale = c.softness.massScale
                impulseScale = c.softness.impulseScale
            }
            let dv = sB.v + cross(sB.w, p.rB) - sA.v - cross(sA.w, p.rA)
            let vn = dot(dv, n)
            var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
            let newImpulse = max(p.normalImpulse + impulse, 0)
            impulse = newImpulse - p.normalImpulse
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, impulse)
            let P = impulse * n
            sA.v -= sA.invMass * P
            sA.w -= sA.invInertia * cross(p.rA, P)
            sB.v += sB.invMass * P
            sB.w += sB.invInertia * cross(p.rB, P)
        }
        func solveTangent(_ p: inout ContactConstraintPoint) {
            let t = n.rightPerp
            let dv = sB.v + cross(sB.w, p.rB) - sA.v - cross(sA.w, p.rA)
            let vt = dot(dv, t)
            var impulse = -p.tangentMass * vt
            let maxFriction = c.friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse + impulse, -maxFriction), maxFriction)
            impulse = newImpulse - p.tangentImpulse
            p.tangentImpulse = newImpulse
            let P = impulse * t
            sA.v -= sA.invMass * P
            sA.w -= sA.invInertia * cross(p.rA, P)
            sB.v += sB.invMass * P
            sB.w += sB.invInertia * cross(p.rB, P)
        }
        if c.pointCount > 0 { solveNormal(&c.p1) }
        if c.pointCount > 1 { solveNormal(&c.p2) }
        if c.friction > 0 {
            if c.pointCount > 0 { solveTangent(&c.p1) }
            if c.pointCount > 1 { solveTangent(&c.p2) }
        }
        writeBack(a, sA, b, sB, states)
    }

    /// After the sub-steps: points that approached faster than the threshold bounce back by the restitution.
    static func applyRestitution(_ c: inout ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>) {
        guard c.restitution > 0 else { return }
        let a = Int(c.bodyA), b = Int(c.bodyB)
        var sA = states[a], sB = states[b]
        let n = c.normal
        func bounce(_ p: inout ContactConstraintPoint) {
            guard p.relativeVelocity < -SolverTuning.restitutionThreshold, p.maxNormalImpulse > 0 else { return }
            let dv = sB.v + cross(sB.w, p.rB) - sA.v - cross(sA.w, p.rA)
            let vn = dot(dv, n)
            var impulse = -p.normalMass * (vn + c.restitution * p.relativeVelocity)
            let newImpulse = max(p.normalImpulse + impulse, 0)
            impulse = newImpulse - p.normalImpulse
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, impulse)
            let P = impulse * n
            sA.v -= sA.invMass * P
            sA.w -= sA.invInertia * cross(p.rA, P)
            sB.v += sB.invMass * P
            sB.w += sB.invInertia * cross(p.rB, P)
        }
        if c.pointCount > 0 { bounce(&c.p1) }
        if c.pointCount > 1 { bounce(&c.p2) }
        writeBack(a, sA, b, sB, states)
    }

    /// Keeps the impulses in the contact for next step's warm start.
    static func store(_ c: ContactConstraint, into contact: inout Contact) {
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

    /// Static bodies have zero inverse mass, so writing their state back leaves it unchanged; the write is kept
    /// unconditional to keep the loop branch-free.
    @inline(__always)
    private static func writeBack(_ a: Int, _ sA: BodyState, _ b: Int, _ sB: BodyState, _ states: UnsafeMutableBufferPointer<BodyState>) {
        states[a] = sA
        states[b] = sB
    }
}
