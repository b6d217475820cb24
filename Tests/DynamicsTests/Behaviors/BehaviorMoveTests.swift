import Testing
@testable import Dynamics

/// Items and behaviours move between animators as the API says: a behaviour removed from one animator can be added
/// to another with its items, and items outlive their animator. A body, joint or boundary made in one animator's
/// world never stands for anything in another's.
@Suite struct BehaviorMoveTests {
    /// Where an item dropped at (x, 0) is after `seconds` of falling in one animator of its own.
    static func fallen(_ seconds: Double, x: Double = 0) throws -> Vector {
        let a = Animator()
        let item = try box(x, 0, side: 10)
        try a.addBehavior(GravityBehavior(items: [item]))
        try a.run(seconds)
        return item.center
    }

    @Test func aBehaviourMovesWithItsItemsAndTheyFallOnWhereTheyWere() throws {
        let a = Animator(), b = Animator()
        let item = try box(0, 0, side: 10)
        let gravity = GravityBehavior(items: [item])
        try a.addBehavior(gravity)
        try a.run(0.5)
        let (y, v) = (item.center.y, item.velocity.y)
        a.removeBehavior(gravity)
        #expect(item.animator == nil)
        try b.addBehavior(gravity)
        try b.run(0.5)
        #expect(item.animator === b)
        // Half a second more from y at v: exactly where a second's fall in one animator ends.
        #expect(item.center == (try Self.fallen(1)), "fell to \(item.center.y) from \(y) at \(v)")
    }

    @Test func itemsOutliveTheirAnimatorAndNeverShareABody() throws {
        let first = try box(0, 0, side: 10), second = try box(100, 0, side: 10)
        do {
            let a = Animator()
            try a.addBehavior(GravityBehavior(items: [first]))
            try a.run(0.25)
        }
        // `first` still holds handles from the gone animator's world; `second` takes the same handle in a new world.
        let b = Animator()
        try b.addBehavior(GravityBehavior(items: [second]))
        try b.step()
        let fresh = GravityBehavior(items: [first])
        try b.addBehavior(fresh)
        let firstY = first.center.y
        try b.run(0.5)
        #expect(second.center == (try Self.fallen(0.5 + 1.0 / 60, x: 100)))
        #expect(first.center.y > firstY + 100, "the reused item falls on its own")
        #expect(first.center.x == 0 && second.center.x == 100)
    }

    @Test func aMovedAttachmentLeavesNothingInItsOldWorld() throws {
        let a = Animator(), b = Animator()
        let hanging = try box(0, 100, side: 10), bystander = try box(0, 100, side: 10)
        let rod = try AttachmentBehavior(item: hanging, attachedToAnchor: .zero)
        try a.addBehavior(rod)
        try a.addBehavior(GravityBehavior(items: [bystander]))
        try a.run(0.2)
        a.removeBehavior(rod)
        try b.addBehavior(rod)
        try b.addBehavior(GravityBehavior(items: [hanging]))
        try b.run(1)
        try a.run(1)
        // The rod holds its item 100 pt from the anchor in the new world; the old world has no joint pulling on
        // anything, so the bystander (at the same place) falls freely.
        #expect(abs(hanging.center.length - 100) < 0.5)
        #expect(abs(bystander.center.y - 100 - (try Self.fallen(1.2)).y) < 1e-9)
    }

    @Test func aMovedCollisionBehaviourBuildsItsBoundaryInItsNewWorld() throws {
        let a = Animator(), b = Animator()
        let floor = CollisionBehavior()
        try floor.addBoundary(.string("floor"), from: Vector(-100, 50), to: Vector(100, 50))
        let first = try box(0, 0, side: 10), second = try box(0, 0, side: 10)
        try floor.addItem(first)
        try a.addBehavior(floor)
        try a.addBehavior(GravityBehavior(items: [first]))
        try a.run(1)
        #expect(abs(first.center.y - 45) < 1, "the floor holds the first item in the first world")
        a.removeBehavior(floor)
        floor.removeItem(first)
        try floor.addItem(second)
        try b.addBehavior(floor)
        try b.addBehavior(GravityBehavior(items: [second]))
        // The new animator steps first, before the old one has stepped since the floor left it.
        try b.run(1)
        try a.run(1)
        #expect(abs(second.center.y - 45) < 1, "the floor is built anew in the second world: \(second.center.y)")
        #expect(first.center.y > 400, "and is gone from the first: \(first.center.y)")
    }

    @Test func removingAChildBehaviourReleasesItsJoint() throws {
        let a = Animator()
        let item = try box(0, 100, side: 10)
        let parent = DynamicBehavior()
        let rod = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        try parent.addChild(rod)
        try parent.addChild(GravityBehavior(items: [item]))
        try a.addBehavior(parent)
        try a.run(0.5)
        #expect(abs(item.center.length - 100) < 0.5)
        parent.removeChild(rod)
        try a.run(1)
        #expect(item.center.y > 400, "no joint of the rod is left: \(item.center.y)")
    }

    @Test func anItemLeavesWithTheLastBehaviourThatHoldsIt() throws {
        let a = Animator()
        let item = try box(0, 0, side: 10)
        let gravity = GravityBehavior(items: [item]), collision = CollisionBehavior(items: [item])
        let parent = DynamicBehavior()
        try parent.addChild(collision)
        try a.addBehavior(gravity)
        try a.addBehavior(parent)
        try a.step()
        a.removeBehavior(gravity)
        #expect(item.animator === a && a.items.count == 1, "the collision still holds it")
        collision.removeItem(item)
        #expect(item.animator == nil && a.items.isEmpty)
        try collision.addItem(item)
        #expect(item.animator === a && a.items.count == 1)
        parent.removeChild(collision)
        #expect(item.animator == nil && a.items.isEmpty)
        // Gone from this animator, it may join another at once.
        let b = Animator()
        try b.addBehavior(GravityBehavior(items: [item]))
        try b.step()
        #expect(item.animator === b && item.center.y > 0)
    }
}
