import Testing
@testable import Dynamics

/// `IslandPartitions.build` returns at once when given what the unsplit build before it was given, keeps the layout
/// of a split build before it while that layout still holds every island whole, and works the islands out again
/// whenever anything it is given differs.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverIslandShapeTests {
    /// Six moving bodies and the contacts between the pairs `pairs`, in that order (each touching, its own touch
    /// record).
    struct Step {
        var inputs: [VelocityInput]
        var contacts: [Contact]
        var touching: [Int32]

        init(_ pairs: [(Int32, Int32)], bodies: Int = 6) {
            inputs = (0..<Int32(bodies)).map {
                VelocityInput(body: $0, dv: .zero, dw: 0, linearDamping: 1, angularDamping: 1)
            }
            contacts = pairs.enumerated().map { k, pair in
                Contact(shapeA: pair.0, shapeB: pair.1, bodyA: pair.0, bodyB: pair.1, touch: Int32(k))
            }
            touching = contacts.indices.map { Int32($0) }
        }

        func build(_ islands: inout IslandPartitions, _ tuning: ParallelTuning, bodyCount: Int = 6,
                   threads: Int = 1) -> Bool {
            inputs.withUnsafeBufferPointer { inputs in
                contacts.withUnsafeBufferPointer { contacts in
                    touching.withUnsafeBufferPointer { touching in
                        islands.build(bodyCount: bodyCount, inputs: inputs, contacts: contacts, touching: touching,
                                      joints: UnsafeBufferPointer(start: nil, count: 0),
                                      active: UnsafeBufferPointer(start: nil, count: 0), tuning: tuning,
                                      threads: threads)
                    }
                }
            }
        }
    }

    /// Every island its own partition, two partitions needed to split, however large one island is.
    static let tuning = ParallelTuning(minimumWork: 0, minimumPartitions: 2, partitionWork: 1,
                                       largestPartitionWork: 1, dominantIslandShare: 1)

    @Test func anUnsplitStepRepeatedIsNotJoinedAgain() {
        var islands = IslandPartitions()
        // One island: a chain through every body.
        let chain = Step([(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
        #expect(!chain.build(&islands, Self.tuning))
        #expect(islands.unsplitRepeats == 0)
        #expect(!chain.build(&islands, Self.tuning))
        #expect(!chain.build(&islands, Self.tuning))
        #expect(islands.unsplitRepeats == 2)
    }

    @Test func anIslandHoldingMoreThanItsShareOfTheWorkIsNotSplit() {
        // Five bodies in a chain (nine items with its four contacts) beside one body alone: ten items.
        let lopsided = Step([(0, 1), (1, 2), (2, 3), (3, 4)])
        var tuning = Self.tuning
        tuning.dominantIslandShare = 0.5
        var islands = IslandPartitions()
        #expect(!lopsided.build(&islands, tuning), "an island of nine items in ten was split")
        tuning.dominantIslandShare = 0.9
        islands = IslandPartitions()
        #expect(lopsided.build(&islands, tuning), "an island of exactly its share was not split")
        #expect(islands.partitions.map(\.inputCount) == [5, 1])
        // Two chains of three bodies: five items each, half the work each, split at the default share.
        let even = Step([(0, 1), (1, 2), (3, 4), (4, 5)])
        islands = IslandPartitions()
        #expect(even.build(&islands, ParallelTuning(minimumWork: 0, partitionWork: 1, largestPartitionWork: 1)))
        #expect(islands.partitions.map(\.inputCount) == [3, 3])
        #expect(!lopsided.build(&islands, ParallelTuning(minimumWork: 0, partitionWork: 1, largestPartitionWork: 1)))
        // An island over its share seldom breaks up at once: the next few steps are not looked at, even split ones.
        for _ in 0..<IslandPartitions.dominatedSteps {
            #expect(!even.build(&islands, ParallelTuning(minimumWork: 0, partitionWork: 1, largestPartitionWork: 1)))
        }
        #expect(islands.dominatedRepeats == IslandPartitions.dominatedSteps)
        // Then the islands are joined again (a shape other than the unsplit step's, which would repeat at once).
        var reordered = even
        reordered.touching = [2, 3, 0, 1]
        #expect(reordered.build(&islands, ParallelTuning(minimumWork: 0, partitionWork: 1, largestPartitionWork: 1)))
        #expect(islands.partitions.map(\.inputCount) == [3, 3])
    }

    @Test func aChangedStepIsJoinedAgain() {
        var islands = IslandPartitions()
        let chain = Step([(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
        #expect(!chain.build(&islands, Self.tuning))
        // The chain broken in the middle: same counts, other contacts, two islands.
        var broken = chain
        broken.contacts[2] = Contact(shapeA: 0, shapeB: 2, bodyA: 0, bodyB: 2, touch: 2)
        broken.touching = [0, 1, 3, 4, 5]
        broken.contacts.append(Contact(shapeA: 4, shapeB: 5, bodyA: 4, bodyB: 5, touch: 5))
        #expect(broken.build(&islands, Self.tuning))
        #expect(islands.partitions.count == 2)
        #expect(islands.unsplitRepeats == 0)
        // After a split, the unsplit step is joined again (and found unsplit), then repeats.
        #expect(!chain.build(&islands, Self.tuning))
        #expect(islands.unsplitRepeats == 0)
        #expect(!chain.build(&islands, Self.tuning))
        #expect(islands.unsplitRepeats == 1)
    }

    @Test func theSameContactsInAnotherOrderOrAnotherTuningAreJoinedAgain() {
        var islands = IslandPartitions()
        let chain = Step([(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
        #expect(!chain.build(&islands, Self.tuning))
        var reordered = chain
        reordered.touching = [1, 0, 2, 3, 4]
        #expect(!reordered.build(&islands, Self.tuning))
        #expect(islands.unsplitRepeats == 0)
        var tuning = Self.tuning
        tuning.partitionWork = 2
        #expect(!reordered.build(&islands, tuning))
        #expect(islands.unsplitRepeats == 0)
        // One body fewer moving: other inputs.
        var fewer = reordered
        fewer.inputs.removeLast()
        fewer.contacts.removeLast()
        fewer.touching = [1, 0, 2, 3]
        #expect(!fewer.build(&islands, tuning))
        #expect(islands.unsplitRepeats == 0)
        #expect(!fewer.build(&islands, tuning))
        #expect(islands.unsplitRepeats == 1)
    }

    @Test func aSplitStepRepeatedKeepsItsLayout() {
        var islands = IslandPartitions()
        // Two islands: bodies 0-2 and 3-5.
        let two = Step([(0, 1), (1, 2), (3, 4), (4, 5)])
        #expect(two.build(&islands, Self.tuning))
        let layout = (islands.partitions.map(\.inputStart), islands.inputs, islands.contactOrder, islands.constraintPlace)
        #expect(islands.partitions.count == 2)
        #expect(two.build(&islands, Self.tuning))
        #expect(two.build(&islands, Self.tuning))
        #expect(islands.layoutRepeats == 2)
        #expect(islands.partitions.map(\.inputStart) == layout.0 && islands.inputs == layout.1
                && islands.contactOrder == layout.2 && islands.constraintPlace == layout.3)
    }

    @Test func aContactRecordGivenToAPairAcrossPartitionsIsNotKept() {
        var islands = IslandPartitions()
        var two = Step([(0, 1), (1, 2), (3, 4), (4, 5)])
        #expect(two.build(&islands, Self.tuning))
        #expect(islands.partitions.map(\.inputCount) == [3, 3])
        // The same touching contacts in the same order, but record 2 (bodies 3 and 4 before) now joins body 2 to
        // body 3: the islands are bodies 0-3 and 4-5, and the constraint would sit in the wrong partition.
        two.contacts[2] = Contact(shapeA: 2, shapeB: 3, bodyA: 2, bodyB: 3, touch: 2)
        #expect(two.build(&islands, Self.tuning))
        #expect(islands.layoutRepeats == 0)
        #expect(islands.partitions.map(\.inputCount) == [4, 2])
    }

    @Test func otherMovingBodiesOrContactsAreNotKept() {
        var islands = IslandPartitions()
        let two = Step([(0, 1), (1, 2), (3, 4), (4, 5)])
        #expect(two.build(&islands, Self.tuning))
        // As many inputs, but body 5 rests and a body that was not moving moves: laid out again.
        var swapped = two
        swapped.inputs[5].body = 6
        swapped.contacts[3] = Contact(shapeA: 4, shapeB: 6, bodyA: 4, bodyB: 6, touch: 3)
        #expect(swapped.build(&islands, Self.tuning, bodyCount: 7))
        #expect(islands.layoutRepeats == 0)
        #expect(swapped.build(&islands, Self.tuning, bodyCount: 7))
        #expect(islands.layoutRepeats == 1)
        // The touching contacts in another order: laid out again, each constraint at its new place.
        var reordered = swapped
        reordered.touching = [1, 0, 2, 3]
        #expect(reordered.build(&islands, Self.tuning, bodyCount: 7))
        #expect(islands.layoutRepeats == 1)
        #expect(islands.contactOrder == [1, 0, 2, 3])
        // Another tuning: packed again (both islands in one partition of work 16).
        var tuning = Self.tuning
        tuning.partitionWork = 16
        tuning.minimumPartitions = 1
        #expect(reordered.build(&islands, tuning, bodyCount: 7))
        #expect(islands.layoutRepeats == 1)
        #expect(islands.partitions.count == 1)
        // The same again keeps it; another thread count, whose partitions may be packed to another size, does not.
        #expect(reordered.build(&islands, tuning, bodyCount: 7))
        #expect(islands.layoutRepeats == 2)
        #expect(reordered.build(&islands, tuning, bodyCount: 7, threads: 2))
        #expect(islands.layoutRepeats == 2)
    }

    /// Boxes of side 20 on the floor, one at each of `centers`, stepped `frames` frames at `workers` workers with
    /// `tuning`: the items' state as bit patterns, and how many steps found their islands unsplit as in the step
    /// before and returned at once, and how many kept the step before's layout.
    static func runBoxes(at centers: [Vector], _ workers: Int, _ tuning: ParallelTuning,
                         frames: Int) throws -> (bits: [UInt64], repeats: Int, kept: Int) {
        let animator = try Animator(referenceSize: Vector(1000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        let items = try centers.enumerated().map { try box($1.x, $1.y, side: 20, name: "b\($0)") }
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try stepFrames(animator, frames)
        let islands = animator.world.scratchIslands
        return (SolverWorkerTests.state(items), islands.unsplitRepeats, islands.layoutRepeats)
    }

    /// A pyramid of 55 boxes: one island.
    static var pyramid: [Vector] {
        var centers: [Vector] = []
        for row in 0..<10 {
            for k in 0..<(10 - row) {
                let x: Double = 300 + Double(row) * 10.25 + Double(k) * 20.5
                centers.append(Vector(x, 1190 - Double(row) * 20.5))
            }
        }
        return centers
    }

    /// Eight stacks of three boxes, apart: eight islands.
    static var stacks: [Vector] {
        var centers: [Vector] = []
        for s in 0..<8 {
            for row in 0..<3 { centers.append(Vector(40 + Double(s) * 100, 1190 - Double(row) * 20.5)) }
        }
        return centers
    }

    @Test func aRestingPyramidSkipsItsIslandsWithTheResultOfNeverLookingForThem() throws {
        let frames = 60
        let never = try Self.runBoxes(at: Self.pyramid, 2, ParallelTuning(minimumWork: 0, minimumPartitions: Int.max),
                                      frames: frames)
        #expect(never.repeats == 0)
        for workers in [1, 2] {
            let looked = try Self.runBoxes(at: Self.pyramid, workers, ParallelTuning(minimumWork: 0), frames: frames)
            // Its contacts settle within the first frames, and from then on every step is the one before.
            #expect(looked.repeats > frames / 2)
            #expect(looked.bits == never.bits)
        }
    }

    @Test func restingStacksKeepTheirLayoutWithTheResultOfNeverSplitting() throws {
        let frames = 60
        let never = try Self.runBoxes(at: Self.stacks, 2, ParallelTuning(minimumWork: 0, minimumPartitions: Int.max),
                                      frames: frames)
        #expect(never.kept == 0)
        for workers in [1, 2, 3] {
            let split = try Self.runBoxes(at: Self.stacks, workers, ParallelTuning(minimumWork: 0, partitionWork: 1, largestPartitionWork: 1),
                                          frames: frames)
            #expect(split.kept > frames / 2)
            #expect(split.bits == never.bits)
        }
    }
}
