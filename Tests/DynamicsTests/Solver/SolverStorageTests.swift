import Testing
@testable import Dynamics

/// The compact storage of the world's records and the items: sizes that memory per body depends on, and that the
/// compact forms give back exactly what was put in.
@Suite struct SolverStorageTests {
    @Test func recordsKeepTheirCompactSizes() {
        // Each of these is multiplied by the bodies, shapes or contacts of a world; a field added in the wrong
        // place grows them by a whole slot (see docs/performance.md, "Memory per body").
        #expect(MemoryLayout<Body>.stride == 232)
        #expect(MemoryLayout<Contact>.stride == 24)
        #expect(MemoryLayout<ContactTouch>.stride == 184)
        // The touch record's handle fills the room the constraint's handles leave before its normal.
        #expect(MemoryLayout<ContactConstraint>.offset(of: \ContactConstraint.touch) == 12)
        #expect(MemoryLayout<ContactConstraint>.offset(of: \ContactConstraint.normal) == 16)
        // A step keeps one constraint for each touching contact, and a staging copy of a group's.
        #expect(MemoryLayout<ContactConstraint>.stride == 256)
        #expect(MemoryLayout<Manifold>.size == 133)
        #expect(MemoryLayout<DynamicTree.Node>.stride == 48)
        #expect(MemoryLayout<Shape>.stride == 48)
        #expect(MemoryLayout<ShapeRecord>.stride == 104)
    }

    @Test func manifoldGivesBackThePointsItWasGiven() {
        let p = ManifoldPoint(anchorA: Vector(1.5, -2), anchorB: Vector(0.25, 3), point: Vector(7, 8),
                              separation: -0.125, id: featureID(3, 17))
        let q = ManifoldPoint(anchorA: Vector(-4, 1), anchorB: Vector(2, 2), point: Vector(-1, 0.5),
                              separation: 0.75, id: featureID(255, 0))
        var m = Manifold()
        #expect(m.pointCount == 0 && m.point1 == nil && m.point2 == nil)
        m.append(p)
        m.append(q)
        #expect(m.pointCount == 2)
        for (stored, given) in [(m.point1, p), (m.point2, q)] {
            #expect(stored?.anchorA == given.anchorA && stored?.anchorB == given.anchorB)
            #expect(stored?.point == given.point && stored?.separation == given.separation && stored?.id == given.id)
        }
        // A second point alone is kept as such, and removing points leaves the others as they were.
        m.point1 = nil
        #expect(m.pointCount == 1 && m.point1 == nil && m.point2?.id == q.id)
        m.point2 = nil
        #expect(m.pointCount == 0)
        // Flipping swaps the anchors and the halves of the id, and keeps which points exist.
        m.point2 = p
        let f = m.flipped()
        #expect(f.point1 == nil && f.point2?.anchorA == p.anchorB && f.point2?.id == featureID(17, 3))
    }

    @Test func contactCarriesImpulsesByFeatureIdThroughTheCompactManifold() {
        func point(_ id: UInt32) -> ManifoldPoint {
            ManifoldPoint(anchorA: .zero, anchorB: .zero, point: .zero, separation: 0, id: id)
        }
        var first = Manifold()
        first.append(point(featureID(1, 2)))
        first.append(point(featureID(2, 3)))
        var c = ContactTouch(friction: 0.5, restitution: 0, manifold: first)
        #expect(c.normalImpulse1 == 0 && c.tangentImpulse1 == 0 && c.normalImpulse2 == 0 && c.tangentImpulse2 == 0)
        (c.normalImpulse1, c.tangentImpulse1, c.normalImpulse2, c.tangentImpulse2) = (10, 1, 20, 2)
        // The same features in the other order, and a new one: impulses follow their features, the new one starts at 0.
        var second = Manifold()
        second.append(point(featureID(2, 3)))
        second.append(point(featureID(1, 2)))
        c.update(with: second)
        #expect(c.normalImpulse1 == 20 && c.tangentImpulse1 == 2 && c.normalImpulse2 == 10 && c.tangentImpulse2 == 1)
        var third = Manifold()
        third.append(point(featureID(9, 9)))
        c.update(with: third)
        #expect(c.normalImpulse1 == 0 && c.tangentImpulse1 == 0 && c.manifold.pointCount == 1)
    }

