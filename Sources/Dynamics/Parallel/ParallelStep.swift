/// The parts of a world step split across the worker pool, each giving bit for bit what the serial loop gives: the
/// jobs below write disjoint data (a body's state, a constraint) and every sum runs in the serial order.
///
/// A step holds the pool from its start to its end (`PhysicsWorld.step`); between jobs the workers spin briefly,
/// so a job costs a few hundred nanoseconds to hand over. Work too small to pay for that runs on the calling thread:
/// whole steps of small worlds (`ParallelTuning.minimumWork`), and groups of the contact solve below
/// `ParallelTuning.minimumGroup` constraints, which in a single tall stack are most of them.
struct ParallelStep {
    let pool: WorkerPool
    let job: UnsafeMutablePointer<StepJob>
    let tuning: ParallelTuning

    /// Chunks for `count` items at no fewer than `minimum` items a chunk: a few per thread, so a thread the system
    /// has descheduled holds up no more than a small share.
    @inline(__always)
    private func chunks(_ count: Int, minimum: Int) -> Int {
        guard count > 0 else { return 0 }
        let perThread = 4
        let n = max(1, min((count + minimum - 1) / minimum, pool.participants * perThread, WorkerPool.maxChunks))
        let size = (count + n - 1) / n
        job.pointee.chunkSize = size
        return (count + size - 1) / size
    }

    /// Prepares every contact constraint (`ContactSolver.prepare`).
    func prepareContacts() {
        pool.run(StepJob.prepareContacts, job, chunks: chunks(job.pointee.constraints.count, minimum: tuning.loopChunk))
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

    /// Warm starts the contacts group after group; large groups are split across the workers.
    func warmStartContacts(_ schedule: LaneSchedule) {
        let cons = job.pointee.constraints, states = job.pointee.states
        guard !schedule.groups.isEmpty else {
            schedule.warmStart(cons, states: states)
            return
        }
        for group in schedule.groups {
            if group.constraintCount < tuning.minimumGroup {
                schedule.warmStart(group: group, items: 0..<group.itemCount, cons, states: states)
            } else {
                job.pointee.schedule = schedule
                job.pointee.group = group
                pool.run(StepJob.warmStartGroup, job, chunks: chunks(group.itemCount, minimum: tuning.groupChunk))
            }
        }
    }

    /// Solves the contacts once, group after group; large groups are split across the workers.
    func solveContacts(_ schedule: LaneSchedule, useBias: Bool) {
        let cons = job.pointee.constraints, states = job.pointee.states, inverseH = job.pointee.inverseH
        guard !schedule.groups.isEmpty else {
            schedule.solve(cons, states: states, inverseH: inverseH, useBias: useBias)
            return
        }
        job.pointee.useBias = useBias
        for group in schedule.groups {
            if group.constraintCount < tuning.minimumGroup {
                schedule.solve(group: group, items: 0..<group.itemCount, cons, states: states, inverseH: inverseH,
                               useBias: useBias)
            } else {
                job.pointee.schedule = schedule
                job.pointee.group = group
                pool.run(StepJob.solveGroup, job, chunks: chunks(group.itemCount, minimum: tuning.groupChunk))
            }
        }
    }
}

/// Where the parallel step pays for itself, measured on the bench's scenes (docs/performance.md). Tests set
/// smaller values to split even small worlds as finely as possible.
struct ParallelTuning {
    /// A step splits its work only when its awake bodies plus contact constraints plus joints reach this.
    var minimumWork = 1_000
    /// A group of the contact solve with fewer constraints is solved on the calling thread.
    var minimumGroup = 128
    /// Fewest items (pairs or singles) of a group in one chunk.
    var groupChunk = 32
    /// Fewest bodies or constraints in one chunk of the integration and the preparation.
    var loopChunk = 256
    /// The narrowphase is split only for at least this many contacts, and into chunks of at least `contactChunk`.
    var minimumContacts = 256
    var contactChunk = 64
    /// The joints are solved across the workers only when at least this many are active, in chunks of at most
    /// `jointChunk` joints of the wavefront's order.
    var minimumJoints = 512
    var jointChunk = 16

    /// Splits everything, down to one item a chunk: the most thread switches, for tests.
    static let finest = ParallelTuning(minimumWork: 0, minimumGroup: 0, groupChunk: 1, loopChunk: 1,
                                        minimumContacts: 0, contactChunk: 1, minimumJoints: 0, jointChunk: 1)
}

/// The buffers and numbers a step's jobs read: one record on the stepping thread's stack, handed to each job by
/// pointer. The job functions claim chunk indices and work on the items of their chunk only.
struct StepJob {
    var bodies: UnsafeMutableBufferPointer<Body>
    var states: UnsafeMutableBufferPointer<BodyState>
    var constraints: UnsafeMutableBufferPointer<ContactConstraint>
    var contacts: UnsafeBufferPointer<Contact>
    var inputs: UnsafeBufferPointer<VelocityInput>
    var h: Double
    var inverseH: Double
    var maxAngularSpeed: Double
    var contactSoftness: Softness
    var staticSoftness: Softness
    var schedule = LaneSchedule(pairs: UnsafeMutableBufferPointer(start: nil, count: 0),
                                singles: UnsafeBufferPointer(start: nil, count: 0),
                                runs: UnsafeBufferPointer(start: nil, count: 0),
                                groups: UnsafeBufferPointer(start: nil, count: 0))
    var group = LaneGroup(pairStart: 0, blockPairs: 0, twoPointPairs: 0, onePointPairs: 0, singleStart: 0, singles: 0)
    var useBias = true
    var joints = UnsafeMutableBufferPointer<Joint>(start: nil, count: 0)
    /// The step's active joints (indices into `joints`), in step order.
    var activeJoints = UnsafeBufferPointer<Int32>(start: nil, count: 0)
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
        let cons = job.pointee.constraints, contacts = job.pointee.contacts
        guard let base = contacts.baseAddress else { return }
        for i in job.pointee.range(chunk, of: cons.count) {
            ContactSolver.prepare(&cons[i], contact: base + Int(cons[i].contact), bodies: job.pointee.bodies,
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
        for t in job.pointee.range(chunk, of: active.count) {
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

    static let warmStartGroup: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let group = job.pointee.group
        job.pointee.schedule.warmStart(group: group, items: job.pointee.range(chunk, of: group.itemCount),
                                       job.pointee.constraints, states: job.pointee.states)
    }

    static let solveGroup: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepJob.self)
        let group = job.pointee.group
        job.pointee.schedule.solve(group: group, items: job.pointee.range(chunk, of: group.itemCount),
                                   job.pointee.constraints, states: job.pointee.states,
                                   inverseH: job.pointee.inverseH, useBias: job.pointee.useBias)
    }
}
