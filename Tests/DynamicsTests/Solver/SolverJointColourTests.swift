import Testing
@testable import Dynamics

/// Large islands of joints solve in a few colours instead of step order (`JointColouring`), the colours shared
/// across the workers (`JointColourStages`): every colour a set of joints that share no moving body, each body
/// meeting its joints nearly always in step order, and the result the same bit for bit at any worker count.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverJointColourTests {
    /// Bodies `0..<count` (0 static, the others moving) and pin joints between the given pairs, as the step sees
    /// them.
    struct JointSet {
        var states: [BodyState]
        var joints: [Joint]

        init(bodies: Int, pairs: [(Int32, Int32)]) {
            states = [BodyState()] + (1..<bodies).map { _ in
                BodyState(v: .zero, w: 0, dp: .zero, dq: .identity, invMass: 1, invInertia: 1)
            }
            joints = pairs.map { Joint(kind: .revolute, bodyA: $0.0, bodyB: $0.1) }
        }

        /// Colours every joint, in index order, with `minimumIsland`; nil when nothing is coloured.
        func colour(minimumIsland: Int = JointColouring().minimumIsland) -> JointColouring? {
            var colouring = JointColouring()
            colouring.minimumIsland = minimumIsland
            let active = (0..<Int32(joints.count)).map { $0 }
            let coloured = active.withUnsafeBufferPointer { a in
                joints.withUnsafeBufferPointer { j in
                    states.withUnsafeBufferPointer { colouring.build(active: a, joints: j, states: $0) }
                }
            }
            return coloured ? colouring : nil
        }
    }

    /// The pins of a `width` x `height` grid of bodies (body 1 + column * height + row), each pinned to the one
    /// below and the one to its right, the top row's every fourth body pinned to the static body 0, in the order a
    /// grid built column by column makes them (Box2D v3's joint grid).
    static func gridPairs(width: Int, height: Int, firstBody: Int32 = 1) -> [(Int32, Int32)] {
        var pairs: [(Int32, Int32)] = []
        func body(_ column: Int, _ row: Int) -> Int32 { firstBody + Int32(column * height + row) }
        for column in 0..<width {
            for row in 0..<height {
                if row == 0 && column % 4 == 0 { pairs.append((0, body(column, row))) }
                if row > 0 { pairs.append((body(column, row - 1), body(column, row))) }
                if column > 0 { pairs.append((body(column - 1, row), body(column, row))) }
            }
        }
        return pairs
    }

    /// Checks that every joint is in the sequence once and no slot holds two joints on one moving body; returns
    /// each joint's place in the sequence.
    static func expectValid(_ colouring: JointColouring, _ set: JointSet) -> [Int] {
        var place = [Int](repeating: -1, count: set.joints.count)
        for (k, j) in colouring.sequence.enumerated() {
            #expect(place[Int(j)] == -1, "joint \(j) is solved twice")
            place[Int(j)] = k
        }
        #expect(!place.contains(-1), "a joint is never solved")
        for s in 0..<colouring.slotCount {
            var seen = Set<Int32>()
            for k in Int(colouring.slotStart[s])..<Int(colouring.slotStart[s + 1]) {
                let joint = set.joints[Int(colouring.sequence[k])]
                for b in [joint.bodyA, joint.bodyB] where b != 0 {
                    #expect(seen.insert(b).inserted, "body \(b) has two joints in slot \(s)")
                }
            }
        }
        return place
    }

    /// Of the joints of each body taken two at a time in step order (each with the next on the body), the share
    /// the sequence solves the other way round.
    static func reversedShare(_ place: [Int], _ set: JointSet) -> Double {
        var last = [Int](repeating: -1, count: set.states.count)
        var pairs = 0, reversed = 0
        for (t, joint) in set.joints.enumerated() {
            for b in [Int(joint.bodyA), Int(joint.bodyB)] where b != 0 {
                if last[b] >= 0 {
                    pairs += 1
                    if place[last[b]] > place[t] { reversed += 1 }
                }
                last[b] = t
            }
        }
        return Double(reversed) / Double(max(pairs, 1))
    }

    @Test func aLargeIslandOfPinsFoldsItsLevelsOntoFewColours() throws {
        let width = 40, height = 40
        let set = JointSet(bodies: 1 + width * height, pairs: Self.gridPairs(width: width, height: height))
        #expect(set.joints.count >= JointColouring().minimumIsland)
        let colouring = try #require(set.colour())
        let place = Self.expectValid(colouring, set)
        #expect(colouring.uncolouredCount == 0)
        // Every colour is used, and a body has at most four pins: none is left over for lack of a free colour.
        #expect(colouring.slotCount == JointColouring.colourCount)
        for s in 0..<colouring.slotCount { #expect(colouring.slotStart[s + 1] > colouring.slotStart[s]) }
        // Folded levels keep most of each body's step order; colouring greedily (each joint the lowest colour
        // free for both bodies) gives a chain colours 0, 1, 0, 1 and turns every other pair round.
        let share = Self.reversedShare(place, set)
        #expect(share < 0.2, "\(share) of each body's consecutive joints are solved out of step order")
    }

    @Test func smallIslandsKeepStepOrderAheadOfTheColours() throws {
        // A chain of 30 pins hanging from the static body, its joints interleaved in step order with a large grid's.
        let width = 36, height = 36
        let gridBodies = width * height
        let chainFirst = Int32(1 + gridBodies)
        var chain: [(Int32, Int32)] = [(0, chainFirst)]
        for k in 1..<30 { chain.append((chainFirst + Int32(k - 1), chainFirst + Int32(k))) }
        let grid = Self.gridPairs(width: width, height: height)
        var pairs: [(Int32, Int32)] = [], chainJoints: [Int32] = []
        for (k, pair) in grid.enumerated() {
            pairs.append(pair)
            if k % 40 == 0 && chainJoints.count < chain.count {
                chainJoints.append(Int32(pairs.count))
                pairs.append(chain[chainJoints.count - 1])
            }
        }
        #expect(chainJoints.count == chain.count)
        let set = JointSet(bodies: 1 + gridBodies + chain.count, pairs: pairs)
        let colouring = try #require(set.colour())
        _ = Self.expectValid(colouring, set)
        #expect(colouring.uncolouredCount == chain.count)
        #expect(Array(colouring.sequence.prefix(chain.count)) == chainJoints)
    }

    @Test func islandsBelowTheSizeAreNotColoured() {
        // 22 x 22 pins: 929 joints, under the 1,024 of one island.
        let set = JointSet(bodies: 1 + 22 * 22, pairs: Self.gridPairs(width: 22, height: 22))
        #expect(set.joints.count < JointColouring().minimumIsland)
        #expect(set.colour() == nil)
        // Two such grids side by side are 1,858 joints, but two islands: neither is coloured.
        let two = Self.gridPairs(width: 22, height: 22) + Self.gridPairs(width: 22, height: 22, firstBody: 1 + 22 * 22)
        let twoSet = JointSet(bodies: 1 + 2 * 22 * 22, pairs: two)
        #expect(twoSet.joints.count >= JointColouring().minimumIsland)
        #expect(twoSet.colour() == nil)
    }
}

