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

/// A pair of doubles (a `Vector`'s x and y, a `Rotation`'s c and s) read as one vector: lanes are then formed by
/// shuffles, and the compiler keeps the arithmetic on them in vector registers.
@inline(__always)
func loadPair<T>(_ p: UnsafeMutablePointer<T>) -> Lanes {
    UnsafeRawPointer(p).loadUnaligned(as: Lanes.self)
}

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
    /// The normal block and how touching points scale it, for block-solved pairs (see `ContactBlock`).
    var k11: Lanes, k12: Lanes, k22: Lanes, softScale: Lanes, rootSoftScale: Lanes
    var p1: WidePoint
    var p2: WidePoint

    /// A pair of nothing, for storage that is overwritten before use.
    init() {
        bodyA = (0, 0); bodyB = (0, 0)
        nx = Lanes(); ny = Lanes(); friction = Lanes()
        biasRate = Lanes(); massScale = Lanes(); impulseScale = Lanes()
        massA = Lanes(); inertiaA = Lanes(); massB = Lanes(); inertiaB = Lanes()
        k11 = Lanes(); k12 = Lanes(); k22 = Lanes(); softScale = Lanes(); rootSoftScale = Lanes()
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
        k11 = Lanes(first.block.k11, second.block.k11); k12 = Lanes(first.block.k12, second.block.k12)
        k22 = Lanes(first.block.k22, second.block.k22)
        softScale = Lanes(first.softScale, second.softScale)
        rootSoftScale = Lanes(first.rootSoftScale, second.rootSoftScale)
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
    /// Point `first` in lane 0 and `second` in lane 1.
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

    /// Copies the impulses of lane `lane` back into the point it came from.
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
        let v0 = loadPair(&b0.pointee.v), v1 = loadPair(&b1.pointee.v)
        vx = Lanes(v0[0], v1[0]); vy = Lanes(v0[1], v1[1])
        w = Lanes(b0.pointee.w, b1.pointee.w)
        self.invMass = invMass
        self.invInertia = invInertia
    }

    /// Writes the velocities back. Both lanes may hold the same non-moving body (the ground), whose velocity no
    /// impulse changes, so the order of the writes does not matter.
    @inline(__always)
    func storeVelocities(_ s: UnsafeMutablePointer<BodyState>, _ i0: Int, _ i1: Int) {
        // Each body's (x, y) leaves as one vector (a shuffle of the lanes): written lane by lane, the compiler turned
        // the arithmetic feeding the writes back into scalar operations.
        // A `Vector` is its x then its y, like the lanes of a `Lanes` (the lane tests would see a swap).
        withUnsafeMutablePointer(to: &s[i0].v) { UnsafeMutableRawPointer($0).storeBytes(of: Lanes(vx[0], vy[0]), as: Lanes.self) }
        withUnsafeMutablePointer(to: &s[i1].v) { UnsafeMutableRawPointer($0).storeBytes(of: Lanes(vx[1], vy[1]), as: Lanes.self) }
        s[i0].w = w[0]
        s[i1].w = w[1]
    }
}

/// The motion of one side of a `WideContact` since the step began, which the separations are measured from.
/// Kept apart from `WideBody` so it is dead before the impulses start: SSE2 has only 16 vector registers.
struct WideMotion {
    var dpx: Lanes, dpy: Lanes, qc: Lanes, qs: Lanes

    /// Gathers the motion of bodies `i0` and `i1`.
    @inline(__always)
    init(_ s: UnsafeMutablePointer<BodyState>, _ i0: Int, _ i1: Int) {
        let b0 = s + i0, b1 = s + i1
        let dp0 = loadPair(&b0.pointee.dp), dp1 = loadPair(&b1.pointee.dp)
        let q0 = loadPair(&b0.pointee.dq), q1 = loadPair(&b1.pointee.dq)
        dpx = Lanes(dp0[0], dp1[0]); dpy = Lanes(dp0[1], dp1[1])
        qc = Lanes(q0[0], q1[0]); qs = Lanes(q0[1], q1[1])
    }
}
