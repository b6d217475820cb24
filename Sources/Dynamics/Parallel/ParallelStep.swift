/// The parts of a world step split across the worker pool, each giving bit for bit what the serial loop gives.
///
/// Loops over independent items (preparing constraints, integrating bodies) are cut into chunks that write disjoint
/// data. The contact solve goes group by group (`LaneGroup`: a level, or a colour of a large island), each large
/// group split across the threads with a barrier after it. The joint solve is a wavefront (`JointWavefront`): the
/// threads take small chunks of the solve order in turn, and a joint waits only for the earlier joints on its moving
/// bodies, so every body sees its joints in step order. A step holds the pool from its start to its end
/// (`PhysicsWorld.step`); between jobs the workers spin briefly, so a job costs a few hundred nanoseconds to hand
/// over. Work too small to pay for that runs on the calling thread (`ParallelTuning`).
struct ParallelStep {
    let pool: WorkerPool
    let job: UnsafeMutablePointer<StepJob>
    let tuning: ParallelTuning

    /// Chunks for `count` items at no fewer than `minimum` items a chunk, at most `perThread` a thread
    /// (`WorkerPool.split`), with the items of each kept in the job.
    @inline(__always)
    private func chunks(_ count: Int, minimum: Int, perThread: Int = ParallelStep.chunksPerThread) -> Int {
        guard count > 0 else { return 0 }
        let split = pool.split(count, minimum: minimum, perThread: perThread)
        job.pointee.chunkSize = split.size
        return split.chunks
    }

    /// Prepares every contact constraint (`ContactSolver.prepare`), with `meanwhile` run on this thread while the
    /// workers start on it (`WorkerPool.run(_:_:chunks:meanwhile:)`): it must read nothing the preparation writes.
    func prepareContacts(meanwhile: () -> Void = {}) {
        pool.run(StepJob.prepareContacts, job, chunks: chunks(job.pointee.constraints.count, minimum: tuning.loopChunk),
                 meanwhile: meanwhile)
    }

    /// The velocity integration of a sub-step (`PhysicsWorld.integrateVelocities`).
    func integrateVelocities() {
        pool.run(StepJob.integrateVelocities, job, chunks: chunks(job.pointee.inputs.count, minimum: tuning.loopChunk))
    }

    /// The position integration of a sub-step (`PhysicsWorld.integratePositions`).
    func integratePositions() {
        pool.run(StepJob.integratePositions, job, chunks: chunks(job.pointee.inputs.count, minimum: tuning.loopChunk))
    }

    /// Chunks of `count` items at most `size` items a chunk, however many chunks that makes: for the ordered joint
    /// jobs, where the threads must work close together in the order.
    @inline(__always)
    private func smallChunks(_ count: Int, size: Int) -> Int {
        guard count > 0 else { return 0 }
        let n = min((count + size - 1) / size, WorkerPool.maxChunks)
        job.pointee.chunkSize = (count + n - 1) / n
        return (count + job.pointee.chunkSize - 1) / job.pointee.chunkSize
    }

    /// Writes every quad of `lanes` (built without writing them) from its constraints, lane by lane across the
    /// workers (`QuadLanes`), then names their solver bodies lane by lane.
    func writeQuads(_ lanes: inout ContactLanes) {
        shareLanes(&lanes)
        let units = lanes.quadLanes
        lanes.withQuadBuffers { quads, sources, links in
            job.pointee.finishSources = sources
            job.pointee.writtenQuads = quads
            job.pointee.quadLinks = links.baseAddress
            units.withBuffers { runLanes(StepJob.writeQuadLanes, units: $0) }
        }
        lanes.nameSolverBodiesByLane(states: job.pointee.states)
    }

