/// Four lanes of single-precision floats: one 128-bit register, the width SSE2 gives every x86-64 machine (and NEON
/// every arm64 one), so no target flag is needed for the compiler to use vector registers. The contact solve needs
/// no more precision than this: it works on anchors relative to the centres, motion since the step began, and
/// velocities, never on positions in the world.
typealias Lanes = SIMD4<Float>

/// Which lanes a condition holds in.
typealias LaneMask = SIMDMask<SIMD4<Int32>>

/// Lane-wise `Swift.max`, with its choice on ties and NaN. The standard `pointwiseMax` follows IEEE maximum instead
/// and compiles to a branch per lane.
@inline(__always)
func lanesMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }

/// Lane-wise `Swift.min` (see `lanesMax`).
@inline(__always)
func lanesMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// The exact negation, sign of zero included: the standard prefix minus of SIMD computes 0 - x, which turns -0 into
/// +0. Multiplying by -1 is exact and compiles to a sign flip.
@inline(__always)
func negated(_ x: Lanes) -> Lanes { x * Lanes(repeating: -1) }

/// One manifold point of four contact constraints, one in each lane. Only what the sub-step loop reads or writes:
/// restitution and the warm-start store go through the double-precision `ContactConstraint`.
struct WidePoint {
    var rAx: Lanes, rAy: Lanes, rBx: Lanes, rBy: Lanes
    var baseSeparation: Lanes
    var normalImpulse: Lanes
    var tangentImpulse: Lanes
    var normalMass: Lanes
    var tangentMass: Lanes
}

/// Up to four contact constraints that share no moving body, solved at once: 140 bytes a constraint, where the
/// double-precision constraint is about 300.
///
/// A constraint with one point has a zero second point: zero masses give it zero impulses, so it changes nothing.
/// A quad with fewer than four constraints fills its other lanes with empty ones (their sources in `ContactLanes`
/// are -1): an empty lane names the bodies of lane 0 and has zero masses, so it never changes a velocity, and the
/// velocities are written back from the last lane to the first, so lane 0's result is the one that stays. A
/// constraint so gives the same bits whichever lane it sits in and whether it has company.
struct WideContact {
    /// The bodies of each lane: indices into the states as `write` leaves them, then slots of the solver bodies
    /// (`SolverBodies`) once the lanes are built, which is what the solve reads.
    var bodyA: SIMD4<Int32>
    var bodyB: SIMD4<Int32>
    var nx: Lanes, ny: Lanes
    var friction: Lanes
    var biasRate: Lanes, massScale: Lanes, impulseScale: Lanes
    /// Inverse masses and inertias, copied from the states: read in place by the solve instead of gathered per body.
    var massA: Lanes, inertiaA: Lanes, massB: Lanes, inertiaB: Lanes
    /// The normal block and how touching points scale it, for block-solved constraints (see `ContactBlock`).
    var k11: Lanes, k12: Lanes, k22: Lanes, softScale: Lanes, rootSoftScale: Lanes
    var p1: WidePoint
    var p2: WidePoint

    /// A quad of nothing, for storage that is overwritten before use.
    init() {
        bodyA = .zero; bodyB = .zero
        nx = Lanes(); ny = Lanes(); friction = Lanes()
        biasRate = Lanes(); massScale = Lanes(); impulseScale = Lanes()
        massA = Lanes(); inertiaA = Lanes(); massB = Lanes(); inertiaB = Lanes()
        k11 = Lanes(); k12 = Lanes(); k22 = Lanes(); softScale = Lanes(); rootSoftScale = Lanes()
        p1 = WidePoint(rAx: Lanes(), rAy: Lanes(), rBx: Lanes(), rBy: Lanes(), baseSeparation: Lanes(),
                       normalImpulse: Lanes(), tangentImpulse: Lanes(), normalMass: Lanes(), tangentMass: Lanes())
        p2 = p1
    }

