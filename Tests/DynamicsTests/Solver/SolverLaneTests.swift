import Testing
@testable import Dynamics

/// The two-lane contact solve: constraints paired by level must give exactly what the one-by-one solve gives.
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
        c.softScale = 1 / softness.massScale
        c.rootSoftScale = c.softScale.squareRoot()
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
                    [$0.normalImpulse.bitPattern, $0.tangentImpulse.bitPattern, $0.maxNormalImpulse.bitPattern]
                }
            }
    }

    @Test func aPairSolvesBitForBitAsItsTwoConstraintsOneAfterTheOther() {
        let soft = Softness(hertz: 60, zeta: 10, h: 1.0 / 240)
        // Body 0 is static (zero state); the first constraint overlaps (soft case), the second is a speculative gap.
        let states0 = [BodyState(), Self.moving(Vector(1, -2), 0.3, dp: Vector(0.1, 0.2), angle: 0.05),
                       Self.moving(Vector(-0.5, 4), -0.2, dp: Vector(-0.3, 0), angle: -0.02),
                       Self.moving(Vector(2, 1), 0.1)]
        // Block-solved pairs: one lane overlaps, the other has a gap at one point and touches at the other.
        for (pointsA, pointsB, block) in [(2, 2, false), (1, 1, false), (1, 2, false), (2, 1, false), (2, 2, true)] {
        let constraints0 = [
            Self.constraint(1, 2, normal: Vector(0.6, 0.8), separation: -0.7, friction: 0.6, softness: soft, impulse: 2,
                            points: pointsA, block: block),
            Self.constraint(0, 3, normal: Vector(0, -1), separation: block ? -0.1 : 0.3, friction: 0.4, softness: soft,
                            impulse: 1, points: pointsB, block: block),
        ]
        #expect(constraints0.allSatisfy { $0.isBlockSolved == block })
        for useBias in [true, false] {
            var scalarStates = states0, scalar = constraints0
            scalarStates.withUnsafeMutableBufferPointer { s in
                for i in scalar.indices { ContactSolver.warmStart(scalar[i], states: s) }
                for i in scalar.indices { ContactSolver.solve(&scalar[i], states: s, inverseH: 240, useBias: useBias) }
            }
            var wideStates = states0, wide = constraints0
            var pairs = wideStates.withUnsafeMutableBufferPointer { [WideContact(wide[0], wide[1], states: $0)] }
            wideStates.withUnsafeMutableBufferPointer { s in
                pairs.withUnsafeMutableBufferPointer { p in
                    // Pairs of one-point constraints take the path that skips the second points, as scheduled.
                    if block {
                        WideContactSolver.warmStart(p, states: s)
                        WideContactSolver.solveBlock(p, states: s, inverseH: 240, useBias: useBias)
                    } else if max(pointsA, pointsB) == 1 {
                        WideContactSolver.warmStartOnePoint(p, states: s)
                        WideContactSolver.solveOnePoint(p, states: s, inverseH: 240, useBias: useBias)
                    } else {
                        WideContactSolver.warmStart(p, states: s)
                        WideContactSolver.solve(p, states: s, inverseH: 240, useBias: useBias)
                    }
                }
            }
            pairs[0].storeImpulses(lane: 0, into: &wide[0])
            pairs[0].storeImpulses(lane: 1, into: &wide[1])
            // Something happened, and exactly the same thing.
            #expect(scalar[0].p1.normalImpulse != constraints0[0].p1.normalImpulse)
            #expect(Self.bits(wideStates, wide) == Self.bits(scalarStates, scalar), "points \(pointsA), \(pointsB)")
        }
        }
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
        // The solve order: runs of block-solved pairs, two-point pairs, one-point pairs (both lanes at once) and
        // singles.
        var solveOrder: [Int32] = [], p = 0, q = 0
        for r in stride(from: 0, to: lanes.runs.count, by: ContactLanes.kinds) {
            let pairCount = Int(lanes.runs[r] + lanes.runs[r + 1] + lanes.runs[r + 2])
            for (first, second) in lanes.sources[p..<p + pairCount] {
                #expect(moving(first).isDisjoint(with: moving(second)), "a pair shares a moving body")
                solveOrder += [first, second]
            }
            solveOrder += lanes.singles[q..<q + Int(lanes.runs[r + 3])]
            p += pairCount; q += Int(lanes.runs[r + 3])
        }
        #expect(p == lanes.pairs.count && q == lanes.singles.count)
        #expect(lanes.pairs.count >= 3)
        #expect(solveOrder.sorted() == Array(0..<Int32(edges.count)))
        for i in 0..<Int32(edges.count) {
            for j in (i + 1)..<Int32(edges.count) where !moving(i).isDisjoint(with: moving(j)) {
                let at = { (k: Int32) in solveOrder.firstIndex(of: k) ?? -1 }
                #expect(at(i) < at(j), "constraints \(i) and \(j) share a body and must keep their order")
            }
        }
    }

    /// Builds rows of separate small stacks, some tilted and bouncy, and runs them with or without pairing.
    static func stacks(pairing: Bool) throws -> (bits: [UInt64], pairs: Int) {
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
        animator.world.scratchLanes.pairing = pairing
        var pairs = 0
        try stepFrames(animator, 150) { _ in pairs = max(pairs, animator.world.scratchLanes.pairs.count) }
        return (items.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.angle.bitPattern] }, pairs)
    }

    @Test func pairedConstraintsGiveTheOneByOneResultBitForBit() throws {
        let paired = try Self.stacks(pairing: true), alone = try Self.stacks(pairing: false)
        #expect(paired.pairs > 5)
        #expect(alone.pairs == 0)
        #expect(paired.bits == alone.bits)
    }
}
