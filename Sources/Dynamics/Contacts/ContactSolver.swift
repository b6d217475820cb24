/// One point of a contact constraint, with anchors frozen at the start of the step.
struct ContactConstraintPoint {
    /// Anchors relative to the centres of mass, in world orientation at the step start.
    var rA = Vector.zero
    var rB = Vector.zero
    /// Separation at the step start minus the anchors' share, so separation now = base + dot(moved anchors, normal).
    var baseSeparation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
}

/// A touching contact prepared for the sub-step loop.
struct ContactConstraint {
    var contact: Int32
    var bodyA: Int32
    var bodyB: Int32
    /// The contact's touch record (`Contact.touch`), where its manifold, material and impulses are; it fills the
    /// room the handles leave before the normal.
    var touch: Int32 = -1
    var normal = Vector.zero
    var friction: Double = 0
    var restitution: Double = 0
    var softness = Softness.rigid
    var pointCount = 0
    var p1 = ContactConstraintPoint()
    var p2 = ContactConstraintPoint()
    /// The normal block of a two-point manifold: how an impulse at either point changes the normal speed at each
    /// (see `ContactBlock`); zero when the points are too close together for it to be well conditioned.
    var block = ContactBlock()
    /// The normal impulse the step's impacts applied (`ContactImpact`), both points summed.
    var impactImpulse: Double = 0

    /// Its contact, bodies and touch record, as `ContactSolveOrder.links` holds them.
    var link: SIMD4<Int32> { SIMD4(contact, bodyA, bodyB, touch) }

    /// Whether the normal impulses are solved together (two points and a well-conditioned block).
    var isBlockSolved: Bool { pointCount == 2 && block.isSolvable }

    /// 1 / massScale of the softness: how a touching point scales the block (`ContactBlock`); the quads take it
    /// and its square root. Worked out where the quads are written rather than kept: the constraints of a step are
    /// a large array, and kept, the two would cost each of them 16 bytes.
    var softScale: Double { 1 / softness.massScale }
}

extension ContactConstraint {
    /// The constraint of contact `index`, `contact`, not prepared yet: its identity only (contact, bodies, touch
    /// record).
    @inline(__always)
    init(_ index: Int32, of contact: Contact) {
        self.init(contact: index, bodyA: contact.bodyA, bodyB: contact.bodyB, touch: contact.touch)
    }
}

/// The contact half of the soft-step solver, in double precision: preparing a step's constraints, the impacts'
/// geometry (`ContactImpact`) and keeping the impulses for the next step. The sub-step solve itself runs on quads of
/// constraints in single precision (`WideContactSolver`).
enum ContactSolver {
    /// Freezes anchors, masses and softness for the step. Every field but the identity (contact, bodies, touch) is
    /// written, except the points the manifold lacks, which nothing reads (`pointCount`).
    /// The touch record is read in place: it is a large record and copying it per contact per step showed in profiles.
    @inline(__always)
    static func prepare(_ c: inout ContactConstraint, touch contact: UnsafePointer<ContactTouch>,
                        bodies: UnsafeMutableBufferPointer<Body>,
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

    /// Makes `c` the constraint `link` names (contact, bodies, touch record) and prepares it. Only the identity is
    /// set before: preparing writes every field the quads and the impacts read for the points the constraint has,
    /// so whatever a reused record held before does not matter.
    @inline(__always)
    static func prepare(_ c: inout ContactConstraint, link: SIMD4<Int32>, touches: UnsafePointer<ContactTouch>,
                        bodies: UnsafeMutableBufferPointer<Body>, states: UnsafeMutableBufferPointer<BodyState>,
                        contactSoftness: Softness, staticSoftness: Softness) {
        c.contact = link.x; c.bodyA = link.y; c.bodyB = link.z; c.touch = link.w
        prepare(&c, touch: touches + Int(link.w), bodies: bodies, states: states, contactSoftness: contactSoftness,
                staticSoftness: staticSoftness)
    }

    /// The kind the constraint between bodies `a` and `b` with touch record `touch` has once prepared
    /// (`ContactLanes.kind(of:)`), worked out without preparing it: only its normal block, with the arithmetic
    /// `prepare` gives it. The threads preparing a step's constraints leave the block-solved ones to `BlockQuad`.
    @inline(__always)
    static func kind(touch: UnsafePointer<ContactTouch>, bodyA a: Int, bodyB b: Int,
                     bodies: UnsafeMutablePointer<Body>, states: UnsafeMutablePointer<BodyState>) -> UInt8 {
        guard let mp1 = touch.pointee.manifold.point1 else { return 2 }
        guard let mp2 = touch.pointee.manifold.point2 else { return 2 }
        let offsetA = bodies[a].center - bodies[a].origin
        let offsetB = bodies[b].center - bodies[b].origin
        var p1 = ContactConstraintPoint(), p2 = ContactConstraintPoint()
        p1.rA = mp1.anchorA - offsetA; p1.rB = mp1.anchorB - offsetB
        p2.rA = mp2.anchorA - offsetA; p2.rB = mp2.anchorB - offsetB
        let block = ContactBlock(p1, p2, touch.pointee.manifold.normal, states[a].invMass, states[a].invInertia,
                                 states[b].invMass, states[b].invInertia)
        return block.isSolvable ? 0 : 1
    }

    /// Current separation from how far the anchors moved since the step began.
    @inline(__always)
    static func separation(_ p: ContactConstraintPoint, _ pair: BodyPair, _ n: Vector) -> Double {
        let prA = pair.a.dq.rotate(p.rA), prB = pair.b.dq.rotate(p.rB)
        return dot(pair.b.dp - pair.a.dp + prB - prA, n) + p.baseSeparation
    }

    /// Keeps the impulses in the contact for next step's warm start.
    @inline(__always)
    static func store(_ c: borrowing ContactConstraint, into contact: inout ContactTouch) {
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