    /// Writes the quads of the last step's layout for constraints not made yet (`ContactLanes.keepsLayout`), each
    /// made and prepared by the quad that holds it (`BlockQuad.Unprepared.makes`), lane by lane across the workers,
    /// then names their solver bodies; returns `.kindChanged`, with the quads unfinished, when some constraint's
    /// kind is not the one in `kinds` (the last step's), and the layout has to be made again.
    ///
    /// The quads keep the last step's slots while their bodies are the ones those slots name: then the solver
    /// bodies are not named again. A unit of quads that finds other bodies gives its quads body indices, and then
    /// every quad is named.
    func writeKeptQuads(_ lanes: inout ContactLanes) -> ContactLanes.QuadsWritten {
        shareLanes(&lanes)
        let units = lanes.quadLanes
        var checks = ContiguousArray<UInt8>()
        swap(&checks, &lanes.unitChecks)
        defer { swap(&checks, &lanes.unitChecks) }
        if checks.count < units.units.count {
            checks.append(contentsOf: repeatElement(0, count: units.units.count - checks.count))
        }
        job.pointee.makesQuads = true
        defer { job.pointee.makesQuads = false; job.pointee.quadChecks = nil; job.pointee.quadSlotSources = nil }
        let lastSources = lanes.solverBodies.sources
        let written = checks.withUnsafeMutableBufferPointer { checks in
            lanes.withQuadBuffers { quads, sources, links in
                lastSources.withUnsafeBufferPointer { slotSources in
                    units.withBuffers { units in
                        job.pointee.quadChecks = checks.baseAddress
                        job.pointee.finishSources = sources
                        job.pointee.writtenQuads = quads
                        job.pointee.quadLinks = links.baseAddress
                        job.pointee.quadSlotSources = slotSources
                        runLanes(StepJob.writeQuadLanes, units: units)
                        let found = checks[0..<units.units.count]
                        if found.contains(ContactLanes.QuadsWritten.kindChanged.rawValue) {
                            return ContactLanes.QuadsWritten.kindChanged
                        }
                        guard found.contains(ContactLanes.QuadsWritten.named.rawValue) else { return .slotsKept }
                        // Every quad to body indices, for the naming.
                        for u in found.indices where found[u] == ContactLanes.QuadsWritten.slotsKept.rawValue {
                            SolverBodies.restore(UnsafeMutableBufferPointer(rebasing: quads[units.quads(u)]),
                                                 sources: slotSources.baseAddress.unsafelyUnwrapped)
                        }
                        return .named
                    }
                }
            }
        }
        if written == .named { lanes.nameSolverBodiesByLane(states: job.pointee.states) }
        return written
    }

    /// Makes the lanes' shares of the quads (`QuadLanes`) for the groups of `lanes` and this step's threads.
    private func shareLanes(_ lanes: inout ContactLanes) {
        let groups = lanes.groups
        groups.withUnsafeBufferPointer { groups in
            lanes.quadLanes.make(groups: groups, threads: pool.participants,
                                 minimumGroupItems: max(1, tuning.minimumGroupItems),
                                 contactItemChunk: tuning.contactItemChunk)
        }
    }

    /// Runs `chunk`, a job over the units of `units` that claims them lane by lane (`StageSync.claimLanes`), one
    /// chunk a lane (`WorkerPool.runLanes`).
    private func runLanes(_ chunk: ParallelChunk, units: QuadLaneBuffers) {
        let sync = StageSync(words: pool.marks(count: StageSync.wordCount(blocks: units.units.count)).marks)
        sync.reset()
        job.pointee.quadUnits = units
        job.pointee.quadSync = sync
        job.pointee.pass = pool.nextPass()
        pool.runLanes(chunk, job, lanes: units.threads)
        job.pointee.quadSync = nil
    }

    /// Hands the contact jobs the schedule; with `splits`, its large groups are solved across the workers.
    func useContacts(_ schedule: LaneSchedule, splits: Bool) {
        job.pointee.schedule = schedule
        job.pointee.splitsContacts = splits
    }

    /// Prepares every active joint (`Joint.prepare`).
    func prepareJoints() {
        pool.run(StepJob.prepareJoints, job, chunks: chunks(job.pointee.activeJoints.count, minimum: tuning.loopChunk))
    }

    /// Warm starts the joints in the wavefront's order (`JointWavefront`).
    func warmStartJoints() {
        job.pointee.pass = pool.nextPass()
        pool.run(StepJob.warmStartJoints, job, chunks: smallChunks(job.pointee.jointOrder.count, size: tuning.jointChunk))
    }

    /// Solves the joints once in the wavefront's order (`JointWavefront`).
    func solveJoints(useBias: Bool) {
        job.pointee.pass = pool.nextPass()
        job.pointee.useBias = useBias
        pool.run(StepJob.solveJoints, job, chunks: smallChunks(job.pointee.jointOrder.count, size: tuning.jointChunk))
    }

