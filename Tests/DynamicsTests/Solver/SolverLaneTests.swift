import Testing
@testable import Dynamics

/// The four-lane contact solve: constraints grouped by level into quads must give exactly what solving them one by
/// one gives.
@Suite struct SolverLaneTests {
    /// A moving body's state: unit mass and inertia, the given motion.
    static func moving(_ v: Vector, _ w: Double, dp: Vector = .zero, angle: Double = 0) -> BodyState {
        BodyState(v: v, w: w, dp: dp, dq: Rotation(angle: angle), invMass: 1, invInertia: 0.5)
    }

    /// A constraint between `a` and `b` with one or two points, as `ContactSolver.prepare` would make it from these
    /// numbers (a second point it lacks stays zero).
    /// With `block`, a two-point constraint gets its normal block from the bodies' unit masses and inertia 0.5,
    /// so its normal impulses are solved together.
    static func constraint(_ a: Int32, _ b: Int32, normal: Vector, separation: Double, friction: Double,
                           softness: Softness, impulse: Double, points: Int, block: Bool = false) -> ContactConstraint {
        var c = ContactConstraint(contact: 0, bodyA: a, bodyB: b)
        c.normal = normal
        c.friction = friction
        c.softness = softness
        c.pointCount = points
        for k in 0..<points {
            var p = ContactConstraintPoint()
            p.rA = Vector(k == 0 ? -3 : 4, 7)
            p.rB = Vector(k == 0 ? -2.5 : 3.5, -6)
            p.baseSeparation = separation + Double(k) * 0.25
            p.normalImpulse = impulse
            p.tangentImpulse = 0.1 * impulse
            p.normalMass = 0.4 + 0.1 * Double(k)
            p.tangentMass = 0.3
            if k == 0 { c.p1 = p } else { c.p2 = p }
        }
        if block && points == 2 {
            c.block = ContactBlock(c.p1, c.p2, normal, a == 0 ? 0 : 1, a == 0 ? 0 : 0.5, 1, 0.5)
        }
        return c
    }

    /// Bit patterns of what solving changes: velocities and the impulses of the points a constraint has.
    static func bits(_ states: [BodyState], _ constraints: [ContactConstraint]) -> [UInt64] {
        states.flatMap { [$0.v.x.bitPattern, $0.v.y.bitPattern, $0.w.bitPattern] }
            + constraints.flatMap { c in
                [c.p1, c.p2].prefix(c.pointCount).flatMap {
                    [$0.normalImpulse.bitPattern, $0.tangentImpulse.bitPattern]
                }
            }
    }

