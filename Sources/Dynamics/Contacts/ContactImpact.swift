/// Restitution as a sequence of two-body collisions, resolved in each sub-step before the soft solve.
///
/// A contact point that approaches faster than the restitution threshold and would close within the sub-step is
/// an impact: it gets the normal impulse that turns its current approach speed u into e u apart, e being the
/// contact's restitution. That can make a neighbouring contact approach (the next ball of a Newton's cradle), which
/// is then an impact of its own; the passes repeat until no contact approaches that fast. The impact so travels
/// through touching bodies in the order it happens, each collision between two bodies only, as in a cradle whose
/// balls hang a hair apart: for equal masses and e = 1 the whole velocity moves to the last one. Every impulse is
/// equal and opposite, so momentum is kept; for e = 1 every collision keeps the energy of the pair.
///
/// Resolved after the soft solve instead (as a single pass with the approach speeds of the step start), the impact
/// would already have been shared out: the soft solve pushes the struck body into the next one and the chain
/// moves on together, and bouncing each contact back by its own start speed gives nothing like a cradle.
/// Resolving impacts first leaves the soft solve nothing approaching to pass on.
///
/// Impacts are found after the sub-step's velocity integration, so a body whose gap gravity closes within the
/// sub-step bounces (the speculative solve would otherwise stop it at the surface, at no speed to bounce with). But
/// whether a point approaches faster than the threshold is judged on its speed without what this sub-step's
/// integration added (`VelocityChange`): a body resting on a bouncy floor gains g h of
/// approach every sub-step, and that is no impact.
///
/// A point with a gap bounces where it is, up to one sub-step's travel before touching (1.25 pt at 300 pt/s with
/// the default 4 sub-steps of a 1/60 frame).
enum ContactImpact {
    /// At most this many passes beyond the number of bouncing constraints. A row of n touching bodies hit at one end
    /// needs at most n passes in any constraint order; the cap keeps a jammed cluster of very elastic bodies cheap.
    static let extraPasses = 8

    /// A constraint is an impact at most this many times in one sub-step's passes; what still approaches after that
    /// is left to the soft solve, as an inelastic contact. A cradle's contact collides once for each ball that
    /// swings in (three of five in the tests), but in a pile that something presses together (a stirred heap of
    /// thousands of slightly elastic bodies) the collisions pass back and forth, each taking a little of the
    /// approach, for as many passes as the cap allows: the heap's impacts would otherwise cost nearly the square of
    /// its contacts every sub-step.
    static let maxImpactsPerConstraint: UInt8 = 8

    /// From this many bouncing constraints on, a pass after the first visits only the constraints on its worklist
    /// (`ImpactWorklist`) instead of scanning them all for one whose bodies changed: a dense pile of elastic bodies
    /// can take nearly as many passes as it has bouncing constraints, and scanning made that quadratic.
    static let worklistMinimum = 32

