import Testing
@testable import Dynamics

/// Views inside views: the tree, coordinates measured in the superview, pictures composing subviews with alpha.
@Suite struct SubviewTests {
    private func view(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ name: String) throws -> DynamicItem {
        try DynamicItem(center: Vector(x, y), size: Vector(w, h), name: name)
    }

    @Test func addSubviewBuildsTheTreeAndMovesBetweenSuperviews() throws {
        let a = try view(100, 100, 200, 200, "a"), b = try view(50, 50, 100, 100, "b")
        let c = try view(10, 10, 10, 10, "c"), d = try view(20, 20, 10, 10, "d")
        try a.addSubview(c)
        try a.addSubview(d)
        #expect(a.subviews.map(\.name) == ["c", "d"])
        #expect(c.superview === a)
        try b.addSubview(c)
        #expect(a.subviews.map(\.name) == ["d"])
        #expect(b.subviews.map(\.name) == ["c"])
        #expect(c.superview === b)
        // Re-adding moves the view to the top.
        try a.addSubview(b)
        try a.addSubview(d)
        #expect(a.subviews.map(\.name) == ["b", "d"])
        #expect(throws: DynamicsError.self) { try c.addSubview(a) }
        #expect(throws: DynamicsError.self) { try a.addSubview(a) }
        c.removeFromSuperview()
        #expect(c.superview == nil && b.subviews.isEmpty)
    }

    @Test func aSubviewsCenterIsInItsSuperviewsCoordinates() throws {
        let parent = try view(200, 100, 100, 60, "p")
        let child = try view(10, 20, 4, 4, "c")
        try parent.addSubview(child)
        // The parent's top-left corner is (150, 70).
        let place = child.placementInRoot
        #expect(abs(place.center.x - 160) < 1e-12 && abs(place.center.y - 90) < 1e-12)
        // Turning the parent a quarter turn clockwise carries the child's offset (-40, -10) to (10, -40).
        try parent.setAngle(Double.pi / 2)
        let turned = child.placementInRoot
        #expect(abs(turned.center.x - 210) < 1e-9 && abs(turned.center.y - 60) < 1e-9)
        #expect(abs(turned.angle - Double.pi / 2) < 1e-12)
    }

    @Test func removeFromSuperviewAlsoLeavesBehaviours() throws {
        let parent = try view(100, 100, 200, 200, "p"), child = try view(50, 50, 10, 10, "c")
        try parent.addSubview(child)
        let animator = try Animator(referenceSize: Vector(200, 200))
        try animator.addBehavior(GravityBehavior(items: [child]))
        #expect(child.animator === animator)
        child.removeFromSuperview()
        #expect(child.animator == nil && child.superview == nil && parent.subviews.isEmpty)
    }

    @Test func picturesComposeSubviewsAndHonourAlphaAndHidden() throws {
        let parent = try view(100, 100, 100, 100, "p"), child = try view(10, 10, 10, 10, "c")
        let hidden = try view(30, 30, 10, 10, "h")
        try parent.addSubview(child)
        try parent.addSubview(hidden)
        try parent.setAlpha(0.5)
        try child.setAlpha(0.5)
        hidden.isHidden = true
        let animator = try Animator(referenceSize: Vector(200, 200))
        try animator.addBehavior(DynamicItemBehavior(items: [parent]))
        let items = animator.snapshot().items
        #expect(items.map(\.name) == ["p", "c"])
        #expect(items[1].alpha == 0.25)
        #expect(abs(items[1].center.x - 60) < 1e-12 && abs(items[1].center.y - 60) < 1e-12)
        #expect(throws: DynamicsError.self) { try child.setAlpha(1.5) }
        #expect(throws: DynamicsError.self) { try child.setAlpha(-0.1) }
    }
}
