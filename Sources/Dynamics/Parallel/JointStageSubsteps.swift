/// The whole sub-step loop of a step whose only constraints are coloured joints, as one pool job: each thread goes
/// through every sub-step's phases (velocity integration, the joints' warm start, solve and relax colour by colour,
/// position integration), claiming blocks of each, and a phase or colour starts once every block before it is done.
///
/// The passes of `JointStageJob` are one pool job each, with the integrations as two more: seven hand-overs a
/// sub-step, at each of which a worker that spun too long has parked and must be woken. Here the threads meet only
/// at the phases' and colours' counts, spinning on one shared word, and the pool hands over once a step. Every
/// phase does what the passes do, in the same order (the integrations body by body; a colour's joints share no
/// moving body), so the results are those of one thread bit for bit. Integration blocks are cut by body in the
/// inputs' order and each thread starts at its own share, as it does in the colours, so a thread keeps integrating
/// mostly the bodies it solves.
extension JointStageJob {
    /// Blocks a step's sub-steps take: each sub-step's two integrations of `inputBlocks` blocks and three passes
    /// over the joints' blocks.
    static func substepBlocks(substeps: Int, inputBlocks: Int, jointBlocks: Int) -> Int {
        substeps * (2 * inputBlocks + 3 * jointBlocks)
    }

    /// One thread's part of the sub-step loop.
    static let runSubsteps: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: JointStageJob.self)
        let j = job.pointee
        let sync = j.sync.unsafelyUnwrapped
        var first = 0
        for _ in 0..<j.substeps {
            first = integrate(j, sync, lane, first: first, positions: false)
            first = colours(j, sync, lane, first: first) { k in j.rows[k].warmStart(joints: j.joints, states: j.states) }
            first = colours(j, sync, lane, first: first) { k in
                j.rows[k].solve(joints: j.joints, states: j.states, context: j.context, useBias: true)
            }
            first = integrate(j, sync, lane, first: first, positions: true)
            first = colours(j, sync, lane, first: first) { k in
                j.rows[k].solve(joints: j.joints, states: j.states, context: j.context, useBias: false)
            }
        }
    }

    /// One integration of the inputs, in `inputBlocks` blocks numbered from `first`; returns the next block's
    /// number.
    @inline(__always)
    private static func integrate(_ j: JointStageJob, _ sync: JointStageSync, _ lane: Int, first: Int,
                                  positions: Bool) -> Int {
        let count = j.inputBlocks, inputs = j.inputs
        sync.waitForFinished(first)
        claimEach(sync, first: first, count: count, lane: lane, threads: j.threads, pass: j.pass) { b in
            let part = UnsafeBufferPointer(rebasing: inputs[b * inputs.count / count..<(b + 1) * inputs.count / count])
            if positions {
                PhysicsWorld.integratePositions(part, states: j.states, h: j.context.h, maxAngularSpeed: j.maxAngularSpeed)
            } else {
                PhysicsWorld.integrateVelocities(part, states: j.states, maxAngularSpeed: j.maxAngularSpeed)
            }
        }
        return first + count
    }

    /// One pass over the joints' rows, stage by stage, its blocks numbered from `first`; returns the next block's
    /// number.
    @inline(__always)
    private static func colours(_ j: JointStageJob, _ sync: JointStageSync, _ lane: Int, first: Int,
                                _ row: (Int) -> Void) -> Int {
        let stages = j.stageStart, blocks = j.blocks
        for s in 0..<max(stages.count - 1, 0) {
            let start = Int(stages[s]), count = Int(stages[s + 1]) - start
            sync.waitForFinished(first + start)
            claimEach(sync, first: first + start, count: count, lane: lane, threads: j.threads, pass: j.pass) { b in
                let range = blocks[start + b]
                for k in Int(range.x)..<Int(range.y) { row(k) }
            }
        }
        return first + blocks.count
    }

    /// Runs `work` on each of blocks `first..<first + count` this thread claims, its own share first, and counts
    /// them finished.
    @inline(__always)
    private static func claimEach(_ sync: JointStageSync, first: Int, count: Int, lane: Int, threads: Int,
                                  pass: UInt64, _ work: (Int) -> Void) {
        var done = 0
        let start = lane * count / max(threads, 1)
        for i in 0..<count {
            var b = start + i
            if b >= count { b -= count }
            guard sync.claim(first + b, pass: pass) else { continue }
            work(b)
            done += 1
        }
        if done > 0 { sync.finish(done) }
    }
}