    /// Resolves the impacts among `bouncing` (indices of constraints with restitution) at the current velocities.
    /// `impactImpulse` of each constraint receives what it applied. `passLimit` caps the passes (by default
    /// `bouncing.count + extraPasses`); a step that resolves its islands' impacts separately gives each the cap of
    /// the whole step, so each island stops where it would have stopped among the others.
    ///
    /// After the first pass a constraint is visited again only when one of its bodies changed in the pass before or
    /// in this one (`changed` holds, per body, the last pass that changed it; `pass` counts passes through the
    /// step): a constraint whose bodies kept their velocities since it was found no impact is still none, so
    /// skipping it changes nothing but the cost. Constraints are visited in the order of `bouncing` within a pass,
    /// whichever way they are found (`worklistFrom`: the fewest bouncing constraints for the worklist; tests
    /// compare both ways), so the result is the same bit for bit.
    static func resolve(_ bouncing: UnsafeBufferPointer<Int32>, _ cons: UnsafeMutableBufferPointer<ContactConstraint>,
                        states: UnsafeMutableBufferPointer<BodyState>, gains: UnsafeBufferPointer<VelocityChange>,
                        changed: UnsafeMutableBufferPointer<Int32>, pass: inout Int32, threshold: Double, h: Double,
                        passLimit: Int? = nil, worklistFrom: Int = worklistMinimum) {
        let maxPasses = passLimit ?? bouncing.count + extraPasses
        if bouncing.count >= worklistFrom {
            ImpactWorklist.resolve(bouncing, cons, states: states, gains: gains, changed: changed, pass: &pass,
                                   threshold: threshold, h: h, maxPasses: maxPasses)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bouncing.count) { impacts in
            impacts.initialize(repeating: 0)
            for p in 0..<maxPasses {
                let current = pass
                pass += 1
                var applied = false
                for k in bouncing.indices where impacts[k] < maxImpactsPerConstraint {
                    let c = Int(bouncing[k])
                    let a = Int(cons[c].bodyA), b = Int(cons[c].bodyB)
                    if p > 0 && changed[a] < current - 1 && changed[b] < current - 1 { continue }
                    guard collide(&cons[c], states: states, gains: gains, threshold: threshold, h: h) else { continue }
                    applied = true
                    impacts[k] += 1
                    // Static and kinematic bodies keep their velocities: marking them would revisit all they touch.
                    if states[a].moves { changed[a] = current }
                    if states[b].moves { changed[b] = current }
                }
                guard applied else { break }
            }
        }
    }

    /// One collision of constraint `c`, if one of its points is an impact now. Returns whether it applied an impulse.
    @inline(__always)
    static func collide(_ c: inout ContactConstraint, states: UnsafeMutableBufferPointer<BodyState>,
                        gains: UnsafeBufferPointer<VelocityChange>, threshold: Double, h: Double) -> Bool {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        var pair = BodyPair(a: states[a], b: states[b])
        let n = c.normal, e = c.restitution
        let vn1 = dot(pair.relativeVelocity(c.p1.rA, c.p1.rB), n)
        // Cheapest test first: most contacts do not approach that fast.
        let gain1 = vn1 < -threshold ? gains[b].along(n, at: c.p1.rB) - gains[a].along(n, at: c.p1.rA) : 0
        let hit1 = vn1 < -threshold && isImpact(ContactSolver.separation(c.p1, pair, n), vn1, gain1, threshold, h)
        if c.pointCount == 1 {
            guard hit1 else { return false }
            let impulse = -c.p1.normalMass * (1 + e) * approach(vn1, gain1)
            pair.apply(impulse * n, c.p1.rA, c.p1.rB)
            c.impactImpulse += impulse
        } else {
            let vn2 = dot(pair.relativeVelocity(c.p2.rA, c.p2.rB), n)
            let gain2 = vn2 < -threshold ? gains[b].along(n, at: c.p2.rB) - gains[a].along(n, at: c.p2.rA) : 0
            let hit2 = vn2 < -threshold && isImpact(ContactSolver.separation(c.p2, pair, n), vn2, gain2, threshold, h)
            guard hit1 || hit2 else { return false }
            if c.isBlockSolved {
                // Both points at once (see `ContactBlock`), so a box landing flat bounces flat. A point that is no
                // impact must only not approach further than its gap allows.
                let s1 = ContactSolver.separation(c.p1, pair, n), s2 = ContactSolver.separation(c.p2, pair, n)
                let b1 = target(s1, vn1, gain1, hit1, e, h)
                let b2 = target(s2, vn2, gain2, hit2, e, h)
                let k = c.block
                let (x1, x2) = ContactBlock.complementarity(k.k11, k.k12, k.k22, b1, b2, 0, 0)
                guard x1 > 0 || x2 > 0 else { return false }
                pair.apply(x1 * n, c.p1.rA, c.p1.rB)
                pair.apply(x2 * n, c.p2.rA, c.p2.rB)
                c.impactImpulse += x1 + x2
            } else {
                // Points too close together for the block: the faster approach bounces, the other follows.
                if hit1 && (!hit2 || vn1 <= vn2) {
                    let impulse = -c.p1.normalMass * (1 + e) * approach(vn1, gain1)
                    pair.apply(impulse * n, c.p1.rA, c.p1.rB)
                    c.impactImpulse += impulse
                } else {
                    let impulse = -c.p2.normalMass * (1 + e) * approach(vn2, gain2)
                    pair.apply(impulse * n, c.p2.rA, c.p2.rB)
                    c.impactImpulse += impulse
                }
            }
        }
        pair.storeVelocities(into: states, a, b)
        return true
    }

