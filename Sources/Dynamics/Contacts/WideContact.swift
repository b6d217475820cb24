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
/// A quad with fewer than four constraints fills its other lanes with empty ones (`count` says how many are real):
/// an empty lane names the bodies of lane 0 and has zero masses, so it never changes a velocity, and the velocities
/// are written back from the last lane to the first, so lane 0's result is the one that stays. A constraint so
/// gives the same bits whichever lane it sits in and whether it has company.
struct WideContact {
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

    /// The constraints at `sources` (indices into `constraints`; -1 for an empty lane, never lane 0), read in place:
    /// they are large records.
    @inline(__always)
    init(_ sources: SIMD4<Int32>, _ constraints: UnsafePointer<ContactConstraint>, states: UnsafeMutablePointer<BodyState>) {
        self.init()
        let first = constraints + Int(sources[0])
        for lane in 0..<4 {
            let source = sources[lane]
            if source < 0 {
                // An empty lane: lane 0's bodies, zero masses, and a block that is well formed (no 0 / 0).
                bodyA[lane] = first.pointee.bodyA; bodyB[lane] = first.pointee.bodyB
                k11[lane] = 1; k22[lane] = 1; massScale[lane] = 1; softScale[lane] = 1; rootSoftScale[lane] = 1
                continue
            }
            set(lane, constraints + Int(source), states)
        }
    }

    /// Fills lane `lane` from constraint `c`.
    @inline(__always)
    private mutating func set(_ lane: Int, _ c: UnsafePointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>) {
        let a = Int(c.pointee.bodyA), b = Int(c.pointee.bodyB)
        bodyA[lane] = c.pointee.bodyA; bodyB[lane] = c.pointee.bodyB
        nx[lane] = Float(c.pointee.normal.x); ny[lane] = Float(c.pointee.normal.y)
        friction[lane] = Float(c.pointee.friction)
        biasRate[lane] = Float(c.pointee.softness.biasRate)
        massScale[lane] = Float(c.pointee.softness.massScale)
        impulseScale[lane] = Float(c.pointee.softness.impulseScale)
        massA[lane] = Float(states[a].invMass); inertiaA[lane] = Float(states[a].invInertia)
        massB[lane] = Float(states[b].invMass); inertiaB[lane] = Float(states[b].invInertia)
        k11[lane] = Float(c.pointee.block.k11); k12[lane] = Float(c.pointee.block.k12)
        k22[lane] = Float(c.pointee.block.k22)
        softScale[lane] = Float(c.pointee.softScale)
        rootSoftScale[lane] = Float(c.pointee.rootSoftScale)
        if c.pointee.pointCount > 0 { p1.set(lane, c.pointee.p1) }
        if c.pointee.pointCount > 1 { p2.set(lane, c.pointee.p2) }
    }

    /// Copies the impulses of lane `lane` back into the constraint it came from.
    func storeImpulses(lane: Int, into c: inout ContactConstraint) {
        p1.storeImpulses(lane: lane, into: &c.p1)
        p2.storeImpulses(lane: lane, into: &c.p2)
    }
}

extension WidePoint {
    /// Fills lane `lane` from point `p`.
    @inline(__always)
    mutating func set(_ lane: Int, _ p: ContactConstraintPoint) {
        rAx[lane] = Float(p.rA.x); rAy[lane] = Float(p.rA.y)
        rBx[lane] = Float(p.rB.x); rBy[lane] = Float(p.rB.y)
        baseSeparation[lane] = Float(p.baseSeparation)
        normalImpulse[lane] = Float(p.normalImpulse)
        tangentImpulse[lane] = Float(p.tangentImpulse)
        normalMass[lane] = Float(p.normalMass)
        tangentMass[lane] = Float(p.tangentMass)
    }

    /// Copies the impulses of lane `lane` back into the point it came from.
    func storeImpulses(lane: Int, into p: inout ContactConstraintPoint) {
        p.normalImpulse = Double(normalImpulse[lane])
        p.tangentImpulse = Double(tangentImpulse[lane])
    }
}

/// The velocities of one side of a `WideContact` while it is solved: gathered from the state array, written back after.
struct WideBody {
    var vx: Lanes, vy: Lanes, w: Lanes
    /// Inverse mass and inertia, from the constraint.
    var invMass: Lanes, invInertia: Lanes

    /// Gathers the velocities of bodies `i`.
    @inline(__always)
    init(_ s: UnsafeMutablePointer<BodyState>, _ i: SIMD4<Int32>, invMass: Lanes, invInertia: Lanes) {
        let b0 = s + Int(i[0]), b1 = s + Int(i[1]), b2 = s + Int(i[2]), b3 = s + Int(i[3])
        vx = Lanes(Float(b0.pointee.v.x), Float(b1.pointee.v.x), Float(b2.pointee.v.x), Float(b3.pointee.v.x))
        vy = Lanes(Float(b0.pointee.v.y), Float(b1.pointee.v.y), Float(b2.pointee.v.y), Float(b3.pointee.v.y))
        w = Lanes(Float(b0.pointee.w), Float(b1.pointee.w), Float(b2.pointee.w), Float(b3.pointee.w))
        self.invMass = invMass
        self.invInertia = invInertia
    }

    /// Writes the velocities back, the last lane first: an empty lane names lane 0's body, whose velocity it never
    /// changed, and lanes may share a non-moving body (the ground), whose velocity no impulse changes.
    @inline(__always)
    func storeVelocities(_ s: UnsafeMutablePointer<BodyState>, _ i: SIMD4<Int32>) {
        for lane in (0..<4).reversed() {
            let b = s + Int(i[lane])
            b.pointee.v = Vector(Double(vx[lane]), Double(vy[lane]))
            b.pointee.w = Double(w[lane])
        }
    }
}

/// The motion of one side of a `WideContact` since the step began, which the separations are measured from.
/// Kept apart from `WideBody` so it is dead before the impulses start: SSE2 has only 16 vector registers.
struct WideMotion {
    var dpx: Lanes, dpy: Lanes, qc: Lanes, qs: Lanes

    /// Gathers the motion of bodies `i`.
    @inline(__always)
    init(_ s: UnsafeMutablePointer<BodyState>, _ i: SIMD4<Int32>) {
        let b0 = s + Int(i[0]), b1 = s + Int(i[1]), b2 = s + Int(i[2]), b3 = s + Int(i[3])
        dpx = Lanes(Float(b0.pointee.dp.x), Float(b1.pointee.dp.x), Float(b2.pointee.dp.x), Float(b3.pointee.dp.x))
        dpy = Lanes(Float(b0.pointee.dp.y), Float(b1.pointee.dp.y), Float(b2.pointee.dp.y), Float(b3.pointee.dp.y))
        qc = Lanes(Float(b0.pointee.dq.c), Float(b1.pointee.dq.c), Float(b2.pointee.dq.c), Float(b3.pointee.dq.c))
        qs = Lanes(Float(b0.pointee.dq.s), Float(b1.pointee.dq.s), Float(b2.pointee.dq.s), Float(b3.pointee.dq.s))
    }
}
