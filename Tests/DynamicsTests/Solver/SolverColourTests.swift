import Testing
@testable import Dynamics

/// Large islands solve their contacts in a few colours instead of many levels (`ContactColouring`): every colour a
/// group of constraints that share no moving body, each body meeting its constraints nearly always in step order,
/// and stacks standing as they do in levels.
@Suite struct SolverColourTests {
    /// A constraint between `a` and `b` with two points, for building schedules (the solve is not run).
    static func constraint(_ a: Int32, _ b: Int32) -> ContactConstraint {
        var c = ContactConstraint(contact: 0, bodyA: a, bodyB: b)
        c.pointCount = 2
        return c
    }

    /// The schedule `lanes` built: its groups' constraints (the lanes that are not empty), in solve order.
    static func groups(_ lanes: ContactLanes) -> [[Int32]] {
        lanes.groups.map { g in
            (Int(g.quadStart)..<Int(g.quadStart) + g.itemCount).flatMap { q in
                (0..<4).map { lanes.sources[q][$0] }.filter { $0 >= 0 }
            }
        }
    }

    /// Builds the schedule of `edges` (body 0 static, the others moving) with the given least island to colour.
    static func schedule(_ edges: [(Int32, Int32)], bodies: Int, minimumIsland: Int) -> ContactLanes {
        var states = [BodyState()] + (1..<bodies).map { _ in
            BodyState(v: .zero, w: 0, dp: .zero, dq: .identity, invMass: 1, invInertia: 1)
        }
        var constraints = edges.map { constraint($0.0, $0.1) }
        var lanes = ContactLanes()
        lanes.colouring.minimumIsland = minimumIsland
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in lanes.build(c, states: s) }
        }
        return lanes
    }

    /// Checks that every constraint is solved once and no group holds two constraints on one moving body; returns
    /// each constraint's place in the solve order.
    static func expectValid(_ lanes: ContactLanes, _ edges: [(Int32, Int32)]) -> [Int] {
        var place = [Int](repeating: -1, count: edges.count), next = 0
        for group in groups(lanes) {
            var seen = Set<Int32>()
            for c in group {
                #expect(place[Int(c)] == -1, "constraint \(c) is solved twice")
                place[Int(c)] = next
                next += 1
                for b in [edges[Int(c)].0, edges[Int(c)].1] where b != 0 {
                    #expect(seen.insert(b).inserted, "body \(b) has two constraints in one group")
                }
            }
        }
        #expect(next == edges.count)
        return place
    }

    /// A wall of `width` x `height` boxes, each touching the one below (row 0 the ground, body 0) and the one to its
    /// left, its contacts in the order a wall built from the bottom makes them.
    static func wall(width: Int, height: Int) -> [(Int32, Int32)] {
        var edges: [(Int32, Int32)] = []
        func body(_ row: Int, _ column: Int) -> Int32 { Int32(1 + row * width + column) }
        for row in 0..<height {
            for column in 0..<width {
                edges.append((row == 0 ? 0 : body(row - 1, column), body(row, column)))
                if column > 0 { edges.append((body(row, column - 1), body(row, column))) }
            }
        }
        return edges
    }

    @Test func aLargeIslandFoldsItsLevelsOntoFewColours() {
        let width = 40, height = 30
        let edges = Self.wall(width: width, height: height)
        #expect(edges.count >= ContactColouring().minimumIsland)
        let coloured = Self.schedule(edges, bodies: 1 + width * height, minimumIsland: ContactColouring().minimumIsland)
        let levelled = Self.schedule(edges, bodies: 1 + width * height, minimumIsland: .max)
        let place = Self.expectValid(coloured, edges)
        _ = Self.expectValid(levelled, edges)
        // Levels follow the longest chain (along a row and up the wall); colours are as many as the fold.
        #expect(levelled.groups.count >= 60)
        #expect(coloured.groups.count == ContactColouring.colourCount)
        #expect(coloured.quads.count < levelled.quads.count)
        // Each body meets its constraints in step order but where the levels wrap round: for every two
        // constraints of a body that follow each other in step order, the later one is mostly solved later.
        var lastOfBody = [Int: Int](), pairs = 0, kept = 0
        for (i, e) in edges.enumerated() {
            for b in [Int(e.0), Int(e.1)] where b != 0 {
                if let before = lastOfBody[b] {
                    pairs += 1
                    if place[before] < place[i] { kept += 1 }
                }
                lastOfBody[b] = i
            }
        }
        #expect(pairs > 3000)
        #expect(Double(kept) >= 0.85 * Double(pairs), "\(kept) of \(pairs) pairs keep their order")
    }

    @Test func smallIslandsBesideALargeOneKeepTheirStepOrder() {
        let wallEdges = Self.wall(width: 40, height: 30), wallBodies = 40 * 30
        // Two small stacks beside the wall, each a column of four boxes on the ground.
        var edges = wallEdges
        var small: [Int] = []
        for stack in 0..<2 {
            let base = Int32(1 + wallBodies + stack * 4)
            for k in 0..<4 {
                small.append(edges.count)
                edges.append((k == 0 ? 0 : base + Int32(k - 1), base + Int32(k)))
            }
        }
        let lanes = Self.schedule(edges, bodies: 1 + wallBodies + 8, minimumIsland: 1_000)
        let place = Self.expectValid(lanes, edges)
        for stack in 0..<2 {
            let column = small[(stack * 4)..<(stack * 4 + 4)]
            #expect(column.map { place[$0] } == column.map { place[$0] }.sorted(), "a small stack keeps its order")
        }
    }

    @Test func constraintsNoColourTakesComeAfterEveryColourInStepOrder() {
        // A hub (body 1) touching 40 spokes, each spoke on the ground: the hub has more constraints than colours.
        var edges: [(Int32, Int32)] = []
        for k in 0..<40 {
            edges.append((0, Int32(2 + k)))
            edges.append((1, Int32(2 + k)))
        }
        let lanes = Self.schedule(edges, bodies: 42, minimumIsland: 1)
        let place = Self.expectValid(lanes, edges)
        let hub = edges.indices.filter { edges[$0].0 == 1 }
        // Every spoke's ground contact comes first and takes colour 0, so the hub takes colours 1 to 15 in step
        // order; then every colour holds the hub or the spoke, and the other 25 follow the colours in step order.
        let places = hub.map { place[$0] }
        #expect(places == places.sorted())
        let colours = ContactColouring.colourCount
        #expect(places[colours - 1] >= Self.groups(lanes).prefix(colours).map(\.count).reduce(0, +))
        // Colour 0 holds the spokes' ground contacts, each other colour one of the hub's constraints, and each
        // leftover level one more.
        #expect(lanes.groups.count == 1 + hub.count)
    }

    /// The 20-row pyramid of `SceneStackingTests`, its one island coloured: it stands as the levelled one must
    /// (the same bounds: 0.5 pt asleep, 1 pt awake) and falls asleep.
    static func colouredPyramid(sleep: Bool) throws -> (drift: Double, animator: Animator, groups: Int) {
        let boxes = try SceneStackingTests.pyramid()
        let animator = try SceneStackingTests.world(boxes)
        animator.world.scratchLanes.colouring.minimumIsland = 1
        animator.world.enableSleep = sleep
        try stepFrames(animator, 30)
        let start = boxes.map(\.center)
        var groups = 0
        try stepFrames(animator, 600) { _ in groups = max(groups, animator.world.scratchLanes.groups.count) }
        var drift = 0.0
        for (b, p) in zip(boxes, start) { drift = max(drift, distance(b.center, p)) }
        #expect(boxes.allSatisfy { abs($0.angle) < 0.01 })
        return (drift, animator, groups)
    }

    @Test func aColouredPyramidStandsAndSleeps() throws {
        let (drift, animator, groups) = try Self.colouredPyramid(sleep: true)
        #expect(groups > 0 && groups <= ContactColouring.colourCount)
        #expect(drift < 0.5)
        #expect(!animator.isRunning)
    }

    @Test func aColouredPyramidStandsWhileKeptAwake() throws {
        let (drift, animator, groups) = try Self.colouredPyramid(sleep: false)
        #expect(groups > 0 && groups <= ContactColouring.colourCount)
        #expect(drift < 1)
        animator.world.enableSleep = true
        try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning)
    }

    /// The worker tests' 30-row pyramid is one island large enough to be coloured, so they check the colours, split
    /// across workers, against one thread.
    @Test func theWorkerTestsPyramidIsColoured() throws {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        _ = try SolverWorkerTests.pyramid(rows: 30)(animator, SolverWorkerTests.EventLog())
        try stepFrames(animator, 3)
        #expect(animator.world.scratchLanes.sources.count > 0)
        #expect(animator.world.scratchLanes.groups.count <= ContactColouring.colourCount)
    }
}