    /// An approach that closes the gap to within this distance in the sub-step is an impact. The soft solve's
    /// speculative step compares the gap with the speed left after the warm start and the joints, and a point that
    /// narrowly missed being an impact here would be stopped there at the surface, with no speed left to bounce.
    static let reach = 0.01 * Tolerance.linearSlop

    /// Whether a point approaching at normal speed `vn` (negative when approaching) with separation `s` is an impact:
    /// faster than the threshold without this sub-step's integration gain `gain`, and touching or closing its gap
    /// within the sub-step.
    @inline(__always)
    static func isImpact(_ s: Double, _ vn: Double, _ gain: Double, _ threshold: Double, _ h: Double) -> Bool {
        vn - gain < -threshold && vn < -threshold && s + 2 * vn * h <= reach
    }

    /// The approach speed an impact reverses: the normal speed at the middle of the sub-step, half the integration's
    /// gain less than now. The sub-step moves the body by the speed after the whole gain, so reversing that instead
    /// would raise a ball bouncing under gravity by about one sub-step's travel each bounce; reversing the speed at
    /// the middle gives back the height it fell from.
    @inline(__always)
    static func approach(_ vn: Double, _ gain: Double) -> Double {
        vn - 0.5 * gain
    }

    /// The right-hand side of a point's row in the block: an impact's normal speed must change by at least
    /// -(1 + e) u (u its `approach`), as a single point's does, and otherwise no faster an approach than closing its gap within the sub-step
    /// (none when touching).
    @inline(__always)
    private static func target(_ s: Double, _ vn: Double, _ gain: Double, _ hit: Bool, _ e: Double, _ h: Double)
        -> Double {
        hit ? (1 + e) * approach(vn, gain) : vn + max(s, 0) / h
    }
}

/// How a body's velocity changed in the sub-step's velocity integration (gravity, forces, fields, damping), for
/// `ContactImpact`; zero for bodies the integration does not move.
struct VelocityChange {
    var v = Vector.zero
    var w: Double = 0

    /// The change of the velocity of the point at `r` from the centre, along `n`.
    @inline(__always)
    func along(_ n: Vector, at r: Vector) -> Double { dot(v + cross(w, r), n) }

    /// Starts measuring what a sub-step's integration adds to the bodies of `inputs`: each gets minus its velocity
    /// now (`finishMeasuring` adds the velocity after).
    static func startMeasuring(_ gains: UnsafeMutableBufferPointer<VelocityChange>,
                               inputs: some Sequence<VelocityInput>, states: UnsafeMutableBufferPointer<BodyState>) {
        for input in inputs {
            let s = states[Int(input.body)]
            gains[Int(input.body)] = VelocityChange(v: -s.v, w: -s.w)
        }
    }

    /// Ends what `startMeasuring` began: each body's gain becomes the change of its velocity since.
    static func finishMeasuring(_ gains: UnsafeMutableBufferPointer<VelocityChange>,
                                inputs: some Sequence<VelocityInput>, states: UnsafeMutableBufferPointer<BodyState>) {
        for input in inputs {
            let s = states[Int(input.body)]
            gains[Int(input.body)].v += s.v
            gains[Int(input.body)].w += s.w
        }
    }
}
