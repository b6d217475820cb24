import Synchronization

/// The joint passes of a step whose joints are coloured (`JointColouring`), shared across the worker pool: one pool
/// job per pass, in which every thread goes through the colours in turn, and each colour's joints are cut into
/// blocks that the threads claim.
///
/// A colour's joints share no moving body, so its blocks may be solved in any order, by any thread, at once: the
/// result is that of one thread solving the sequence in order, bit for bit. A colour starts only when every block
/// of the colours before it is done (a count of finished blocks that every thread reads), so each body meets its
/// joints in the sequence's order. The joints of small islands, in step order, are one more block of the first
/// stage: they share no body with the colours.
///
/// Each thread starts a colour at its own share of the blocks (thread k of n at block k * blocks / n) and takes
/// the others' only when its own are gone, so from colour to colour, pass to pass and sub-step to sub-step the same
/// thread solves nearly the same bodies and finds them in its own cache. A thread the system has descheduled holds
/// nothing up: the others take its blocks, and when it comes back it finds the pass done.
struct JointColourStages {
    /// Blocks: ranges of the colouring's `sequence` (start, end).
    private(set) var blocks = ContiguousArray<SIMD2<Int32>>()
    /// Per stage, where its blocks start in `blocks`; one more entry than stages.
    private(set) var stageStart = ContiguousArray<Int32>()

    /// How many stages (colour slots that hold joints) the last layout made.
    var stageCount: Int { max(stageStart.count - 1, 0) }

    /// Cuts the colouring's slots into blocks of about `blockSize` joints, at most `perThread` blocks a thread per
    /// colour, for `threads` threads; slots without joints are left out.
    mutating func layOut(_ colouring: JointColouring, threads: Int, blockSize: Int, perThread: Int = 4) {
        blocks.removeAll(keepingCapacity: true)
        stageStart.removeAll(keepingCapacity: true)
        let uncoloured = Int32(colouring.uncolouredCount)
        colouring.slotStart.withUnsafeBufferPointer { start in
            for s in 0..<max(start.count - 1, 0) {
                let first = Int(start[s]), end = Int(start[s + 1])
                let stage = Int32(blocks.count)
                // The small islands' joints: one block, in step order, with the first colour that holds joints.
                if stageStart.isEmpty && uncoloured > 0 { blocks.append(SIMD2(0, uncoloured)) }
                if end > first {
                    let count = end - first
                    let n = max(1, min((count + blockSize - 1) / max(blockSize, 1), threads * perThread))
                    for k in 0..<n {
                        blocks.append(SIMD2(Int32(first + k * count / n), Int32(first + (k + 1) * count / n)))
                    }
                }
                if Int32(blocks.count) > stage { stageStart.append(stage) }
            }
        }
        if !stageStart.isEmpty { stageStart.append(Int32(blocks.count)) }
    }
}

