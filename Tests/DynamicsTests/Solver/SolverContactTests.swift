import Testing
@testable import Dynamics

/// A ball of diameter `d` (a circle).
func ball(_ x: Double, _ y: Double, diameter d: Double = 40, name: String = "ball") throws -> DynamicItem {
    try DynamicItem(center: Vector(x, y), size: Vector(d, d), name: name, shape: .ellipse)
}

/// Contacts against physical expectations: bounces, momentum exchange, friction, tunnelling.
@Suite struct SolverContactTests {
    /// A 320 x 568 animator whose reference bounds are a boundary, with gravity and one collision behaviour.
    static func boxWorld(_ items: [DynamicItem], gravity: Bool = true) throws -> (Animator, CollisionBehavior) {
        let animator = try Animator(referenceSize: Vector(320, 568))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        if gravity { try animator.addBehavior(GravityBehavior(items: items)) }
        return (animator, collision)
    }

    @Test func elasticBallBouncesBackToItsHeight() throws {
        let b = try ball(160, 100)
        let (animator, _) = try Self.boxWorld([b])
        let props = DynamicItemBehavior(items: [b])
        try props.setElasticity(1)
        try animator.addBehavior(props)
        // Fall to the floor (centre at 548), then rise again; record the highest point after the bounce.
        var bounced = false, highest = Double.infinity
        try stepFrames(animator, 120) { _ in
            if b.velocity.y < 0 { bounced = true }
            if bounced { highest = min(highest, b.center.y) }
        }
        #expect(bounced)
        // Drop height 448 pt; the rebound reaches within 2% of it.
        #expect(abs((548 - highest) - 448) < 0.02 * 448)
    }

    @Test func inelasticBallStaysDown() throws {
        let b = try ball(160, 100)
        let (animator, _) = try Self.boxWorld([b])
        var landed = false, highestAfter = Double.infinity
        try stepFrames(animator, 120) { _ in
            if b.center.y > 540 { landed = true }
            if landed { highestAfter = min(highestAfter, b.center.y) }
        }
        #expect(landed)
        #expect(548 - highestAfter < 1)
        try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning)
        #expect(abs(b.center.y - 548) < Tolerance.linearSlop + 0.1)
    }

    @Test func equalCirclesExchangeMomentumHeadOn() throws {
        let a = try ball(50, 300), b = try ball(200, 300)
        let (animator, _) = try Self.boxWorld([a, b], gravity: false)
        let props = DynamicItemBehavior(items: [a, b])
        try props.setElasticity(1)
        try animator.addBehavior(props)
        try a.setVelocity(Vector(300, 0))
        try animator.run(0.4)
        // After the hit (at about 0.37 s) the striker stops and the target leaves at the striker's speed.
        #expect(abs(a.velocity.x) < 0.02 * 300)
        #expect(abs(b.velocity.x - 300) < 0.02 * 300)
        #expect(abs(a.velocity.x + b.velocity.x - 300) < 1e-6)
        #expect(abs(a.velocity.y) < 1e-9 && abs(b.velocity.y) < 1e-9)
    }

    @Test func inelasticEqualCirclesMoveOnTogether() throws {
        let a = try ball(50, 300), b = try ball(200, 300)
        let (animator, _) = try Self.boxWorld([a, b], gravity: false)
        try a.setVelocity(Vector(300, 0))
        try animator.run(0.45)
        #expect(abs(a.velocity.x - 150) < 0.02 * 150)
        #expect(abs(b.velocity.x - 150) < 0.02 * 150)
    }

    /// A box sliding on a floor stops after v0^2 / (2 mu g), mu its own friction (a boundary has none of its own).
    @Test func slidingBoxStopsAtTheFrictionDistance() throws {
        let item = try box(40, 543, side: 50)
        let (animator, _) = try Self.boxWorld([item])
        let props = DynamicItemBehavior(items: [item])
        try props.setFriction(0.25)
        try animator.addBehavior(props)
        try animator.run(0.2) // settle onto the floor
        try item.setVelocity(Vector(200, 0))
        let x0 = item.center.x
        try animator.run(1.5)
        let expected = 200.0 * 200.0 / (2 * 0.25 * 1000)
        #expect(abs(item.velocity.x) < 1)
        #expect(abs((item.center.x - x0) - expected) < 0.03 * expected)
    }

    @Test func bulletDoesNotPassAThinBoundary() throws {
        let animator = Animator()
        let bullet = try box(0, 0, side: 10)
        let wall = CollisionBehavior(items: [bullet])
        try wall.addBoundary(.string("wall"), from: Vector(500, -1000), to: Vector(500, 1000))
        try animator.addBehavior(wall)
        try bullet.setVelocity(Vector(20000, 0))
        var furthest = -Double.infinity
        try stepFrames(animator, 30) { _ in furthest = max(furthest, bullet.center.x) }
        #expect(furthest < 500)
        #expect(bullet.center.x < 500)
        #expect(furthest > 480) // it did reach the wall
    }

    @Test func bulletDoesNotPassAThinMovablePlank() throws {
        let animator = Animator()
        let bullet = try ball(0, 0, diameter: 10), plank = try DynamicItem(center: Vector(400, 0), size: Vector(10, 300))
        let c = CollisionBehavior(items: [bullet, plank])
        try animator.addBehavior(c)
        try bullet.setVelocity(Vector(20000, 0))
        let p0 = bullet.mass * 20000
        var furthest = -Double.infinity
        try stepFrames(animator, 20) { _ in furthest = max(furthest, bullet.center.x - plank.center.x) }
        // The bullet never gets past the plank's near face, and what it carried went into the plank.
        #expect(furthest < -5 + Tolerance.linearSlop)
        #expect(plank.velocity.x > 0)
        let p = bullet.mass * bullet.velocity.x + plank.mass * plank.velocity.x
        #expect(abs(p - p0) < 1e-6 * p0)
    }

    @Test func fastBallDoesNotLeaveTheReferenceBounds() throws {
        let b = try ball(160, 284, diameter: 8)
        let (animator, _) = try Self.boxWorld([b], gravity: false)
        let props = DynamicItemBehavior(items: [b])
        try props.setElasticity(1)
        try animator.addBehavior(props)
        try b.setVelocity(Vector(15000, 9000))
        var inside = true
        try stepFrames(animator, 120) { _ in
            if b.center.x < 0 || b.center.x > 320 || b.center.y < 0 || b.center.y > 568 { inside = false }
        }
        #expect(inside)
    }

    @Test func boxRestsOnAnAnchoredItem() throws {
        let shelf = try DynamicItem(center: Vector(160, 300), size: Vector(200, 20))
        let item = try box(160, 200, side: 40)
        let (animator, _) = try Self.boxWorld([shelf, item])
        let fix = DynamicItemBehavior(items: [shelf])
        fix.anchored = true
        try animator.addBehavior(fix)
        try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning)
        #expect(abs(item.center.y - 270) < 1)
        #expect(shelf.center == Vector(160, 300))
    }
}
