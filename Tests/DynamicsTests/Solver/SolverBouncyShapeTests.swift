import Testing
@testable import Dynamics

/// The world counts its bouncy shapes (restitution above zero), so a step without any skips looking for bouncing
/// constraints; the count follows shapes made, changed and destroyed, and a shape made bouncy after it was made
/// still bounces.
@Suite struct SolverBouncyShapeTests {
    /// A static floor along y = 0 and a ball of radius 10 above it, moving down at `speed` pt/s without gravity.
    static func ballOverFloor(speed: Double) -> (PhysicsWorld, ball: Int32, ballShape: Int32, floor: Int32) {
        var world = PhysicsWorld()
        let floor = world.createShape(body: PhysicsWorld.ground, shape: .segment(Vector(-1000, 0), Vector(1000, 0)),
                                      friction: 0, restitution: 0, filter: CollisionFilter(owner: 0))
        let ball = world.createBody(type: .dynamicBody, origin: Vector(0, -30), angle: 0)
        let shape = Shape.circle(radius: 10)
        let md = shape.massData(density: 1)
        world.bodies[Int(ball)].setMass(md.mass, localCenter: md.center, inertia: md.rotationalInertia)
        world.bodies[Int(ball)].v = Vector(0, speed)
        let ballShape = world.createShape(body: ball, shape: shape, friction: 0, restitution: 0,
                                          filter: CollisionFilter(boundaryGroups: [0]))
        return (world, ball, ballShape, floor)
    }

    @Test func theCountFollowsShapesMadeChangedAndDestroyed() {
        var (world, _, ballShape, floor) = Self.ballOverFloor(speed: 0)
        #expect(world.bouncyShapes == 0)
        world.setMaterial(ballShape, friction: 0, restitution: 0.5)
        #expect(world.bouncyShapes == 1)
        world.setMaterial(ballShape, friction: 0.2, restitution: 0.7)
        #expect(world.bouncyShapes == 1, "a bouncy shape made bouncier counts once")
        world.setMaterial(floor, friction: 0, restitution: 0.1)
        #expect(world.bouncyShapes == 2)
        world.setMaterial(ballShape, friction: 0, restitution: 0)
        #expect(world.bouncyShapes == 1)
        world.destroyShape(floor)
        #expect(world.bouncyShapes == 0)
        world.destroyShape(floor)
        #expect(world.bouncyShapes == 0, "destroying a shape twice changes nothing")
        let extra = world.createShape(body: PhysicsWorld.ground, shape: .circle(radius: 3), friction: 0, restitution: 0.3,
                                      filter: CollisionFilter(owner: 0))
        #expect(world.bouncyShapes == 1)
        world.destroyShape(extra)
        #expect(world.bouncyShapes == 0)
    }

    @Test func aShapeMadeBouncyLaterBouncesAndAnInelasticOneDoesNot() {
        let speed = 600.0, restitution = 0.8
        // Both made without restitution; one is given it before it lands.
        var (bouncy, bouncyBall, bouncyShape, _) = Self.ballOverFloor(speed: speed)
        bouncy.setMaterial(bouncyShape, friction: 0, restitution: restitution)
        var (dull, dullBall, _, _) = Self.ballOverFloor(speed: speed)
        for _ in 0..<6 {
            bouncy.step(dt: 1.0 / 60, substeps: 4)
            dull.step(dt: 1.0 / 60, substeps: 4)
        }
        // Without gravity the ball leaves at restitution times its speed of approach; the other stays down.
        let rebound = -bouncy.bodies[Int(bouncyBall)].v.y
        #expect(abs(rebound - restitution * speed) < 0.01 * speed, "rebound \(rebound)")
        #expect(abs(dull.bodies[Int(dullBall)].v.y) < 1, "inelastic ball at \(dull.bodies[Int(dullBall)].v.y)")
    }
}