    /// Writes the quad of the constraints at `sources` (indices into `constraints`; -1 for an empty lane, never
    /// lane 0) into `quad`, reading each constraint in place: they are large records, and a quad built in a local
    /// and copied cost more than the rest of the build.
    @inline(__always)
    static func write(_ quad: UnsafeMutablePointer<WideContact>, _ sources: SIMD4<Int32>,
                      _ constraints: UnsafePointer<ContactConstraint>, states: UnsafeMutablePointer<BodyState>) {
        quad.pointee = WideContact()
        let first = constraints + Int(sources[0])
        for lane in 0..<4 {
            let source = sources[lane]
            if source < 0 {
                quad.pointee.bodyA[lane] = first.pointee.bodyA; quad.pointee.bodyB[lane] = first.pointee.bodyB
                empty(lane: lane, of: quad)
                continue
            }
            let c = constraints + Int(source)
            let a = Int(c.pointee.bodyA), b = Int(c.pointee.bodyB)
            quad.pointee.bodyA[lane] = c.pointee.bodyA; quad.pointee.bodyB[lane] = c.pointee.bodyB
            put(&quad.pointee.nx, lane, c.pointee.normal.x); put(&quad.pointee.ny, lane, c.pointee.normal.y)
            put(&quad.pointee.friction, lane, c.pointee.friction)
            put(&quad.pointee.biasRate, lane, c.pointee.softness.biasRate)
            put(&quad.pointee.massScale, lane, c.pointee.softness.massScale)
            put(&quad.pointee.impulseScale, lane, c.pointee.softness.impulseScale)
            put(&quad.pointee.massA, lane, states[a].invMass); put(&quad.pointee.inertiaA, lane, states[a].invInertia)
            put(&quad.pointee.massB, lane, states[b].invMass); put(&quad.pointee.inertiaB, lane, states[b].invInertia)
            put(&quad.pointee.k11, lane, c.pointee.block.k11); put(&quad.pointee.k12, lane, c.pointee.block.k12)
            put(&quad.pointee.k22, lane, c.pointee.block.k22)
            // One division for both (`rootSoftScale` would work `softScale` out again).
            let softScale = c.pointee.softScale
            put(&quad.pointee.softScale, lane, softScale)
            put(&quad.pointee.rootSoftScale, lane, softScale.squareRoot())
            if c.pointee.pointCount > 0 { put(&quad.pointee.p1, lane, c.pointee.p1) }
            if c.pointee.pointCount > 1 { put(&quad.pointee.p2, lane, c.pointee.p2) }
        }
    }

    /// Makes lane `lane` of `quad` empty, past its bodies (lane 0's, which the caller writes): zero masses and
    /// impulses, and a block that is well formed (no 0 / 0).
    @inline(__always)
    static func empty(lane: Int, of quad: UnsafeMutablePointer<WideContact>) {
        // Every field from the normal on is a `Lanes`.
        let raw = UnsafeMutableRawPointer(quad), end = MemoryLayout<WideContact>.size
        var offset = MemoryLayout<WideContact>.offset(of: \.nx).unsafelyUnwrapped + 4 * lane
        while offset < end {
            raw.storeBytes(of: Float(0), toByteOffset: offset, as: Float.self)
            offset += MemoryLayout<Lanes>.stride
        }
        put(&quad.pointee.k11, lane, 1); put(&quad.pointee.k22, lane, 1)
        put(&quad.pointee.massScale, lane, 1)
        put(&quad.pointee.softScale, lane, 1); put(&quad.pointee.rootSoftScale, lane, 1)
    }

    /// Stores `value`, rounded to a float, in lane `lane` of `field`.
    @inline(__always)
    private static func put(_ field: UnsafeMutablePointer<Lanes>, _ lane: Int, _ value: Double) {
        UnsafeMutableRawPointer(field).storeBytes(of: Float(value), toByteOffset: 4 * lane, as: Float.self)
    }

    /// Stores point `p` in lane `lane` of `point` (see `put`).
    @inline(__always)
    private static func put(_ point: UnsafeMutablePointer<WidePoint>, _ lane: Int, _ p: ContactConstraintPoint) {
        put(&point.pointee.rAx, lane, p.rA.x); put(&point.pointee.rAy, lane, p.rA.y)
        put(&point.pointee.rBx, lane, p.rB.x); put(&point.pointee.rBy, lane, p.rB.y)
        put(&point.pointee.baseSeparation, lane, p.baseSeparation)
        put(&point.pointee.normalImpulse, lane, p.normalImpulse)
        put(&point.pointee.tangentImpulse, lane, p.tangentImpulse)
        put(&point.pointee.normalMass, lane, p.normalMass); put(&point.pointee.tangentMass, lane, p.tangentMass)
    }

    /// Copies the impulses of lane `lane` back into the constraint it came from.
    func storeImpulses(lane: Int, into c: inout ContactConstraint) {
        p1.storeImpulses(lane: lane, into: &c.p1)
        p2.storeImpulses(lane: lane, into: &c.p2)
    }
}

extension WidePoint {
    /// Copies the impulses of lane `lane` back into the point it came from.
    func storeImpulses(lane: Int, into p: inout ContactConstraintPoint) {
        p.normalImpulse = Double(normalImpulse[lane])
        p.tangentImpulse = Double(tangentImpulse[lane])
    }
}

