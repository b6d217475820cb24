import Testing
@testable import Dynamics

/// A step on several threads after one that kept its solve order writes the quads of the last step's layout at once
/// (`ParallelStep.writeKeptQuads`), each making and preparing its own constraints, and lays them out again when a
/// constraint's kind is not the last step's: either way, the bits of one thread.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverKeptQuadsTests {
    struct Outcome {
        var bits: [UInt64]
        /// Steps that wrote the kept layout, and steps that tried to.
        var kept: Int
        var tried: Int
        /// The frames whose step wrote the kept layout.
        var keptFrames: [Int]
        /// Steps that kept the solver bodies' slots too.
        var slotsKept: Int
    }

    /// A pyramid of 30 rows of touching boxes on the floor (465 boxes: the contacts are listed, and the step is never
    /// split into partitions), stepped `frames` frames at `workers` workers. Before each frame in `spoiled`, the kind the last
    /// step noted for the first constraint of a quad of block-solved ones is changed, as if its manifold had lost a
    /// point since.
    static func run(_ workers: Int, frames: Int, spoiled: Set<Int> = [], spoiledSlots: Set<Int> = []) throws -> Outcome {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        animator.allowsSleep = false
        try animator.setWorkerCount(workers)
        // Listed (at most one partition a body), never split into partitions (they would need 400).
        animator.world.parallelTuning.minimumPartitions = 400
        let items = try SolverWorkerTests.pyramid(rows: 30, gap: 0)(animator, SolverWorkerTests.EventLog())
        var keptFrames: [Int] = [], keptBefore = 0
        for frame in 0..<frames {
            // Suites without a turn with the pool (any animator of a thousand items) may hold it for a moment, and
            // a step that finds it held works alone and keeps no layout: each step here waits until it is free.
            if workers > 1 {
                while !WorkerPool.shared.tryAcquire(workers: workers) { WorkerPool.yieldProcessor() }
                WorkerPool.shared.release()
            }
            try animator.step()
            if animator.world.stepsWithQuadsKept > keptBefore { keptFrames.append(frame) }
            keptBefore = animator.world.stepsWithQuadsKept
            // The body the last step's first slot names, as if another body had taken its place.
            if spoiledSlots.contains(frame + 1), animator.world.scratchLanes.solverBodies.sources.count > 1 {
                animator.world.scratchLanes.solverBodies.sources[0] = animator.world.scratchLanes.solverBodies.sources[1]
            }
            guard spoiled.contains(frame + 1) else { continue }
            // The first constraint of a quad of block-solved ones: the kind the kept layout checks for the quad.
            // (One thread notes no kinds.)
            let kinds = animator.world.scratchContactKinds
            if let quad = animator.world.scratchLanes.sources.first(where: {
                Int($0[0]) < kinds.count && kinds[Int($0[0])] == 0
            }) {
                animator.world.scratchContactKinds[Int(quad[0])] = 1
            }
        }
        return Outcome(bits: SolverWorkerTests.state(items), kept: animator.world.stepsWithQuadsKept,
                       tried: animator.world.stepsWithQuadsKeptTried, keptFrames: keptFrames,
                       slotsKept: animator.world.stepsWithSlotsKept)
    }

    @Test func aRestingPyramidWritesItsKeptLayoutAndTheOneThreadBits() throws {
        let one = try Self.run(1, frames: 300), two = try Self.run(2, frames: 300), three = try Self.run(3, frames: 300)
        #expect(one.tried == 0)
        // Once settled, a step whose contacts are the last step's (about one in six here) keeps the layout, unless a
        // kind changed.
        #expect(two.kept >= 10 && two.tried >= two.kept)
        #expect(three.kept >= 10)
        // Nearly always with the same bodies in the same lanes, and then their slots are kept too.
        #expect(two.slotsKept >= 5 && two.slotsKept <= two.kept)
        #expect(two.bits == one.bits)
        #expect(three.bits == one.bits)
    }

    @Test func aKindNotTheLastStepsLaysTheQuadsOutAgain() throws {
        let clean = try Self.run(2, frames: 300)
        // Three steps that kept the layout, each spoiled: it tries the kept layout, finds the kind and lays the quads
        // out again, with the kinds of its own constraints, so the steps after it go as they went.
        let spoiled = Set(clean.keptFrames.suffix(3))
        #expect(spoiled.count == 3)
        let one = try Self.run(1, frames: 300, spoiled: spoiled), two = try Self.run(2, frames: 300, spoiled: spoiled)
        #expect(two.tried == clean.tried)
        #expect(two.kept == clean.kept - spoiled.count)
        #expect(two.bits == one.bits)
        #expect(two.bits == clean.bits)
    }

    @Test func aBodyNotInItsLastSlotNamesTheSolverBodiesAgain() throws {
        let clean = try Self.run(2, frames: 300)
        #expect(clean.slotsKept == clean.kept)
        let spoiled = Set(clean.keptFrames.suffix(3))
        let two = try Self.run(2, frames: 300, spoiledSlots: spoiled), one = try Self.run(1, frames: 300)
        // The layout is kept; the quads that find another body in a slot give every quad body indices, and the
        // solver bodies are named again.
        #expect(two.kept == clean.kept)
        #expect(two.slotsKept == clean.slotsKept - spoiled.count)
        #expect(two.bits == one.bits)
    }
}
