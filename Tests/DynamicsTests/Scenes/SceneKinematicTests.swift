import Foundation
import Testing
@testable import Dynamics

/// An anchored item given a velocity moves at it, whatever pushes on it, and carries what rests on it.
@Suite struct SceneKinematicTests {
    static let g = GravityBehavior.pointsPerSecondSquared

    /// A scene with gravity on `riders`, everything colliding, and `platform` anchored.
    static func scene(platform: DynamicItem, riders: [DynamicItem], friction: Double) throws -> Animator {
        let animator = Animator()
        try animator.addBehavior(CollisionBehavior(items: [platform] + riders))
        try animator.addBehavior(GravityBehavior(items: riders))
        let fixed = DynamicItemBehavior(items: [platform])
        fixed.anchored = true
        try animator.addBehavior(fixed)
        if !riders.isEmpty {
            let material = DynamicItemBehavior(items: riders)
            try material.setFriction(friction)
            try animator.addBehavior(material)
        }
        return animator
    }

    @Test func aPlatformMovesAtItsVelocityWhateverHitsIt() throws {
        let platform = try DynamicItem(center: Vector(0, 300), size: Vector(400, 20), name: "platform")
        try platform.setVelocity(Vector(60, -30))
        // A heavy box lands on it and pushes; gravity acts on the platform too: neither changes its motion.
        let box = try DynamicItem(center: Vector(0, 200), size: Vector(40, 40), name: "box")
        let animator = try Self.scene(platform: platform, riders: [box], friction: 0.5)
        let heavy = DynamicItemBehavior(items: [box])
        try heavy.setDensity(50)
        try heavy.setFriction(0.5)
        try animator.addBehavior(heavy)
        try animator.addBehavior(GravityBehavior(items: [platform]))
        let frames = 150
        for _ in 0..<frames { try animator.step() }
        let t = Double(frames) * animator.timeStep
        #expect(abs(platform.center.x - 60 * t) < 1e-9, "x \(platform.center.x), expected \(60 * t)")
        #expect(abs(platform.center.y - (300 - 30 * t)) < 1e-9, "y \(platform.center.y), expected \(300 - 30 * t)")
        #expect(platform.velocity == Vector(60, -30))
        #expect(platform.angle == 0)
        // The box landed and rides on it.
        #expect(abs(box.center.y - (platform.center.y - 30)) < 1, "box at \(box.center.y), platform at \(platform.center.y)")
        #expect(abs(box.velocity.x - 60) < 0.6 && abs(box.velocity.y + 30) < 0.6, "box velocity \(box.velocity)")
    }

    @Test func aDiscTurnsAtItsAngularVelocity() throws {
        let disc = try DynamicItem(center: Vector(100, 100), size: Vector(80, 80), name: "disc", shape: .ellipse)
        let animator = try Self.scene(platform: disc, riders: [], friction: 0)
        try disc.setAngularVelocity(2)
        try animator.run(1.5)
        #expect(abs(disc.angle - 3) < 1e-9, "angle \(disc.angle) after 1.5 s at 2 rad/s")
        #expect(disc.center == Vector(100, 100))
        #expect(disc.angularVelocity == 2)
    }

    /// The box's speed along a belt moving at `beltSpeed`, `seconds` after it was put down at rest.
    static func conveyor(friction: Double, beltSpeed: Double, seconds: Double) throws -> Double {
        let belt = try DynamicItem(center: Vector(0, 400), size: Vector(4000, 20), name: "belt")
        try belt.setVelocity(Vector(beltSpeed, 0))
        let box = try DynamicItem(center: Vector(0, 370), size: Vector(40, 40), name: "box")
        let animator = try Self.scene(platform: belt, riders: [box], friction: friction)
        try animator.run(seconds)
        return box.velocity.x
    }

