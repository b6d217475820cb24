/// Two lanes of doubles: the width SSE2 gives every x86-64 machine (and NEON every arm64 one), so no target flag
/// is needed for the compiler to use vector registers.
typealias Lanes = SIMD2<Double>

/// Lane-wise `Swift.max`, with its choice on ties and NaN, so a lane gives the scalar solve's bits. The standard
/// `pointwiseMax` follows IEEE maximum instead and compiles to a branch per lane.
@inline(__always)
func lanesMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }

/// Lane-wise `Swift.min` (see `lanesMax`).
@inline(__always)
func lanesMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// The exact negation, sign of zero included: the standard prefix minus of SIMD computes 0 - x, which turns -0 into
/// +0 where the scalar solve's minus gives -0. Multiplying by -1 is exact and compiles to a sign flip.
@inline(__always)
func negated(_ x: Lanes) -> Lanes { x * Lanes(repeating: -1) }

/// One manifold point of two contact constraints, one in each lane. Only what the sub-step loop reads or writes:
/// restitution and the warm-start store go through the scalar `ContactConstraint` after the loop.
struct WidePoint {
    var rAx: Lanes, rAy: Lanes, rBx: Lanes, rBy: Lanes
    var baseSeparation: Lanes
    var normalImpulse: Lanes
    var tangentImpulse: Lanes
    var maxNormalImpulse: Lanes
    var normalMass: Lanes
    var tangentMass: Lanes
}

/// Two contact constraints that share no moving body, solved at once. A constraint with one point has a zero second
/// point: zero masses give it zero impulses, so it changes nothing.
struct WideContact {
    var bodyA: (Int32, Int32)
    var bodyB: (Int32, Int32)
    var nx: Lanes, ny: Lanes
    var friction: Lanes
    var biasRate: Lanes, massScale: Lanes, impulseScale: Lanes
    /// Inverse masses and inertias, copied from the states: read in place by the solve instead of gathered per body.
    var massA: Lanes, inertiaA: Lanes, massB: Lanes, inertiaB: Lanes
    var p1: WidePoint
    var p2: WidePoint

    /// A pair of nothing, for storage that is overwritten before use.
    init() {
        bodyA = (0, 0); bodyB = (0, 0)
        nx = Lanes(); ny = Lanes(); friction = Lanes()
        biasRate = Lanes(); massScale = Lanes(); impulseScale = Lanes()
        massA = Lanes(); inertiaA = Lanes(); massB = Lanes(); inertiaB = Lanes()
        p1 = WidePoint(ContactConstraintPoint(), ContactConstraintPoint())
        p2 = p1
    }

    /// Constraints `first` and `second` read in place (they are large records).
    @inline(__always)
    init(_ first: UnsafePointer<ContactConstraint>, _ second: UnsafePointer<ContactConstraint>,
         states: UnsafeMutableBufferPointer<BodyState>) {
        self.init(first.pointee, second.pointee, states: states)
    }

    /// Constraint `first` in lane 0 and `second` in lane 1; they must share no moving body.
    @inline(__always)
    init(_ first: borrowing ContactConstraint, _ second: borrowing ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>) {
        bodyA = (first.bodyA, second.bodyA)
        bodyB = (first.bodyB, second.bodyB)
        nx = Lanes(first.normal.x, second.normal.x); ny = Lanes(first.normal.y, second.normal.y)
        friction = Lanes(first.friction, second.friction)
        biasRate = Lanes(first.softness.biasRate, second.softness.biasRate)
        massScale = Lanes(first.softness.massScale, second.softness.massScale)
        impulseScale = Lanes(first.softness.impulseScale, second.softness.impulseScale)
        let a0 = Int(first.bodyA), a1 = Int(second.bodyA), b0 = Int(first.bodyB), b1 = Int(second.bodyB)
        massA = Lanes(states[a0].invMass, states[a1].invMass); inertiaA = Lanes(states[a0].invInertia, states[a1].invInertia)
        massB = Lanes(states[b0].invMass, states[b1].invMass); inertiaB = Lanes(states[b0].invInertia, states[b1].invInertia)
        p1 = WidePoint(first.p1, second.p1)
        p2 = WidePoint(first.p2, second.p2)
    }

    /// Copies the impulses of lane `lane` back into the constraint it came from.
    func storeImpulses(lane: Int, into c: inout ContactConstraint) {
        p1.storeImpulses(lane: lane, into: &c.p1)
        p2.storeImpulses(lane: lane, into: &c.p2)
    }
}

