/// The contact solve on quads of constraints (`WideContact`), in single precision: each lane's arithmetic depends on
/// that lane alone, so a quad gives bit for bit what solving its constraints one after the other, each alone in a
/// quad, would give. The C kernels (`CContactKernels`, chosen by `ContactKernel`) do these functions' operations in
/// the same order in each lane, so they give the same bits: change both together (`SolverKernelTests` compares them).
enum WideContactSolver {
    /// Warm starts every quad, in order, on solver bodies (`SolverBody`) the quads' slots name.
    static func warmStart(_ quads: UnsafeMutableBufferPointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>) {
        guard let base = quads.baseAddress else { return }
        for i in 0..<quads.count { warmStart(base + i, bodies: bodies, points: 2) }
    }

    /// Solves every quad once, in order; specialised for both values of `useBias` so the loop holds no branch on it.
    static func solve(_ quads: UnsafeMutableBufferPointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>,
                      inverseH: Float, useBias: Bool) {
        guard let base = quads.baseAddress else { return }
        if useBias {
            for i in 0..<quads.count { solve(base + i, bodies: bodies, inverseH: inverseH, useBias: true) }
        } else {
            for i in 0..<quads.count { solve(base + i, bodies: bodies, inverseH: inverseH, useBias: false) }
        }
    }

    /// Solves quads whose constraints are all block-solved (see `ContactBlock`).
    static func solveBlock(_ quads: UnsafeMutableBufferPointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>,
                           inverseH: Float, useBias: Bool) {
        guard let base = quads.baseAddress else { return }
        if useBias {
            for i in 0..<quads.count { solveBlock(base + i, bodies: bodies, inverseH: inverseH, useBias: true) }
        } else {
            for i in 0..<quads.count { solveBlock(base + i, bodies: bodies, inverseH: inverseH, useBias: false) }
        }
    }

    /// Warm starts quads whose constraints all have one point (see `warmStart(_:bodies:)`).
    static func warmStartOnePoint(_ quads: UnsafeMutableBufferPointer<WideContact>,
                                  bodies: UnsafeMutablePointer<SolverBody>) {
        guard let base = quads.baseAddress else { return }
        for i in 0..<quads.count { warmStart(base + i, bodies: bodies, points: 1) }
    }

    /// Solves quads whose constraints all have one point: their zero second points are skipped.
    static func solveOnePoint(_ quads: UnsafeMutableBufferPointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>,
                              inverseH: Float, useBias: Bool) {
        guard let base = quads.baseAddress else { return }
        if useBias {
            for i in 0..<quads.count { solveOnePoint(base + i, bodies: bodies, inverseH: inverseH, useBias: true) }
        } else {
            for i in 0..<quads.count { solveOnePoint(base + i, bodies: bodies, inverseH: inverseH, useBias: false) }
        }
    }

    // The same passes straight on the double states, for a few quads whose bodies are body indices (as
    // `WideContact.write` leaves them): each call gives the quads slots, gathers, solves, writes the velocities
    // back and puts the body indices back. The step's passes go through `LaneSchedule`, which gathers once a pass.

    /// Warm starts every quad, in order (see above).
    static func warmStart(_ quads: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>) {
        onStates(quads, states, motion: false) { warmStart(quads, bodies: $0) }
    }

    /// Solves every quad once, in order (see above).
    static func solve(_ quads: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>,
                      inverseH: Float, useBias: Bool) {
        onStates(quads, states, motion: true) { solve(quads, bodies: $0, inverseH: inverseH, useBias: useBias) }
    }

    /// Solves quads whose constraints are all block-solved (see above).
    static func solveBlock(_ quads: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>,
                           inverseH: Float, useBias: Bool) {
        onStates(quads, states, motion: true) { solveBlock(quads, bodies: $0, inverseH: inverseH, useBias: useBias) }
    }

    /// Warm starts quads whose constraints all have one point (see above).
    static func warmStartOnePoint(_ quads: UnsafeMutableBufferPointer<WideContact>,
                                  states: UnsafeMutableBufferPointer<BodyState>) {
        onStates(quads, states, motion: false) { warmStartOnePoint(quads, bodies: $0) }
    }

