import Testing
@testable import Dynamics

/// Item groups (UIDynamicItemGroup): members move as one rigid body whose mass and inertia come from theirs, and
/// collide by their own shapes.
@Suite struct ItemGroupTests {
    private func distances(_ items: [DynamicItem]) -> [Double] {
        var out: [Double] = []
        for i in items.indices { for j in items.indices where j > i { out.append((items[i].center - items[j].center).length) } }
        return out
    }

    @Test func threeMembersKeepTheirDistancesWhileTheGroupFallsLandsAndTumbles() throws {
        // An L of three boxes, heavier on one side, dropped so that it lands on one corner and tips over.
        let a = try DynamicItem(center: Vector(100, 100), size: Vector(40, 40), name: "a")
        let b = try DynamicItem(center: Vector(140, 100), size: Vector(40, 40), angle: 0.2, name: "b")
        let c = try DynamicItem(center: Vector(140, 140), size: Vector(40, 40), shape: .ellipse)
        let group = try DynamicItem(group: [a, b, c], name: "L")
        let animator = try Animator(referenceSize: Vector(320, 480))
        try animator.addBehavior(GravityBehavior(items: [group]))
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        let start = distances([a, b, c])
        var worst = 0.0, lowest = 0.0
        for _ in 0..<240 {
            try animator.step()
            for (d0, d) in zip(start, distances([a, b, c])) { worst = max(worst, abs(d - d0)) }
            lowest = max(lowest, a.frame.upper.y, b.frame.upper.y, c.frame.upper.y)
        }
        #expect(worst < 0.5)
        // It reached the floor (the members' own outlines touch it, not the group's box) and turned over.
        #expect(abs(lowest - 480) < 1.5)
        #expect(abs(group.angle) > 0.3)
        // Each member follows the group's turn with the angle it was made with.
        #expect(abs(b.angle - (group.angle + 0.2)) < 1e-9)
        #expect(abs(a.angle - group.angle) < 1e-9)
    }

    @Test func massCentreAndInertiaFollowTheParallelAxisTheorem() throws {
        let rect = try DynamicItem(center: Vector(0, 0), size: Vector(100, 50))
        let square = try DynamicItem(center: Vector(100, 0), size: Vector(40, 40), angle: 0.3)
        let oval = try DynamicItem(center: Vector(50, 80), size: Vector(60, 30), shape: .ellipse)
        let group = try DynamicItem(group: [rect, square, oval])
        let density = 2.0
        // Closed forms: rectangle m (w^2 + h^2) / 12, ellipse m (a^2 + b^2) / 4, about each centre; then moved.
        let parts: [(m: Double, c: Vector, i: Double)] = [
            (density * 5000 / 10000, Vector(0, 0), density * 5000 / 10000 * (100 * 100 + 50 * 50) / 12),
            (density * 1600 / 10000, Vector(100, 0), density * 1600 / 10000 * (40 * 40 + 40 * 40) / 12),
            (density * Double.pi * 30 * 15 / 10000, Vector(50, 80), density * Double.pi * 30 * 15 / 10000 * (30 * 30 + 15 * 15) / 4),
        ]
        let mass = parts.reduce(0) { $0 + $1.m }
        let centre = parts.reduce(Vector.zero) { $0 + $1.m * $1.c } / mass
        let inertia = parts.reduce(0) { $0 + $1.i + $1.m * ($1.c - centre).lengthSquared }

        #expect(abs((group.center - centre).length) < 1e-9)
        let animator = Animator()
        let properties = DynamicItemBehavior(items: [group])
        try properties.setDensity(density)
        try animator.addBehavior(properties)
        try animator.addBehavior(CollisionBehavior(items: [group]))
        #expect(abs(group.mass - mass) < 1e-12 * mass)
        try animator.step()
        let body = animator.world.bodies[Int(group.bodyID)]
        #expect(abs(1 / body.invMass - mass) < 1e-9 * mass)
        #expect(abs(1 / body.invInertia - inertia) < 1e-9 * inertia)
        // The world holds one body with a shape per member.
        var shapes = 0
        var s = body.shape
        while s >= 0 { shapes += 1; s = animator.world.shapes[Int(s)].nextOnBody }
        #expect(shapes == 3)
    }