    /// Warm starts the contacts in solve order: each group large enough (`ParallelTuning.minimumGroupItems`) split
    /// across the workers, with a barrier after it, when the step splits the contacts; the rest on this thread.
    /// With `keepsBodies`, the solver bodies keep their velocities for the solve that follows at once
    /// (`solveContacts(_:useBias:bodiesKept:)`, nothing between them reading or changing a state), as on one
    /// thread (`LaneSchedule.warmStart(states:keepsBodies:)`).
    func warmStartContacts(_ schedule: LaneSchedule, keepsBodies: Bool = false) {
        guard job.pointee.splitsContacts else {
            schedule.warmStart(states: job.pointee.states, keepsBodies: keepsBodies)
            return
        }
        gatherBodies(schedule, motion: keepsBodies)
        eachGroup(schedule, StepJob.warmStartContactGroup) { group in
            schedule.warmStart(group: group, items: 0..<group.itemCount)
        }
        if !keepsBodies { scatterBodies(schedule) }
    }

    /// Solves the contacts once (see `warmStartContacts`); `bodiesKept` after a warm start that kept the bodies.
    func solveContacts(_ schedule: LaneSchedule, useBias: Bool, bodiesKept: Bool = false) {
        let inverseH = Float(job.pointee.inverseH)
        guard job.pointee.splitsContacts else {
            schedule.solve(states: job.pointee.states, inverseH: inverseH, useBias: useBias, bodiesKept: bodiesKept)
            return
        }
        job.pointee.useBias = useBias
        if !bodiesKept { gatherBodies(schedule, motion: true) }
        eachGroup(schedule, StepJob.solveContactGroup) { group in
            schedule.solve(group: group, items: 0..<group.itemCount, inverseH: inverseH, useBias: useBias)
        }
        scatterBodies(schedule)
    }

    /// Rounds the schedule's solver bodies from the states (`LaneSchedule.gather`), in chunks across the workers
    /// when there are enough of them: each slot is its own, so any split gives the same bodies.
    private func gatherBodies(_ schedule: LaneSchedule, motion: Bool) {
        let count = schedule.bodies.sources.count
        guard count >= 2 * tuning.loopChunk else {
            schedule.gather(states: job.pointee.states, motion: motion)
            return
        }
        job.pointee.gathersMotion = motion
        pool.run(StepJob.gatherBodies, job, chunks: chunks(count, minimum: tuning.loopChunk))
    }

    /// Writes the solver bodies' velocities back to the states (`LaneSchedule.scatter`), split like `gatherBodies`.
    private func scatterBodies(_ schedule: LaneSchedule) {
        let count = schedule.bodies.sources.count
        guard count >= 2 * tuning.loopChunk else {
            schedule.scatter(states: job.pointee.states)
            return
        }
        pool.run(StepJob.scatterBodies, job, chunks: chunks(count, minimum: tuning.loopChunk))
    }

    /// Keeps every constraint's impulses (from its quad lane straight into its contact's touch record,
    /// `ContactLanes.storeImpulses`) and writes every body's motion back (`PhysicsWorld.finalizeBody`), in one job:
    /// the chunks of the quads first, then those of the bodies. Each writes its own touch records, or its own bodies.
    /// Returns what the write-back found (`FinalizeMark` bits): a body whose state was not finite (its step is left
    /// for the caller to discard), a body marked fast.
    func finishSolve(_ lanes: borrowing ContactLanes, marks: UnsafeMutableBufferPointer<UInt8>) -> UInt8 {
        lanes.withStoreBuffers { quads, sources, links in
            finishSolve(quads: quads, sources: sources, links: links, marks: marks)
        }
    }

