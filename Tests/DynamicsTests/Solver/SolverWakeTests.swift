import Testing
@testable import Dynamics

/// Bodies asleep when the contacts are refreshed across the workers, woken by balls that land on them, give bit for
/// bit what one thread gives: the walk after the threads' refresh makes the wakes, and refreshes the contacts of the
/// woken bodies, where the serial scan would.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverWakeTests {
    /// The items' state and the events heard, then whether any box slept before the balls came and how many boxes
    /// were awake after they landed.
    struct Outcome {
        var bits: [UInt64]
        var events: [String]
        var sleptBeforeBalls: Bool
        var awakeBoxesAtEnd: Int
        var sharedChunks: Int
    }

    /// Twelve columns of five boxes on the floor; once they sleep, a ball is dropped onto every other column.
    static func run(_ workers: Int, _ tuning: ParallelTuning) throws -> Outcome {
        let log = SolverWorkerTests.EventLog()
        let animator = try Animator(referenceSize: Vector(800, 400))
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        var boxes: [DynamicItem] = []
        for column in 0..<12 {
            for row in 0..<5 {
                boxes.append(try box(100 + Double(column) * 50, 390 - Double(row) * 20.5, side: 20,
                                     name: "b\(column)-\(row)"))
            }
        }
        let gravity = GravityBehavior(items: boxes)
        try animator.addBehavior(gravity)
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.delegate = log
        try animator.addBehavior(collision)
        try stepFrames(animator, 120)
        let asleep = animator.world.bodies.contains { $0.inUse && $0.isDynamic && !$0.isAwake }

        var balls: [DynamicItem] = []
        for column in stride(from: 0, to: 12, by: 2) {
            let b = try ball(100 + Double(column) * 50 + 3, 200, diameter: 16, name: "ball\(column)")
            try gravity.addItem(b)
            try collision.addItem(b)
            balls.append(b)
        }
        try stepFrames(animator, 60)
        let awake = boxes.filter { $0.bodyID >= 0 && animator.world.bodies[Int($0.bodyID)].isAwake }.count
        return Outcome(bits: SolverWorkerTests.state(boxes + balls), events: log.lines, sleptBeforeBalls: asleep,
                       awakeBoxesAtEnd: awake, sharedChunks: animator.world.chunksSharedWithWorkers)
    }

    @Test func sleepersWokenByContactsAreTheSameAtAnyWorkerCount() throws {
        let serial = try Self.run(1, ParallelTuning())
        // The scene does what it is for: the boxes slept, and the balls woke some of them (but not every column).
        #expect(serial.sleptBeforeBalls)
        #expect(serial.awakeBoxesAtEnd > 0 && serial.awakeBoxesAtEnd < 60)
        #expect(serial.events.contains { $0.hasPrefix("began") && $0.contains("ball") })
        for workers in [2, 3] {
            for tuning in [ParallelTuning.finest, ParallelTuning.finestIslands] {
                // As in `SolverWorkerTests`: a run that found the pool held elsewhere shared nothing, and is repeated.
                var shared = 0
                for _ in 0..<5 where shared == 0 {
                    let parallel = try Self.run(workers, tuning)
                    shared = parallel.sharedChunks
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                    #expect(parallel.events == serial.events, "events differ at \(workers) workers")
                    #expect(parallel.awakeBoxesAtEnd == serial.awakeBoxesAtEnd)
                }
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }

    @Test func theWalkVisitsExactlyTheOutcomesThatNeedIt() {
        // Every outcome in every byte of a word: visited when above `idle`, and `idle` too after a wake.
        let all: [ContactRefresh] = [.updated, .kept, .idle, .destroy, .began, .ended, .updatedWaking]
        for afterWake in [false, true] {
            for first in all {
                for second in all {
                    for place in 0..<7 {
                        // `first` at byte `place`, `second` at the byte after it, `updated` (zero) elsewhere.
                        let word = UInt64(first.rawValue) << UInt64(8 * place)
                            | UInt64(second.rawValue) << UInt64(8 * (place + 1))
                        let marks = ContactRefresh.needingWalk(word, afterWake: afterWake)
                        func wanted(_ r: ContactRefresh) -> Bool {
                            r == .destroy || r == .began || r == .ended || r == .updatedWaking || (afterWake && r == .idle)
                        }
                        var expected: UInt64 = 0
                        if wanted(first) { expected |= 0x80 << UInt64(8 * place) }
                        if wanted(second) { expected |= 0x80 << UInt64(8 * (place + 1)) }
                        #expect(marks == expected, "\(first) then \(second) at byte \(place), after a wake: \(afterWake)")
                    }
                }
            }
        }
    }
}