/// The coloured joint solve on several threads and on one.
extension SolverJointColourTests {
    /// A grid of pinned boxes (`SolverWorkerTests.jointGrid`) and, beside it, a chain of pinned boxes hanging from
    /// an anchor: two islands, one large enough to be coloured.
    static func gridAndChain(side: Int) -> (Animator, SolverWorkerTests.EventLog) throws -> [DynamicItem] {
        { animator, log in
            var items = try SolverWorkerTests.jointGrid(side: side)(animator, log)
            var chain: [DynamicItem] = []
            for k in 0..<12 { chain.append(try box(1500 + Double(k) * 12, 300, side: 10, name: "link\(k)")) }
            try animator.addBehavior(GravityBehavior(items: chain))
            try animator.addBehavior(try AttachmentBehavior(item: chain[0], attachedToAnchor: Vector(1494, 300)))
            for k in 1..<chain.count {
                try animator.addBehavior(try AttachmentBehavior.pin(chain[k - 1], chain[k],
                                                                    anchor: Vector(1494 + Double(k) * 12, 300)))
            }
            items += chain
            return items
        }
    }

    /// Runs the scene at `workers` workers with `tuning`, returning the outcome and the world's probes.
    static func run(_ workers: Int, _ tuning: ParallelTuning, frames: Int,
                    _ build: (Animator, SolverWorkerTests.EventLog) throws -> [DynamicItem])
        throws -> (bits: [UInt64], shared: Int, coloured: Int, byIslands: Int, substepsShared: Int) {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        animator.world.jointColouringMinimumIsland = JointColouring().minimumIsland
        let items = try build(animator, SolverWorkerTests.EventLog())
        try stepFrames(animator, frames)
        return (SolverWorkerTests.state(items), animator.world.chunksSharedWithWorkers,
                animator.world.stepsWithColouredJoints, animator.world.stepsSplitByIslands,
                animator.world.stepsWithJointSubstepsShared)
    }

