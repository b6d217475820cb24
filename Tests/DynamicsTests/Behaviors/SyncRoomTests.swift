import Testing
@testable import Dynamics

/// What a sync of many new items and attachments prepares before it makes them one by one.
@Suite struct SyncRoomTests {
    /// A row of `count` boxes, each pinned to the next.
    static func pinnedRow(_ count: Int) throws -> (Animator, [DynamicItem], [AttachmentBehavior]) {
        let animator = Animator()
        let items = try (0..<count).map { try box(Double($0) * 20, 0, side: 10) }
        try animator.addBehavior(GravityBehavior(items: items))
        var pins: [AttachmentBehavior] = []
        for k in 1..<count {
            let pin = try AttachmentBehavior.pin(items[k - 1], items[k], anchor: Vector(Double(k) * 20 - 10, 0))
            try animator.addBehavior(pin)
            pins.append(pin)
        }
        return (animator, items, pins)
    }

    @Test func aSyncMakesRoomForItsNewJointsAtOnce() throws {
        let (animator, _, pins) = try Self.pinnedRow(1101)
        try animator.step()
        #expect(animator.world.joints.count == 1100)
        // Grown one joint at a time, the array would have doubled past 2,000.
        #expect(animator.world.joints.capacity < 1200)
        #expect(pins.allSatisfy { $0.jointsToMake == 0 })
        // A pin added later is one joint more, made in the room the array grows by itself.
        let extra = try AttachmentBehavior.pin(try #require(animator.items.first), try box(-20, 0, side: 10),
                                               anchor: Vector(-10, 0))
        #expect(extra.jointsToMake == 1)
        try animator.addBehavior(extra)
        try animator.step()
        #expect(animator.world.joints.count == 1101 && extra.jointsToMake == 0)
    }

    @Test func aWalkOfChangedItemsGivesEachItsPlace() throws {
        let (animator, items, _) = try Self.pinnedRow(50)
        let walk = animator.walkItems()
        let positions = try #require(walk.positions)
        #expect(walk.items.count == 50)
        for (k, it) in walk.items.enumerated() { #expect(positions[ObjectIdentifier(it)] == Int32(k)) }
        #expect(Set(walk.items.map(ObjectIdentifier.init)) == Set(items.map(ObjectIdentifier.init)))
        // Nothing changed since: the items are the last walk's, with no positions to hand on.
        let again = animator.walkItems()
        #expect(again.positions == nil && again.items.count == 50)
        #expect(animator.distinctHeldItems == 50)
        animator.removeAllBehaviors()
        #expect(animator.distinctHeldItems == 0)
    }
}