extension WidePoint {
    @inline(__always)
    init(_ first: ContactConstraintPoint, _ second: ContactConstraintPoint) {
        rAx = Lanes(first.rA.x, second.rA.x); rAy = Lanes(first.rA.y, second.rA.y)
        rBx = Lanes(first.rB.x, second.rB.x); rBy = Lanes(first.rB.y, second.rB.y)
        baseSeparation = Lanes(first.baseSeparation, second.baseSeparation)
        normalImpulse = Lanes(first.normalImpulse, second.normalImpulse)
        tangentImpulse = Lanes(first.tangentImpulse, second.tangentImpulse)
        maxNormalImpulse = Lanes(first.maxNormalImpulse, second.maxNormalImpulse)
        normalMass = Lanes(first.normalMass, second.normalMass)
        tangentMass = Lanes(first.tangentMass, second.tangentMass)
    }

    func storeImpulses(lane: Int, into p: inout ContactConstraintPoint) {
        p.normalImpulse = normalImpulse[lane]
        p.tangentImpulse = tangentImpulse[lane]
        p.maxNormalImpulse = maxNormalImpulse[lane]
    }
}

/// The velocities of one side of a `WideContact` while it is solved: gathered from the state array, written back after.
struct WideBody {
    var vx: Lanes, vy: Lanes, w: Lanes
    /// Inverse mass and inertia, from the constraint.
    var invMass: Lanes, invInertia: Lanes

    /// Gathers the velocities of bodies `i0` and `i1`.
    @inline(__always)
    init(_ s: UnsafeMutablePointer<BodyState>, _ i0: Int, _ i1: Int, invMass: Lanes, invInertia: Lanes) {
        let b0 = s + i0, b1 = s + i1
        vx = Lanes(b0.pointee.v.x, b1.pointee.v.x); vy = Lanes(b0.pointee.v.y, b1.pointee.v.y)
        w = Lanes(b0.pointee.w, b1.pointee.w)
        self.invMass = invMass
        self.invInertia = invInertia
    }

    /// Writes the velocities back. Both lanes may hold the same non-moving body (the ground), whose velocity no
    /// impulse changes, so the order of the writes does not matter.
    @inline(__always)
    func storeVelocities(_ s: UnsafeMutablePointer<BodyState>, _ i0: Int, _ i1: Int) {
        s[i0].v = Vector(vx[0], vy[0]); s[i0].w = w[0]
        s[i1].v = Vector(vx[1], vy[1]); s[i1].w = w[1]
    }
}

/// The motion of one side of a `WideContact` since the step began, which the separations are measured from.
/// Kept apart from `WideBody` so it is dead before the impulses start: SSE2 has only 16 vector registers.
struct WideMotion {
    var dpx: Lanes, dpy: Lanes, qc: Lanes, qs: Lanes

    @inline(__always)
    init(_ s: UnsafeMutablePointer<BodyState>, _ i0: Int, _ i1: Int) {
        let b0 = s + i0, b1 = s + i1
        dpx = Lanes(b0.pointee.dp.x, b1.pointee.dp.x); dpy = Lanes(b0.pointee.dp.y, b1.pointee.dp.y)
        qc = Lanes(b0.pointee.dq.c, b1.pointee.dq.c); qs = Lanes(b0.pointee.dq.s, b1.pointee.dq.s)
    }
}

/// The contact solve on pairs of constraints: the same arithmetic as `ContactSolver`, lane by lane, so a pair gives
/// bit for bit what solving its two constraints one after the other would give.
enum WideContactSolver {
    /// Warm starts every pair, in order.
    static func warmStart(_ pairs: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>) {
        guard let base = pairs.baseAddress, let s = states.baseAddress else { return }
        for i in 0..<pairs.count { warmStart(base + i, states: s, points: 2) }
    }

    /// Solves every pair once, in order; specialised for both values of `useBias` so the loop holds no branch on it.
    static func solve(_ pairs: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>,
                      inverseH: Double, useBias: Bool) {
        guard let base = pairs.baseAddress, let s = states.baseAddress else { return }
        if useBias {
            for i in 0..<pairs.count { solve(base + i, states: s, inverseH: inverseH, useBias: true) }
        } else {
            for i in 0..<pairs.count { solve(base + i, states: s, inverseH: inverseH, useBias: false) }
        }
    }