    private func finishSolve(quads: UnsafeBufferPointer<WideContact>, sources: UnsafeBufferPointer<SIMD4<Int32>>,
                             links: UnsafeBufferPointer<SIMD4<Int32>>,
                             marks: UnsafeMutableBufferPointer<UInt8>) -> UInt8 {
        let quadChunks = chunks(quads.count, minimum: max(1, tuning.loopChunk / 4))
        let quadChunkSize = job.pointee.chunkSize
        // At most `participants * chunksPerThread`, the marks' count.
        let bodyChunks = chunks(job.pointee.inputs.count, minimum: tuning.loopChunk)
        job.pointee.finishQuads = quads
        job.pointee.finishSources = sources
        job.pointee.finishLinks = links
        job.pointee.quadChunks = quadChunks
        job.pointee.quadChunkSize = quadChunkSize
        job.pointee.finalizeMarks = marks
        for k in marks.indices { marks[k] = 0 }
        pool.run(StepJob.finishSolve, job, chunks: quadChunks + bodyChunks)
        return marks.reduce(0, |)
    }

    /// Runs every sub-step of the contact solve and then `finishSolve`'s work as one pool job (`ContactStageJob`):
    /// the velocity integration, the joints' `rows` and the contacts' warm start, solve, position integration and
    /// relax, `substeps` times, then the impulses kept (the quads' `sources` and `links`, see
    /// `ContactLanes.withStoreBuffers`) and the motion written back, one mark a block of bodies in `marks` (at least
    /// `participants * chunksPerThread`); each relax adds to `watches`. Returns the marks' bits together, as
    /// `finishSolve` does.
    func runSubsteps(_ schedule: LaneSchedule, sources: UnsafeBufferPointer<SIMD4<Int32>>,
                     links: UnsafeBufferPointer<SIMD4<Int32>>, rows: UnsafeMutableBufferPointer<JointRow>,
                     substeps: Int, marks: UnsafeMutableBufferPointer<UInt8>,
                     watches: UnsafeMutableBufferPointer<ImpulseWatch> = UnsafeMutableBufferPointer(start: nil, count: 0))
        -> UInt8 {
        // The impulses are kept lane by lane, by the shares the quads were written with.
        precondition(schedule.lanes.threads == pool.participants, "quads not written lane by lane for this pool")
        job.pointee.schedule = schedule
        job.pointee.finishQuads = UnsafeBufferPointer(schedule.quads)
        job.pointee.finishSources = sources
        job.pointee.finishLinks = links
        job.pointee.finalizeMarks = marks
        let threads = pool.participants
        var stage = ContactStageJob(step: job, rows: rows, substeps: substeps, threads: threads,
                                    loopChunk: tuning.loopChunk, minimumGroupItems: max(1, tuning.minimumGroupItems),
                                    contactItemChunk: tuning.contactItemChunk,
                                    sync: StageSync(words: pool.marks(count: StageSync.claimOffset).marks))
        stage.watches = watches
        stage.sync = StageSync(words: pool.marks(count: StageSync.wordCount(blocks: stage.blockCount)).marks)
        stage.pass = pool.nextPass()
        stage.sync.reset()
        for k in marks.indices { marks[k] = 0 }
        withUnsafeMutablePointer(to: &stage) { pool.runLanes(ContactStageJob.run, $0, lanes: threads) }
        return marks.reduce(0, |)
    }

    /// Most chunks a loop is cut into per thread (see `chunks`); `finishSolve`'s marks count on it.
    static let chunksPerThread = 4

    /// Runs `split` over the items of each large group, across the workers, and `alone` on each small one, group
    /// after group. A group's items share no moving body, so how they are split changes nothing.
    @inline(__always)
    private func eachGroup(_ schedule: LaneSchedule, _ split: ParallelChunk, alone: (LaneGroup) -> Void) {
        let groups = schedule.groups, minimum = max(1, tuning.minimumGroupItems)
        for g in groups.indices {
            let count = groups[g].itemCount
            if count >= minimum {
                job.pointee.contactGroup = g
                pool.run(split, job, chunks: chunks(count, minimum: tuning.contactItemChunk))
            } else if count > 0 {
                alone(groups[g])
            }
        }
    }
}

