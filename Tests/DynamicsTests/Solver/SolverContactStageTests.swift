import Testing
@testable import Dynamics

/// A contact solve split across the threads runs its whole sub-step loop as one pool job of stages
/// (`ContactStageJob`) when nothing but joint rows runs between its passes, and gives bit for bit what one thread
/// gives, at any number of workers and however finely its stages are cut.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverContactStageTests {
    struct Outcome {
        var bits: [UInt64]
        /// Steps whose sub-steps were one job of stages, and chunks the workers ran.
        var staged: Int
        var shared: Int
        /// Frames that ran as stages and reported contacts that began in them (with impulse watches).
        var stagedWithEvents: Int
    }

    /// Records every "began" contact the delegate hears, with its whole normal impulse (summed by the impulse
    /// watches through every sub-step), as bit patterns.
    final class ImpulseLog: CollisionBehaviorDelegate {
        var lines: [String] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                               at point: Vector, contact: ContactInfo) throws {
            lines.append("\(item1.name) \(item2.name) \(contact.impulse.bitPattern)")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector,
                               contact: ContactInfo) throws {
            lines.append("\(item.name) bounds \(contact.impulse.bitPattern)")
        }
    }

    /// A pyramid of 30 rows (465 boxes, about 1,400 constraints: one island, so the groups path) on the floor, and
    /// three boxes falling clear of it,
    /// stepped `frames` frames at `workers` workers with `tuning`. With `attached`, its top box hangs from an anchor
    /// and two boxes of its base are tied: joint rows between the passes. With `bouncy`, the boxes bounce, and the
    /// impacts between the integration and the solve keep the passes apart.
    static func run(_ workers: Int, _ tuning: ParallelTuning, frames: Int, attached: Bool = false,
                    bouncy: Bool = false, log: ImpulseLog? = nil) throws -> Outcome {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        // Laid out with the island path off, so the pyramid is solved as one group schedule at every tuning.
        animator.world.parallelTuning.minimumPartitions = Int.max
        let rows = 30
        var items: [DynamicItem] = []
        for row in 0..<rows {
            for column in 0..<(rows - row) {
                let x = 1000 + (Double(column) - Double(rows - row - 1) / 2) * 21, y = 1190 - Double(row) * 20.5
                items.append(try box(x, y, side: 20, name: "b\(items.count)"))
            }
        }
        // Three boxes falling far from it, touching nothing: bodies the step integrates that have no solver body.
        for k in 0..<3 { items.append(try box(100 + Double(k) * 60, 100, side: 20, name: "free\(k)")) }
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.delegate = log
        try animator.addBehavior(collision)
        if bouncy {
            let material = DynamicItemBehavior(items: items)
            try material.setElasticity(0.5)
            try animator.addBehavior(material)
            // Dropped from above the floor, so the boxes strike it faster than the restitution threshold.
            for item in items { try item.setVelocity(Vector(0, 300)) }
        }
        if attached {
            let top = items[items.count - 4]
            try animator.addBehavior(try AttachmentBehavior(item: top, attachedToAnchor: top.center - Vector(0, 300)))
            try animator.addBehavior(try AttachmentBehavior(item: items[0], attachedTo: items[2]))
        }
        var stagedWithEvents = 0, lastStaged = 0, lastHeard = 0
        try stepFrames(animator, frames) { _ in
            let heard = log?.lines.count ?? 0, staged = animator.world.stepsWithContactSubstepsShared
            if staged > lastStaged && heard > lastHeard { stagedWithEvents += 1 }
            lastStaged = staged
            lastHeard = heard
        }
        return Outcome(bits: SolverWorkerTests.state(items), staged: animator.world.stepsWithContactSubstepsShared,
                       shared: animator.world.chunksSharedWithWorkers, stagedWithEvents: stagedWithEvents)
    }

    /// Stages cut as finely as they go: a block of one quad, one body or a few; every group split.
    static let finest = ParallelTuning(minimumWork: 0, minimumConstraints: 0, minimumGroupItems: 1, contactItemChunk: 1,
                                       loopChunk: 4, minimumContacts: 0, contactChunk: 1)

    /// Every group small: each pass is one block, solved group after group by one thread.
    static let smallGroups = ParallelTuning(minimumWork: 0, minimumConstraints: 0, minimumGroupItems: Int.max,
                                            loopChunk: 4)

    /// The one-thread bits, then 2 and 3 workers at the default cut, the finest and with every group small: the same
    /// bits, and the stages ran. With `listening`, a delegate hears every contact that begins, with the impulse its
    /// watch added up: the same contacts and impulses, and some of them in frames that ran as stages.
    static func expectStagedAsOneThread(attached: Bool, listening: Bool = false) throws {
        let frames = 20
        let serialLog = ImpulseLog()
        let serial = try run(1, ParallelTuning(), frames: frames, attached: attached, log: listening ? serialLog : nil)
        #expect(serial.staged == 0, "one thread solves without the pool")
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        if listening { #expect(serialLog.lines.count > 100) }
        for workers in [2, 3] {
            for tuning in [ParallelTuning(), finest, smallGroups] {
                // The pool is process-wide: a run that found it held stepped alone, and is repeated.
                var staged = 0, shared = 0
                for _ in 0..<5 where staged == 0 || shared == 0 {
                    let log = ImpulseLog()
                    let parallel = try run(workers, tuning, frames: frames, attached: attached,
                                           log: listening ? log : nil)
                    staged = listening ? parallel.stagedWithEvents : parallel.staged
                    shared = parallel.shared
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers, attached \(attached)")
                    #expect(log.lines == serialLog.lines, "the contacts heard differ at \(workers) workers")
                }
                #expect(staged > 0, "no step ran its sub-steps as stages at \(workers) workers")
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }

    @Test func aPyramidSolvedInStagesIsTheOneThreadResult() throws {
        try Self.expectStagedAsOneThread(attached: false)
    }

    @Test func jointRowsBetweenTheStagesKeepTheOneThreadResult() throws {
        try Self.expectStagedAsOneThread(attached: true)
    }

    @Test func impulseWatchesAddUpInTheStagesAsOnOneThread() throws {
        // The pyramid's boxes start a little apart: contacts begin over the first frames, each "began" reporting
        // the impulse its watch added up through every sub-step's relax.
        try Self.expectStagedAsOneThread(attached: false, listening: true)
    }

    @Test func impactsKeepThePassesApart() throws {
        let serial = try Self.run(1, ParallelTuning(), frames: 20, bouncy: true)
        var shared = 0
        for _ in 0..<5 where shared == 0 {
            let parallel = try Self.run(2, Self.finest, frames: 20, bouncy: true)
            shared = parallel.shared
            // Every step had bouncing constraints in it: none ran as stages.
            #expect(parallel.staged == 0)
            #expect(parallel.bits == serial.bits)
        }
        #expect(shared > 0, "no work was shared in five runs")
    }

    /// A plank lying across a row of 40 boxes on the floor, its island coloured, stepped `frames` frames at `workers`
    /// workers with `tuning`: the plank has 40 contacts and there are 16 colours, so 24 of its contacts find no
    /// colour and come after the colours in levels of their own, one quad each (a run of one-block groups).
    static func plank(_ workers: Int, _ tuning: ParallelTuning, frames: Int) throws
        -> (bits: [UInt64], staged: Int, shared: Int, groups: Int) {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        animator.world.parallelTuning.minimumPartitions = Int.max
        animator.world.scratchLanes.colouring.minimumIsland = 1
        var items: [DynamicItem] = []
        for k in 0..<40 { items.append(try box(100 + Double(k) * 22, 1189, side: 20, name: "b\(k)")) }
        items.append(try DynamicItem(center: Vector(100 + 39 * 11, 1173.5), size: Vector(40 * 22, 10), name: "plank"))
        try animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        var groups = 0
        try stepFrames(animator, frames) { _ in groups = max(groups, animator.world.scratchLanes.groups.count) }
        return (SolverWorkerTests.state(items), animator.world.stepsWithContactSubstepsShared,
                animator.world.chunksSharedWithWorkers, groups)
    }

    @Test func contactsWithoutAColourSolvedInOneStageKeepTheOneThreadResult() throws {
        let serial = try Self.plank(1, ParallelTuning(), frames: 30)
        #expect(serial.groups > ContactColouring.colourCount + 10, "the plank's contacts left levels after the colours")
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        for workers in [2, 3] {
            for tuning in [Self.finest, Self.smallGroups] {
                var staged = 0, shared = 0
                for _ in 0..<5 where staged == 0 || shared == 0 {
                    let parallel = try Self.plank(workers, tuning, frames: 30)
                    staged = parallel.staged
                    shared = parallel.shared
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                }
                #expect(staged > 0, "no step ran its sub-steps as stages at \(workers) workers")
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }

    @Test func aRunOfOneBlockGroupsIsOneStage() {
        // Groups of 64, 1, 1, 3, 64, 2, 1 and 1 quads, laid out one after another.
        let sizes = [64, 1, 1, 3, 64, 2, 1, 1]
        var groups: [LaneGroup] = []
        var start: Int32 = 0
        for n in sizes {
            groups.append(LaneGroup(quadStart: start, blockQuads: 0, twoPointQuads: Int32(n), onePointQuads: 0))
            start += Int32(n)
        }
        groups.withUnsafeBufferPointer { groups in
            for threads in 1...3 {
                // Groups of fewer than 16 quads are one block each; those of 64 are cut in blocks of 4 or more.
                func stage(_ g: Int) -> (end: Int, blocks: Int) {
                    ContactStageJob.groupStage(groups, from: g, threads: threads, minimumGroupItems: 16,
                                               contactItemChunk: 4)
                }
                let large = ContactStageJob.blocks(64, minimum: 4, threads: threads)
                #expect(large > 1)
                #expect(stage(0) == (1, large))
                #expect(stage(1) == (4, 1), "the three small groups after the first large one are one stage")
                #expect(stage(4) == (5, large))
                #expect(stage(5) == (8, 1), "the last three small groups are one stage")
                #expect(ContactStageJob.passBlocks(groups, threads: threads, minimumGroupItems: 16,
                                                   contactItemChunk: 4) == 2 * large + 2)
                // Every group small: the whole pass is one stage of one block.
                #expect(ContactStageJob.groupStage(groups, from: 0, threads: threads, minimumGroupItems: Int.max,
                                                   contactItemChunk: 4) == (sizes.count, 1))
                #expect(ContactStageJob.passBlocks(groups, threads: threads, minimumGroupItems: Int.max,
                                                   contactItemChunk: 4) == 1)
            }
        }
    }

    @Test func blocksCoverEachStageOnceInOrder() {
        // A stage of `count` items in `n` blocks: consecutive ranges from 0 to `count`, none empty when there
        // are at least as many items as blocks.
        for threads in 1...3 {
            for count in [0, 1, 7, 64, 255, 256, 1_000, 5_050] {
                let n = ContactStageJob.blocks(count, minimum: 8, threads: threads)
                #expect(n >= 1 && n <= max(1, threads * ParallelStep.chunksPerThread))
                var next = 0
                for b in 0..<n {
                    let range = StageSync.items(b, of: n, count)
                    #expect(range.lowerBound == next)
                    #expect(count < n || !range.isEmpty)
                    next = range.upperBound
                }
                #expect(next == count)
            }
        }
    }
}
