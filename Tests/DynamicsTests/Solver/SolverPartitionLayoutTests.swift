import Testing
@testable import Dynamics

/// A step that keeps the last step's partitions lays each partition of contacts out as it was laid out then
/// (`PartitionLaneLayouts`, `ContactLanes.adopt`) and prepares its quads straight from the contacts; a layout that no
/// longer holds is built again. Either way, the bits of arranging every partition from scratch.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverPartitionLayoutTests {
    /// Constraints of every kind among seven bodies (0 static): block-solved, other two-point and one-point ones.
    static func constraintsOfEveryKind() -> (states: [BodyState], constraints: [ContactConstraint]) {
        let states = [BodyState()] + (1...6).map { _ in SolverLaneTests.moving(.zero, 0) }
        let edges: [(Int32, Int32)] = [(0, 1), (1, 2), (0, 4), (2, 3), (4, 5), (0, 6), (3, 1), (5, 0), (0, 2), (0, 3),
                                       (1, 4), (6, 5)]
        let blockSolved: Set = [0, 2, 3, 7, 10], onePoint: Set = [6, 8, 9]
        let constraints = edges.enumerated().map { i, e in
            var c = ContactConstraint(contact: Int32(i), bodyA: e.0, bodyB: e.1)
            c.touch = Int32(100 + i)
            c.pointCount = onePoint.contains(i) ? 1 : 2
            if blockSolved.contains(i) { c.block.k11 = 1 }
            return c
        }
        return (states, constraints)
    }

    @Test func anAdoptedLayoutIsTheOneTheBuildGave() {
        var (states, constraints) = Self.constraintsOfEveryKind()
        let n = constraints.count
        var built = ContactLanes()
        var order = [Int32](repeating: 0, count: n), kinds = [UInt8](repeating: 9, count: n)
        var ends = [SIMD2<Int32>](repeating: .zero, count: n)
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in
                built.build(c, states: s)
                built.keepLayout(order: &order, kinds: &kinds, ends: &ends, constraints: UnsafePointer(c.baseAddress!),
                                 states: s)
            }
        }
        #expect(kinds == constraints.map { c in withUnsafePointer(to: c) { ContactLanes.kind(of: $0) } })
        #expect(Set(kinds) == [0, 1, 2])
        #expect(ends[0] == SIMD2(-1, 1) && ends[1] == SIMD2(1, 2))
        // Each constraint once, the first of each group marked.
        #expect(order.map { $0 & ~PartitionLaneLayouts.groupMark }.sorted() == Array(0..<Int32(n)))
        #expect(order.filter { $0 & PartitionLaneLayouts.groupMark != 0 }.count == built.groups.count)

        var adopted = ContactLanes()
        let links = constraints.map(\.link)
        let held = states.withUnsafeMutableBufferPointer { s in
            adopted.adopt(count: n, order: order, kinds: kinds, ends: ends, states: s) { links[$0] }
        }
        #expect(held)
        #expect(adopted.sources == built.sources)
        #expect(adopted.runs == built.runs)
        #expect(adopted.groups.map { [$0.quadStart, $0.blockQuads, $0.twoPointQuads, $0.onePointQuads] }
                == built.groups.map { [$0.quadStart, $0.blockQuads, $0.twoPointQuads, $0.onePointQuads] })
        #expect(adopted.quads.count == built.quads.count)

        // Another moving body at one end of one constraint: the layout does not hold.
        var moved = ends
        moved[4] = SIMD2(4, 6)
        let stillHeld = states.withUnsafeMutableBufferPointer { s in
            adopted.adopt(count: n, order: order, kinds: kinds, ends: moved, states: s) { links[$0] }
        }
        #expect(!stillHeld)
    }

    struct Outcome {
        var bits: [UInt64]
        var reused: Int
        var replaced: Int
    }

    /// Twelve apart stacks, each of two boxes and a ball (block-solved and one-point constraints), every stack its
    /// own partition, stepped `frames` frames at `workers` workers, keeping the partitions' lane layouts or not.
    /// Before each frame of `spoiledKinds` the kind kept for a partition's first constraint is changed, and before
    /// each of `spoiledEnds` one of its moving bodies, as if the constraint had changed since.
    static func run(_ workers: Int, keeps: Bool, frames: Int = 90, spoiledKinds: Set<Int> = [],
                    spoiledEnds: Set<Int> = []) throws -> Outcome {
        let animator = try Animator(referenceSize: Vector(1300, 600))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = ParallelTuning(minimumWork: 0, partitionWork: 1, largestPartitionWork: 1)
        animator.world.keepsPartitionLaneLayouts = keeps
        var items: [DynamicItem] = []
        for s in 0..<12 {
            let x = 50 + Double(s) * 100
            items.append(try box(x, 590, side: 20, name: "low\(s)"))
            items.append(try box(x + 1, 569.5, side: 20, name: "high\(s)"))
            items.append(try DynamicItem(center: Vector(x + 2, 549), size: Vector(20, 20), name: "ball\(s)",
                                         shape: .ellipse))
        }
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try stepFrames(animator, frames) { frame in
            let layouts = animator.world.scratchIslands.laneLayouts
            guard !layouts.kinds.isEmpty else { return }
            // The partition that holds the step's first constraints: the first stack.
            if spoiledKinds.contains(frame + 1) {
                animator.world.scratchIslands.laneLayouts.kinds[0] = layouts.kinds[0] == 0 ? 2 : 0
            }
            if spoiledEnds.contains(frame + 1) {
                let e = layouts.ends[0]
                animator.world.scratchIslands.laneLayouts.ends[0] = SIMD2(e.y, e.x)
            }
        }
        return Outcome(bits: SolverWorkerTests.state(items), reused: animator.world.partitionsArrangedAsBefore,
                       replaced: animator.world.partitionLayoutsReplaced)
    }

    @Test func restingStacksReuseTheirLayoutsWithTheBitsOfArrangingThemAnew() throws {
        let scratch = try Self.run(1, keeps: false)
        #expect(scratch.reused == 0 && scratch.replaced == 0)
        for workers in [1, 2, 3] {
            let kept = try Self.run(workers, keeps: true)
            // Twelve partitions a step; once the stacks settle, every step keeps the partitions and their layouts.
            #expect(kept.reused > 12 * 45, "\(workers) workers reused \(kept.reused) layouts")
            #expect(kept.bits == scratch.bits)
            let arranged = try Self.run(workers, keeps: false)
            #expect(arranged.bits == scratch.bits)
        }
    }

    @Test func aLayoutThatNoLongerHoldsIsArrangedAnew() throws {
        let clean = try Self.run(2, keeps: true)
        for workers in [1, 2] {
            let kinds = try Self.run(workers, keeps: true, spoiledKinds: [60, 70, 80])
            #expect(kinds.replaced == 3)
            #expect(kinds.reused == clean.reused - 3)
            #expect(kinds.bits == clean.bits)
            let ends = try Self.run(workers, keeps: true, spoiledEnds: [65, 75])
            #expect(ends.replaced == 2)
            #expect(ends.reused == clean.reused - 2)
            #expect(ends.bits == clean.bits)
        }
    }
}