/// Where the parallel step pays for itself, measured on the bench's scenes (docs/performance.md). Tests set
/// smaller values to split even small worlds as finely as possible.
struct ParallelTuning {
    /// A step splits its work only when its awake bodies plus contact constraints plus joints reach this.
    var minimumWork = 1_000
    /// The contacts are solved across the workers only when at least this many constraints touch; then each group
    /// of at least `minimumGroupItems` quads (`LaneGroup`) is split, in chunks of at least `contactItemChunk` quads,
    /// with a barrier after it, and smaller groups are solved on the stepping thread.
    var minimumConstraints = 1_000
    var minimumGroupItems = 16
    var contactItemChunk = 8
    /// Fewest bodies or constraints in one chunk of the integration and the preparation.
    var loopChunk = 256
    /// The narrowphase is split only for at least this many contacts, and into chunks of at least `contactChunk`;
    /// the broadphase's pair search likewise by moved proxies.
    var minimumContacts = 256
    var contactChunk = 64
    /// The joints are solved across the workers only when at least this many are active, in chunks of at most
    /// `jointChunk` joints of the wavefront's order.
    var minimumJoints = Int.max
    var jointChunk = 16
    /// Joints of a colour (`JointColouring`) per block when the colours are shared across the workers.
    var jointBlock = 64
    /// The solve is split by islands (`IslandPartitions`) when the islands fill at least this many partitions.
    /// Then the wavefronts are not used. A partition is packed up to a `partitionsPerThread`-th of each thread's
    /// share of the step's items (bodies, contact constraints, joints), so the threads have enough partitions to
    /// share out evenly, but to at least `partitionWork` items, so each is worth handing over, and to at most
    /// `largestPartitionWork`, which one thread packs them to. Large partitions solve faster: islands packed
    /// together share their levels (`ContactLanes`), so small stacks fill the quads' lanes. Many small pyramids on
    /// one thread took a fifth less time with partitions of 4,096 items than with partitions of 256
    /// (docs/performance.md). The cap bounds the room of every thread's lanes, which grows to the largest
    /// partition it takes.
    var minimumPartitions = 2
    var partitionWork = 256
    var largestPartitionWork = 4_096
    var partitionsPerThread = 6
    /// Most islands packed into one partition. Lone bodies are islands of one item that fill no lanes: packed up
    /// to the work above, a partition of falling bodies only made its thread's room for it larger.
    var partitionIslands = 256
    /// A partition over one thread's share of the step's items with at least this many contact constraints is
    /// solved by all the threads together, group by group (`PartitionJob.solveTogether`); `Int.max` leaves every
    /// partition to one thread, which gives the same bits.
    var minimumTogetherConstraints = 1_000
    /// The solve is not split by islands when one island holds more than this share of the step's items (a tumbling
    /// pile with a few strays). Split, that island would be a partition solved together, whose constraints are
    /// prepared across the threads but arranged in lanes on one thread while the others wait; unsplit, the step
    /// arranges them while the threads prepare (`StepJob.prepareContacts`). The same bits either way.
    var dominantIslandShare = 0.5
    /// A world of at least `minimumWork` items stepped on one thread solves its partitions one after another too:
    /// the same bits, and each partition's bodies and quads stay in the cache through all its sub-steps instead of
    /// the whole world's being walked again for every pass.
    var islandsOnOneThread = true

    /// Splits everything, down to one item a chunk: the most thread switches, for tests. The islands are not split
    /// apart, so the groups and the joint wavefront are used.
    static let finest = ParallelTuning(minimumWork: 0, minimumConstraints: 0, minimumGroupItems: 1,
                                        contactItemChunk: 1, loopChunk: 1,
                                        minimumContacts: 0, contactChunk: 1, minimumJoints: 0, jointChunk: 1,
                                        minimumPartitions: Int.max)

    /// Splits the solve by islands into the smallest partitions (an island each), and the rest as finely as
    /// `finest`: for tests.
    static let finestIslands = ParallelTuning(minimumWork: 0, minimumConstraints: 0, minimumGroupItems: 1,
                                               contactItemChunk: 1, loopChunk: 1,
                                               minimumContacts: 0, contactChunk: 1, minimumJoints: 0, jointChunk: 1,
                                               minimumPartitions: 2, partitionWork: 1, largestPartitionWork: 1,
                                               dominantIslandShare: 1)
}

