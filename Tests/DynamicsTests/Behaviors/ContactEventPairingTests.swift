import Testing
@testable import Dynamics

/// Checks UIKit's pairing promise per contact: for each pair of items the events alternate began, ended, began, ...
/// and each "began" that was heard is ended once, also when the contact is taken away by a change. The reference
/// bounds are four segments under one identifier, so an item in a corner is in two contacts with "bounds" at once:
/// those are counted, at most `boundarySegments` open.
final class PairingLog: CollisionBehaviorDelegate {
    var open: [String: Int] = [:]
    var began = 0, ended = 0
    var broken: [String] = []
    let boundarySegments = 4

    var openCount: Int { open.values.reduce(0, +) }

    private func key(_ a: DynamicItem, _ b: String) -> String { a.name < b ? "\(a.name)|\(b)" : "\(b)|\(a.name)" }
    private func begin(_ k: String, limit: Int) {
        began += 1
        open[k, default: 0] += 1
        if open[k, default: 0] > limit { broken.append("began again while open: \(k)") }
    }
    private func end(_ k: String) {
        ended += 1
        guard let n = open[k] else { broken.append("ended while not open: \(k)"); return }
        open[k] = n > 1 ? n - 1 : nil
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Vector) throws {
        begin(key(item1, item2.name), limit: 1)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {
        end(key(item1, item2.name))
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {
        begin(key(item, "bounds"), limit: boundarySegments)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {
        end(key(item, "bounds"))
    }
}

@Suite struct ContactEventPairingTests {
    /// A fast gas makes and breaks thousands of contacts, enough for the open-contact table to squeeze out closed
    /// entries and rebuild its index many times; items leaving mid-run end their open contacts.
    @Test func everyBeganIsEndedOnceThroughThousandsOfContacts() throws {
        let animator = try Animator(referenceSize: Vector(600, 600))
        animator.allowsSleep = false
        let collision = CollisionBehavior()
        collision.translatesReferenceBoundsIntoBoundary = true
        let material = DynamicItemBehavior()
        try material.setElasticity(1)
        let log = PairingLog()
        collision.delegate = log
        var items: [DynamicItem] = []
        for i in 0..<200 {
            let item = try ball(20 + Double(i % 15) * 37, 20 + Double(i / 15) * 37, diameter: 20, name: "b\(i)")
            try collision.addItem(item)
            try material.addItem(item)
            items.append(item)
        }
        try animator.addBehavior(collision)
        try animator.addBehavior(material)
        for (i, item) in items.enumerated() {
            let a = Double(i) * 2.399963, speed = 600 * (1 + Double(i % 7) / 7)
            try item.setVelocity(Vector(cos(a) * speed, sin(a) * speed))
        }
        try stepFrames(animator, 300)
        let openMidway = log.openCount
        // Items taken out while touching: their contacts end at the next step, without a world event.
        for item in items.prefix(50) { collision.removeItem(item) }
        try stepFrames(animator, 300)

        #expect(log.broken.isEmpty, "\(log.broken.prefix(5))")
        #expect(log.began > 3000)
        #expect(openMidway > 0)
        #expect(log.began - log.ended == log.openCount)
        let removed = Set(items.prefix(50).map(\.name))
        #expect(!log.open.keys.contains { k in k.split(separator: "|").contains { removed.contains(String($0)) } })
        // Taking the behaviour away ends everything still open.
        animator.removeBehavior(collision)
        try animator.step()
        #expect(log.open.isEmpty)
        #expect(log.began == log.ended)
        #expect(log.broken.isEmpty)
    }
}

/// A delegate set or cleared while contacts are open: it hears an "ended" only for a "began" it (or the delegate
/// before it) heard, and no "began" that was heard goes without its "ended".
@Suite struct LateDelegateTests {
    /// A ball resting on the floor of the reference bounds, its contact with the floor begun long ago.
    private func restingBall() throws -> (Animator, CollisionBehavior, DynamicItem) {
        let animator = try Animator(referenceSize: Vector(200, 200))
        let ball = try ball(100, 180, diameter: 20, name: "ball")
        let collision = CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        try stepFrames(animator, 60)
        return (animator, collision, ball)
    }

    @Test func aDelegateSetMidContactHearsNoEndingOfIt() throws {
        let (animator, collision, ball) = try restingBall()
        let log = PairingLog()
        collision.delegate = log
        try stepFrames(animator, 5)
        try ball.setVelocity(Vector(0, -300)) // up and off the floor
        try stepFrames(animator, 10)
        #expect(log.broken.isEmpty, "\(log.broken)")
        #expect(log.ended == 0)
        // It lands again: that contact it hears begin.
        try stepFrames(animator, 60)
        #expect(log.began >= 1)
        #expect(log.broken.isEmpty, "\(log.broken)")
    }

    /// The resting ball lifted off and landed again under a delegate, which heard the landing begin; then the
    /// delegate is cleared.
    private func landingHeardThenDelegateCleared() throws -> (Animator, CollisionBehavior, DynamicItem, PairingLog) {
        let (animator, collision, ball) = try restingBall()
        let log = PairingLog()
        collision.delegate = log
        try ball.setVelocity(Vector(0, -300))
        try stepFrames(animator, 2)
        try ball.setVelocity(.zero)
        try stepFrames(animator, 60)
        #expect(log.openCount == 1)
        collision.delegate = nil
        return (animator, collision, ball, log)
    }

    /// Sets the delegate again and steps once: the contact that went meanwhile must be ended to it.
    private func expectEndedWhenTheDelegateReturns(_ animator: Animator, _ collision: CollisionBehavior, _ log: PairingLog) throws {
        collision.delegate = log
        try animator.step()
        #expect(log.openCount == 0)
        #expect(log.began == log.ended)
        #expect(log.broken.isEmpty, "\(log.broken)")
    }

    @Test func aContactThatEndedWhileNobodyListenedIsEndedWhenADelegateReturns() throws {
        let (animator, collision, ball, log) = try landingHeardThenDelegateCleared()
        try ball.setVelocity(Vector(0, -300))
        try stepFrames(animator, 5) // leaves the floor unheard
        try expectEndedWhenTheDelegateReturns(animator, collision, log)
    }

    @Test func aContactTakenAwayWhileNobodyListensIsEndedToTheNextDelegate() throws {
        let (animator, collision, ball, log) = try landingHeardThenDelegateCleared()
        collision.removeItem(ball) // the contact goes while no delegate can hear its end
        try stepFrames(animator, 3)
        try expectEndedWhenTheDelegateReturns(animator, collision, log)
    }
}