    @Test func onlyTouchingContactsKeepATouchRecord() throws {
        // Two boxes on the floor 6 pt apart: their fat boxes overlap (5 pt of margin each), so they have a contact,
        // but they are farther apart than a speculative point reaches (2 pt), so it never touches; a third falls onto
        // the floor. Touch records go to touching contacts only, and are given back and reused.
        let animator = try Animator(referenceSize: Vector(1000, 1000))
        let left = try DynamicItem(center: Vector(100, 975), size: Vector(50, 50))
        let right = try DynamicItem(center: Vector(156, 975), size: Vector(50, 50))
        let faller = try DynamicItem(center: Vector(500, 900), size: Vector(50, 50))
        let collision = CollisionBehavior(items: [left, right, faller])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [left, right, faller]))
        animator.allowsSleep = false
        try animator.run(1)
        let w = animator.world
        let pair = try #require(w.contactOfPair[Contact.key(left.shapeID, right.shapeID)])
        #expect(!w.contacts[Int(pair)].touching && w.manifold(ofContact: pair).pointCount == 0)
        let touching = w.contacts.filter { $0.inUse && $0.touching }
        #expect(touching.count >= 3)
        #expect(w.touches.count - w.freeTouches.count == touching.count)
        // Every touching contact has a record of its own, holding a manifold with points.
        #expect(Set(touching.map(\.touch)).count == touching.count)
        #expect(touching.allSatisfy { w.touches[Int($0.touch)].manifold.pointCount > 0 })
        // Taking the faller away gives its record back; the next touch reuses it rather than growing the array.
        let records = w.touches.count, free = w.freeTouches.count
        collision.removeItem(faller)
        try animator.step()
        #expect(animator.world.freeTouches.count == free + 1 && animator.world.touches.count == records)
        try collision.addItem(faller)
        try animator.run(1)
        #expect(animator.world.touches.count == records && animator.world.freeTouches.count == free)
    }

    @Test func pairMapKeepsKeysWhoseHalvesAreLarge() {
        var map = PairMap()
        let keys = [Contact.key(0, Int32.max), Contact.key(Int32.max - 1, Int32.max), Contact.key(-1, 5),
                    Contact.key(70_000, 1 << 30)]
        for (k, key) in keys.enumerated() { map[key] = Int32(k) }
        for (k, key) in keys.enumerated() { #expect(map[key] == Int32(k)) }
        // Keys that differ only in one half are different keys.
        #expect(map[Contact.key(1, Int32.max)] == nil)
        #expect(map[Contact.key(0, Int32.max - 1)] == nil)
    }

    @Test func itemsOfOneOutlineAndSizeShareTheirShapesPoints() throws {
        let animator = try Animator(referenceSize: Vector(1000, 1000))
        let boxes = try (0..<3).map { try DynamicItem(center: Vector(100 + 150 * Double($0), 100), size: Vector(40, 40)) }
        let balls = try (0..<2).map {
            try DynamicItem(center: Vector(100 + 150 * Double($0), 400), size: Vector(30, 30), shape: .ellipse)
        }
        let wide = try DynamicItem(center: Vector(700, 400), size: Vector(60, 20))
        // Boxes and balls alternate, as in a pile: each outline keeps its own last shape.
        let items = [boxes[0], balls[0], boxes[1], balls[1], boxes[2], wide]
        try animator.addBehavior(CollisionBehavior(items: items))
        try animator.step()
        func points(_ item: DynamicItem) -> UnsafeMutablePointer<Vector> {
            animator.world.shapes[Int(item.shapeID)].shape.points
        }
        #expect(points(boxes[0]) == points(boxes[1]) && points(boxes[1]) == points(boxes[2]))
        #expect(points(balls[0]) == points(balls[1]))
        #expect(points(wide) != points(boxes[0]) && points(balls[0]) != points(boxes[0]))
        // The shared shape is each item's own outline.
        #expect(animator.world.shapes[Int(wide.shapeID)].shape.vertices == wide.collisionShape.vertices)
        #expect(animator.world.shapes[Int(balls[1].shapeID)].shape.radius == 15)
    }

    @Test func batchesGetExactRoomOnlyWhenItAtLeastDoubles() {
        var a = ContiguousArray<Int>()
        a.reserveForBatch(adding: 1000)
        #expect(a.capacity >= 1000 && a.capacity < 1100)
        a.append(contentsOf: 0..<1000)
        // A small batch is left to the array's own doubling: reserving it exactly, batch after batch, would copy
        // the array every time.
        let before = a.capacity
        a.reserveForBatch(adding: 10)
        #expect(a.capacity == before)
        a.reserveForBatch(adding: 3000)
        #expect(a.capacity >= 4000 && a.capacity < 4200 && Array(a) == Array(0..<1000))
    }

    @Test func aBurstsRoomIsGivenBackButSteadyUseKeepsIt() {
        var a = ContiguousArray(0..<20_000)
        a.removeAll(keepingCapacity: true)
        a.append(contentsOf: 0..<100)
        a.releaseBurstRoom(used: 100)
        #expect(a.capacity < 1000 && Array(a) == Array(0..<100))
        var steady = ContiguousArray(0..<5000)
        steady.removeAll(keepingCapacity: true)
        let room = steady.capacity
        steady.releaseBurstRoom(used: 5000)
        #expect(steady.capacity == room)
        // Room under the default least is kept, unless the caller names a smaller least (one list a chunk).
        var chunk = ContiguousArray(0..<2000)
        chunk.removeAll(keepingCapacity: true)
        chunk.append(contentsOf: 0..<50)
        let chunkRoom = chunk.capacity
        chunk.releaseBurstRoom(used: 50)
        #expect(chunk.capacity == chunkRoom)
        chunk.releaseBurstRoom(used: 50, largeRoom: 512)
        #expect(chunk.capacity < 1000 && Array(chunk) == Array(0..<50))
    }

    @Test func aWorldBuiltAtOnceKeepsNoSpareRoom() throws {
        let animator = try Animator(referenceSize: Vector(4000, 4000))
        let items = try (0..<1000).map {
            try DynamicItem(center: Vector(20 + 70 * Double($0 % 50), 20 + 70 * Double($0 / 50)), size: Vector(30, 30))
        }
        try animator.addBehavior(CollisionBehavior(items: items))
        try animator.step()
        let w = animator.world
        // Made in one sync: room for the ground and the items' bodies, shapes and bounds, not twice that.
        #expect(w.bodies.count == 1001 && w.bodies.capacity < 1100)
        #expect(w.shapes.capacity < 1100 && w.bounds.capacity < 1100)
    }

    @Test func freedMemoryIsTrimmedOnlyAfterTheWorldGrew() throws {
        var world = PhysicsWorld()
        world.trimFreedMemoryAfterGrowth()
        // An empty world has far less room than the growth that asks for a trim: nothing is recorded.
        #expect(world.roomAtLastTrim == 0 && world.growingRoom < PhysicsWorld.trimGrowth)
        let box = Shape.box(halfWidth: 10, halfHeight: 10)
        world.reserve(bodies: 2000)
        for k in 0..<2000 {
            let body = world.createBody(type: .dynamicBody, origin: Vector(Double(k % 50) * 30, Double(k / 50) * 30), angle: 0)
            _ = world.createShape(body: body, shape: box, friction: 0.5, restitution: 0, filter: CollisionFilter(itemGroups: [0]))
        }
        // 2,000 bodies, shapes and bounds are about 800 KB of room: a trim, and the room it was made at.
        let grown = world.growingRoom
        #expect(grown >= PhysicsWorld.trimGrowth)
        world.trimFreedMemoryAfterGrowth()
        #expect(world.roomAtLastTrim == grown)
        // Growing by less than the step leaves the mark where it was; giving room back lowers it.
        world.contacts.reserveCapacity(world.contacts.capacity + 1000)
        world.trimFreedMemoryAfterGrowth()
        #expect(world.roomAtLastTrim == grown)
        world.bodies = []
        world.trimFreedMemoryAfterGrowth()
        #expect(world.roomAtLastTrim == world.growingRoom && world.growingRoom < grown)
    }

    @Test func aWorldThatNoLongerGrowsIsNotTrimmedEveryStep() throws {
        // 1,200 boxes in rows on the floor: over the size that solves by islands and swaps the solver's scratch
        // arrays out of the world during the step, where the step's last trim check runs.
        let animator = try Animator(referenceSize: Vector(2400, 1200))
        // One thread: a world this large would otherwise hold the process-wide pool while the suites that check
        // the workers took part step theirs.
        try animator.setWorkerCount(1)
        let items = try (0..<1200).map {
            try DynamicItem(center: Vector(20 + 40 * Double($0 % 60), 1190 - 40 * Double($0 / 60)), size: Vector(30, 30))
        }
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try stepFrames(animator, 30)
        let settled = animator.world.memoryTrims
        #expect(settled >= 1, "building the world grew it")
        try stepFrames(animator, 30)
        // The rows have landed: the arrays grow little more, so thirty more steps ask for a trim or two at most
        // (with the mark lowered while the scratch arrays were out of the world, every step asked: thirty).
        #expect(animator.world.memoryTrims - settled <= 3)
    }

    /// Builds `lanes` from `pairs` one-point constraints, each between the ground and a body of its own (one level),
    /// and returns the quads' bytes.
    static func buildSeparatePairs(_ lanes: inout ContactLanes, pairs: Int) -> [UInt8] {
        var states = [BodyState()] + (0..<pairs).map { _ in SolverLaneTests.moving(Vector(0.5, -1), 0.25) }
        var constraints = (0..<pairs).map {
            SolverLaneTests.constraint(0, Int32($0 + 1), normal: Vector(0, 1), separation: -0.01 * Double($0 % 7),
                                       friction: 0.6, softness: Softness(hertz: 30, zeta: 10, h: 1.0 / 240),
                                       impulse: 0.125, points: 1)
        }
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in lanes.build(c, states: s) }
        }
        return lanes.quads.withUnsafeBytes { Array($0) }
    }

    @Test func lanesThatStayMostlyIdleGiveTheirRoomBack() {
        var lanes = ContactLanes()
        // 400 constraints of one level: 100 quads, then room kept while builds use it.
        let large = Self.buildSeparatePairs(&lanes, pairs: 400)
        #expect(lanes.quads.count == 100)
        let room = lanes.quads.capacity
        lanes.releaseIdleRoom()
        #expect(lanes.quads.capacity == room)
        // Small builds since the last look: at most an eighth of the room in use, so it goes.
        let small = Self.buildSeparatePairs(&lanes, pairs: 8)
        #expect(lanes.quads.count == 2)
        let roomBefore = lanes.roomBytes
        lanes.releaseIdleRoom()
        #expect(lanes.quads.capacity < ContactLanes.idleQuads && lanes.roomBytes < roomBefore / 4)
        // Lanes started afresh build the same quads, bit for bit.
        #expect(Self.buildSeparatePairs(&lanes, pairs: 8) == small)
        #expect(Self.buildSeparatePairs(&lanes, pairs: 400) == large)
        // A large build in the window keeps the room, however small the last one.
        _ = Self.buildSeparatePairs(&lanes, pairs: 8)
        lanes.releaseIdleRoom()
        #expect(lanes.quads.capacity >= 100)
    }

    @Test func itemsRareSettingsReadTheirDefaultsAndKeepWhatIsSet() throws {
        let item = try DynamicItem(center: Vector(10, 10), size: Vector(20, 20))
        #expect(item.color == nil && item.alpha == 1 && !item.isHidden && item.subviews.isEmpty)
        #expect(item.superview == nil && item.groupParts == nil && item.observer == nil && item.charge == 0)
        let colored = try DynamicItem(center: Vector(10, 10), size: Vector(20, 20), color: "red")
        #expect(colored.color == "red")
        item.isHidden = true
        try item.setAlpha(0.5)
        item.color = "#00ff00"
        let child = try DynamicItem(center: Vector(5, 5), size: Vector(4, 4))
        try item.addSubview(child)
        #expect(item.isHidden && item.alpha == 0.5 && item.color == "#00ff00")
        #expect(item.subviews.count == 1 && child.superview === item)
        // Set back to the defaults, they read as defaults again.
        item.isHidden = false
        item.color = nil
        child.removeFromSuperview()
        #expect(!item.isHidden && item.color == nil && item.subviews.isEmpty && child.superview == nil)
    }

    @Test func anItemStaysWithItsAnimatorUntilItsLastBehaviourLetsGo() throws {
        let item = try DynamicItem(center: Vector(50, 50), size: Vector(10, 10))
        let animator = try Animator(referenceSize: Vector(200, 200))
        let gravity = GravityBehavior(items: [item]), collision = CollisionBehavior(items: [item])
        try animator.addBehavior(gravity)
        try animator.addBehavior(collision)
        try animator.step()
        #expect(item.animator === animator && item.bodyID >= 0)
        gravity.removeItem(item)
        #expect(item.animator === animator)
        collision.removeItem(item)
        #expect(item.animator == nil && item.bodyID == -1)
        // Held again after being let go: counted from nothing, so one removal lets it go again.
        try gravity.addItem(item)
        #expect(item.animator === animator)
        gravity.removeItem(item)
        #expect(item.animator == nil)
    }

    @Test func anItemWhoseAnimatorIsGoneStartsItsCountAgainInTheNext() throws {
        let item = try DynamicItem(center: Vector(50, 50), size: Vector(10, 10))
        do {
            let first = try Animator(referenceSize: Vector(200, 200))
            try first.addBehavior(GravityBehavior(items: [item]))
            try first.addBehavior(CollisionBehavior(items: [item]))
            #expect(item.animator === first)
            try first.step()
            #expect(item.bodyID >= 0)
        }
        #expect(item.animator == nil)
        let second = try Animator(referenceSize: Vector(200, 200))
        let gravity = GravityBehavior(items: [item])
        try second.addBehavior(gravity)
        #expect(item.animator === second)
        // The body the first animator made is not the second's: it makes its own, and the item falls in it.
        let y = item.center.y
        try second.step()
        try second.step()
        #expect(item.center.y > y && second.world.bodies.count == 2 && item.bodyID == 1)
        // The first animator's two holds are not carried over: letting go once leaves the second animator.
        second.removeBehavior(gravity)
        #expect(item.animator == nil)
    }

    @Test func aSuperviewIsHeldWeakly() throws {
        let child = try DynamicItem(center: Vector(5, 5), size: Vector(4, 4))
        do {
            let parent = try DynamicItem(center: Vector(10, 10), size: Vector(20, 20))
            try parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
    }
}