/// The buffers and numbers a step's jobs read: one record on the stepping thread's stack, handed to each job by
/// pointer. The job functions claim chunk indices and work on the items of their chunk only.
struct StepJob {
    var bodies: UnsafeMutableBufferPointer<Body>
    var states: UnsafeMutableBufferPointer<BodyState>
    var constraints: UnsafeMutableBufferPointer<ContactConstraint>
    /// The touch records: read by the preparation, the impulses kept in them by `finishSolve`.
    var touches: UnsafeMutableBufferPointer<ContactTouch>
    var inputs: UnsafeBufferPointer<VelocityInput>
    /// When not empty, the contact of each constraint (by constraint): `prepareContacts` then makes each
    /// constraint from its contact in `contacts` before preparing it.
    var constraintContacts = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var contacts = UnsafeBufferPointer<Contact>(start: nil, count: 0)
    /// When set, where `prepareContacts` writes each constraint's kind (`ContactLanes.kind(of:)`), by constraint.
    var kinds: UnsafeMutablePointer<UInt8>?
    /// The constraints' links (`ContactSolveOrder.links`), for `writeQuads`.
    var quadLinks: UnsafePointer<SIMD4<Int32>>?
    /// Set by `ParallelStep.writeKeptQuads`: the constraints are not made, and each unit of `writeQuadLanes` notes
    /// in `quadChecks` what it found (`ContactLanes.QuadsWritten`).
    var makesQuads = false
    var quadChecks: UnsafeMutablePointer<UInt8>?
    /// The units of quads `writeQuadLanes` writes, lane by lane (`QuadLanes`), and the marks it claims them with
    /// (in pass `pass`).
    var quadUnits = QuadLaneBuffers()
    var quadSync: StageSync?
    /// With `makesQuads`, the last step's solver bodies (`SolverBodies.sources`), whose slots the quads hold.
    var quadSlotSources: UnsafeBufferPointer<Int32>?
    /// The step's length and the sleep threshold, for writing the motion back.
    var dt: Double = 0
    var sleepThreshold: Double = 0
    /// For `finishSolve`: the quads, each lane's constraint, the constraints' links (`ContactSolveOrder.links`,
    /// which name the touch records), how many chunks and quads a chunk the quads take (the
    /// bodies' chunks follow, `chunkSize` bodies each), and the marks of each body chunk (`FinalizeMark`).
    var finishQuads = UnsafeBufferPointer<WideContact>(start: nil, count: 0)
    var finishSources = UnsafeBufferPointer<SIMD4<Int32>>(start: nil, count: 0)
    var finishLinks = UnsafeBufferPointer<SIMD4<Int32>>(start: nil, count: 0)
    var quadChunks = 0
    var quadChunkSize = 1
    var finalizeMarks = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether the write-back marks the bodies fast enough for a continuous sweep.
    var marksFast = false
    /// The quads `writeQuads` writes (their constraints in `finishSources`).
    var writtenQuads = UnsafeMutableBufferPointer<WideContact>(start: nil, count: 0)
    var h: Double
    var inverseH: Double
    var maxAngularSpeed: Double
    var contactSoftness: Softness
    var staticSoftness: Softness
    var schedule = LaneSchedule(quads: UnsafeMutableBufferPointer(start: nil, count: 0),
                                runs: UnsafeBufferPointer(start: nil, count: 0),
                                groups: UnsafeBufferPointer(start: nil, count: 0),
                                bodies: SolverBodyBuffers(bodies: UnsafeMutableBufferPointer(start: nil, count: 0),
                                                          sources: UnsafeBufferPointer(start: nil, count: 0)))
    /// Whether the contact solve is split across the workers, and the group being split.
    var splitsContacts = false
    /// Whether `gatherBodies` rounds the bodies' motion too.
    var gathersMotion = false
    var contactGroup = 0
    var useBias = true
    var joints = UnsafeMutableBufferPointer<Joint>(start: nil, count: 0)
    /// The step's active joints (indices into `joints`), in step order.
    var activeJoints = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    /// Where `prepareJoints` writes the row of each joint it prepares (`JointRow`, at the joint's place in
    /// `activeJoints`), when the joints are solved from rows.
    var jointRows: UnsafeMutablePointer<JointRow>? = nil
    var jointContext = JointContext(h: 0, inverseH: 0, jointSoftness: .rigid)
    /// The wavefront of the joints (`JointWavefront`), when they are split across the workers.
    var jointOrder = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var jointPredecessors = UnsafeBufferPointer<JointPredecessors>(start: nil, count: 0)
    var marks: PassMarks?
    /// The number of the current ordered pass.
    var pass: UInt64 = 0
    /// Items per chunk of the current job.
    var chunkSize = 1