/// What a coloured joint pass reads: one record on the stepping thread's stack, handed to each thread by pointer.
struct JointStageJob {
    var joints: UnsafeMutableBufferPointer<Joint>
    var states: UnsafeMutableBufferPointer<BodyState>
    /// The rows of the colouring's sequence of joints (`JointRow`), and the stages' blocks of it.
    var rows: UnsafeMutableBufferPointer<JointRow>
    var blocks: UnsafeBufferPointer<SIMD2<Int32>>
    var stageStart: UnsafeBufferPointer<Int32>
    var context: JointContext
    var useBias = true
    /// Whether the pass warm starts (else it solves).
    var warmStarts = false
    /// The threads taking part: each runs one chunk of the job.
    var threads = 1
    /// Sync words (`StageSync`; none when the passes are not shared) and this pass's number, above every
    /// claim mark of earlier passes.
    var sync: StageSync?
    var pass: UInt64 = 0
    /// For the whole sub-step loop in one job (`runSubsteps`): the bodies to integrate, in how many blocks, how
    /// many sub-steps, and the spin cap.
    var inputs = UnsafeBufferPointer<VelocityInput>(start: nil, count: 0)
    var inputBlocks = 1
    var substeps = 0
    var maxAngularSpeed: Double = 0
    /// Also for `runSubsteps`, which prepares the joints first and keeps their impulses and writes the bodies'
    /// motion back last: the step's joints in step order, each one's place among the rows
    /// (`JointColouring.place`), in how many blocks; the bodies; what `PhysicsWorld.finalizeBody` needs, and a
    /// mark for each of the inputs' blocks (`FinalizeMark` bits), at least `inputBlocks` of them.
    var active = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var place = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var jointListBlocks = 1
    var bodies = UnsafeMutableBufferPointer<Body>(start: nil, count: 0)
    var dt: Double = 0
    var sleepThreshold: Double = 0
    var marksFast = false
    var finalizeMarks = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    /// One thread's part of the pass: stage after stage, its share of each stage's blocks first, then any left.
    static let run: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: JointStageJob.self)
        let j = job.pointee
        let sync = j.sync.unsafelyUnwrapped, stages = j.stageStart, blocks = j.blocks
        var patience = StageSync.spinsBeforeStealing
        for s in 0..<max(stages.count - 1, 0) {
            let first = Int(stages[s]), count = Int(stages[s + 1]) - first
            // Every block of the stages before this one done, and what they wrote seen.
            sync.waitForFinished(first)
            sync.claimEachThenWait(first: first, count: count, lane: lane, threads: j.threads, pass: j.pass,
                                   patience: &patience) { b in
                let range = blocks[first + b]
                if j.warmStarts {
                    for k in Int(range.x)..<Int(range.y) { j.rows[k].warmStart(joints: j.joints, states: j.states) }
                } else {
                    for k in Int(range.x)..<Int(range.y) {
                        j.rows[k].solve(joints: j.joints, states: j.states, context: j.context, useBias: j.useBias)
                    }
                }
            }
        }
    }
}

/// The joint passes of one step: on this thread, row after row (`JointRow`, in step order or the colouring's
/// order), or shared across the pool colour by colour (`JointStageJob`) when `job` is given.
struct JointPasses {
    let joints: UnsafeMutableBufferPointer<Joint>
    let states: UnsafeMutableBufferPointer<BodyState>
    let rows: UnsafeMutableBufferPointer<JointRow>
    let context: JointContext
    /// The pool and the record of the shared passes, when the passes are shared.
    let pool: WorkerPool?
    let job: UnsafeMutablePointer<JointStageJob>?

    /// Warm starts every joint.
    func warmStart() {
        if let pool, let job {
            share(pool, job, warmStarts: true, useBias: true)
            return
        }
        for k in rows.indices { rows[k].warmStart(joints: joints, states: states) }
    }

    /// Solves every joint once, with position feedback or without.
    func solve(useBias: Bool) {
        if let pool, let job {
            share(pool, job, warmStarts: false, useBias: useBias)
            return
        }
        for k in rows.indices { rows[k].solve(joints: joints, states: states, context: context, useBias: useBias) }
    }

    /// Runs the whole sub-step loop of a step whose only constraints are these joints, shared across the pool
    /// (`JointStageJob.runSubsteps`); only when the passes are shared.
    func runSubsteps() {
        guard let pool, let job else { return }
        job.pointee.pass = pool.nextPass()
        job.pointee.sync.unsafelyUnwrapped.reset()
        pool.run(JointStageJob.runSubsteps, job, chunks: job.pointee.threads)
    }

    private func share(_ pool: WorkerPool, _ job: UnsafeMutablePointer<JointStageJob>, warmStarts: Bool, useBias: Bool) {
        job.pointee.warmStarts = warmStarts
        job.pointee.useBias = useBias
        job.pointee.pass = pool.nextPass()
        job.pointee.sync.unsafelyUnwrapped.reset()
        pool.run(JointStageJob.run, job, chunks: job.pointee.threads)
    }
}
