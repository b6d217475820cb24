import Testing
@testable import Dynamics

/// `DynamicItem.netForce`: mass times the change of velocity over the last frame, what force arrows show.
@Suite struct ItemNetForceTests {
    @Test func aFallingItemFeelsItsWeight() throws {
        let animator = try Animator(referenceSize: Vector(1000, 1000))
        // 200 x 100 at density 1: mass 2, so its weight under gravity 1 (1000 pt/s^2) is 2000 mass·pt/s^2, down.
        let item = try DynamicItem(center: Vector(500, 100), size: Vector(200, 100), name: "falling")
        try animator.addBehavior(GravityBehavior(items: [item]))
        #expect(item.netForce == .zero, "nothing before the first frame")
        for _ in 0..<5 {
            try animator.step()
            #expect(abs(item.netForce.x) < 1e-9)
            #expect(relativeError(item.netForce.y, 2000) < 1e-9)
        }
    }

    @Test func aContinuousPushGivesItsForceWhateverTheMass() throws {
        let animator = try Animator(referenceSize: Vector(1000, 1000))
        // Magnitude 1 pushes with 100 mass·pt/s^2: a 100 x 100 item accelerates 100 pt/s^2, this 200 x 200 one 25.
        let item = try box(500, 500, side: 200)
        let push = PushBehavior(items: [item], mode: .continuous)
        try push.setAngle(0, magnitude: 1)
        try animator.addBehavior(push)
        try animator.step()
        #expect(relativeError(item.netForce.x, PushBehavior.forcePerMagnitude) < 1e-9)
        #expect(abs(item.netForce.y) < 1e-9)
    }

    @Test func aBoxRestingOnTheFloorFeelsAlmostNothing() throws {
        let animator = try Animator(referenceSize: Vector(400, 400))
        let item = try box(200, 349)  // its bottom 1 pt above the floor at y = 400
        try animator.addBehavior(GravityBehavior(items: [item]))
        let walls = CollisionBehavior(items: [item])
        walls.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(walls)
        try animator.run(0.3)  // landed, still awake
        #expect(animator.snapshot().items[0].isAsleep == false)
        // The floor's push cancels the weight (1000 mass·pt/s^2) to within the solver's softness.
        #expect(item.netForce.length < 10, "\(item.netForce)")
        try animator.runUntilRest(maxSeconds: 5)
        #expect(item.netForce == .zero, "a sleeping item feels nothing")
    }

    @Test func anAnchoredItemFeelsNothing() throws {
        let animator = try Animator(referenceSize: Vector(400, 400))
        let item = try box(200, 200)
        let anchored = DynamicItemBehavior(items: [item])
        anchored.anchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.step()
        #expect(item.netForce == .zero)
    }
}
