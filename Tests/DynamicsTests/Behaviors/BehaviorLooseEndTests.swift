import Testing
@testable import Dynamics

/// Small promises of the UIKit layer that others found broken: live mass, exact gravity directions, a run that
/// refuses absurd durations, and an "ended" for every "began" even when the contact goes away between steps.
@Suite struct BehaviorLooseEndTests {
    // MARK: Mass

    @Test func massFollowsAnItemBehavioursDensityBeforeAnyStep() throws {
        let animator = try Animator(referenceSize: Vector(500, 500))
        let item = try box(100, 100, side: 50)
        try animator.addBehavior(GravityBehavior(items: [item]))
        // 50 x 50 at density 1 is a quarter of the 100 x 100 unit mass.
        #expect(item.mass == 0.25)
        let heavy = DynamicItemBehavior(items: [item])
        try heavy.setDensity(4)
        try animator.addBehavior(heavy)
        #expect(item.mass == 1)
        try heavy.setDensity(2)
        #expect(item.mass == 0.5)
        // The behaviour added last wins, also for the mass.
        let light = DynamicItemBehavior(items: [item])
        try light.setDensity(0.5)
        try animator.addBehavior(light)
        #expect(item.mass == 0.125)
        animator.removeBehavior(light)
        #expect(item.mass == 0.5)
    }

    @Test func massOfAStandaloneItemUsesDensityOne() throws {
        let item = try box(0, 0, side: 200)
        #expect(item.mass == 4)
    }

    // MARK: Gravity direction

    @Test func defaultGravityPointsExactlyDown() {
        let g = GravityBehavior()
        #expect(g.direction == Vector(0, 1))
        #expect(g.acceleration == Vector(0, 1000))
    }

    @Test func quarterTurnAnglesGiveExactDirections() throws {
        let g = GravityBehavior()
        let cases: [(Double, Vector)] = [(0, Vector(1, 0)), (Double.pi / 2, Vector(0, 1)), (Double.pi, Vector(-1, 0)),
                                         (3 * Double.pi / 2, Vector(0, -1)), (-Double.pi / 2, Vector(0, -1)),
                                         (2 * Double.pi, Vector(1, 0)), (-Double.pi, Vector(-1, 0))]
        for (angle, expected) in cases {
            try g.setAngle(angle)
            #expect(g.direction == expected, "angle \(angle)")
        }
        try g.setAngle(Double.pi / 2, magnitude: 2.5)
        #expect(g.direction == Vector(0, 2.5))
        try g.setMagnitude(3)
        #expect(g.direction == Vector(0, 3))
    }

    @Test func otherAnglesStillFollowTrigonometry() throws {
        let g = GravityBehavior()
        try g.setAngle(Double.pi / 4)
        let h = 0.5.squareRoot()
        #expect(abs(g.direction.x - h) < 1e-15 && abs(g.direction.y - h) < 1e-15)
    }

    @Test func aDirectionVectorIsKeptAsGiven() throws {
        let g = GravityBehavior()
        try g.setDirection(Vector(0.3, -0.7))
        #expect(g.direction == Vector(0.3, -0.7))
        try g.setDirection(Vector(0, 1))
        #expect(g.direction == Vector(0, 1))
        #expect(g.angle == Double.pi / 2)
        try g.setDirection(.zero)
        #expect(g.magnitude == 0 && g.direction == .zero)
        #expect(throws: DynamicsError.self) { try g.setDirection(Vector(Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)) }
    }

    @Test func anItemFallsStraightDownUnderDefaultGravity() throws {
        let animator = try Animator()
        let item = try box(123.25, 0, side: 10)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.run(2)
        #expect(item.center.x == 123.25)
        #expect(item.velocity.x == 0)
    }

    @Test func pushAtAQuarterTurnIsExact() throws {
        let push = PushBehavior(mode: .continuous)
        try push.setAngle(Double.pi / 2)
        #expect(push.direction.x == 0)
    }

    // MARK: run

