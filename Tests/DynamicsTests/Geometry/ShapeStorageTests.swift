import Testing
@testable import Dynamics

/// A shape keeps its points in one block shared by its copies; the world lists its storage part by part, and items
/// in the same collision behaviours share their shapes' filter lists.
@Suite struct ShapeStorageTests {
    /// A box made inside a function, read after every other reference to it is gone.
    private static func madeElsewhere() -> Shape { Shape.box(halfWidth: 3, halfHeight: 2, center: Vector(1, 1)) }

    @Test func copiesOutliveTheOriginalAndReadTheSamePoints() {
        var copies: [Shape] = []
        for _ in 0..<3 { copies.append(Self.madeElsewhere()) }
        for s in copies {
            #expect(s.count == 4)
            // Corners of a 6 x 4 box around (1, 1), and outward normals of length 1 along the axes.
            let xs = Set((0..<4).map { s.vertex($0).x }), ys = Set((0..<4).map { s.vertex($0).y })
            #expect(xs == [-2, 4])
            #expect(ys == [-1, 3])
            for i in 0..<4 {
                let n = s.normal(i)
                #expect(abs(n.length - 1) < 1e-12)
                #expect(abs(n.x) == 1 || abs(n.y) == 1)
                // The edge from vertex i to i+1 is perpendicular to its normal.
                #expect(abs(dot(n, s.vertex((i + 1) % 4) - s.vertex(i))) < 1e-12)
            }
            #expect(s.centroid == Vector(1, 1))
        }
    }

    @Test func aCircleKeepsItsCentreAndATransformedShapeHasItsOwnPoints() {
        let c = Shape.circle(center: Vector(5, -2), radius: 3)
        #expect(c.count == 1)
        #expect(c.center == Vector(5, -2))
        let box = Shape.box(halfWidth: 1, halfHeight: 1)
        let moved = box.transformed(by: Transform(p: Vector(10, 0), q: .identity))
        // The moved copy is made anew: the original's points stay where they were.
        for i in 0..<4 {
            #expect(moved.vertex(i) == box.vertex(i) + Vector(10, 0))
            #expect(moved.normal(i) == box.normal(i))
        }
    }

    @Test func storagePartsAddUpToTheWorldsBytes() throws {
        let animator = Animator()
        let gravity = GravityBehavior()
        let collision = CollisionBehavior()
        for i in 0..<20 {
            let item = try DynamicItem(center: Vector(Double(i) * 30, 0), size: Vector(20, 20))
            try gravity.addItem(item)
            try collision.addItem(item)
        }
        try animator.addBehavior(gravity)
        try animator.addBehavior(collision)
        try animator.step()
        let parts = animator.worldStorageParts
        #expect(parts.reduce(0) { $0 + $1.bytes } == animator.worldStorageBytes)
        let bodies = try #require(parts.first { $0.name == "bodies" })
        // Twenty items and the ground.
        #expect(bodies.count == 21)
        #expect(bodies.elementBytes == MemoryLayout<Body>.stride)
        #expect(parts.first { $0.name == "shapes" }?.count == 20)
    }

    @Test func itemsInTheSameCollisionBehavioursShareTheirFilterLists() throws {
        let animator = Animator()
        let collision = CollisionBehavior()
        var items: [DynamicItem] = []
        for i in 0..<3 {
            let item = try DynamicItem(center: Vector(Double(i) * 30, 0), size: Vector(20, 20))
            try collision.addItem(item)
            items.append(item)
        }
        let alone = CollisionBehavior()
        let other = try DynamicItem(center: Vector(200, 0), size: Vector(20, 20))
        try alone.addItem(other)
        try animator.addBehavior(collision)
        try animator.addBehavior(alone)
        try animator.step()
        func lists(_ item: DynamicItem) -> (items: [Int32], boundaries: [Int32]) {
            let filter = animator.world.shapes[Int(item.shapeID)].filter
            return (filter.itemGroups, filter.boundaryGroups)
        }
        func start(_ a: [Int32]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let first = lists(items[0])
        #expect(first.items.count == 1 && first.boundaries.count == 1)
        for item in items.dropFirst() {
            #expect(lists(item).items == first.items)
            #expect(start(lists(item).items) == start(first.items))
            #expect(start(lists(item).boundaries) == start(first.boundaries))
        }
        // Another behaviour's item has its own group, so its own lists.
        #expect(lists(other).items != first.items)
        // Sharing lists changes nothing about who meets whom.
        #expect(animator.world.shapes[Int(items[0].shapeID)].filter
            .shouldCollide(with: animator.world.shapes[Int(items[1].shapeID)].filter))
        #expect(!animator.world.shapes[Int(items[0].shapeID)].filter
            .shouldCollide(with: animator.world.shapes[Int(other.shapeID)].filter))
    }
}

@Suite struct ShapeGhostStorageTests {
    @Test func aChainSegmentKeepsItsGhostsBesideItsPoints() {
        let both = Shape.chainSegment(Vector(0, 0), Vector(10, 0), ghost1: Vector(-5, 1), ghost2: Vector(15, -1))
        #expect(both.ghost1 == Vector(-5, 1) && both.ghost2 == Vector(15, -1))
        // The ghosts take nothing from the segment's own points and normals.
        #expect(both.vertex(0) == Vector(0, 0) && both.vertex(1) == Vector(10, 0))
        #expect(both.normal(0) == -both.normal(1) && abs(both.normal(0).y) == 1)
        let first = Shape.chainSegment(Vector(0, 0), Vector(10, 0), ghost1: nil, ghost2: Vector(15, -1))
        #expect(first.ghost1 == nil && first.ghost2 == Vector(15, -1))
        let last = Shape.chainSegment(Vector(0, 0), Vector(10, 0), ghost1: Vector(-5, 1), ghost2: nil)
        #expect(last.ghost1 == Vector(-5, 1) && last.ghost2 == nil)
        let plain = Shape.segment(Vector(0, 0), Vector(10, 0))
        #expect(plain.ghost1 == nil && plain.ghost2 == nil)
        #expect(Shape.circle(radius: 1).ghost1 == nil)
    }
}
