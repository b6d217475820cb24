import Testing
@testable import Dynamics

/// A step whose solve is split by islands (`IslandPartitions`, `PartitionJob`) gives bit for bit what one thread
/// gives, at any worker count, and its islands are the ones the world's constraints make.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverIslandTests {
    /// What a run ends with, and how it was stepped.
    struct Outcome {
        var bits: [UInt64]
        var events: [String]
        /// The normal impulse of every "began" event of every step, as bit patterns (`ImpulseWatch`).
        var impulses: [UInt64]
        var sharedChunks: Int
        var stepsSplitByIslands: Int
    }

    /// Items of `islandField`, by part.
    struct Field {
        var items: [DynamicItem] = []
        var stacks = 0
        var chainLinks = 0
    }

    /// A field of separate stacks of three boxes on the floor, elastic balls thrown down among them (contacts begin
    /// and end, impacts bounce, events are heard), a chain of pinned boxes swinging from an anchor beside them, and
    /// an anchored platform on the move with a box riding on it: many islands, one of them with a kinematic body.
    static func islandField(stacks: Int, balls: Int, log: SolverWorkerTests.EventLog?,
                            animator: Animator) throws -> Field {
        var field = Field()
        var boxes: [DynamicItem] = []
        for s in 0..<stacks {
            for row in 0..<3 {
                boxes.append(try box(40 + Double(s) * 45, 1190 - Double(row) * 20.5, side: 20, name: "s\(s).\(row)"))
            }
        }
        field.stacks = stacks
        var thrown: [DynamicItem] = []
        for b in 0..<balls {
            let thrownBall = try ball(60 + Double(b) * 97, 900 + Double(b % 3) * 40, diameter: 16, name: "ball\(b)")
            // Speeds from a fixed sequence, so the scene is the same every run.
            try thrownBall.setVelocity(Vector(Double((b * 37) % 13 - 6) * 30, 250 + Double((b * 53) % 7) * 20))
            thrown.append(thrownBall)
        }
        var chain: [DynamicItem] = []
        for k in 0..<10 {
            chain.append(try box(1850 + Double(k) * 12, 300, side: 10, name: "link\(k)"))
        }
        field.chainLinks = chain.count
        let platform = try DynamicItem(center: Vector(1600, 700), size: Vector(200, 20), name: "platform")
        try platform.setVelocity(Vector(-40, 0))
        let rider = try box(1600, 680, side: 20, name: "rider")

        let falling = boxes + thrown + chain + [rider]
        try animator.addBehavior(GravityBehavior(items: falling))
        let colliding = boxes + thrown + [platform, rider]
        let collision = CollisionBehavior(items: colliding)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.delegate = log
        try animator.addBehavior(collision)
        let bouncy = DynamicItemBehavior(items: thrown)
        try bouncy.setElasticity(0.8)
        try animator.addBehavior(bouncy)
        let fixed = DynamicItemBehavior(items: [platform])
        fixed.anchored = true
        try animator.addBehavior(fixed)
        try animator.addBehavior(try AttachmentBehavior(item: chain[0], attachedToAnchor: Vector(1850, 300)))
        for k in 1..<chain.count {
            try animator.addBehavior(try AttachmentBehavior.pin(chain[k - 1], chain[k],
                                                                  anchor: Vector(1850 + Double(k) * 12 - 6, 300)))
        }
        field.items = boxes + thrown + chain + [platform, rider]
        return field
    }

    /// Runs `frames` frames of the island field at `workers` workers with `tuning`.
    static func run(_ workers: Int, _ tuning: ParallelTuning, frames: Int) throws -> Outcome {
        let log = SolverWorkerTests.EventLog()
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        let field = try islandField(stacks: 36, balls: 16, log: log, animator: animator)
        var impulses: [UInt64] = []
        try stepFrames(animator, frames) { _ in
            impulses += animator.world.events.filter(\.began).map(\.impulse.bitPattern)
        }
        return Outcome(bits: SolverWorkerTests.state(field.items), events: log.lines, impulses: impulses,
                       sharedChunks: animator.world.chunksSharedWithWorkers,
                       stepsSplitByIslands: animator.world.stepsSplitByIslands)
    }

    @Test func islandsSplitAcrossWorkersGiveTheOneThreadResult() throws {
        let frames = 45
        // The reference: one thread, the islands solved together, as a world below `minimumWork` steps.
        let serial = try Self.run(1, ParallelTuning(minimumPartitions: Int.max), frames: frames)
        #expect(serial.stepsSplitByIslands == 0)
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        // The scene does what it is for: contacts begin and end during the run.
        #expect(serial.events.contains { $0.hasPrefix("began") } && serial.events.contains { $0.hasPrefix("ended") })
        #expect(serial.impulses.contains { Double(bitPattern: $0) > 0 })
        // An island a partition, and islands packed a few to a partition.
        let packed = ParallelTuning(minimumWork: 0, partitionWork: 40, largestPartitionWork: 40)
        // One thread solving its partitions one after another.
        for tuning in [ParallelTuning.finestIslands, packed] {
            let alone = try Self.run(1, tuning, frames: frames)
            #expect(alone.stepsSplitByIslands == frames, "every step is split by islands")
            #expect(alone.bits == serial.bits, "state differs with the partitions on one thread")
            #expect(alone.events == serial.events && alone.impulses == serial.impulses)
        }
        for workers in [2, 3] {
            for tuning in [ParallelTuning.finestIslands, packed] {
                // As in `SolverWorkerTests`: the pool is process-wide, so a run may find it held and step alone;
                // such a run is repeated, and every run must give the serial result.
                var split = 0, shared = 0
                for _ in 0..<5 where split == 0 || shared == 0 {
                    let parallel = try Self.run(workers, tuning, frames: frames)
                    split = parallel.stepsSplitByIslands
                    shared = parallel.sharedChunks
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                    #expect(parallel.events == serial.events, "events differ at \(workers) workers")
                    #expect(parallel.impulses == serial.impulses, "impulses differ at \(workers) workers")
                }
                #expect(split > 0, "no step was split by islands at \(workers) workers in five runs")
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }

    @Test func islandsLookedForButNotSplitGiveTheOneThreadResult() throws {
        let frames = 45
        let serial = try Self.run(1, ParallelTuning(minimumPartitions: Int.max), frames: frames)
        // Every island in one partition: the step goes on as one, its constraints listed from the touching
        // contacts (their solve order, bouncing ones and watches found through the contacts, not made first).
        let together = ParallelTuning(minimumWork: 0, partitionWork: 1 << 40)
        for workers in [1, 2] {
            let unsplit = try Self.run(workers, together, frames: frames)
            #expect(unsplit.stepsSplitByIslands == 0)
            #expect(unsplit.bits == serial.bits, "state differs at \(workers) workers")
            #expect(unsplit.events == serial.events && unsplit.impulses == serial.impulses)
        }
    }

    @Test func aFieldKeepsTheStepOnThePlainPath() throws {
        // One thread with the finest islands splits every step of the field of stacks, unless a field acts: its
        // links are listed field by field, not by island.
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        try animator.setWorkerCount(1)
        animator.world.parallelTuning = .finestIslands
        let field = try Self.islandField(stacks: 12, balls: 4, log: nil, animator: animator)
        let pull = try FieldBehavior(kind: .radialGravity, items: Array(field.items.prefix(6)))
        try animator.addBehavior(pull)
        try stepFrames(animator, 5)
        #expect(animator.world.stepsSplitByIslands == 0)
        animator.removeBehavior(pull)
        try stepFrames(animator, 2)
        #expect(animator.world.stepsSplitByIslands == 2)
    }

    /// Steps a still field (no balls) at two workers with `tuning` until a frame is split by islands; returns the
    /// world's islands then, or nil when five tries found the pool held.
    static func islandsOfStillField(_ tuning: ParallelTuning) throws -> (IslandPartitions, Field, Int)? {
        for _ in 0..<5 {
            let animator = try Animator(referenceSize: Vector(2000, 1200))
            animator.allowsSleep = false
            try animator.setWorkerCount(2)
            animator.world.parallelTuning = tuning
            let field = try islandField(stacks: 12, balls: 0, log: nil, animator: animator)
            // The stacks settle into touch over a few frames.
            try stepFrames(animator, 10)
            let before = animator.world.stepsSplitByIslands
            try animator.step()
            if animator.world.stepsSplitByIslands > before {
                return (animator.world.scratchIslands, field, animator.world.bodies.count)
            }
        }
        return nil
    }

    @Test func everyIslandIsOnePartitionAtTheFinestPacking() throws {
        guard let (islands, field, _) = try Self.islandsOfStillField(.finestIslands) else {
            Issue.record("no step was split by islands in five tries")
            return
        }
        // Each stack is one island (its boxes touch each other; the floor joins nothing), the chain one (pins; its
        // anchor is static), the platform and its rider one (the moving kinematic body joins what touches it).
        #expect(islands.partitions.count == field.stacks + 2)
        let inputs = islands.partitions.reduce(0) { $0 + Int($1.inputCount) }
        #expect(inputs == field.stacks * 3 + field.chainLinks + 2)
        let chain = islands.partitions.filter { $0.jointCount > 0 }
        #expect(chain.count == 1 && chain.first?.inputCount == Int32(field.chainLinks)
                && chain.first?.jointCount == Int32(field.chainLinks))
        // Every stack: three boxes, two contacts between them and one with the floor (box-on-box contacts have
        // one manifold each).
        let stacks = islands.partitions.filter { $0.jointCount == 0 && $0.inputCount == 3 }
        #expect(stacks.count == field.stacks)
        #expect(stacks.allSatisfy { $0.constraintCount == 3 })
        let ride = islands.partitions.filter { $0.jointCount == 0 && $0.inputCount == 2 }
        #expect(ride.count == 1 && ride.first?.constraintCount == 1)
        // Ranges laid out one after another.
        var next: Int32 = 0
        for part in islands.partitions {
            #expect(part.inputStart == next)
            next += part.inputCount
        }
        // The heaviest partitions are taken first.
        let works = islands.runOrder.map { islands.partitions[Int($0)].work }
        #expect(works == works.sorted(by: >))
    }

    @Test func islandsArePackedToThePartitionWork() throws {
        // Islands of 6 items (3 boxes, 3 contacts), the chain of 20, the ride of 3: packed in order of their lowest
        // body until a partition reaches 12 items, two stacks go together.
        let tuning = ParallelTuning(minimumWork: 0, partitionWork: 12, largestPartitionWork: 12)
        guard let (islands, field, _) = try Self.islandsOfStillField(tuning) else {
            Issue.record("no step was split by islands in five tries")
            return
        }
        let stackPartitions = islands.partitions.filter { $0.jointCount == 0 && $0.inputCount == 6 }
        #expect(stackPartitions.count == field.stacks / 2)
        #expect(stackPartitions.allSatisfy { $0.constraintCount == 6 && $0.work == 12 })
        #expect(islands.partitions.count == field.stacks / 2 + 2)
    }

    @Test func anIslandThatWouldPassTheTargetStartsThePartitionAfter() throws {
        // Islands of 6 items and a target of 8: each stack alone (two would make 12), the chain alone, and the ride
        // (3 items) not added to the chain's partition, already past the target.
        let tuning = ParallelTuning(minimumWork: 0, partitionWork: 8, largestPartitionWork: 8)
        guard let (islands, field, _) = try Self.islandsOfStillField(tuning) else {
            Issue.record("no step was split by islands in five tries")
            return
        }
        #expect(islands.partitions.count == field.stacks + 2)
        let stacks = islands.partitions.filter { $0.jointCount == 0 && $0.inputCount == 3 }
        #expect(stacks.count == field.stacks && stacks.allSatisfy { $0.work == 6 })
    }

    @Test func aPartitionHoldsAtMostItsIslands() throws {
        // A target the whole field fits in, but four islands a partition: the twelve stacks in three partitions,
        // the chain and the ride in a fourth.
        let tuning = ParallelTuning(minimumWork: 0, partitionWork: 10_000, largestPartitionWork: 10_000,
                                    partitionIslands: 4)
        guard let (islands, field, _) = try Self.islandsOfStillField(tuning) else {
            Issue.record("no step was split by islands in five tries")
            return
        }
        #expect(islands.partitions.count == field.stacks / 4 + 1)
        let stacks = islands.partitions.filter { $0.jointCount == 0 }
        #expect(stacks.count == field.stacks / 4 && stacks.allSatisfy { $0.inputCount == 12 && $0.work == 24 })
    }

    @Test func aPartitionReadsItsInputsThroughTheirPlaces() {
        let all = (0..<6).map {
            VelocityInput(body: Int32(10 + $0), dv: Vector(Double($0), 0), dw: 0, linearDamping: 1, angularDamping: 1)
        }
        let places: [Int32] = [1, 3, 4]
        all.withUnsafeBufferPointer { all in
            places.withUnsafeBufferPointer { places in
                let inputs = PlacedInputs(all: all.baseAddress!, places: places)
                #expect(inputs.map(\.body) == [11, 13, 14])
                #expect(inputs.map(\.dv.x) == [1, 3, 4])
                #expect(inputs.underestimatedCount == 3)
                // A gap: no stretch.
                #expect(inputs.stretch == nil)
                let none = PlacedInputs(all: all.baseAddress!, places: UnsafeBufferPointer(rebasing: places[0..<0]))
                #expect(Array(none).isEmpty && none.stretch == nil)
                // Places side by side: the same inputs, as one stretch of the step's.
                let side = PlacedInputs(all: all.baseAddress!, places: UnsafeBufferPointer(rebasing: places[1..<3]))
                #expect(side.stretch.map { Array($0.map(\.body)) } == [13, 14])
                #expect(side.stretch?.baseAddress == all.baseAddress! + 3)
            }
        }
    }

    @Test func thePartitionTargetIsAShareOfEachThreadsWork() {
        let tuning = ParallelTuning()
        func target(_ work: Int, _ threads: Int, _ t: ParallelTuning = tuning) -> Int {
            IslandPartitions.partitionTarget(totalWork: work, tuning: t, threads: threads)
        }
        // One thread shares nothing out: the largest partitions.
        #expect(target(19_500, 1) == tuning.largestPartitionWork)
        #expect(target(100, 1) == tuning.largestPartitionWork)
        // Two threads: a sixth of each one's half, rounded up, within the least and the largest.
        #expect(tuning.partitionsPerThread == 6)
        #expect(target(19_500, 2) == 1_625)
        #expect(target(19_501, 2) == 1_626)
        #expect(target(1_000, 2) == tuning.partitionWork)
        #expect(target(1_000_000, 2) == tuning.largestPartitionWork)
        #expect(target(19_500, 3) == 1_084)
        // So many partitions wanted that the count overflows: the least.
        var many = tuning
        many.partitionsPerThread = Int.max
        #expect(target(19_500, 2, many) == tuning.partitionWork)
        // Never below one item.
        let none = ParallelTuning(partitionWork: 0, largestPartitionWork: 0)
        #expect(target(19_500, 2, none) == 1)
    }

    /// A pyramid of 55 boxes (one island, most of the step's items) beside six lone boxes, stepped `frames` frames
    /// at `workers` workers with `tuning`: the items' state and net forces and every shape's tight and fat boxes as
    /// bit patterns, the steps whose heaviest partitions were prepared across the threads, and the chunks the
    /// workers ran.
    /// With `attached`, the pyramid's top box hangs from an anchor above it and two boxes of its base are tied
    /// together: joints in the pyramid's island.
    static func runHeavyIsland(_ workers: Int, _ tuning: ParallelTuning, frames: Int, attached: Bool = false) throws
        -> (bits: [UInt64], boxes: [UInt64], preparedApart: Int, shared: Int, together: Int, staged: Int) {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        var items: [DynamicItem] = []
        for row in 0..<10 {
            for k in 0..<(10 - row) {
                items.append(try box(300 + Double(row) * 10.25 + Double(k) * 20.5, 1190 - Double(row) * 20.5,
                                     side: 20, name: "p\(row).\(k)"))
            }
        }
        for k in 0..<6 { items.append(try box(1000 + Double(k) * 60, 1190, side: 20, name: "lone\(k)")) }
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        if attached {
            try animator.addBehavior(try AttachmentBehavior(item: items[54], attachedToAnchor: Vector(392, 900)))
            try animator.addBehavior(try AttachmentBehavior(item: items[0], attachedTo: items[2]))
        }
        try stepFrames(animator, frames)
        let boxes = animator.world.bounds.flatMap { b in
            [b.aabb.lower, b.aabb.upper, b.fatAABB.lower, b.fatAABB.upper].flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
        }
        // The net forces too: the items are written back across the threads (`ItemWriteBackJob`).
        let forces = items.flatMap { [$0.netForce.x.bitPattern, $0.netForce.y.bitPattern] }
        return (SolverWorkerTests.state(items) + forces, boxes, animator.world.stepsPreparedApart,
                animator.world.chunksSharedWithWorkers, animator.world.stepsSolvedTogether,
                animator.world.stepsWithContactSubstepsShared)
    }

    @Test func aHeavyIslandIsSolvedByAllTheThreadsWithTheOneThreadResult() throws {
        let frames = 30
        for attached in [false, true] {
            let serial = try Self.runHeavyIsland(1, ParallelTuning(minimumPartitions: Int.max), frames: frames,
                                                 attached: attached)
            #expect(serial.together == 0)
            #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
            // Every island a partition, and the pyramid's (over one thread's share, with more constraints than the
            // least the groups path splits) solved by all the threads, every group split to a quad a chunk.
            let tuning = ParallelTuning(minimumWork: 0, minimumGroupItems: 1, contactItemChunk: 1, loopChunk: 4,
                                        minimumPartitions: 2, partitionWork: 1, largestPartitionWork: 1,
                                        minimumTogetherConstraints: 0, dominantIslandShare: 1)
            let alone = try Self.runHeavyIsland(1, tuning, frames: frames, attached: attached)
            #expect(alone.together == 0, "one thread solves each partition itself")
            #expect(alone.bits == serial.bits && alone.boxes == serial.boxes)
            for workers in [2, 3] {
                // The pool is process-wide: a run that found it held stepped alone, and is repeated.
                var together = 0, shared = 0, staged = 0
                for _ in 0..<5 where together == 0 || shared == 0 {
                    let parallel = try Self.runHeavyIsland(workers, tuning, frames: frames, attached: attached)
                    together = parallel.together
                    shared = parallel.shared
                    staged = parallel.staged
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers, attached \(attached)")
                    #expect(parallel.boxes == serial.boxes, "boxes differ at \(workers) workers, attached \(attached)")
                }
                #expect(together > 0, "the pyramid was never solved together at \(workers) workers")
                // With nothing but joint rows between its passes, its sub-steps ran as one job of stages.
                #expect(staged > 0, "the pyramid's sub-steps never ran as stages at \(workers) workers")
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }

    @Test func aHeavyIslandIsPreparedAcrossTheThreadsWithTheOneThreadResult() throws {
        let frames = 30
        let serial = try Self.runHeavyIsland(1, ParallelTuning(minimumPartitions: Int.max), frames: frames)
        #expect(serial.preparedApart == 0)
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        // Every island a partition, the loops cut into chunks of 4 (so the proxies' boxes are taken across the
        // threads too, `ProxyBoxJob`).
        let tuning = ParallelTuning(minimumWork: 0, loopChunk: 4, minimumPartitions: 2, partitionWork: 1,
                                    largestPartitionWork: 1, dominantIslandShare: 1)
        let alone = try Self.runHeavyIsland(1, tuning, frames: frames)
        #expect(alone.preparedApart == 0, "one thread prepares each partition itself")
        #expect(alone.bits == serial.bits && alone.boxes == serial.boxes)
        for workers in [2, 3] {
            // The pool is process-wide: a run that found it held stepped alone, and is repeated.
            var prepared = 0, shared = 0
            for _ in 0..<5 where prepared == 0 || shared == 0 {
                let parallel = try Self.runHeavyIsland(workers, tuning, frames: frames)
                prepared = parallel.preparedApart
                shared = parallel.shared
                #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                #expect(parallel.boxes == serial.boxes, "shape boxes differ at \(workers) workers")
            }
            #expect(prepared > 0, "the pyramid was never prepared across the threads at \(workers) workers")
            #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
        }
    }

    @Test func onlyPartitionsOverOneThreadsShareArePreparedApart() {
        var islands = IslandPartitions()
        // Works 100 (20 bodies, 80 constraints), 30 and 20: 150 items.
        islands.partitions = [IslandPartition(inputStart: 0, inputCount: 20, constraintStart: 0, constraintCount: 80),
                              IslandPartition(inputStart: 20, inputCount: 10, constraintStart: 80, constraintCount: 20),
                              IslandPartition(inputStart: 30, inputCount: 10, constraintStart: 100, constraintCount: 10)]
        #expect(islands.sharePreparation(threads: 1, minimumChunk: 8) == 0)
        #expect(islands.partitions.allSatisfy { !$0.preparedApart })
        for threads in [2, 3] {
            // A fair share is 75 items at two threads and 50 at three: only the first partition is over it.
            let count = islands.sharePreparation(threads: threads, minimumChunk: 8)
            #expect(islands.partitions.map(\.preparedApart) == [true, false, false])
            #expect(count == islands.prepareChunks.count)
            #expect(count == min(80 / 8, threads * ParallelStep.chunksPerThread))
            // The chunks cover the partition's constraints once, in order, none below the minimum.
            var next: Int32 = 0
            for chunk in islands.prepareChunks {
                #expect(chunk.x == next && chunk.y - chunk.x >= 8)
                next = chunk.y
            }
            #expect(next == 80)
        }
        // Over the share but with too few constraints to cut in two chunks: prepared by its own thread.
        #expect(islands.sharePreparation(threads: 2, minimumChunk: 41) == 0)
        #expect(islands.partitions.allSatisfy { !$0.preparedApart })
        #expect(islands.togetherCount == 0)
    }

    @Test func onlyHeavyPartitionsWithEnoughConstraintsAreSolvedTogether() {
        var islands = IslandPartitions()
        // Works 100 (20 bodies, 80 constraints), 61 (11 bodies, 50 constraints) and 20: 181 items.
        islands.partitions = [IslandPartition(inputStart: 0, inputCount: 20, constraintStart: 0, constraintCount: 80),
                              IslandPartition(inputStart: 20, inputCount: 11, constraintStart: 80, constraintCount: 50),
                              IslandPartition(inputStart: 31, inputCount: 10, constraintStart: 130, constraintCount: 10)]
        // Never without the least count given, nor on one thread.
        _ = islands.sharePreparation(threads: 2, minimumChunk: 8)
        #expect(islands.togetherCount == 0 && islands.partitions.allSatisfy { $0.togetherSlot == -1 })
        _ = islands.sharePreparation(threads: 1, minimumChunk: 8, minimumTogether: 0)
        #expect(islands.togetherCount == 0 && islands.partitions.allSatisfy { $0.togetherSlot == -1 })
        // Two threads: a share is 90.5 items, only the first partition is over it.
        _ = islands.sharePreparation(threads: 2, minimumChunk: 8, minimumTogether: 80)
        #expect(islands.partitions.map(\.togetherSlot) == [0, -1, -1] && islands.togetherCount == 1)
        // Over the share with fewer constraints than the least: prepared apart, solved by its own thread.
        _ = islands.sharePreparation(threads: 2, minimumChunk: 8, minimumTogether: 81)
        #expect(islands.partitions.map(\.preparedApart) == [true, false, false])
        #expect(islands.partitions.map(\.togetherSlot) == [-1, -1, -1] && islands.togetherCount == 0)
        // Three threads: a share is 60.3 items, the first two are over it, numbered in partition order.
        _ = islands.sharePreparation(threads: 3, minimumChunk: 8, minimumTogether: 50)
        #expect(islands.partitions.map(\.togetherSlot) == [0, 1, -1] && islands.togetherCount == 2)
    }
}
