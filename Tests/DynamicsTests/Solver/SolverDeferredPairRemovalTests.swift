import Testing
@testable import Dynamics

/// The pairs whose contacts the narrowphase walk destroys leave the pair table within their step, whether the
/// preparation's threads take them out or the step's end does: after every step the table holds exactly the live
/// contacts, and the results are the one-thread ones.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverDeferredPairRemovalTests {
    /// Whether `world`'s pair table names exactly its live contacts, each under its own pair.
    static func tableMatchesContacts(_ world: PhysicsWorld) -> Bool {
        var live = 0
        for c in world.contacts.indices where world.contacts[c].inUse {
            live += 1
            let key = Contact.key(world.contacts[c].shapeA, world.contacts[c].shapeB)
            guard world.contactOfPair[key] == Int32(c) else { return false }
        }
        return live == world.contactOfPair.count
    }

    @Test func contactsEndedInAStepLeaveThePairTableWithinIt() throws {
        // Split to one item a chunk, so the walk runs after a narrowphase split across the threads; the constraints
        // then prepared by the threads (which take the pairs out meanwhile), or the islands split (the step's end
        // takes them out).
        for (workers, tuning) in [(1, ParallelTuning.finest), (2, .finest), (2, .finestIslands)] {
            // The pool is process-wide: a run that found it held stepped alone, and is repeated.
            var shared = 0, ended = 0
            for _ in 0..<5 where shared == 0 {
                let animator = try Animator(referenceSize: Vector(2000, 1200))
                try animator.setWorkerCount(workers)
                animator.world.parallelTuning = tuning
                let log = SolverWorkerTests.EventLog()
                _ = try SolverWorkerTests.gas(count: 600)(animator, log)
                var matched = true
                for _ in 0..<30 {
                    try animator.step()
                    matched = matched && animator.world.pendingPairRemovals.isEmpty
                        && Self.tableMatchesContacts(animator.world)
                }
                #expect(matched, "the pair table and the contacts differ after a step at \(workers) workers")
                shared = workers == 1 ? 1 : animator.world.chunksSharedWithWorkers
                ended = log.lines.filter { $0.hasPrefix("ended") }.count
            }
            #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            #expect(ended > 0, "no contact ended")
        }
    }
}
