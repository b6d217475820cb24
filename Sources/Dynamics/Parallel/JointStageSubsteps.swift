/// The whole solve of a step whose only constraints are coloured joints, as one pool job: each thread prepares its
/// share of the joints, goes through every sub-step's phases (velocity integration, the joints' warm start, solve
/// and relax colour by colour, position integration), and last keeps the pins' impulses and writes the bodies'
/// motion back, claiming blocks of each phase; a phase or colour starts once every block before it is done.
///
/// The passes of `JointStageJob` are one pool job each, with the integrations as two more: seven hand-overs a
/// sub-step, at each of which a worker that spun too long has parked and must be woken. Here the threads meet only
/// at the phases' and colours' counts, spinning on one shared word, and the pool hands over once a step. Every
/// phase does what the passes do, in the same order (the integrations body by body; a colour's joints share no
/// moving body), so the results are those of one thread bit for bit. Integration and write-back blocks are cut by
/// body in the inputs' order, preparation and impulse blocks by joint in step order, and each thread starts at its
/// own share, as it does in the colours: a body's joints are near it in step order, so a thread keeps preparing,
/// integrating and writing back mostly the bodies it solves.
extension JointStageJob {
    /// Blocks the job takes: the preparation's `jointListBlocks`, each sub-step's two integrations of
    /// `inputBlocks` blocks and three passes over the joints' blocks, then the impulses' and the write-back's.
    static func substepBlocks(substeps: Int, inputBlocks: Int, jointBlocks: Int, jointListBlocks: Int) -> Int {
        jointListBlocks + substeps * (2 * inputBlocks + 3 * jointBlocks) + jointListBlocks + inputBlocks
    }

    /// One thread's part of the job.
    static let runSubsteps: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: JointStageJob.self)
        let j = job.pointee
        let sync = j.sync.unsafelyUnwrapped
        var patience = StageSync.spinsBeforeStealing
        var first = prepare(j, sync, lane, &patience)
        for _ in 0..<j.substeps {
            first = integrate(j, sync, lane, &patience, first: first, positions: false)
            first = colours(j, sync, lane, &patience, first: first) { k in
                j.rows[k].warmStart(joints: j.joints, states: j.states)
            }
            first = colours(j, sync, lane, &patience, first: first) { k in
                j.rows[k].solve(joints: j.joints, states: j.states, context: j.context, useBias: true)
            }
            first = integrate(j, sync, lane, &patience, first: first, positions: true)
            first = colours(j, sync, lane, &patience, first: first) { k in
                j.rows[k].solve(joints: j.joints, states: j.states, context: j.context, useBias: false)
            }
        }
        finish(j, sync, lane, first: first)
    }

    /// Prepares the joints into their rows (`JointRow.prepare(active:place:...)`), in `jointListBlocks` blocks
    /// numbered from 0; returns the next block's number.
    @inline(__always)
    private static func prepare(_ j: JointStageJob, _ sync: StageSync, _ lane: Int, _ patience: inout Int) -> Int {
        let count = j.jointListBlocks, n = j.active.count
        guard let rows = j.rows.baseAddress else { return count }
        sync.claimEachThenWait(first: 0, count: count, lane: lane, threads: j.threads, pass: j.pass,
                               patience: &patience) { b in
            JointRow.prepare(active: j.active, place: j.place, StageSync.items(b, of: count, n), rows: rows,
                             joints: j.joints, bodies: j.bodies, context: j.context)
        }
        return count
    }

    /// Once the last relax is done: the pins' impulses back into their records, in `jointListBlocks` blocks
    /// numbered from `first`, and the bodies' motion written back (`PhysicsWorld.finalizeBody`), in `inputBlocks`
    /// more, each marking what it found in `finalizeMarks`. Nothing waits for these: the job ends with them.
    @inline(__always)
    private static func finish(_ j: JointStageJob, _ sync: StageSync, _ lane: Int, first: Int) {
        let joints = j.jointListBlocks, n = j.active.count, inputs = j.inputs, count = j.inputBlocks
        sync.waitForFinished(first)
        sync.claimEach(first: first, count: joints, lane: lane, threads: j.threads, pass: j.pass) { b in
            JointRow.storeImpulses(active: j.active, place: j.place, StageSync.items(b, of: joints, n),
                                   rows: UnsafeBufferPointer(j.rows), into: j.joints)
        }
        sync.claimEach(first: first + joints, count: count, lane: lane, threads: j.threads, pass: j.pass) { b in
            j.finalizeMarks[b] = PhysicsWorld.finalizeBodies(
                of: UnsafeBufferPointer(rebasing: inputs[StageSync.items(b, of: count, inputs.count)]), j.bodies,
                states: j.states, dt: j.dt, sleepThreshold: j.sleepThreshold, marksFast: j.marksFast)
        }
    }

    /// One integration of the inputs, in `inputBlocks` blocks numbered from `first`; returns the next block's
    /// number.
    @inline(__always)
    private static func integrate(_ j: JointStageJob, _ sync: StageSync, _ lane: Int, _ patience: inout Int, first: Int,
                                  positions: Bool) -> Int {
        let count = j.inputBlocks, inputs = j.inputs
        sync.waitForFinished(first)
        sync.claimEachThenWait(first: first, count: count, lane: lane, threads: j.threads, pass: j.pass,
                               patience: &patience) { b in
            PhysicsWorld.integrate(UnsafeBufferPointer(rebasing: inputs[StageSync.items(b, of: count, inputs.count)]),
                                   states: j.states, h: j.context.h, maxAngularSpeed: j.maxAngularSpeed,
                                   positions: positions)
        }
        return first + count
    }

    /// One pass over the joints' rows, stage by stage, its blocks numbered from `first`; returns the next block's
    /// number.
    @inline(__always)
    private static func colours(_ j: JointStageJob, _ sync: StageSync, _ lane: Int, _ patience: inout Int, first: Int,
                                _ row: (Int) -> Void) -> Int {
        let stages = j.stageStart, blocks = j.blocks
        for s in 0..<max(stages.count - 1, 0) {
            let start = Int(stages[s]), count = Int(stages[s + 1]) - start
            sync.waitForFinished(first + start)
            sync.claimEachThenWait(first: first + start, count: count, lane: lane, threads: j.threads, pass: j.pass,
                                   patience: &patience) { b in
                let range = blocks[start + b]
                for k in Int(range.x)..<Int(range.y) { row(k) }
            }
        }
        return first + blocks.count
    }
}