    /// Solves quads whose constraints all have one point (see above).
    static func solveOnePoint(_ quads: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>,
                              inverseH: Float, useBias: Bool) {
        onStates(quads, states, motion: true) { solveOnePoint(quads, bodies: $0, inverseH: inverseH, useBias: useBias) }
    }

    /// Runs `pass` on solver bodies made for `quads` from `states` and gathered, then writes them back.
    private static func onStates(_ quads: UnsafeMutableBufferPointer<WideContact>,
                                 _ states: UnsafeMutableBufferPointer<BodyState>, motion: Bool,
                                 _ pass: (UnsafeMutablePointer<SolverBody>) -> Void) {
        guard let s = states.baseAddress, !quads.isEmpty else { return }
        var slots = SolverBodies()
        slots.build(quads, states: states)
        slots.withBuffers { buffers in
            buffers.gather(s, motion: motion)
            pass(buffers.bodies.baseAddress.unsafelyUnwrapped)
            buffers.scatter(s)
        }
        slots.restore(quads)
    }

    /// Applies last step's impulses again, so stacks start near their solution.
    @inline(__always)
    static func warmStart(_ c: UnsafePointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>, points: Int) {
        let a = c.pointee.bodyA, b = c.pointee.bodyB
        var A = WideBody(bodies, a, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(bodies, b, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
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
        WideBody.storeVelocities(A, B, of: c, bodies)
    }

    /// One soft iteration of every lane: the normal impulses point by point (with position feedback when `useBias`),
    /// then friction.
    @inline(__always)
    static func solve(_ c: UnsafeMutablePointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>,
                      inverseH: Float, useBias: Bool) {
        let a = c.pointee.bodyA, b = c.pointee.bodyB
        let nx = c.pointee.nx, ny = c.pointee.ny
        // Separations first: they do not depend on velocities, and the motion they need is then dead.
        let mA = WideMotion(bodies, a), mB = WideMotion(bodies, b)
        let s1 = separation(c.pointee.p1, mA, mB, nx, ny), s2 = separation(c.pointee.p2, mA, mB, nx, ny)
        var A = WideBody(bodies, a, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(bodies, b, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
        let biasRate = c.pointee.biasRate, massScale = c.pointee.massScale, impulseScale = c.pointee.impulseScale
        solveNormal(&c.pointee.p1, s1, &A, &B, nx, ny, biasRate, massScale, impulseScale, inverseH, useBias)
        solveNormal(&c.pointee.p2, s2, &A, &B, nx, ny, biasRate, massScale, impulseScale, inverseH, useBias)
        let friction = c.pointee.friction
        solveTangent(&c.pointee.p1, &A, &B, ny, negated(nx), friction)
        solveTangent(&c.pointee.p2, &A, &B, ny, negated(nx), friction)
        WideBody.storeVelocities(A, B, of: c, bodies)
    }

    /// One soft iteration of every lane with the normal impulses of each constraint solved together (the block
    /// form described in `ContactBlock`, each of its cases computed and chosen per lane), then friction.
    @inline(__always)
    static func solveBlock(_ c: UnsafeMutablePointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>,
                           inverseH: Float, useBias: Bool) {
        let a = c.pointee.bodyA, b = c.pointee.bodyB
        let nx = c.pointee.nx, ny = c.pointee.ny
        let mA = WideMotion(bodies, a), mB = WideMotion(bodies, b)
        let s1 = separation(c.pointee.p1, mA, mB, nx, ny), s2 = separation(c.pointee.p2, mA, mB, nx, ny)
        var A = WideBody(bodies, a, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(bodies, b, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
        let p1 = c.pointee.p1, p2 = c.pointee.p2
        let vn1 = relativeVelocityX(p1, A, B) * nx + relativeVelocityY(p1, A, B) * ny
        let vn2 = relativeVelocityX(p2, A, B) * nx + relativeVelocityY(p2, A, B) * ny
        let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
        let (bias1, soft1) = target(s1, c.pointee.biasRate, inverseH, useBias)
        let (bias2, soft2) = target(s2, c.pointee.biasRate, inverseH, useBias)
        let i1 = p1.normalImpulse, i2 = p2.normalImpulse
        let r1 = vn1 + bias1 - (k11 * i1 + k12 * i2)
        let r2 = vn2 + bias2 - (k12 * i1 + k22 * i2)
        let one = Lanes(repeating: 1), softScale = c.pointee.softScale
        let f1 = one.replacing(with: softScale, where: soft1), f2 = one.replacing(with: softScale, where: soft2)
        var cross = one
        cross.replace(with: c.pointee.rootSoftScale, where: soft1 .^ soft2)
        cross.replace(with: softScale, where: soft1 .& soft2)
        let (x1, x2) = complementarity(k11 * f1, k12 * cross, k22 * f2, r1, r2, i1, i2)
        let applied1 = x1 - i1, applied2 = x2 - i2
        c.pointee.p1.normalImpulse = x1
        c.pointee.p2.normalImpulse = x2
        apply(applied1 * nx, applied1 * ny, p1.rAx, p1.rAy, p1.rBx, p1.rBy, &A, &B)
        apply(applied2 * nx, applied2 * ny, p2.rAx, p2.rAy, p2.rBx, p2.rBy, &A, &B)
        let friction = c.pointee.friction
        solveTangent(&c.pointee.p1, &A, &B, ny, negated(nx), friction)
        solveTangent(&c.pointee.p2, &A, &B, ny, negated(nx), friction)
        WideBody.storeVelocities(A, B, of: c, bodies)
    }

    /// Bias of one point in every lane and where it is soft: a gap closes this sub-step (rigid), an overlap is
    /// pushed out softly, and the relax pass only stops the approach (rigid).
    @inline(__always)
    private static func target(_ s: Lanes, _ biasRate: Lanes, _ inverseH: Float,
                               _ useBias: Bool) -> (Lanes, LaneMask) {
        let gap = s .> 0
        var bias = Lanes()
        var soft = LaneMask(repeating: false)
        if useBias {
            bias = lanesMax(biasRate * s, Lanes(repeating: Float(-SolverTuning.contactPushMaxVelocity)))
            soft = .!gap
        }
        bias.replace(with: s * inverseH, where: gap)
        return (bias, soft)
    }

    /// The block's four cases in every lane (as `ContactBlock.complementarity` tries them): each is computed, and
    /// the first that holds is chosen per lane by writing them in reverse order of preference.
    @inline(__always)
    private static func complementarity(_ m11: Lanes, _ k12: Lanes, _ m22: Lanes, _ b1: Lanes, _ b2: Lanes,
                                        _ a1: Lanes, _ a2: Lanes) -> (Lanes, Lanes) {
        let zero = Lanes()
        let det = m11 * m22 - k12 * k12
        let both1 = (k12 * b2 - m22 * b1) / det, both2 = (k12 * b1 - m11 * b2) / det
        let first = negated(b1) / m11
        let second = negated(b2) / m22
        var x1 = a1, x2 = a2
        let neither = (b1 .>= zero) .& (b2 .>= zero)
        x1.replace(with: zero, where: neither); x2.replace(with: zero, where: neither)
        let onlySecond = (second .>= zero) .& (k12 * second + b1 .>= zero)
        x1.replace(with: zero, where: onlySecond); x2.replace(with: second, where: onlySecond)
        let onlyFirst = (first .>= zero) .& (k12 * first + b2 .>= zero)
        x1.replace(with: first, where: onlyFirst); x2.replace(with: zero, where: onlyFirst)
        let bothPush = (both1 .>= zero) .& (both2 .>= zero)
        x1.replace(with: both1, where: bothPush); x2.replace(with: both2, where: bothPush)
        return (x1, x2)
    }

    /// One soft iteration of a quad whose constraints all have one point.
    @inline(__always)
    static func solveOnePoint(_ c: UnsafeMutablePointer<WideContact>, bodies: UnsafeMutablePointer<SolverBody>,
                              inverseH: Float, useBias: Bool) {
        let a = c.pointee.bodyA, b = c.pointee.bodyB
        let nx = c.pointee.nx, ny = c.pointee.ny
        let s1 = separation(c.pointee.p1, WideMotion(bodies, a), WideMotion(bodies, b), nx, ny)
        var A = WideBody(bodies, a, invMass: c.pointee.massA, invInertia: c.pointee.inertiaA)
        var B = WideBody(bodies, b, invMass: c.pointee.massB, invInertia: c.pointee.inertiaB)
        solveNormal(&c.pointee.p1, s1, &A, &B, nx, ny, c.pointee.biasRate, c.pointee.massScale, c.pointee.impulseScale,
                    inverseH, useBias)
        solveTangent(&c.pointee.p1, &A, &B, ny, negated(nx), c.pointee.friction)
        WideBody.storeVelocities(A, B, of: c, bodies)
    }

    /// Current separation of a point from how far its anchors moved since the step began.
    @inline(__always)
    private static func separation(_ p: WidePoint, _ A: WideMotion, _ B: WideMotion, _ nx: Lanes, _ ny: Lanes) -> Lanes {
        let prAx = A.qc * p.rAx - A.qs * p.rAy, prAy = A.qs * p.rAx + A.qc * p.rAy
        let prBx = B.qc * p.rBx - B.qs * p.rBy, prBy = B.qs * p.rBx + B.qc * p.rBy
        let dx = B.dpx - A.dpx + prBx - prAx, dy = B.dpy - A.dpy + prBy - prAy
        return dx * nx + dy * ny + p.baseSeparation
    }

    /// The normal impulse of one point in every lane: a gap closes this sub-step and no further (speculative), an
    /// overlap is pushed out softly (`Softness`) with `useBias`, and only stopped without it.
    @inline(__always)
    private static func solveNormal(_ p: inout WidePoint, _ s: Lanes, _ A: inout WideBody, _ B: inout WideBody,
                                    _ nx: Lanes, _ ny: Lanes, _ biasRate: Lanes, _ massScale: Lanes, _ impulseScale: Lanes,
                                    _ inverseH: Float, _ useBias: Bool) {
        let vn = relativeVelocityX(p, A, B) * nx + relativeVelocityY(p, A, B) * ny
        // Both cases are computed and the speculative one (a gap to close this sub-step, no further) chosen per lane.
        let speculative = negated(p.normalMass) * (vn + s * inverseH)
        var impulse: Lanes
        if useBias {
            let bias = lanesMax(biasRate * s, Lanes(repeating: Float(-SolverTuning.contactPushMaxVelocity)))
            impulse = negated(p.normalMass) * massScale * (vn + bias) - impulseScale * p.normalImpulse
        } else {
            impulse = negated(p.normalMass) * vn
        }
        impulse.replace(with: speculative, where: s .> 0)
        let newImpulse = lanesMax(p.normalImpulse + impulse, Lanes())
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        apply(applied * nx, applied * ny, p.rAx, p.rAy, p.rBx, p.rBy, &A, &B)
    }

    /// The friction impulse of one point in every lane, within the friction cone of its normal impulse.
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

    /// Velocity of B's anchor relative to A's.
    @inline(__always)
    private static func relativeVelocityX(_ p: WidePoint, _ A: WideBody, _ B: WideBody) -> Lanes {
        B.vx + negated(B.w) * p.rBy - A.vx - negated(A.w) * p.rAy
    }

    /// See `relativeVelocityX`.
    @inline(__always)
    private static func relativeVelocityY(_ p: WidePoint, _ A: WideBody, _ B: WideBody) -> Lanes {
        B.vy + B.w * p.rBx - A.vy - A.w * p.rAx
    }

    /// Applies impulse (px, py) to B at rB and its opposite to A at rA.
    @inline(__always)
    private static func apply(_ px: Lanes, _ py: Lanes, _ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                              _ A: inout WideBody, _ B: inout WideBody) {
        A.vx -= A.invMass * px; A.vy -= A.invMass * py
        A.w -= A.invInertia * (rAx * py - rAy * px)
        B.vx += B.invMass * px; B.vy += B.invMass * py
        B.w += B.invInertia * (rBx * py - rBy * px)
    }
}