    @Test func aColouredGridIsTheSameAtAnyWorkerCount() throws {
        // 24 x 24 boxes: 1,110 pins in one island, over the size that is coloured.
        let build = SolverWorkerTests.jointGrid(side: 24)
        let serial = try Self.run(1, ParallelTuning(), frames: 20, build)
        #expect(serial.coloured == 20, "the grid was not coloured on every step")
        #expect(serial.substepsShared == 0)
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        var finest = ParallelTuning.finest
        finest.jointBlock = 1
        for workers in [2, 3] {
            for tuning in [finest, ParallelTuning()] {
                // As `SolverWorkerTests`: a run the workers took no part in (the pool is process-wide, and other
                // suites' worlds hold it while they step) is run again, up to ten times.
                var shared = 0, substepsShared = 0
                for _ in 0..<10 where shared == 0 {
                    let parallel = try Self.run(workers, tuning, frames: 20, build)
                    shared = parallel.shared
                    substepsShared = parallel.substepsShared
                    #expect(parallel.coloured == 20)
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                }
                #expect(shared > 0, "no work was shared at \(workers) workers in ten runs")
                // Nothing but joints: a step that held the pool ran its sub-step loop as one pool job.
                #expect(shared == 0 || substepsShared > 0, "the sub-steps were never one pool job")
            }
        }
    }

    @Test func aColouredGridBesideContactsIsTheSameAtAnyWorkerCount() throws {
        // A box resting on the floor beside the grid: with contacts to solve, the joints' passes are pool jobs of
        // their own between the contacts' (`JointPasses`), not one job for the whole sub-step loop.
        let build: (Animator, SolverWorkerTests.EventLog) throws -> [DynamicItem] = { animator, log in
            var items = try SolverWorkerTests.jointGrid(side: 24)(animator, log)
            let resting = try box(1800, 1195, side: 10, name: "resting")
            let collision = CollisionBehavior(items: [resting])
            collision.translatesReferenceBoundsIntoBoundary = true
            try animator.addBehavior(collision)
            try animator.addBehavior(GravityBehavior(items: [resting]))
            items.append(resting)
            return items
        }
        // The finest tuning never splits by islands, so the grid is coloured on the whole-world path.
        var finest = ParallelTuning.finest
        finest.jointBlock = 1
        let serial = try Self.run(1, finest, frames: 20, build)
        #expect(serial.coloured == 20)
        var shared = 0
        for _ in 0..<10 where shared == 0 {
            let parallel = try Self.run(2, finest, frames: 20, build)
            shared = parallel.shared
            #expect(parallel.coloured == 20)
            #expect(parallel.substepsShared < 20, "the box never touched the floor")
            #expect(parallel.bits == serial.bits, "state differs at 2 workers")
        }
        #expect(shared > 0, "no work was shared in ten runs")
    }

    @Test func aColouredIslandBesideAnotherIsColouredTheSameWay() throws {
        // With the chain, a tuning that splits even a dominant island, into partitions smaller than the two
        // islands, finds two partitions and solves each whole on one thread (the grid's colours made in its
        // partition); the finest tuning never splits by islands and shares the grid's colours across the workers.
        // Both give the bits of one thread.
        let build = Self.gridAndChain(side: 24)
        let serial = try Self.run(1, ParallelTuning(largestPartitionWork: 256, dominantIslandShare: 1), frames: 20,
                                  build)
        #expect(serial.byIslands == 20 && serial.coloured == 0)
        var finest = ParallelTuning.finest
        finest.jointBlock = 1
        var shared = 0
        for _ in 0..<10 where shared == 0 {
            let parallel = try Self.run(2, finest, frames: 20, build)
            shared = parallel.shared
            #expect(parallel.byIslands == 0 && parallel.coloured == 20)
            #expect(parallel.bits == serial.bits, "the partition's colours differ from the whole step's")
        }
        #expect(shared > 0, "no work was shared in ten runs")
    }
}