    /// Warm starts pairs whose constraints both have one point (see `warmStart(_:states:)`).
    static func warmStartOnePoint(_ pairs: UnsafeMutableBufferPointer<WideContact>,
                                  states: UnsafeMutableBufferPointer<BodyState>) {
        guard let base = pairs.baseAddress, let s = states.baseAddress else { return }
        for i in 0..<pairs.count { warmStart(base + i, states: s, points: 1) }
    }

    /// Solves pairs whose constraints both have one point: their zero second points are skipped.
    static func solveOnePoint(_ pairs: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>,
                              inverseH: Double, useBias: Bool) {
        guard let base = pairs.baseAddress, let s = states.baseAddress else { return }
        if useBias {
            for i in 0..<pairs.count { solveOnePoint(base + i, states: s, inverseH: inverseH, useBias: true) }
        } else {
            for i in 0..<pairs.count { solveOnePoint(base + i, states: s, inverseH: inverseH, useBias: false) }
        }
    }

    /// Applies last step's impulses again (see `ContactSolver.warmStart`).
    @inline(__always)
    static func warmStart(_ c: UnsafePointer<WideContact>, states: UnsafeMutablePointer<BodyState>, points: Int) {
        let a0 = Int(c.pointee.bodyA.0), a1 = Int(c.pointee.bodyA.1)
        let b0 = Int(c.pointee.bodyB.0), b1 = Int(c.pointee.bodyB.1)
        var A = WideBody(states, a0, a1, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(states, b0, b1, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
        let nx = c.pointee.nx, ny = c.pointee.ny
        // The tangent is the normal's right perpendicular (y, -x).
        let tx = ny, ty = negated(nx)
        let p1 = c.pointee.p1, p2 = c.pointee.p2
        apply(p1.normalImpulse * nx + p1.tangentImpulse * tx, p1.normalImpulse * ny + p1.tangentImpulse * ty,
              p1.rAx, p1.rAy, p1.rBx, p1.rBy, &A, &B)
        if points > 1 {
            apply(p2.normalImpulse * nx + p2.tangentImpulse * tx, p2.normalImpulse * ny + p2.tangentImpulse * ty,
                  p2.rAx, p2.rAy, p2.rBx, p2.rBy, &A, &B)
        }
        A.storeVelocities(states, a0, a1)
        B.storeVelocities(states, b0, b1)
    }

    /// One soft iteration of both lanes (see `ContactSolver.solve`).
    @inline(__always)
    static func solve(_ c: UnsafeMutablePointer<WideContact>, states: UnsafeMutablePointer<BodyState>,
                      inverseH: Double, useBias: Bool) {
        let a0 = Int(c.pointee.bodyA.0), a1 = Int(c.pointee.bodyA.1)
        let b0 = Int(c.pointee.bodyB.0), b1 = Int(c.pointee.bodyB.1)
        let nx = c.pointee.nx, ny = c.pointee.ny
        // Separations first: they do not depend on velocities, and the motion they need is then dead.
        let mA = WideMotion(states, a0, a1), mB = WideMotion(states, b0, b1)
        let s1 = separation(c.pointee.p1, mA, mB, nx, ny), s2 = separation(c.pointee.p2, mA, mB, nx, ny)
        var A = WideBody(states, a0, a1, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(states, b0, b1, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
        let biasRate = c.pointee.biasRate, massScale = c.pointee.massScale, impulseScale = c.pointee.impulseScale
        solveNormal(&c.pointee.p1, s1, &A, &B, nx, ny, biasRate, massScale, impulseScale, inverseH, useBias)
        solveNormal(&c.pointee.p2, s2, &A, &B, nx, ny, biasRate, massScale, impulseScale, inverseH, useBias)
        let friction = c.pointee.friction
        solveTangent(&c.pointee.p1, &A, &B, ny, negated(nx), friction)
        solveTangent(&c.pointee.p2, &A, &B, ny, negated(nx), friction)
        A.storeVelocities(states, a0, a1)
        B.storeVelocities(states, b0, b1)
    }

    /// One soft iteration of a pair whose constraints both have one point.
    @inline(__always)
    static func solveOnePoint(_ c: UnsafeMutablePointer<WideContact>, states: UnsafeMutablePointer<BodyState>,
                              inverseH: Double, useBias: Bool) {
        let a0 = Int(c.pointee.bodyA.0), a1 = Int(c.pointee.bodyA.1)
        let b0 = Int(c.pointee.bodyB.0), b1 = Int(c.pointee.bodyB.1)
        let nx = c.pointee.nx, ny = c.pointee.ny
        let s1 = separation(c.pointee.p1, WideMotion(states, a0, a1), WideMotion(states, b0, b1), nx, ny)
        var A = WideBody(states, a0, a1, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(states, b0, b1, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
        solveNormal(&c.pointee.p1, s1, &A, &B, nx, ny, c.pointee.biasRate, c.pointee.massScale, c.pointee.impulseScale,
                    inverseH, useBias)
        solveTangent(&c.pointee.p1, &A, &B, ny, negated(nx), c.pointee.friction)
        A.storeVelocities(states, a0, a1)
        B.storeVelocities(states, b0, b1)
    }

    /// Current separation of a point from how far its anchors moved since the step began.
    @inline(__always)
    private static func separation(_ p: WidePoint, _ A: WideMotion, _ B: WideMotion, _ nx: Lanes, _ ny: Lanes) -> Lanes {
        let prAx = A.qc * p.rAx - A.qs * p.rAy, prAy = A.qs * p.rAx + A.qc * p.rAy
        let prBx = B.qc * p.rBx - B.qs * p.rBy, prBy = B.qs * p.rBx + B.qc * p.rBy
        let dx = B.dpx - A.dpx + prBx - prAx, dy = B.dpy - A.dpy + prBy - prAy
        return dx * nx + dy * ny + p.baseSeparation
    }

    @inline(__always)
    private static func solveNormal(_ p: inout WidePoint, _ s: Lanes, _ A: inout WideBody, _ B: inout WideBody,
                                    _ nx: Lanes, _ ny: Lanes, _ biasRate: Lanes, _ massScale: Lanes, _ impulseScale: Lanes,
                                    _ inverseH: Double, _ useBias: Bool) {
        let vn = relativeVelocityX(p, A, B) * nx + relativeVelocityY(p, A, B) * ny
        // Both cases are computed and the speculative one (a gap to close this sub-step, no further) chosen per lane.
        let speculative = negated(p.normalMass) * (vn + s * inverseH)
        var impulse: Lanes
        if useBias {
            let bias = lanesMax(biasRate * s, Lanes(repeating: -SolverTuning.contactPushMaxVelocity))
            impulse = negated(p.normalMass) * massScale * (vn + bias) - impulseScale * p.normalImpulse
        } else {
            impulse = negated(p.normalMass) * vn
        }
        impulse.replace(with: speculative, where: s .> 0)
        let newImpulse = lanesMax(p.normalImpulse + impulse, Lanes())
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = lanesMax(p.maxNormalImpulse, applied)
        apply(applied * nx, applied * ny, p.rAx, p.rAy, p.rBx, p.rBy, &A, &B)
    }

    @inline(__always)
    private static func solveTangent(_ p: inout WidePoint, _ A: inout WideBody, _ B: inout WideBody,
                                     _ tx: Lanes, _ ty: Lanes, _ friction: Lanes) {
        let vt = relativeVelocityX(p, A, B) * tx + relativeVelocityY(p, A, B) * ty
        let maxFriction = friction * p.normalImpulse
        let newImpulse = lanesMin(lanesMax(p.tangentImpulse - p.tangentMass * vt, negated(maxFriction)), maxFriction)
        let applied = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        apply(applied * tx, applied * ty, p.rAx, p.rAy, p.rBx, p.rBy, &A, &B)
    }

    /// Velocity of B's anchor relative to A's, in the same order of operations as `BodyPair.relativeVelocity`.
    @inline(__always)
    private static func relativeVelocityX(_ p: WidePoint, _ A: WideBody, _ B: WideBody) -> Lanes {
        B.vx + negated(B.w) * p.rBy - A.vx - negated(A.w) * p.rAy
    }

    @inline(__always)
    private static func relativeVelocityY(_ p: WidePoint, _ A: WideBody, _ B: WideBody) -> Lanes {
        B.vy + B.w * p.rBx - A.vy - A.w * p.rAx
    }

    /// Applies impulse (px, py) to B at rB and its opposite to A at rA (see `BodyPair.apply`).
    @inline(__always)
    private static func apply(_ px: Lanes, _ py: Lanes, _ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                              _ A: inout WideBody, _ B: inout WideBody) {
        A.vx -= A.invMass * px; A.vy -= A.invMass * py
        A.w -= A.invInertia * (rAx * py - rAy * px)
        B.vx += B.invMass * px; B.vy += B.invMass * py
        B.w += B.invInertia * (rBx * py - rBy * px)
    }
}
