import Testing
@testable import Dynamics

/// Capsules, in a world of their own and as items: they fall, land and lie where geometry says.
@Suite struct SceneCapsuleTests {
    /// A world with a ground segment along y = 0 (y down) and one capsule body of half length 40 and radius 10,
    /// at density 1, under gravity of 1000 pt/s^2.
    private static func world(center: Vector, angle: Double) throws -> (PhysicsWorld, Int32) {
        var world = PhysicsWorld()
        _ = world.createShape(body: PhysicsWorld.ground, shape: .segment(Vector(-1000, 0), Vector(1000, 0)),
                              friction: 0.6, restitution: 0, filter: CollisionFilter(owner: 0))
        let body = world.createBody(type: .dynamicBody, origin: center, angle: angle)
        let shape = try Shape.capsule(Vector(-40, 0), Vector(40, 0), radius: 10)
        let md = shape.massData(density: 1)
        world.bodies[Int(body)].setMass(md.mass, localCenter: md.center, inertia: md.rotationalInertia)
        world.bodies[Int(body)].gravity = Vector(0, 1000)
        _ = world.createShape(body: body, shape: shape, friction: 0.6, restitution: 0,
                              filter: CollisionFilter(boundaryGroups: [0]))
        return (world, body)
    }

    @Test func fallsFlatAndLiesOnItsSide() throws {
        var (world, body) = try Self.world(center: Vector(0, -200), angle: 0)
        for _ in 0..<180 { world.step(dt: 1.0 / 60, substeps: 4) }
        let b = world.bodies[Int(body)]
        // Resting: its core a radius above the ground, less at most the solver's slop.
        #expect(abs(b.origin.y + 10) < Tolerance.linearSlop)
        #expect(abs(b.origin.x) < 1e-6)
        #expect(abs(b.q.angle) < 1e-6)
        #expect(b.v.length < 1)
    }

    @Test func droppedOnItsEndTipsOverOntoItsSide() throws {
        // Tilted a little from upright, it lands on its lower cap and falls over.
        var (world, body) = try Self.world(center: Vector(0, -100), angle: Double.pi / 2 - 0.2)
        for _ in 0..<300 { world.step(dt: 1.0 / 60, substeps: 4) }
        let b = world.bodies[Int(body)]
        #expect(abs(b.origin.y + 10) < Tolerance.linearSlop)
        // Lying flat: the angle a multiple of pi.
        let off = abs(b.q.angle) > Double.pi / 2 ? Double.pi - abs(b.q.angle) : abs(b.q.angle)
        #expect(off < 0.01)
        #expect(b.v.length < 1 && abs(b.w) < 0.05)
    }

    @Test func capsuleItemHasTheStadiumsMassAndFrame() throws {
        // 100 x 40: radius 20, core 60 long along x.
        let item = try DynamicItem(center: Vector(0, 0), size: Vector(100, 40), angle: 0, shape: .capsule)
        let area = 100 * 40 - (4 - Double.pi) * 400
        #expect(abs(item.area - area) < 1e-9)
        #expect(abs(item.mass - area / 10000) < 1e-12)
        // Turned a quarter turn, its frame is 40 wide and 100 tall.
        try item.setAngle(Double.pi / 2)
        #expect(abs(item.frame.upper.x - 20) < 1e-9 && abs(item.frame.upper.y - 50) < 1e-9)
        // Turned by 45 degrees: the core's reach 30 / sqrt(2) plus the radius, each way.
        try item.setAngle(Double.pi / 4)
        #expect(abs(item.frame.upper.x - (30 / 2.0.squareRoot() + 20)) < 1e-9)
        // Taller than wide, the core runs along y; a square one is a circle.
        let tall = try DynamicItem(center: .zero, size: Vector(20, 80), angle: 0, shape: .capsule)
        #expect(tall.collisionShape.isCapsule && abs(tall.collisionShape.vertex(1).y) == 30)
        let round = try DynamicItem(center: .zero, size: Vector(30, 30), angle: 0, shape: .capsule)
        #expect(round.collisionShape.kind == .circle && abs(round.area - 225 * Double.pi) < 1e-9)
    }

    @Test func capsuleItemsLandFlatOnABoundaryAndOnEachOther() throws {
        let animator = Animator()
        let lower = try DynamicItem(center: Vector(0, -100), size: Vector(100, 40), angle: 0, shape: .capsule)
        let upper = try DynamicItem(center: Vector(0, -200), size: Vector(100, 40), angle: 0, shape: .capsule)
        let collision = CollisionBehavior(items: [lower, upper])
        try collision.addBoundary(.number(0), from: Vector(-500, 0), to: Vector(500, 0))
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [lower, upper]))
        try stepFrames(animator, 240)
        // Stacked flat: centres one and three radii above the ground, less the solver's slop each.
        #expect(abs(lower.center.y + 20) < Tolerance.linearSlop)
        #expect(abs(upper.center.y + 60) < 2 * Tolerance.linearSlop)
        #expect(abs(lower.angle) < 1e-3 && abs(upper.angle) < 1e-3)
    }
}