    /// The items of chunk `chunk` out of `count`.
    @inline(__always)
    func range(_ chunk: Int, of count: Int) -> Range<Int> {
        let lower = chunk * chunkSize
        return lower..<min(count, lower + chunkSize)
    }

    static let prepareContacts: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let cons = job.pointee.constraints, touches = job.pointee.touches
        guard let base = touches.baseAddress, let bodies = job.pointee.bodies.baseAddress,
              let states = job.pointee.states.baseAddress else { return }
        let made = job.pointee.constraintContacts, contacts = job.pointee.contacts, kinds = job.pointee.kinds
        let range = job.pointee.range(chunk, of: cons.count), ahead = ContactPrefetch.distance
        // The constraints go in step order, their touch records, bodies and states lie elsewhere: asked for ahead.
        // A constraint still to be made is named by its contact.
        @inline(__always) func prefetch(_ i: Int) {
            let link = made.isEmpty ? cons[i].link : contacts[Int(made[i])].link(made[i])
            ContactPrefetch.preparation(link, touches: base, bodies: bodies, states: states)
        }
        for i in range.lowerBound..<min(range.lowerBound + ahead, range.upperBound) { prefetch(i) }
        for i in range {
            if i + ahead < range.upperBound { prefetch(i + ahead) }
            if !made.isEmpty {
                cons[i] = ContactConstraint(made[i], of: contacts[Int(made[i])])
            }
            let touch = base + Int(cons[i].touch)
            if let kinds {
                // With the kinds written, the quads are written by `writeQuads`, which prepares the block-solved
                // ones four at once (`BlockQuad`): only their kind is worked out here. One with restitution is
                // prepared all the same, for the impacts; a watched one sums its impacts from zero.
                let kind = ContactSolver.kind(touch: touch, bodyA: Int(cons[i].bodyA), bodyB: Int(cons[i].bodyB),
                                              bodies: bodies, states: states)
                kinds[i] = kind
                if kind == 0 && touch.pointee.restitution <= 0 {
                    cons[i].impactImpulse = 0
                    continue
                }
            }
            ContactSolver.prepare(&cons[i], touch: touch, bodies: job.pointee.bodies,
                                  states: job.pointee.states, contactSoftness: job.pointee.contactSoftness,
                                  staticSoftness: job.pointee.staticSoftness)
        }
    }

    static let integrateVelocities: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let inputs = job.pointee.inputs
        PhysicsWorld.integrateVelocities(UnsafeBufferPointer(rebasing: inputs[job.pointee.range(chunk, of: inputs.count)]),
                                         states: job.pointee.states, maxAngularSpeed: job.pointee.maxAngularSpeed)
    }

    static let integratePositions: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let inputs = job.pointee.inputs
        PhysicsWorld.integratePositions(UnsafeBufferPointer(rebasing: inputs[job.pointee.range(chunk, of: inputs.count)]),
                                        states: job.pointee.states, h: job.pointee.h,
                                        maxAngularSpeed: job.pointee.maxAngularSpeed)
    }

    static let prepareJoints: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let active = job.pointee.activeJoints, joints = job.pointee.joints
        let range = job.pointee.range(chunk, of: active.count)
        if let rows = job.pointee.jointRows {
            JointRow.prepare(active, range, rows: rows, joints: joints, bodies: job.pointee.bodies,
                             context: job.pointee.jointContext)
            return
        }
        for t in range {
            joints[Int(active[t])].prepare(bodies: job.pointee.bodies, context: job.pointee.jointContext)
        }
    }

    static let warmStartJoints: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let order = job.pointee.jointOrder, before = job.pointee.jointPredecessors, active = job.pointee.activeJoints
        let joints = job.pointee.joints, states = job.pointee.states
        let marks = job.pointee.marks.unsafelyUnwrapped, pass = job.pointee.pass
        for k in job.pointee.range(chunk, of: order.count) {
            let t = Int(order[k])
            marks.wait(for: before[t].first, pass: pass)
            marks.wait(for: before[t].second, pass: pass)
            joints[Int(active[t])].warmStart(states: states)
            marks.finish(t, pass: pass)
        }
    }

    static let solveJoints: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let order = job.pointee.jointOrder, before = job.pointee.jointPredecessors, active = job.pointee.activeJoints
        let joints = job.pointee.joints, states = job.pointee.states, context = job.pointee.jointContext
        let marks = job.pointee.marks.unsafelyUnwrapped, pass = job.pointee.pass, useBias = job.pointee.useBias
        for k in job.pointee.range(chunk, of: order.count) {
            let t = Int(order[k])
            marks.wait(for: before[t].first, pass: pass)
            marks.wait(for: before[t].second, pass: pass)
            joints[Int(active[t])].solve(states: states, context: context, useBias: useBias)
            marks.finish(t, pass: pass)
        }
    }

    /// Lane `lane`'s part of writing the quads (`ContactLanes.writeQuads`): the units of `quadUnits` it claims.
    static let writeQuadLanes: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let j = job.pointee, quads = j.writtenQuads, units = j.quadUnits
        guard let sync = j.quadSync, let constraints = j.constraints.baseAddress, let states = j.states.baseAddress else {
            return
        }
        // Prepared by `prepareContacts`, which left the block-solved constraints to be prepared here when it
        // wrote their kinds.
        guard let kinds = j.kinds, let touches = j.touches.baseAddress, let links = j.quadLinks else {
            sync.claimLanes(first: 0, ends: units.ends, lane: lane, pass: j.pass) { u in
                ContactLanes.writeQuads(units.quads(u), quads, j.finishSources, constraints, states: states)
            }
            return
        }
        let unprepared = BlockQuad.Unprepared(kinds: UnsafePointer(kinds), links: links, makes: j.makesQuads,
                                              slotSources: j.quadSlotSources?.baseAddress,
                                              slotCount: j.quadSlotSources?.count ?? 0,
                                              touches: UnsafePointer(touches), bodies: j.bodies, states: j.states,
                                              contactSoftness: j.contactSoftness, staticSoftness: j.staticSoftness,
                                              softness: BlockQuad.SoftnessFloats(contact: j.contactSoftness,
                                                                                 static: j.staticSoftness))
        sync.claimLanes(first: 0, ends: units.ends, lane: lane, pass: j.pass) { u in
            let written = ContactLanes.writeQuads(units.quads(u), quads, j.finishSources, constraints, states: states,
                                                  unprepared)
            j.quadChecks?[u] = written.rawValue
        }
    }

    static let finishSolve: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let quadChunks = job.pointee.quadChunks
        if chunk < quadChunks {
            guard let touches = job.pointee.touches.baseAddress else { return }
            let quads = job.pointee.finishQuads
            let lower = chunk * job.pointee.quadChunkSize, upper = min(quads.count, lower + job.pointee.quadChunkSize)
            ContactLanes.storeImpulses(lower..<upper, quads, job.pointee.finishSources, job.pointee.finishLinks,
                                       into: touches)
            return
        }
        let b = chunk - quadChunks
        let j = job.pointee, inputs = j.inputs
        j.finalizeMarks[b] = PhysicsWorld.finalizeBodies(
            of: UnsafeBufferPointer(rebasing: inputs[j.range(b, of: inputs.count)]), j.bodies, states: j.states,
            dt: j.dt, sleepThreshold: j.sleepThreshold, marksFast: j.marksFast)
    }

    static let gatherBodies: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let schedule = job.pointee.schedule
        schedule.gather(states: job.pointee.states, motion: job.pointee.gathersMotion,
                        slots: job.pointee.range(chunk, of: schedule.bodies.sources.count))
    }

    static let scatterBodies: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let schedule = job.pointee.schedule
        schedule.scatter(states: job.pointee.states, slots: job.pointee.range(chunk, of: schedule.bodies.sources.count))
    }

    static let warmStartContactGroup: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let schedule = job.pointee.schedule, group = schedule.groups[job.pointee.contactGroup]
        schedule.warmStart(group: group, items: job.pointee.range(chunk, of: group.itemCount))
    }

    static let solveContactGroup: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let schedule = job.pointee.schedule, group = schedule.groups[job.pointee.contactGroup]
        schedule.solve(group: group, items: job.pointee.range(chunk, of: group.itemCount),
                       inverseH: Float(job.pointee.inverseH), useBias: job.pointee.useBias)
    }
}
