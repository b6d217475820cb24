import Testing
@testable import Dynamics

/// Taking an item out of an animator reaches every behaviour that holds it, however the holds were made: before or
/// after the first removal (which builds the animator's index of holders), at the top of the tree or in a composite,
/// by an item list or by an attachment or snap.
@Suite struct ItemRemovalTests {
    /// Every behaviour of the tree holding `item`, found by walking the tree (what the index must agree with).
    private func walkedHolders(of item: DynamicItem, in animator: Animator) -> [DynamicBehavior] {
        animator.behaviorTree.filter { b in b.heldItems.contains { $0 === item } }
    }

    private func jointsInUse(_ animator: Animator) -> Int { animator.world.joints.filter(\.inUse).count }

    @Test func removalReachesHoldsMadeBeforeAndAfterTheIndexWasBuilt() throws {
        let animator = try Animator(referenceSize: Vector(2000, 2000))
        let items = try (0..<8).map { try box(100 + Double($0) * 150, 300, name: "b\($0)") }
        let gravity = GravityBehavior(items: items)
        let collision = CollisionBehavior(items: items)
        try animator.addBehavior(gravity)
        try animator.addBehavior(collision)
        for k in 0..<7 { try animator.addBehavior(AttachmentBehavior.pin(items[k], items[k + 1], anchor: Vector(175 + Double(k) * 150, 300))) }
        try animator.step()
        #expect(jointsInUse(animator) == 7)

        // The first removal builds the index from the tree.
        items[0].removeFromSuperview()
        #expect(animator.itemHolders != nil)
        #expect(walkedHolders(of: items[0], in: animator).isEmpty)
        #expect(jointsInUse(animator) == 6)
        #expect(gravity.items.count == 7 && collision.items.count == 7)

        // Holds made afterwards: an item list grown, a composite with children added later, a snap.
        let props = DynamicItemBehavior(items: [items[3]])
        let composite = DynamicBehavior()
        try animator.addBehavior(composite)
        try composite.addChild(props)
        try props.addItem(items[4])
        let snap = try SnapBehavior(item: items[4], snapTo: Vector(500, 500))
        try composite.addChild(snap)
        let walked = walkedHolders(of: items[4], in: animator)
        #expect(animator.itemHolders?.holders(of: items[4]).count == walked.count)
        for b in walked { #expect(animator.itemHolders?.holders(of: items[4]).contains { $0 === b } == true) }

        // A hold let go of before the removal is not visited again.
        props.removeItem(items[3])
        #expect(animator.itemHolders?.holders(of: items[3]).contains { $0 === props } == false)

        items[4].removeFromSuperview()
        #expect(walkedHolders(of: items[4], in: animator).isEmpty)
        #expect(items[4].animator == nil)
        #expect(snap.parent == nil && snap.animator == nil) // a snap cannot do without its item
        #expect(props.parent === composite && props.items.isEmpty) // an item list can
        #expect(jointsInUse(animator) == 4) // the pins 3-4 and 4-5 went with it
        #expect(animator.items.map(\.name) == ["b1", "b2", "b3", "b5", "b6", "b7"])

        // The world still steps, and the items left fall together.
        try animator.step()
        #expect(items[5].center.y > 300)
    }

    @Test func aCompositeRemovedWholeLeavesTheIndex() throws {
        let animator = try Animator(referenceSize: Vector(2000, 2000))
        let a = try box(100, 100, name: "a"), b = try box(400, 100, name: "b")
        try animator.addBehavior(GravityBehavior(items: [a, b]))
        let composite = DynamicBehavior()
        try composite.addChild(AttachmentBehavior.pin(a, b, anchor: Vector(250, 100)))
        try animator.addBehavior(composite)
        let c = try box(700, 100, name: "c")
        try animator.addBehavior(GravityBehavior(items: [c]))
        c.removeFromSuperview() // builds the index
        animator.removeBehavior(composite)
        #expect(animator.itemHolders?.holders(of: a).count == 1)
        a.removeFromSuperview()
        #expect(animator.items.map(\.name) == ["b"])
        // Removing every behaviour drops the index; the next removal builds it afresh.
        animator.removeAllBehaviors()
        #expect(animator.itemHolders == nil)
        #expect(animator.items.isEmpty)
    }
}
