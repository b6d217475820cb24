import Testing
@testable import Dynamics

/// Same input, same output, bit for bit.
@Suite struct BehaviorDeterminismTests {
    /// A contact-free scene with every joint kind, pushes and a snap; returns every item's final state.
    static func jointScene() throws -> [Double] {
        let animator = Animator()
        let items = try (0..<6).map { try box(Double($0) * 60, Double($0 % 2) * 30, side: 40) }
        try animator.addBehavior(GravityBehavior(items: items))
        try animator.addBehavior(try AttachmentBehavior(item: items[0], attachedToAnchor: Vector(0, -100)))
        try animator.addBehavior(try AttachmentBehavior.pin(items[0], items[1], anchor: Vector(30, 10)))
        try animator.addBehavior(try AttachmentBehavior.fixed(items[1], items[2], anchor: Vector(90, 20)))
        try animator.addBehavior(try AttachmentBehavior.sliding(items[3], anchor: Vector(180, 30), axis: Vector(1, 2)))
        try animator.addBehavior(try AttachmentBehavior.limit(items[3], offset1: .zero, items[4], offset2: Vector(5, 5)))
        try animator.addBehavior(try SnapBehavior(item: items[5], snapTo: Vector(400, 0)))
        let push = PushBehavior(items: [items[2], items[4]], mode: .continuous)
        try push.setAngle(0.3, magnitude: 0.5)
        try push.setTargetOffset(Vector(10, 3), for: items[2])
        try animator.addBehavior(push)
        try animator.run(3)
        return items.flatMap { [$0.center.x, $0.center.y, $0.angle, $0.velocity.x, $0.velocity.y, $0.angularVelocity] }
    }

    @Test func twoIdenticalRunsAreBitIdentical() throws {
        let first = try Self.jointScene(), second = try Self.jointScene()
        let bitsA = first.map { $0.bitPattern }, bitsB = second.map { $0.bitPattern }
        let allFinite = first.allSatisfy { $0.isFinite }
        #expect(bitsA == bitsB)
        #expect(allFinite)
    }
}
