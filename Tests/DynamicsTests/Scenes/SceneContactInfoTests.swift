import Foundation
import Testing
@testable import Dynamics

/// The contact a "began" delegate method gets: normal, the step's whole normal impulse, the approach speed.
@Suite struct SceneContactInfoTests {
    final class Recorder: CollisionBehaviorDelegate {
        var boundary: [ContactInfo] = []
        var items: [(DynamicItem, DynamicItem, ContactInfo)] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                               at point: Vector, contact: ContactInfo) throws {
            items.append((item1, item2, contact))
        }
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector,
                               contact: ContactInfo) throws {
            boundary.append(contact)
        }
    }

    /// A ball dropped from `height` onto a floor boundary: what its first contact reported, its mass and the frame.
    static func drop(height: Double, elasticity: Double, floorFirst: Bool) throws -> (ContactInfo, Double, Animator) {
        let animator = Animator()
        let ball = try DynamicItem(center: Vector(200, 500 - height), size: Vector(40, 40), shape: .ellipse)
        let collision = CollisionBehavior(items: [ball])
        // The boundary's segment runs either way: the normal still points from the item to the floor.
        let (from, to) = (Vector(0, 520), Vector(400, 520))
        try collision.addBoundary(.string("floor"), from: floorFirst ? from : to, to: floorFirst ? to : from)
        let recorder = Recorder()
        collision.delegate = recorder
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        let material = DynamicItemBehavior(items: [ball])
        try material.setElasticity(elasticity)
        try animator.addBehavior(material)
        for _ in 0..<120 where recorder.boundary.isEmpty { try animator.step() }
        let info = try #require(recorder.boundary.first)
        return (info, ball.mass, animator)
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func aDroppedBallsImpulseIsMassTimesSpeedTimesOnePlusE(_ e: Double) throws {
        let g = GravityBehavior.pointsPerSecondSquared
        for height in [300.0, 600] {
            for floorFirst in [true, false] {
                let (info, m, animator) = try Self.drop(height: height, elasticity: e, floorFirst: floorFirst)
                let v = (2 * g * height).squareRoot()
                #expect(info.normal == Vector(0, 1), "the normal points from the ball to the floor: \(info.normal)")
                #expect(abs(info.speed - v) < 0.02 * v, "impact speed \(info.speed), expected \(v)")
                #expect(abs(info.impulse - m * v * (1 + e)) < 0.04 * m * v * (1 + e),
                        "e \(e) from \(height) pt: impulse \(info.impulse), m v (1 + e) = \(m * v * (1 + e))")
                if e > 0 {
                    // Exactly: the bounce reverses the approach at the middle of the sub-step it happens in, the
                    // step's starting speed plus g (k + 1/2) h for sub-step k, and the ball then leaves the floor.
                    let h = animator.timeStep / Double(animator.substeps)
                    let exact = (0..<animator.substeps).map { k in m * (1 + e) * (info.speed + g * (Double(k) + 0.5) * h) }
                    #expect(exact.contains { abs(info.impulse - $0) < 1e-9 * $0 },
                            "impulse \(info.impulse), expected one of \(exact)")
                } else {
                    // Exactly: the floor stops the ball, and carries its weight for the rest of the frame.
                    let exact = m * info.speed + m * g * animator.timeStep
                    #expect(abs(info.impulse - exact) < 0.005 * exact, "impulse \(info.impulse), expected \(exact)")
                }
            }
        }
    }

    @Test func aHeadOnCollisionReportsTheReducedMassImpulse() throws {
        // Two balls, masses m1 and m2, closing at u with elasticity e: impulse m1 m2 / (m1 + m2) (1 + e) u.
        let animator = Animator()
        let left = try DynamicItem(center: Vector(0, 0), size: Vector(40, 40), name: "left", shape: .ellipse)
        let right = try DynamicItem(center: Vector(200, 0), size: Vector(40, 40), name: "right", shape: .ellipse)
        try left.setVelocity(Vector(150, 0))
        try right.setVelocity(Vector(-50, 0))
        let collision = CollisionBehavior(items: [left, right])
        let recorder = Recorder()
        collision.delegate = recorder
        try animator.addBehavior(collision)
        let light = DynamicItemBehavior(items: [left])
        try light.setElasticity(0.5)
        try animator.addBehavior(light)
        let heavy = DynamicItemBehavior(items: [right])
        try heavy.setDensity(3)
        try animator.addBehavior(heavy)
        for _ in 0..<120 where recorder.items.isEmpty { try animator.step() }
        let (first, second, info) = try #require(recorder.items.first)
        let m1 = left.mass, m2 = right.mass
        let expected = m1 * m2 / (m1 + m2) * 1.5 * 200
        #expect(abs(info.speed - 200) < 1e-9, "closing speed \(info.speed)")
        #expect(abs(info.impulse - expected) < 0.01 * expected, "impulse \(info.impulse), expected \(expected)")
        // From the first item to the other.
        let direction = (second.center - first.center).normalized
        #expect(abs(dot(info.normal, direction) - 1) < 1e-6, "normal \(info.normal) from \(first.name) to \(second.name)")
        // Momentum bookkeeping: the impulse is what changed the first ball's momentum.
        #expect(abs(m1 * (150 - left.velocity.x) - info.impulse) < 0.01 * expected)
    }
}
