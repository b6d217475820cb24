import Foundation
import Testing
@testable import Dynamics

/// Items sleep when at rest; the threshold tunes how slow counts as rest (at the default 1 pt/s slow motion a person
/// can see goes on, and a settled pile still sleeps), and a per-item switch keeps items awake. Every scene here runs
/// at default settings.
@Suite struct SceneSleepTests {
    /// A block settled on a frictionless floor, then given 4 pt/s along it, under a sleep threshold of `threshold`
    /// (the default when nil).
    static func glidingBlock(threshold: Double? = nil) throws -> (Animator, DynamicItem) {
        let animator = try Animator(referenceSize: Vector(2000, 200))
        if let threshold { try animator.setSleepThreshold(threshold) }
        let block = try DynamicItem(center: Vector(100, 180), size: Vector(40, 40))
        let collision = CollisionBehavior(items: [block])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [block]))
        try animator.run(0.5)
        try block.setVelocity(Vector(4, 0))
        return (animator, block)
    }

    @Test func aBlockGlidingAtFourPointsASecondKeepsGliding() throws {
        let (animator, block) = try Self.glidingBlock()
        let x0 = block.center.x
        try animator.run(10)
        #expect(animator.isRunning && abs(block.velocity.x - 4) < 0.1, "still gliding at \(block.velocity.x) pt/s")
        #expect(abs(block.center.x - x0 - 40) < 1, "40 pt in 10 s: \(block.center.x - x0)")
    }

    @Test func aPendulumSwingingThroughOnePointKeepsSwinging() throws {
        let animator = Animator()
        let bob = try DynamicItem(center: Vector(1, 100), size: Vector(10, 10), shape: .ellipse)
        try animator.addBehavior(try AttachmentBehavior(item: bob, attachedToAnchor: .zero))
        try animator.addBehavior(GravityBehavior(items: [bob]))
        var lowest = Double.infinity, highest = -Double.infinity
        try animator.run(9)
        for _ in 0..<120 {
            try animator.step()
            lowest = min(lowest, bob.center.x)
            highest = max(highest, bob.center.x)
        }
        #expect(animator.isRunning && highest - lowest > 1.5, "still swinging over \(highest - lowest) pt after 10 s")
    }

    @Test func aSettledPileOfTwentyBoxesSleepsWithinFiveSeconds() throws {
        let animator = try Animator(referenceSize: Vector(400, 400))
        var boxes: [DynamicItem] = []
        for i in 0..<20 {
            boxes.append(try DynamicItem(center: Vector(120 + Double(i % 5) * 42 + Double(i / 5 % 2) * 10,
                                                    380 - Double(i / 5) * 45), size: Vector(40, 40)))
        }
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: boxes))
        let material = DynamicItemBehavior(items: boxes)
        try material.setFriction(0.5)
        try animator.addBehavior(material)
        let seconds = try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning, "asleep after \(seconds) s")
    }

    @Test func theThresholdAndTheItemSwitchTuneIt() throws {
        #expect(Animator().sleepThreshold == 1)
        let (animator, block) = try Self.glidingBlock(threshold: 5)
        try animator.run(2)
        #expect(!animator.isRunning, "4 pt/s is below a threshold of 5")
        #expect(throws: DynamicsError.self) { try animator.setSleepThreshold(-1) }
        let awake = DynamicItemBehavior(items: [block])
        awake.allowsSleep = false
        try animator.addBehavior(awake)
        try animator.run(3)
        #expect(animator.isRunning, "an item that may not sleep keeps the animator running")
    }
}
