import Testing
@testable import Dynamics

/// Records collision delegate calls as readable strings.
final class ContactLog: CollisionBehaviorDelegate {
    var lines: [String] = []
    var onBegan: ((DynamicItem, DynamicItem?) throws -> Void)?
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Vector) throws {
        lines.append("began \(item1.name) \(item2.name)")
        try onBegan?(item1, item2)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {
        lines.append("ended \(item1.name) \(item2.name)")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {
        lines.append("began \(item.name) \(identifier?.description ?? "bounds")")
        try onBegan?(item, nil)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {
        lines.append("ended \(item.name) \(identifier?.description ?? "bounds")")
    }
}

/// UIKit's collision rules: modes, separate behaviours, boundaries and delegate events.
@Suite struct BehaviorCollisionTests {
    static func world() throws -> Animator { try Animator(referenceSize: Vector(320, 568)) }

    @Test func modeItemsIgnoresBoundaries() throws {
        let animator = try Self.world()
        let a = try box(100, 100, side: 40)
        let c = CollisionBehavior(items: [a])
        c.mode = .items
        c.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [a]))
        try animator.run(1.5)
        #expect(a.center.y > 700) // fell through the floor
    }

    @Test func modeBoundariesLetsItemsPassEachOther() throws {
        let animator = try Self.world()
        let low = try box(160, 500, side: 40, name: "low"), high = try box(160, 300, side: 40, name: "high")
        let c = CollisionBehavior(items: [low, high])
        c.mode = .boundaries
        c.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [low, high]))
        try animator.runUntilRest(maxSeconds: 5)
        // Both end on the floor, overlapping each other.
        #expect(abs(low.center.y - 548) < 1 && abs(high.center.y - 548) < 1)
    }

    @Test func itemsInDifferentBehavioursIgnoreEachOther() throws {
        let animator = try Self.world()
        let low = try box(160, 500, side: 40, name: "low"), high = try box(160, 300, side: 40, name: "high")
        let c1 = CollisionBehavior(items: [low]), c2 = CollisionBehavior(items: [high])
        c1.translatesReferenceBoundsIntoBoundary = true
        c2.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(c1)
        try animator.addBehavior(c2)
        try animator.addBehavior(GravityBehavior(items: [low, high]))
        let grip = DynamicItemBehavior(items: [low, high])
        try grip.setFriction(0.5) // frictionless boxes would slide off each other at the slightest tilt
        try animator.addBehavior(grip)
        try animator.runUntilRest(maxSeconds: 5)
        #expect(abs(low.center.y - 548) < 1 && abs(high.center.y - 548) < 1)
        // Put both in one more behaviour (mode items): now they stack.
        try high.setCenter(Vector(160, 300))
        try animator.addBehavior(CollisionBehavior(items: [low, high]))
        try animator.runUntilRest(maxSeconds: 5)
        #expect(abs(high.center.y - 508) < 1.5)
    }

    @Test func boundaryContactsAreReportedOncePerContact() throws {
        let animator = try Self.world()
        let a = try box(160, 400, side: 40, name: "a")
        let c = CollisionBehavior(items: [a])
        try c.addBoundary(.string("floor"), from: Vector(0, 500), to: Vector(320, 500))
        let log = ContactLog()
        c.delegate = log
        try animator.addBehavior(c)
        let g = GravityBehavior(items: [a])
        try animator.addBehavior(g)
        try animator.run(2)
        #expect(log.lines == ["began a floor"])
        // Lift it off: the contact ends once.
        try a.setCenter(Vector(160, 100))
        try a.setVelocity(.zero)
        try animator.step()
        #expect(log.lines == ["began a floor", "ended a floor"])
        try animator.run(2)
        #expect(log.lines == ["began a floor", "ended a floor", "began a floor"])
    }

    @Test func itemPairContactsGoToEveryBehaviourHoldingBoth() throws {
        let animator = try Self.world()
        let a = try box(160, 548, side: 40, name: "a"), b = try box(160, 400, side: 40, name: "b")
        let both = CollisionBehavior(items: [a, b]), alsoBoth = CollisionBehavior(items: [a, b])
        let floorOnly = CollisionBehavior(items: [a, b])
        floorOnly.mode = .boundaries
        floorOnly.translatesReferenceBoundsIntoBoundary = true
        let log1 = ContactLog(), log2 = ContactLog(), log3 = ContactLog()
        both.delegate = log1; alsoBoth.delegate = log2; floorOnly.delegate = log3
        for x in [both, alsoBoth, floorOnly] { try animator.addBehavior(x) }
        try animator.addBehavior(GravityBehavior(items: [b]))
        let grip = DynamicItemBehavior(items: [a, b])
        try grip.setFriction(0.5)
        try animator.addBehavior(grip)
        try animator.run(2)
        #expect(log1.lines == ["began a b"])
        #expect(log2.lines == ["began a b"])
        #expect(log3.lines.allSatisfy { $0.hasSuffix("bounds") })
        #expect(log3.lines.contains("began a bounds"))
    }

    @Test func callbacksMayRemoveItemsAndAddBoundaries() throws {
        let animator = try Self.world()
        let a = try box(160, 100, side: 40, name: "a"), b = try box(60, 100, side: 40, name: "b")
        let c = CollisionBehavior(items: [a, b])
        c.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: [a])
        let log = ContactLog()
        log.onBegan = { item, _ in
            // When a lands: a goes, a shelf appears, and b starts to fall onto it.
            if item === a {
                a.removeFromSuperview()
                try c.addBoundary(.number(7), from: Vector(0, 300), to: Vector(320, 300))
                try gravity.addItem(b)
            }
        }
        c.delegate = log
        try animator.addBehavior(c)
        try animator.addBehavior(gravity)
        try animator.run(3)
        #expect(a.animator == nil)
        #expect(c.boundaryIdentifiers == [.number(7)])
        #expect(abs(b.center.y - 280) < 1)
        // Removing a from the animator ends its contact with the bounds (UIKit: every began gets an ended).
        #expect(log.lines == ["began a bounds", "ended a bounds", "began b 7"])
    }

    @Test func boundariesAreReplacedAndRemovedById() throws {
        let c = CollisionBehavior()
        try c.addBoundary(.string("w"), from: .zero, to: Vector(1, 0))
        try c.addBoundary(.number(2), from: .zero, to: Vector(0, 1))
        try c.addBoundary(.string("w"), from: .zero, to: Vector(5, 0))
        #expect(c.boundaryIdentifiers == [.string("w"), .number(2)])
        #expect(c.boundary(.string("w"))?.first?.points == [.zero, Vector(5, 0)])
        c.removeBoundary(.string("w"))
        #expect(c.boundary(.string("w")) == nil)
        c.removeAllBoundaries()
        #expect(c.boundaryIdentifiers.isEmpty)
        #expect(BoundaryIdentifier.number(3).description == "3")
    }

    @Test func pathBoundaryHoldsItems() throws {
        let animator = try Self.world()
        let a = try ball(160, 100, diameter: 20)
        let c = CollisionBehavior(items: [a])
        // A bowl: a half circle below the ball, flattened from a Path arc.
        var bowl = Path()
        try bowl.addArc(center: Vector(160, 300), radius: 100, startAngle: 0, endAngle: Double.pi, clockwise: true)
        try c.addBoundary(.string("bowl"), path: bowl)
        #expect((c.boundary(.string("bowl"))?.first?.points.count ?? 0) > 8)
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [a]))
        try animator.runUntilRest(maxSeconds: 10)
        // It rolls to the bottom of the bowl: 100 pt below the centre, less its radius.
        #expect(abs(a.center.x - 160) < 2)
        #expect(abs(a.center.y - 390) < 1)
    }

    @Test func insetReferenceBounds() throws {
        let animator = try Self.world()
        let a = try box(160, 100, side: 40)
        let c = CollisionBehavior(items: [a])
        try c.setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets(top: 0, left: 0, bottom: 68, right: 0))
        #expect(c.translatesReferenceBoundsIntoBoundary)
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [a]))
        try animator.runUntilRest(maxSeconds: 5)
        #expect(abs(a.center.y - 480) < 1)
    }
}
