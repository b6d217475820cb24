import Testing
@testable import Dynamics

/// Tall columns kept awake: the solver alone must hold them, with nothing asleep to help.
@Suite struct SceneColumnTests {
    /// 20 boxes of 30 pt on the floor of a 1000 pt world, friction 0.6, 4 sub-steps, sleep off, for 10 s.
    /// A column that buckles tips its upper boxes over by many points; one that stands only settles by a fraction of
    /// the speculative distance. Every box must stay on the one below it and upright. The soft contacts compress in
    /// proportion to their load (below), so a lean would load one side more; solving each manifold's two normal
    /// impulses together keeps the loads level, and the column stands (docs/performance.md, "Tall columns").
    @Test func twentyBoxColumnStandsTenSecondsAwakeAtFourSubsteps() throws {
        let boxes = try SceneStackingTests.column()
        let animator = try SceneStackingTests.world(boxes)
        #expect(animator.substeps == 4)
        animator.allowsSleep = false
        let drift = try SceneStackingTests.stand(animator, boxes, seconds: 10)
        #expect(animator.isRunning)
        #expect(drift < 1.5)
        #expect(boxes.allSatisfy { abs($0.angle) < 0.01 })
    }

    /// Soft contacts in closed form: the two points of a manifold sink together as one spring of stiffness
    /// m_eff * omega^2 per point, with omega = 2 pi times a quarter of the sub-step rate and m_eff the sinking mode's
    /// effective mass per point, so each contact compresses in proportion to the weight it carries. Checked on a
    /// 10-box column: the top contact holds one box, the bottom box-on-box contact nine.
    @Test func columnContactsCompressInProportionToTheirLoad() throws {
        let side = SceneStackingTests.side
        let boxes = try (0..<10).map { try box(500, 1000 - side / 2 - Double($0) * side, side: side) }
        let animator = try SceneStackingTests.world(boxes)
        animator.allowsSleep = false
        try animator.run(2)
        let w = animator.world
        func meanSeparation(_ lower: DynamicItem, _ upper: DynamicItem) -> Double? {
            guard let c = w.contactOfPair[Contact.key(lower.shapeID, upper.shapeID)], w.contacts[Int(c)].touching,
                  let p1 = w.manifold(ofContact: c).point1, let p2 = w.manifold(ofContact: c).point2 else { return nil }
            return 0.5 * (p1.separation + p2.separation)
        }
        let top = try #require(meanSeparation(boxes[8], boxes[9]))
        let bottom = try #require(meanSeparation(boxes[0], boxes[1]))
        // Between two equal boxes, an impulse at one corner point changes the normal speed there by
        // k11 = 2/m + 2 r^2 / I and at the other corner by k12 = 2/m - 2 r^2 / I (r = side / 2); sinking together,
        // each point has effective mass 1 / (k11 + k12) = m / 4: rotation takes no part.
        let m = side * side / 10000, inertia = m * 2 * side * side / 12, r = side / 2
        let effectiveMass = 1 / ((2 / m + 2 * r * r / inertia) + (2 / m - 2 * r * r / inertia))
        let omega = 2 * Double.pi * SolverTuning.contactHertzPerSubstepRate * Double(animator.substeps) / animator.timeStep
        let expectedTop = m * GravityBehavior.pointsPerSecondSquared / 2 / (effectiveMass * omega * omega)
        #expect(abs(-top - expectedTop) < 0.15 * expectedTop)
        #expect(abs(bottom / top - 9) < 0.15 * 9)
    }
}
