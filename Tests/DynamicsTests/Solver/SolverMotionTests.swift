import Testing
@testable import Dynamics

/// Motion without contacts against closed forms: free fall, projectiles, pushes.
@Suite struct SolverMotionTests {
    @Test func freeFallMatchesHalfGTSquared() throws {
        let animator = Animator()
        let item = try box(0, 0)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.run(1.0)
        // y = g t^2 / 2 with g = 1000 pt/s^2 after one second; velocity g t.
        #expect(relativeError(item.center.y, 500) < 0.01)
        #expect(relativeError(item.velocity.y, 1000) < 0.01)
        #expect(abs(item.center.x) < 1e-9)
        #expect(abs(animator.elapsedTime - 1.0) < 1e-9)
    }

    @Test func gravityDoesNotDependOnMass() throws {
        let animator = Animator()
        let small = try box(0, 0, side: 20), big = try box(500, 0, side: 300)
        try animator.addBehavior(GravityBehavior(items: [small, big]))
        try animator.run(0.5)
        #expect(abs(small.center.y - big.center.y) < 1e-9)
    }

    @Test func projectileFollowsParabola() throws {
        let animator = Animator()
        let item = try box(0, 0)
        try item.setVelocity(Vector(300, -400))
        let g = GravityBehavior(items: [item])
        try g.setMagnitude(0.5) // 500 pt/s^2
        try animator.addBehavior(g)
        var peak = Double.infinity
        var landing: (t: Double, x: Double)?
        var previous = (t: 0.0, x: 0.0, y: 0.0)
        try stepFrames(animator, 120) { _ in
            let now = (t: animator.elapsedTime, x: item.center.x, y: item.center.y)
            peak = min(peak, now.y)
            if landing == nil && previous.y < 0 && now.y >= 0 {
                let f = -previous.y / (now.y - previous.y)
                landing = (previous.t + f * (now.t - previous.t), previous.x + f * (now.x - previous.x))
            }
            previous = now
        }
        // Flight time 2 vy / g = 1.6 s, range vx * 1.6 = 480 pt, highest point vy^2 / 2g = 160 pt above the start.
        let land = try #require(landing)
        #expect(relativeError(land.t, 1.6) < 0.01)
        #expect(relativeError(land.x, 480) < 0.01)
        #expect(relativeError(-peak, 160) < 0.01)
    }

    @Test(arguments: [50.0, 100.0, 200.0])
    func continuousPushAcceleratesBy100TimesMagnitudeOverMass(side: Double) throws {
        let animator = Animator()
        let item = try box(0, 0, side: side)
        let push = PushBehavior(items: [item], mode: .continuous)
        try push.setAngle(0, magnitude: 2)
        try animator.addBehavior(push)
        try animator.run(1.0)
        let mass = side * side / 10000
        #expect(relativeError(item.mass, mass) < 1e-12)
        let a = 100 * 2 / mass
        #expect(relativeError(item.velocity.x, a * 1.0) < 0.01)
        #expect(relativeError(item.center.x, a / 2) < 0.01)
        #expect(abs(item.angularVelocity) < 1e-9)
    }

    @Test(arguments: [50.0, 100.0, 200.0])
    func instantaneousPushChangesVelocityOnceBy100TimesMagnitudeOverMass(side: Double) throws {
        let animator = Animator()
        let item = try box(0, 0, side: side)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        try push.setDirection(Vector(0, -1.5))
        try animator.addBehavior(push)
        #expect(push.active)
        try animator.step()
        #expect(!push.active)
        let dv = 100 * 1.5 / (side * side / 10000)
        #expect(relativeError(-item.velocity.y, dv) < 1e-9)
        try animator.run(0.5)
        #expect(relativeError(-item.velocity.y, dv) < 1e-9)
        // Turning it on again fires once more.
        push.active = true
        try animator.step()
        #expect(relativeError(-item.velocity.y, 2 * dv) < 1e-9)
    }

    @Test func offCentrePushSpinsTheItem() throws {
        let animator = Animator()
        let item = try box(0, 0) // mass 1, inertia 1 * (100^2 + 100^2) / 12
        let push = PushBehavior(items: [item], mode: .instantaneous)
        try push.setAngle(Double.pi / 2, magnitude: 1) // 100 along +y
        try push.setTargetOffset(Vector(50, 0), for: item)
        try animator.addBehavior(push)
        try animator.step()
        let inertia = 20000.0 / 12
        // Angular impulse r x J = 50 * 100, positive: clockwise on screen.
        #expect(relativeError(item.angularVelocity, 5000 / inertia) < 1e-6)
        #expect(push.targetOffset(for: item) == Vector(50, 0))
    }

    @Test func resistanceDampsVelocityExponentially() throws {
        let animator = Animator()
        let item = try box(0, 0)
        try item.setVelocity(Vector(200, 0))
        let props = DynamicItemBehavior(items: [item])
        try props.setResistance(2)
        try animator.addBehavior(props)
        try animator.run(1.0)
        // dv/dt = -2 v  =>  v(1) = 200 e^-2, to the accuracy of the implicit damping at 240 Hz.
        #expect(relativeError(item.velocity.x, 200 * exp(-2)) < 0.01)
    }
}