    @Test func runRefusesDurationsTooLongToStep() throws {
        let animator = try Animator()
        let item = try box(0, 0, side: 10)
        try animator.addBehavior(GravityBehavior(items: [item]))
        #expect(throws: DynamicsError.self) { try animator.run(1e300) }
        #expect(throws: DynamicsError.self) { try animator.run(Double.greatestFiniteMagnitude) }
        #expect(throws: DynamicsError.self) { try animator.run(.infinity) }
        #expect(throws: DynamicsError.self) { try animator.run(.nan) }
        #expect(throws: DynamicsError.self) { try animator.run(-1) }
        // Nothing was stepped by the refused calls.
        #expect(animator.elapsedTime == 0)
        try animator.run(0.5)
        #expect(abs(animator.elapsedTime - 0.5) < 1e-9)
    }

    // MARK: Ended events for contacts removed between steps

    /// Two boxes resting on the floor side by side, touching each other, with a logging delegate.
    static func restingPair() throws -> (Animator, CollisionBehavior, ContactLog, DynamicItem, DynamicItem) {
        let animator = try Animator(referenceSize: Vector(400, 400))
        let a = try box(180, 380, side: 40, name: "a"), b = try box(220, 380, side: 40, name: "b")
        let c = CollisionBehavior(items: [a, b])
        c.translatesReferenceBoundsIntoBoundary = true
        let log = ContactLog()
        c.delegate = log
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [a, b]))
        try animator.run(0.5)
        return (animator, c, log, a, b)
    }

    /// Every began has exactly one ended after it, and no ended comes without a began.
    static func balanced(_ lines: [String]) -> Bool {
        var open: [String: Int] = [:]
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return false }
            let key = String(parts[1])
            if parts[0] == "began" { open[key, default: 0] += 1; if open[key, default: 0] > 1 { return false } }
            else { open[key, default: 0] -= 1; if open[key, default: 0] < 0 { return false } }
        }
        return open.values.allSatisfy { $0 == 0 }
    }

    @Test func removingAnItemFromTheCollisionBehaviourEndsItsContacts() throws {
        let (animator, c, log, a, _) = try Self.restingPair()
        #expect(log.lines.contains("began a b"))
        #expect(log.lines.contains("began a bounds"))
        log.lines.removeAll()
        c.removeItem(a)
        try animator.step()
        #expect(log.lines.contains("ended a b"))
        #expect(log.lines.contains("ended a bounds"))
        #expect(!log.lines.contains { $0.hasPrefix("ended b") })
    }

    @Test func removingAnItemFromTheAnimatorEndsItsContacts() throws {
        let (animator, _, log, _, b) = try Self.restingPair()
        log.lines.removeAll()
        b.removeFromSuperview()
        try animator.step()
        #expect(log.lines.contains("ended a b"))
        #expect(log.lines.contains("ended b bounds"))
        #expect(!log.lines.contains("ended a bounds"))
    }

    @Test func removingABoundaryEndsItsContacts() throws {
        let animator = try Animator(referenceSize: Vector(400, 400))
        let a = try box(200, 370, side: 40, name: "a")
        let c = CollisionBehavior(items: [a])
        try c.addBoundary(.string("floor"), from: Vector(0, 390), to: Vector(400, 390))
        let log = ContactLog()
        c.delegate = log
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [a]))
        try animator.run(0.5)
        #expect(log.lines == ["began a floor"])
        c.removeBoundary(.string("floor"))
        try animator.step()
        #expect(log.lines == ["began a floor", "ended a floor"])
        try animator.run(0.5)
        #expect(log.lines == ["began a floor", "ended a floor"])
    }

    @Test func everyBeganGetsOneEndedThroughRemovalsAndReadding() throws {
        let (animator, c, log, a, b) = try Self.restingPair()
        c.removeItem(a)
        try animator.run(0.2)
        try c.addItem(a)
        try animator.run(0.5)
        c.removeItem(b)
        try c.addItem(b) // out and back in before any step: the contact may be made anew
        try animator.run(0.5)
        a.removeFromSuperview()
        b.removeFromSuperview()
        try animator.step()
        #expect(Self.balanced(log.lines), "\(log.lines)")
        #expect(log.lines.filter { $0 == "began a b" }.count >= 2)
    }
}
