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

    /// Contacts too: a pyramid of ten boxes of varied size and friction dropped onto a boundary floor, and a ball
    /// thrown into it; returns every item's final state.
    static func contactScene() throws -> [Double] {
        let animator = try Animator(referenceSize: Vector(400, 300))
        var items: [DynamicItem] = []
        for row in 0..<4 {
            for column in 0..<(4 - row) {
                let x = 140 + Double(column) * 42 + Double(row) * 21, y = 270 - Double(row) * 41
                items.append(try box(x, y, side: 40 - Double(row)))
            }
        }
        let ball = try DynamicItem(center: Vector(20, 100), size: Vector(24, 24), shape: .ellipse)
        try ball.setVelocity(Vector(300, -50))
        items.append(ball)
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        let material = DynamicItemBehavior(items: items)
        try material.setFriction(0.4)
        try material.setElasticity(0.2)
        try animator.addBehavior(material)
        try animator.run(4)
        return items.flatMap { [$0.center.x, $0.center.y, $0.angle, $0.velocity.x, $0.velocity.y, $0.angularVelocity] }
    }

    /// FNV-1a over the bit patterns of the numbers: one value that changes when any bit of any of them does.
    static func fingerprint(_ values: [Double]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in values {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash = (hash ^ (bits & 0xff)) &* 0x0000_0100_0000_01b3
                bits >>= 8
            }
        }
        return hash
    }

    /// The joint and contact scenes end exactly where they ended when these values were stored, on any machine
    /// and in any build. When the physics changes on purpose, the new values are printed by the failure: check the
    /// change is the one intended (the scene tests with closed-form answers still pass), then store them here.
    @Test func fixedScenesEndWhereTheyAlwaysHave() throws {
        let joints = Self.fingerprint(try Self.jointScene())
        let contacts = Self.fingerprint(try Self.contactScene())
        #expect(joints == Self.storedJointFingerprint, "joint scene fingerprint is now \(joints)")
        #expect(contacts == Self.storedContactFingerprint, "contact scene fingerprint is now \(contacts)")
    }

    static let storedJointFingerprint: UInt64 = 3_174_794_877_376_058_122
    static let storedContactFingerprint: UInt64 = 3_793_990_414_698_932_677

    @Test func twoIdenticalRunsAreBitIdentical() throws {
        let first = try Self.jointScene(), second = try Self.jointScene()
        let bitsA = first.map { $0.bitPattern }, bitsB = second.map { $0.bitPattern }
        let allFinite = first.allSatisfy { $0.isFinite }
        #expect(bitsA == bitsB)
        #expect(allFinite)
    }
}
