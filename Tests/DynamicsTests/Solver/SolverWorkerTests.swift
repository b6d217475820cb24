import Testing
@testable import Dynamics

/// A step split across worker threads gives bit for bit what one thread gives, whatever the number of workers:
/// each scene runs at 1, 2 and 3 workers and every item's centre, angle and velocities are compared by bit pattern,
/// and so are the contact events in the order they were heard.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverWorkerTests {
    /// Every item's state, as bit patterns, and the events heard, in order.
    struct Outcome {
        var bits: [UInt64]
        var events: [String]
        /// Chunks of the steps that worker threads ran.
        var sharedChunks: Int
    }

    /// Records contact events in the order the delegate hears them.
    final class EventLog: CollisionBehaviorDelegate {
        var lines: [String] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                               at point: Vector) throws {
            lines.append("began \(item1.name) \(item2.name) \(point.x.bitPattern) \(point.y.bitPattern)")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {
            lines.append("ended \(item1.name) \(item2.name)")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {
            lines.append("began \(item.name) bounds \(point.x.bitPattern) \(point.y.bitPattern)")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {
            lines.append("ended \(item.name) bounds")
        }
    }

    static func state(_ items: [DynamicItem]) -> [UInt64] {
        items.flatMap {
            [$0.center.x, $0.center.y, $0.angle, $0.velocity.x, $0.velocity.y, $0.angularVelocity].map(\.bitPattern)
        }
    }

    /// Runs `frames` frames of the scene `build` makes, at `workers` workers, with the given splitting.
    static func run(_ workers: Int, _ tuning: ParallelTuning, frames: Int,
                    _ build: (Animator, EventLog) throws -> [DynamicItem]) throws -> Outcome {
        let log = EventLog()
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        try animator.setWorkerCount(workers)
        animator.world.parallelTuning = tuning
        let items = try build(animator, log)
        // A frame that finds the pool held by another test's world runs alone, with the same results.
        try stepFrames(animator, frames)
        return Outcome(bits: state(items), events: log.lines, sharedChunks: animator.world.chunksSharedWithWorkers)
    }

    /// A pyramid of `rows` rows of boxes on the floor of the reference bounds, `gap` apart side by side and half
    /// of it apart from row to row (0: touching, a pile at rest from the start).
    static func pyramid(rows: Int, gap: Double = 1) -> (Animator, EventLog) throws -> [DynamicItem] {
        { animator, log in
            var items: [DynamicItem] = []
            for row in 0..<rows {
                for column in 0..<(rows - row) {
                    let x = 1000 + (Double(column) - Double(rows - row - 1) / 2) * (20 + gap)
                    let y = 1190 - Double(row) * (20 + gap / 2)
                    items.append(try box(x, y, side: 20, name: "b\(items.count)"))
                }
            }
            try animator.addBehavior(GravityBehavior(items: items))
            let collision = CollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.delegate = log
            try animator.addBehavior(collision)
            return items
        }
    }

    /// Boxes and balls thrown about a box without gravity, elastic, so contacts begin and end all the time.
    static func gas(count: Int) -> (Animator, EventLog) throws -> [DynamicItem] {
        { animator, log in
            animator.allowsSleep = false
            var items: [DynamicItem] = []
            for i in 0..<count {
                let x = 30 + Double(i % 60) * 32, y = 30 + Double(i / 60) * 32
                let item = i % 2 == 0 ? try box(x, y, side: 18, name: "g\(i)")
                    : try ball(x, y, diameter: 18, name: "g\(i)")
                // Speeds from a fixed sequence, so the scene is the same every run.
                try item.setVelocity(Vector(Double((i * 37) % 23 - 11) * 40, Double((i * 53) % 19 - 9) * 40))
                items.append(item)
            }
            let collision = CollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.delegate = log
            try animator.addBehavior(collision)
            let material = DynamicItemBehavior(items: items)
            try material.setElasticity(0.9)
            try material.setFriction(0.3)
            try animator.addBehavior(material)
            return items
        }
    }

    /// A grid of boxes pinned to their right and lower neighbours, its top row pinned to anchors, falling under
    /// gravity without collisions: only joints.
    static func jointGrid(side n: Int) -> (Animator, EventLog) throws -> [DynamicItem] {
        { animator, _ in
            var items: [DynamicItem] = []
            for row in 0..<n {
                for column in 0..<n {
                    items.append(try box(200 + Double(column) * 20, 50 + Double(row) * 20, side: 10, name: "j\(items.count)"))
                }
            }
            try animator.addBehavior(GravityBehavior(items: items))
            for row in 0..<n {
                for column in 0..<n {
                    let item = items[row * n + column], center = item.center
                    if row == 0 && column % 4 == 0 {
                        try animator.addBehavior(try AttachmentBehavior(item: item, attachedToAnchor: center))
                    }
                    if column + 1 < n {
                        try animator.addBehavior(try AttachmentBehavior.pin(item, items[row * n + column + 1],
                                                                              anchor: center + Vector(10, 0)))
                    }
                    if row + 1 < n {
                        try animator.addBehavior(try AttachmentBehavior.pin(item, items[(row + 1) * n + column],
                                                                              anchor: center + Vector(0, 10)))
                    }
                }
            }
            return items
        }
    }

    /// The outcome at 1 worker, then checks 2 and 3 workers give the same, split finely and as tuned for speed.
    static func expectSameForAnyWorkers(frames: Int, _ build: @escaping (Animator, EventLog) throws -> [DynamicItem]) throws {
        let serial = try run(1, ParallelTuning(), frames: frames, build)
        #expect(serial.bits.allSatisfy { Double(bitPattern: $0).isFinite })
        for workers in [2, 3] {
            for tuning in [ParallelTuning.finest, ParallelTuning()] {
                // The comparison means something only if the workers took part. Whether they do is up to the
                // system: the pool is process-wide, so a step finds it held while another test's large world
                // steps (the suites that check sharing take turns, `WorkerPoolTurn`, but any large world takes the
                // pool), and a worker that gets no processor takes no chunk. So a run that shared nothing is run
                // again, a few times; every run must give the serial result.
                var shared = 0
                for _ in 0..<5 where shared == 0 {
                    let parallel = try run(workers, tuning, frames: frames, build)
                    shared = parallel.sharedChunks
                    #expect(parallel.bits == serial.bits, "state differs at \(workers) workers")
                    #expect(parallel.events == serial.events, "events differ at \(workers) workers")
                }
                #expect(shared > 0, "no work was shared at \(workers) workers in five runs")
            }
        }
    }

    @Test func aPyramidIsTheSameAtAnyWorkerCount() throws {
        // 30 rows: 465 boxes, about 1,400 constraints, over the size the default tuning splits.
        try Self.expectSameForAnyWorkers(frames: 20, Self.pyramid(rows: 30))
    }

    @Test func contactsMadeAndBrokenAreTheSameAtAnyWorkerCount() throws {
        let serial = try Self.run(1, ParallelTuning(), frames: 30, Self.gas(count: 600))
        // The scene does what it is for: contacts begin and end during the run.
        #expect(serial.events.contains { $0.hasPrefix("began") } && serial.events.contains { $0.hasPrefix("ended") })
        try Self.expectSameForAnyWorkers(frames: 30, Self.gas(count: 600))
    }

    @Test func aJointGridIsTheSameAtAnyWorkerCount() throws {
        try Self.expectSameForAnyWorkers(frames: 20, Self.jointGrid(side: 24))
    }

    @Test func workerCountIsCheckedAndDefaultsToTheProcessors() throws {
        let animator = Animator()
        #expect(animator.workerCount == WorkerPool.availableProcessors)
        #expect(animator.workerCount >= 1)
        #expect(throws: DynamicsError.self) { try animator.setWorkerCount(0) }
        #expect(throws: DynamicsError.self) { try animator.setWorkerCount(Animator.maxWorkerCount + 1) }
        try animator.setWorkerCount(3)
        #expect(animator.workerCount == 3)
    }
}
