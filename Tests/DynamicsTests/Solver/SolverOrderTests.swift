import Testing
@testable import Dynamics

/// The solve order of the lanes is kept from one build to the next while the constraints' moving bodies are the
/// same (`ContactSolveOrder`), and a kept order is the one a fresh build makes.
@Suite struct SolverOrderTests {
    /// A constraint between `a` and `b`; odd ones have one point, so the quads mix kinds.
    static func constraint(_ k: Int, _ a: Int32, _ b: Int32) -> ContactConstraint {
        var c = ContactConstraint(contact: Int32(k), bodyA: a, bodyB: b, touch: Int32(k))
        c.pointCount = k % 2 == 0 ? 2 : 1
        return c
    }

    /// A wall of `width` x `height` bodies over the static body 0, each touching the one below and the one to its
    /// left: 2 width height - height constraints, in the order a wall built from the bottom makes them.
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

    /// Builds `lanes` from `edges` over `bodies` bodies, of which `asleep` do not move; returns its schedule.
    static func build(_ lanes: inout ContactLanes, _ edges: [(Int32, Int32)], bodies: Int,
                      asleep: Set<Int32> = []) -> [SIMD4<Int32>] {
        var states = (0..<bodies).map { i in
            i == 0 || asleep.contains(Int32(i)) ? BodyState()
                : BodyState(v: .zero, w: 0, dp: .zero, dq: .identity, invMass: 1, invInertia: 1)
        }
        var constraints = edges.enumerated().map { constraint($0.offset, $0.element.0, $0.element.1) }
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in lanes.build(c, states: s) }
        }
        return Array(lanes.sources)
    }

    @Test(arguments: [1_000_000, 1])
    func anOrderIsKeptOnlyWhileTheMovingBodiesAreTheSame(minimumIsland: Int) {
        // Coloured (an island of at least one constraint is large) and levelled (no island is large).
        let width = 12, height = 9, bodies = 1 + width * height
        let edges = Self.wall(width: width, height: height)
        var kept = ContactLanes()
        kept.colouring.minimumIsland = minimumIsland
        let first = Self.build(&kept, edges, bodies: bodies)
        #expect(kept.solveOrder.keptCount == 0)
        // The same constraints again: the order is kept, and the schedule is the same.
        #expect(Self.build(&kept, edges, bodies: bodies) == first)
        #expect(kept.solveOrder.keptCount == 1)
        // Each change, built on the kept lanes and on fresh ones: only an unchanged set keeps the order, and the
        // kept lanes always give what fresh ones give.
        var swapped = edges
        swapped.swapAt(3, 4)
        let changes: [(edges: [(Int32, Int32)], asleep: Set<Int32>)] = [
            (Array(edges.dropLast()), []),      // a contact ended
            (edges + [(5, 40)], []),            // one began
            (swapped, []),                      // the same pairs in another order
            (edges, [7]),                       // a body fell asleep: its constraints order nothing through it
            (edges, [7]),                       // unchanged again
        ]
        var expectedKept = 1
        for (k, change) in changes.enumerated() {
            var fresh = ContactLanes()
            fresh.colouring.minimumIsland = minimumIsland
            let expected = Self.build(&fresh, change.edges, bodies: bodies, asleep: change.asleep)
            #expect(Self.build(&kept, change.edges, bodies: bodies, asleep: change.asleep) == expected, "change \(k)")
            if k == changes.count - 1 { expectedKept += 1 }
            #expect(kept.solveOrder.keptCount == expectedKept, "change \(k)")
            #expect(kept.runs == fresh.runs && kept.groups.count == fresh.groups.count, "change \(k)")
        }
        // The sleeping body changed the schedule: without it the wall's levels are different.
        #expect(Self.build(&kept, edges, bodies: bodies, asleep: [7]) != first)
    }

    /// The order worked out from contacts still to become constraints, with their bodies read across the worker
    /// pool in many chunks, is the one-thread order: the same links, groups and sorted constraints, kept and made
    /// anew at the same builds.
    @Test func anOrderReadAcrossThePoolIsTheOneThreadOrder() throws {
        let width = 30, height = 20, bodies = 1 + width * height
        let edges = Self.wall(width: width, height: height)
        var swapped = edges
        swapped.swapAt(100, 101)
        // The wall, the wall again (kept), a constraint gone, a body asleep, the same again (kept), constraints
        // reordered.
        let builds: [(edges: [(Int32, Int32)], asleep: Set<Int32>)] = [
            (edges, []), (edges, []), (Array(edges.dropLast(2)), []), (edges, [7]), (edges, [7]), (swapped, []),
        ]
        var serial = ContactSolveOrder(), split = ContactSolveOrder()
        serial.colouring.minimumIsland = 1
        split.colouring.minimumIsland = 1
        let pool = WorkerPool.shared
        // Other tests' steps may hold the pool for a moment.
        while !pool.tryAcquire(workers: 3) { WorkerPool.yieldProcessor() }
        defer { _ = pool.release() }
        for (k, build) in builds.enumerated() {
            // Contact c touches with record c + 5, so links tell contacts from records.
            let contacts = build.edges.map { Contact(shapeA: $0.0, shapeB: $0.1, bodyA: $0.0, bodyB: $0.1, touch: 0) }
                .enumerated().map { c -> Contact in var c = c; c.element.touch = Int32(c.offset + 5); return c.element }
            // Every other contact becomes a constraint.
            let touching = stride(from: 0, to: contacts.count, by: 2).map(Int32.init)
            var states = (0..<bodies).map { i in
                i == 0 || build.asleep.contains(Int32(i)) ? BodyState()
                    : BodyState(v: .zero, w: 0, dp: .zero, dq: .identity, invMass: 1, invInertia: 1)
            }
            contacts.withUnsafeBufferPointer { cb in touching.withUnsafeBufferPointer { tb in
                states.withUnsafeMutableBufferPointer { sb in
                    serial.arrange(touching: tb, contacts: cb, states: sb)
                    split.arrange(touching: tb, contacts: cb, states: sb, pool: pool, minimum: 16)
                }
            } }
            #expect(pool.split(touching.count, minimum: 16).chunks > 2)
            #expect(split.links == serial.links && split.order == serial.order, "build \(k)")
            #expect(split.groupStart == serial.groupStart && split.lastKept == serial.lastKept, "build \(k)")
            #expect(split.links.first == SIMD4(0, edges[0].0, edges[0].1, 5), "build \(k)")
        }
        #expect(serial.keptCount == 2 && split.keptCount == 2)
    }

    @Test func aNewLeastIslandMakesTheOrderAnew() {
        let width = 12, height = 9, bodies = 1 + width * height
        let edges = Self.wall(width: width, height: height)
        var lanes = ContactLanes()
        lanes.colouring.minimumIsland = .max
        let levelled = Self.build(&lanes, edges, bodies: bodies)
        lanes.colouring.minimumIsland = 1
        let coloured = Self.build(&lanes, edges, bodies: bodies)
        #expect(lanes.solveOrder.keptCount == 0)
        #expect(coloured != levelled)
        #expect(lanes.groups.count <= ContactColouring.colourCount)
    }
}