    @Test func membersCollideByTheirOwnShapes() throws {
        // Two anchored posts with a gap between them, as one group: a ball dropped over the gap falls through it.
        let left = try DynamicItem(center: Vector(100, 300), size: Vector(40, 100))
        let right = try DynamicItem(center: Vector(200, 300), size: Vector(40, 100))
        let posts = try DynamicItem(group: [left, right])
        let ball = try DynamicItem(center: Vector(150, 100), size: Vector(30, 30), shape: .ellipse)
        let animator = try Animator(referenceSize: Vector(320, 480))
        let anchor = DynamicItemBehavior(items: [posts])
        anchor.anchored = true
        try animator.addBehavior(anchor)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        let collision = CollisionBehavior(items: [posts, ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.run(2)
        #expect(abs(ball.center.y - 465) < 1)
        #expect(abs(ball.center.x - 150) < 0.5)
        // A ball dropped over a post lands on it.
        let other = try DynamicItem(center: Vector(100, 100), size: Vector(30, 30), shape: .ellipse)
        try collision.addItem(other)
        try animator.addBehavior(GravityBehavior(items: [other]))
        try animator.run(2)
        #expect(abs(other.center.y - 235) < 1)
    }

    @Test func aMemberAlsoInABehaviourByItselfIsAnError() throws {
        let a = try DynamicItem(center: Vector(0, 0), size: Vector(10, 10), name: "a")
        let b = try DynamicItem(center: Vector(20, 0), size: Vector(10, 10), name: "b")
        let group = try DynamicItem(group: [a, b], name: "pair")
        let d = try DynamicItem(center: Vector(0, 0), size: Vector(10, 10), name: "d")
        let newGroup = try DynamicItem(group: [d])
        let animator = Animator()
        try animator.addBehavior(GravityBehavior(items: [group]))
        // Alone in a new behaviour, added to a behaviour already there, or together with its group.
        let attempts: [() throws -> Void] = [
            { try animator.addBehavior(CollisionBehavior(items: [a])) },
            { try (animator.behaviors[0] as! GravityBehavior).addItem(b) },
            { try Animator().addBehavior(GravityBehavior(items: [newGroup, d])) },
            { try Animator().addBehavior(GravityBehavior(items: [d, newGroup])) },
        ]
        for attempt in attempts {
            do {
                try attempt()
                Issue.record("no error")
            } catch {
                #expect("\(error)".contains("group"))
            }
        }
        // The other way round: a member animated by itself first, then its group.
        let other = Animator()
        let c = try DynamicItem(center: Vector(0, 0), size: Vector(10, 10), name: "c")
        try other.addBehavior(GravityBehavior(items: [c]))
        let withC = try DynamicItem(group: [c])
        #expect(throws: DynamicsError.self) { try other.addBehavior(GravityBehavior(items: [withC])) }
        // Once the group leaves, its members are free again.
        animator.removeAllBehaviors()
        try animator.addBehavior(CollisionBehavior(items: [a]))
        #expect(a.animator === animator)
        // So are the members of a group whose animator is gone.
        let e = try DynamicItem(center: Vector(0, 0), size: Vector(10, 10), name: "e")
        let orphaned = try DynamicItem(group: [e])
        do {
            let shortLived = Animator()
            try shortLived.addBehavior(GravityBehavior(items: [orphaned]))
        }
        #expect(orphaned.animator == nil)
        try Animator().addBehavior(GravityBehavior(items: [e]))
    }

    @Test func snapshotsDrawTheMembersAndOutlineTheGroup() throws {
        let a = try DynamicItem(center: Vector(0, 0), size: Vector(20, 10), name: "a")
        let b = try DynamicItem(center: Vector(30, 0), size: Vector(10, 10), name: "b")
        let group = try DynamicItem(group: [a, b], name: "g")
        let animator = Animator()
        try animator.addBehavior(GravityBehavior(items: [group]))
        try animator.run(0.25)
        let picture = animator.snapshot()
        #expect(picture.items.map(\.name) == ["a", "b"])
        #expect(picture.groups.map(\.name) == ["g"])
        // The outline is the box around both members, moved with the group: from x = -10 to 35, y = -5 to 5.
        let outline = try #require(picture.groups.first?.outline)
        #expect(outline.count == 4)
        let dy = group.center.y  // both members began at y = 0, so the group has fallen by its centre's y
        #expect(abs(outline.map(\.x).min()! - -10) < 1e-9 && abs(outline.map(\.x).max()! - 35) < 1e-9)
        #expect(abs(outline.map(\.y).min()! - (dy - 5)) < 1e-9 && abs(outline.map(\.y).max()! - (dy + 5)) < 1e-9)
    }

    @Test func observersHearEveryFrameOfItemsAndMembers() throws {
        final class Counter: DynamicItemObserver {
            var calls: [String] = []
            func dynamicItemDidMove(_ item: DynamicItem) throws { calls.append(item.name) }
        }
        let counter = Counter()
        let loose = try DynamicItem(center: Vector(0, 0), size: Vector(10, 10), name: "loose")
        let member = try DynamicItem(center: Vector(50, 0), size: Vector(10, 10), name: "member")
        loose.observer = counter
        member.observer = counter
        let animator = Animator()
        try animator.addBehavior(GravityBehavior(items: [loose, try DynamicItem(group: [member])]))
        for _ in 0..<3 { try animator.step() }
        #expect(counter.calls == ["loose", "member", "loose", "member", "loose", "member"])
    }

    @Test func badGroupsAreRefused() throws {
        let a = try DynamicItem(center: Vector(0, 0), size: Vector(10, 10))
        #expect(throws: DynamicsError.self) { try DynamicItem(group: []) }
        #expect(throws: DynamicsError.self) { try DynamicItem(group: [a, a]) }
        let g = try DynamicItem(group: [a])
        #expect(throws: DynamicsError.self) { try DynamicItem(group: [g]) }
    }
}