    @Test func aBoxOnAConveyorReachesTheBeltSpeedAtFrictionTimesG() throws {
        // Kinetic friction accelerates the box at mu g until it moves with the belt: 100 pt/s after 0.4 s at mu 0.25.
        let speed = 100.0, mu = 0.25
        let catchUp = speed / (mu * Self.g)
        let halfway = try Self.conveyor(friction: mu, beltSpeed: speed, seconds: catchUp / 2)
        #expect(abs(halfway - speed / 2) < 0.05 * speed, "after \(catchUp / 2) s: \(halfway) pt/s, expected \(speed / 2)")
        let later = try Self.conveyor(friction: mu, beltSpeed: speed, seconds: 2 * catchUp)
        #expect(abs(later - speed) < 0.01 * speed, "after \(2 * catchUp) s: \(later) pt/s, expected \(speed)")
    }

    @Test func aFrictionlessBoxSlipsOnTheBelt() throws {
        let speed = try Self.conveyor(friction: 0, beltSpeed: 100, seconds: 1)
        #expect(abs(speed) < 0.5, "friction 0: the box keeps still, at \(speed) pt/s")
    }

    @Test func aSlowPlatformStillCarriesItsLoadAndStopsWhenToldTo() throws {
        // Slower than the sleep threshold: the box would fall asleep on it if the platform did not keep it awake.
        let platform = try DynamicItem(center: Vector(0, 400), size: Vector(400, 20), name: "platform")
        try platform.setVelocity(Vector(0.5, 0))
        let box = try DynamicItem(center: Vector(0, 370), size: Vector(40, 40), name: "box")
        let animator = try Self.scene(platform: platform, riders: [box], friction: 0.5)
        try animator.run(8)
        #expect(abs(platform.center.x - 4) < 1e-9)
        #expect(abs(box.center.x - 4) < 0.2, "the box rode 4 pt: \(box.center.x)")
        // Zero velocity stops it; the box then comes to rest and the animator pauses.
        try platform.setVelocity(.zero)
        try animator.run(0.5)
        let stopped = platform.center
        _ = try animator.runUntilRest(maxSeconds: 10)
        #expect(!animator.isRunning)
        #expect(platform.center == stopped)
        #expect(platform.velocity == .zero)
        // Moving it again wakes the box on it.
        try platform.setVelocity(Vector(20, 0))
        try animator.run(1)
        #expect(abs(box.velocity.x - 20) < 0.5, "the box is carried again at \(box.velocity.x) pt/s")
    }

    @Test func aSlowPlatformKeepsWhatHangsFromItAwake() throws {
        // Slower than the sleep threshold, so only the platform's motion can keep the weight awake.
        let animator = Animator()
        let hook = try DynamicItem(center: Vector(0, 0), size: Vector(20, 20), name: "hook")
        let weight = try DynamicItem(center: Vector(0, 100), size: Vector(20, 20), name: "weight")
        let fixed = DynamicItemBehavior(items: [hook])
        fixed.anchored = true
        try animator.addBehavior(fixed)
        try animator.addBehavior(GravityBehavior(items: [weight]))
        try animator.addBehavior(try AttachmentBehavior(item: weight, attachedTo: hook))
        try animator.run(2)
        try hook.setVelocity(Vector(0.5, 0))
        try animator.run(10)
        #expect(abs(hook.center.x - 5) < 1e-9)
        #expect(abs(weight.center.x - 5) < 0.5, "the weight followed the hook: x \(weight.center.x)")
    }

    @Test func anchoringAMovingItemStopsIt() throws {
        let animator = Animator()
        let item = try DynamicItem(center: Vector(0, 0), size: Vector(40, 40))
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.run(0.5)
        #expect(item.velocity.y > 400)
        let fixed = DynamicItemBehavior(items: [item])
        fixed.anchored = true
        try animator.addBehavior(fixed)
        let there = item.center
        try animator.run(0.5)
        #expect(item.center == there)
        #expect(item.velocity == .zero)
        // Given a velocity by hand, it moves at it.
        try item.setVelocity(Vector(0, -10))
        try animator.run(1)
        #expect(abs(item.center.y - (there.y - 10)) < 1e-9)
    }
}
