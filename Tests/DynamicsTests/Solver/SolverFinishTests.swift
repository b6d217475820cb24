import Testing
@testable import Dynamics

/// The impulses kept for warm starting and the motion written back by the solve's threads, chunk by chunk
/// (`ParallelStep.finishSolve`) or partition by partition (`PartitionJob`), are bit for bit what the stepping
/// thread writes after the solve. A step that finishes in its solve has also written its quads across the workers
/// (`ParallelStep.writeQuads`: both run whenever the solve has a pool), so the same comparison covers those.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverFinishTests {
    /// What a run of the island field ends with.
    struct Outcome {
        var bits: [UInt64]
        /// Every touching contact's kept impulses, by contact, as bit patterns.
        var impulses: [UInt64]
        var events: [String]
        var sharedChunks: Int
        var stepsFinishedInSolve: Int
    }

    static func run(_ workers: Int, _ tuning: ParallelTuning, frames: Int) throws -> Outcome {
        let log = SolverWorkerTests.EventLog()
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        // Stacks, elastic balls, a pinned chain and a platform on the move (a kinematic body, written back its own
        // way).
        let field = try SolverIslandTests.islandField(stacks: 36, balls: 16, log: log, animator: animator)
        try stepFrames(animator, frames)
        let world = animator.world
        var impulses: [UInt64] = []
        for c in world.contacts.indices where world.contacts[c].inUse && world.contacts[c].touching {
            let t = world.touches[Int(world.contacts[c].touch)]
            impulses += [t.normalImpulse1, t.tangentImpulse1, t.normalImpulse2, t.tangentImpulse2].map(\.bitPattern)
        }
        return Outcome(bits: SolverWorkerTests.state(field.items), impulses: impulses, events: log.lines,
                       sharedChunks: world.chunksSharedWithWorkers, stepsFinishedInSolve: world.stepsFinishedInSolve)
    }

    @Test func theSolveThreadsKeepWhatTheSteppingThreadWould() throws {
        let frames = 30
        // The reference: one thread, islands solved together, the impulses and motion written after the solve.
        let serial = try Self.run(1, ParallelTuning(minimumPartitions: Int.max), frames: frames)
        #expect(serial.stepsFinishedInSolve == 0)
        #expect(serial.impulses.contains { Double(bitPattern: $0) > 0 }, "the contacts keep impulses")
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        // Partitions one after another on one thread each write theirs.
        let alone = try Self.run(1, .finestIslands, frames: frames)
        #expect(alone.stepsFinishedInSolve == frames)
        #expect(alone.bits == serial.bits && alone.impulses == serial.impulses && alone.events == serial.events)
        // Across workers: by chunks of quads and bodies (the islands not split apart), and by partitions.
        for workers in [2, 3] {
            for tuning in [ParallelTuning.finest, ParallelTuning.finestIslands] {
                var finished = 0, shared = 0
                for _ in 0..<5 where finished == 0 || shared == 0 {
                    let parallel = try Self.run(workers, tuning, frames: frames)
                    finished = parallel.stepsFinishedInSolve
                    shared = parallel.sharedChunks
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                    #expect(parallel.impulses == serial.impulses, "kept impulses differ at \(workers) workers")
                    #expect(parallel.events == serial.events, "events differ at \(workers) workers")
                }
                #expect(finished > 0, "no step was finished by the solve's threads at \(workers) workers in five runs")
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }
}