    /// Warm starts and solves the quads of `sources` in order, the way the schedule does for a quad's kind.
    static func solveQuads(_ sources: [SIMD4<Int32>], _ constraints: inout [ContactConstraint], _ states: inout [BodyState],
                           useBias: Bool) {
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in
                for quad in sources {
                    var wide = [WideContact()]
                    let real = (0..<4).filter { quad[$0] >= 0 }.map { c[Int(quad[$0])] }
                    wide.withUnsafeMutableBufferPointer { p in
                        WideContact.write(p.baseAddress!, quad, c.baseAddress!, states: s.baseAddress!)
                        // Quads of one-point constraints take the path that skips the second points, as scheduled.
                        if real[0].isBlockSolved {
                            WideContactSolver.warmStart(p, states: s)
                            WideContactSolver.solveBlock(p, states: s, inverseH: 240, useBias: useBias)
                        } else if real.allSatisfy({ $0.pointCount == 1 }) {
                            WideContactSolver.warmStartOnePoint(p, states: s)
                            WideContactSolver.solveOnePoint(p, states: s, inverseH: 240, useBias: useBias)
                        } else {
                            WideContactSolver.warmStart(p, states: s)
                            WideContactSolver.solve(p, states: s, inverseH: 240, useBias: useBias)
                        }
                    }
                    for lane in 0..<4 where quad[lane] >= 0 { wide[0].storeImpulses(lane: lane, into: &c[Int(quad[lane])]) }
                }
            }
        }
    }

    @Test func aQuadSolvesBitForBitAsItsConstraintsEachAlone() {
        let soft = Softness(hertz: 60, zeta: 10, h: 1.0 / 240)
        // Body 0 is static (zero state) and shared; bodies 1-7 move.
        let states0 = [BodyState(), Self.moving(Vector(1, -2), 0.3, dp: Vector(0.1, 0.2), angle: 0.05),
                       Self.moving(Vector(-0.5, 4), -0.2, dp: Vector(-0.3, 0), angle: -0.02),
                       Self.moving(Vector(2, 1), 0.1), Self.moving(Vector(0, -3), -0.4, dp: Vector(0, 0.3)),
                       Self.moving(Vector(-1, -1), 0.2, angle: 0.1), Self.moving(Vector(0.5, 2), 0),
                       Self.moving(Vector(3, -0.5), -0.1, dp: Vector(0.2, -0.1), angle: -0.04)]
        // Each lane's case: overlapping (soft), a speculative gap, one point overlapping and one with a gap (block).
        for (points, block) in [([2, 2, 2, 2], false), ([1, 1, 1, 1], false), ([1, 2, 1, 2], false),
                                ([2, 1, 1, 1], false), ([2, 2, 2, 2], true)] {
            let constraints0 = [
                Self.constraint(1, 2, normal: Vector(0.6, 0.8), separation: -0.7, friction: 0.6, softness: soft,
                                impulse: 2, points: points[0], block: block),
                Self.constraint(0, 3, normal: Vector(0, -1), separation: block ? -0.1 : 0.3, friction: 0.4,
                                softness: soft, impulse: 1, points: points[1], block: block),
                Self.constraint(4, 5, normal: Vector(-0.8, 0.6), separation: -0.2, friction: 0, softness: soft,
                                impulse: 0.5, points: points[2], block: block),
                Self.constraint(0, 7, normal: Vector(0.8, -0.6), separation: -0.05, friction: 1, softness: soft,
                                impulse: 3, points: points[3], block: block),
            ]
            #expect(constraints0.allSatisfy { $0.isBlockSolved == block })
            for useBias in [true, false] {
                var aloneStates = states0, alone = constraints0
                Self.solveQuads((0..<4).map { SIMD4(Int32($0), -1, -1, -1) }, &alone, &aloneStates, useBias: useBias)
                var quadStates = states0, quad = constraints0
                Self.solveQuads([SIMD4(0, 1, 2, 3)], &quad, &quadStates, useBias: useBias)
                // Something happened, and exactly the same thing.
                #expect(alone[0].p1.normalImpulse != constraints0[0].p1.normalImpulse)
                #expect(aloneStates.map(\.v) != states0.map(\.v) && aloneStates[7].w != states0[7].w)
                #expect(Self.bits(quadStates, quad) == Self.bits(aloneStates, alone), "points \(points), block \(block)")
                // A lane left empty changes nothing: three constraints in a quad give what they give alone.
                var threeStates = states0, three = constraints0
                Self.solveQuads([SIMD4(0, 1, 2, -1), SIMD4(3, -1, -1, -1)], &three, &threeStates, useBias: useBias)
                #expect(Self.bits(threeStates, three) == Self.bits(aloneStates, alone))
            }
        }
    }

    /// The single-precision solve stays within float rounding of the same soft step done in double precision: one
    /// overlapping point of a unit-mass body on the ground, solved once.
    @Test func theFloatSolveMatchesTheSoftStepInDoublePrecision() {
        let soft = Softness(hertz: 60, zeta: 10, h: 1.0 / 240)
        let v0 = Vector(0.3, -2), separation = -0.4, impulse0 = 0.7
        var states = [BodyState(), BodyState(v: v0, w: 0, dp: .zero, dq: .identity, invMass: 1, invInertia: 0)]
        var c = [ContactConstraint(contact: 0, bodyA: 0, bodyB: 1)]
        c[0].normal = Vector(0, 1)
        c[0].softness = soft
        c[0].pointCount = 1
        c[0].p1.baseSeparation = separation
        c[0].p1.normalImpulse = impulse0
        c[0].p1.normalMass = 1
        Self.solveQuads([SIMD4(0, -1, -1, -1)], &c, &states, useBias: true)
        // Warm start, then the soft step in closed form: the ground does not move, the normal mass is 1.
        let vn = v0.y + impulse0
        let bias = max(soft.biasRate * separation, -SolverTuning.contactPushMaxVelocity)
        let increment = -soft.massScale * (vn + bias) - soft.impulseScale * impulse0
        let expected = max(impulse0 + increment, 0)
        #expect(expected > impulse0)
        #expect(abs(c[0].p1.normalImpulse - expected) <= 1e-6 * expected)
        #expect(abs(states[1].v.y - (vn + expected - impulse0)) <= 1e-6 * abs(vn + expected - impulse0))
        #expect(states[1].v.x == Double(Float(v0.x)))
    }

    @Test func theScheduleKeepsTheOrderOfEveryTwoConstraintsThatShareAMovingBody() {
        // Bodies 1-3 form one island, 4-5 another, 6 a third; 0 is static and touches all of them.
        var states = [BodyState()] + (1...6).map { _ in Self.moving(.zero, 0) }
        let edges: [(Int32, Int32)] = [(0, 1), (1, 2), (0, 4), (2, 3), (4, 5), (0, 6), (3, 1), (5, 0), (0, 2), (0, 3)]
        // Every kind: block-solved, other two-point and one-point constraints, and a level mixing the first two.
        let blockSolved: Set = [0, 2, 3, 7], onePoint: Set = [6, 8, 9]
        var constraints = edges.enumerated().map { i, e in
            var c = ContactConstraint(contact: 0, bodyA: e.0, bodyB: e.1)
            c.pointCount = onePoint.contains(i) ? 1 : 2
            if blockSolved.contains(i) { c.block.k11 = 1 }
            return c
        }
        var lanes = ContactLanes()
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in lanes.build(c, states: s) }
        }
        func moving(_ i: Int32) -> Set<Int32> { Set([edges[Int(i)].0, edges[Int(i)].1].filter { $0 != 0 }) }
        // The solve order: runs of block-solved quads, two-point quads and one-point quads (all lanes at once).
        var solveOrder: [Int32] = [], p = 0, shared = 0
        for r in stride(from: 0, to: lanes.runs.count, by: ContactLanes.kinds) {
            let quadCount = Int(lanes.runs[r] + lanes.runs[r + 1] + lanes.runs[r + 2])
            for quad in lanes.sources[p..<p + quadCount] {
                let members = (0..<4).map { quad[$0] }.filter { $0 >= 0 }
                #expect(!members.isEmpty && quad[0] >= 0, "a quad's first lane is never empty")
                for i in members.indices {
                    for j in members.indices where j > i {
                        #expect(moving(members[i]).isDisjoint(with: moving(members[j])), "a quad shares a moving body")
                    }
                }
                if members.count > 1 { shared += 1 }
                solveOrder += members
            }
            p += quadCount
        }
        #expect(p == lanes.quads.count)
        #expect(shared >= 3)
        #expect(solveOrder.sorted() == Array(0..<Int32(edges.count)))
        for i in 0..<Int32(edges.count) {
            for j in (i + 1)..<Int32(edges.count) where !moving(i).isDisjoint(with: moving(j)) {
                let at = { (k: Int32) in solveOrder.firstIndex(of: k) ?? -1 }
                #expect(at(i) < at(j), "constraints \(i) and \(j) share a body and must keep their order")
            }
        }
    }

    /// Builds rows of separate small stacks, some tilted and bouncy, and runs them with or without grouping;
    /// returns the final poses and the most quads that held more than one constraint in a step.
    static func stacks(grouping: Bool) throws -> (bits: [UInt64], sharedQuads: Int) {
        let animator = try Animator(referenceSize: Vector(1200, 600))
        var items: [DynamicItem] = []
        for stack in 0..<7 {
            for level in 0..<(3 + stack % 3) {
                let x = 80 + Double(stack) * 160 + Double(level % 2) * 4
                let b = try box(x, 580 - Double(level) * 31, side: 30)
                try b.setAngle(0.02 * Double(stack - 3))
                items.append(b)
            }
        }
        items.append(try box(600, 100, side: 20))
        // Balls touch at one point: their pairs skip the second point.
        for k in 0..<6 { items.append(try ball(150 + Double(k) * 150, 200 - Double(k % 2) * 60, diameter: 24)) }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: items)
        try props.setFriction(0.6)
        try props.setElasticity(0.3)
        for b in [collision, GravityBehavior(items: items), props] as [DynamicBehavior] { try animator.addBehavior(b) }
        animator.world.enableSleep = false
        animator.world.scratchLanes.grouping = grouping
        var shared = 0
        try stepFrames(animator, 150) { _ in
            let sources = animator.world.scratchLanes.sources
            shared = max(shared, sources.filter { $0[1] >= 0 }.count)
        }
        return (items.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.angle.bitPattern] }, shared)
    }

    @Test func groupedConstraintsGiveTheOneByOneResultBitForBit() throws {
        let grouped = try Self.stacks(grouping: true), alone = try Self.stacks(grouping: false)
        #expect(grouped.sharedQuads > 5)
        #expect(alone.sharedQuads == 0)
        #expect(grouped.bits == alone.bits)
    }
}