/// The velocities of one side of a `WideContact` while it is solved: gathered from the solver bodies
/// (`SolverBody`), written back after.
struct WideBody {
    var vx: Lanes, vy: Lanes, w: Lanes
    /// Inverse mass and inertia, from the constraint.
    var invMass: Lanes, invInertia: Lanes

    /// Gathers the velocities of the bodies in slots `i`: a row of four floats each, turned into lanes.
    @inline(__always)
    init(_ bodies: UnsafeMutablePointer<SolverBody>, _ i: SIMD4<Int32>, invMass: Lanes, invInertia: Lanes) {
        let r0 = bodies[Int(i[0])].velocity, r1 = bodies[Int(i[1])].velocity
        let r2 = bodies[Int(i[2])].velocity, r3 = bodies[Int(i[3])].velocity
        vx = Lanes(r0[0], r1[0], r2[0], r3[0])
        vy = Lanes(r0[1], r1[1], r2[1], r3[1])
        w = Lanes(r0[2], r1[2], r2[2], r3[2])
        self.invMass = invMass
        self.invInertia = invInertia
    }

    /// Writes the velocities of both sides of quad `c` back (`A` to its slots `bodyA`, `B` to `bodyB`), the last
    /// lane first: an empty lane names lane 0's bodies, whose velocities it never changed, and lanes may share a
    /// non-moving body (the ground), whose velocity no impulse changes.
    ///
    /// Never inlined: inlined, the optimiser moved the shuffles that split the lanes by body up into the arithmetic
    /// and turned the four-lane solve into per-body pairs and scalar operations (the warm start took 1.7 times the
    /// instructions). Both sides in one call: six vectors of velocities fit the argument registers. The slots are
    /// read from the quad in memory, one load each, where passed in a vector each took three instructions to get out.
    @inline(never)
    static func storeVelocities(_ A: WideBody, _ B: WideBody, of c: UnsafePointer<WideContact>,
                                _ bodies: UnsafeMutablePointer<SolverBody>) {
        let raw = UnsafeRawPointer(c)
        let a = MemoryLayout<WideContact>.offset(of: \.bodyA).unsafelyUnwrapped
        let b = MemoryLayout<WideContact>.offset(of: \.bodyB).unsafelyUnwrapped
        A.store(bodies, raw + a)
        B.store(bodies, raw + b)
    }

    /// Writes this side's velocities back to the slots at `slots` (four `Int32`), a row per body, the last lane
    /// first (see `storeVelocities`).
    @inline(__always)
    private func store(_ bodies: UnsafeMutablePointer<SolverBody>, _ slots: UnsafeRawPointer) {
        bodies[Int(slots.load(fromByteOffset: 12, as: Int32.self))].velocity = Lanes(vx[3], vy[3], w[3], 0)
        bodies[Int(slots.load(fromByteOffset: 8, as: Int32.self))].velocity = Lanes(vx[2], vy[2], w[2], 0)
        bodies[Int(slots.load(fromByteOffset: 4, as: Int32.self))].velocity = Lanes(vx[1], vy[1], w[1], 0)
        bodies[Int(slots.load(as: Int32.self))].velocity = Lanes(vx[0], vy[0], w[0], 0)
    }
}

/// A pair of doubles (a `Vector`'s x and y, a `Rotation`'s c and s) read as one vector.
@inline(__always)
func loadPair<T>(_ p: UnsafeMutablePointer<T>) -> SIMD2<Double> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Double>.self)
}

/// The motion of one side of a `WideContact` since the step began, which the separations are measured from.
/// Kept apart from `WideBody` so it is dead before the impulses start: SSE2 has only 16 vector registers.
struct WideMotion {
    var dpx: Lanes, dpy: Lanes, qc: Lanes, qs: Lanes

    /// Gathers the motion of the bodies in slots `i`.
    @inline(__always)
    init(_ bodies: UnsafeMutablePointer<SolverBody>, _ i: SIMD4<Int32>) {
        let r0 = bodies[Int(i[0])].motion, r1 = bodies[Int(i[1])].motion
        let r2 = bodies[Int(i[2])].motion, r3 = bodies[Int(i[3])].motion
        dpx = Lanes(r0[0], r1[0], r2[0], r3[0]); dpy = Lanes(r0[1], r1[1], r2[1], r3[1])
        qc = Lanes(r0[2], r1[2], r2[2], r3[2]); qs = Lanes(r0[3], r1[3], r2[3], r3[3])
    }
}
