import Testing
@testable import Dynamics

/// Elasticity holds at every impact speed above the animator's restitution threshold, and 0 means no rebound.
@Suite struct SceneRestitutionTests {
    /// The speed a ball leaves a wall with, thrown at it at `speed` without gravity.
    static func rebound(speed: Double, elasticity: Double, box: Bool = false) throws -> Double {
        let animator = Animator()
        let ball = try DynamicItem(center: Vector(0, 0), size: Vector(20, 20), shape: box ? .rectangle : .ellipse)
        try ball.setVelocity(Vector(speed, 0))
        let collision = CollisionBehavior(items: [ball])
        // The wall is far enough that the ball crosses a few frames first, whatever its speed.
        let x = max(40, 3 * speed / 60)
        try collision.addBoundary(.string("wall"), from: Vector(x, -100), to: Vector(x, 100))
        try animator.addBehavior(collision)
        let material = DynamicItemBehavior(items: [ball])
        try material.setElasticity(elasticity)
        try animator.addBehavior(material)
        for _ in 0..<600 where ball.velocity.x > 0 { try animator.step() }
        try animator.run(0.1)
        return -ball.velocity.x
    }

    @Test(arguments: [0.5, 0.8, 1.0])
    func reboundIsTheElasticityTimesTheImpactSpeed(_ e: Double) throws {
        for speed in [20.0, 60, 150, 600] {
            let measured = try Self.rebound(speed: speed, elasticity: e)
            #expect(abs(measured - e * speed) <= 0.03 * e * speed, "e \(e) at \(speed) pt/s: rebound \(measured)")
        }
    }

    @Test func elasticityZeroNeverRebounds() throws {
        for speed in [20.0, 60, 150, 600, 3000] {
            for box in [false, true] {
                let measured = try Self.rebound(speed: speed, elasticity: 0, box: box)
                #expect(measured <= 1, "\(box ? "box" : "ball") at \(speed) pt/s rebounds at \(measured)")
            }
        }
    }

    @Test func belowTheThresholdNothingBouncesAndAboveItEverythingDoes() throws {
        let animator = Animator()
        #expect(animator.restitutionThreshold == 10)
        try animator.setRestitutionThreshold(100)
        #expect(animator.restitutionThreshold == 100)
        #expect(throws: DynamicsError.self) { try animator.setRestitutionThreshold(-1) }
        // Just above the default threshold an impact keeps its elasticity.
        #expect(abs(try Self.rebound(speed: 12, elasticity: 1) - 12) < 0.4)
    }

    @Test func aBouncingBallComesToRestOnAFloor() throws {
        let animator = try Animator(referenceSize: Vector(200, 400))
        let ball = try DynamicItem(center: Vector(100, 100), size: Vector(20, 20), shape: .ellipse)
        let collision = CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        let material = DynamicItemBehavior(items: [ball])
        try material.setElasticity(0.8)
        try animator.addBehavior(material)
        let seconds = try animator.runUntilRest(maxSeconds: 30)
        #expect(!animator.isRunning, "the ball rests after \(seconds) s")
        #expect(abs(ball.center.y - 390) < 1)
    }
}
