/// The whole sub-step loop of a contact solve split across the pool, as one pool job, then the impulses kept and
/// the bodies' motion written back.
///
/// Split pass by pass (`ParallelStep.warmStartContacts`, `solveContacts`), every group of every pass is a pool job
/// of its own: fifty-odd hand-overs a sub-step for a pyramid of 16 colours, each a published job that the workers
/// must notice before they claim its chunks, and whichever thread comes first takes a chunk, so a colour's bodies
/// move between the threads' caches from pass to pass. Here every thread runs the same sequence of stages (the two
/// integrations, the solver bodies gathered and written back, each group of each pass, the joints' rows), each cut
/// into blocks; a stage starts once every block before it is done (`StageSync`), and each thread starts a stage at
/// its own share of its blocks, so it keeps working on nearly the same bodies.
///
/// Every stage does what the passes do, in the same order, and a block touches only what its stage gives it (a
/// group's quads share no moving body; the integrations, gathers and write-backs are body by body), so the results
/// are those of one thread bit for bit, whatever the number of threads and whoever takes a block.
///
/// Taken when nothing else runs between the passes: no impacts, no fields, joints (if any) solved row by row in
/// their solve order, as one block of one thread, and impulse watches (if any) added up after each relax, as one
/// more block of the write-back that follows it.
struct ContactStageJob {
    /// The step's buffers: states, inputs, the schedule, the integration's numbers, and for the last stages the
    /// quads' store buffers, the bodies and the write-back's numbers and marks (`StepJob.finishSolve`).
    var step: UnsafeMutablePointer<StepJob>
    /// The joints' rows in their solve order (`JointRow`), warm started and solved before the contacts of each pass.
    var rows: UnsafeMutableBufferPointer<JointRow>
    /// The impulse watches (`ImpulseWatch`), located in the quads; each sub-step's relax adds to them.
    var watches = UnsafeMutableBufferPointer<ImpulseWatch>(start: nil, count: 0)
    var substeps: Int
    /// The threads taking part: each runs one chunk of the job, its lane.
    var threads: Int
    /// How finely the stages are cut (`ParallelTuning`: `loopChunk` bodies, `contactItemChunk` quads of a group of
    /// at least `minimumGroupItems`).
    var loopChunk: Int
    var minimumGroupItems: Int
    var contactItemChunk: Int
    var sync: StageSync
    var pass: UInt64 = 0

    /// Blocks of a stage over `count` items at no fewer than `minimum` items a block: a few per thread
    /// (`ParallelStep.chunksPerThread`), one for none.
    @inline(__always)
    static func blocks(_ count: Int, minimum: Int, threads: Int) -> Int {
        max(1, min((count + minimum - 1) / max(minimum, 1), threads * ParallelStep.chunksPerThread))
    }

    /// Blocks of the integrations and the write-back (one per body chunk).
    var inputBlocks: Int { Self.blocks(step.pointee.inputs.count, minimum: loopChunk, threads: threads) }
    /// Blocks of a gather or write-back of the solver bodies: as many for each lane when the slots were named lane
    /// by lane for this many threads (`SolverBodies.laneEnds`, see `slotRange`).
    var slotBlocks: Int {
        let bodies = step.pointee.schedule.bodies
        let n = Self.blocks(bodies.sources.count, minimum: loopChunk, threads: threads)
        return bodies.laneEnds.count == threads ? max(1, n / threads) * threads : n
    }

    /// The slots of block `b` of the `count` blocks of a gather or write-back over `slots` slots. With slots named
    /// lane by lane, each lane's blocks cut its own slots, so the thread that starts at a lane's share gathers the
    /// bodies that lane's quads meet first, and writes them back.
    @inline(__always)
    func slotRange(_ b: Int, of count: Int, _ slots: Int) -> Range<Int> {
        let ends = step.pointee.schedule.bodies.laneEnds
        guard ends.count == threads else { return StageSync.items(b, of: count, slots) }
        let per = count / threads, lane = b / per
        let start = lane == 0 ? 0 : Int(ends[lane - 1])
        let r = StageSync.items(b - lane * per, of: per, Int(ends[lane]) - start)
        return start + r.lowerBound..<start + r.upperBound
    }

    /// Blocks of keeping the quads' impulses: the units of the quads' lane shares (`QuadLanes`), which the quads
    /// were written by (`ParallelStep.writeQuads`, `writeKeptQuads`) for this many threads.
    var quadBlocks: Int { step.pointee.schedule.lanes.units.count }

    /// Blocks of group `g` of a job of `threads` threads: one for a group of fewer than `minimumGroupItems` quads,
    /// solved whole by one thread; a larger one cut into blocks of at least `contactItemChunk` quads.
    @inline(__always)
    static func groupBlocks(_ g: LaneGroup, threads: Int, minimumGroupItems: Int, contactItemChunk: Int) -> Int {
        let count = g.itemCount
        return count < minimumGroupItems ? 1 : blocks(count, minimum: contactItemChunk, threads: threads)
    }

    /// Blocks of group `g`.
    @inline(__always)
    func groupBlocks(_ g: LaneGroup) -> Int {
        Self.groupBlocks(g, threads: threads, minimumGroupItems: minimumGroupItems, contactItemChunk: contactItemChunk)
    }

    /// Blocks of one pass over every group: a run of groups of one block each is one block (see `groupStage`).
    var passBlocks: Int {
        Self.passBlocks(step.pointee.schedule.groups, threads: threads, minimumGroupItems: minimumGroupItems,
                        contactItemChunk: contactItemChunk)
    }

    /// `passBlocks` of `groups` for a job of `threads` threads.
    static func passBlocks(_ groups: UnsafeBufferPointer<LaneGroup>, threads: Int, minimumGroupItems: Int,
                           contactItemChunk: Int) -> Int {
        var blocks = 0, g = 0
        while g < groups.count {
            let stage = groupStage(groups, from: g, threads: threads, minimumGroupItems: minimumGroupItems,
                                   contactItemChunk: contactItemChunk)
            blocks += stage.blocks
            g = stage.end
        }
        return blocks
    }

    /// The stage of a pass that starts at group `g` of `groups`: where it ends and how many blocks it has. A group
    /// cut into several blocks is a stage of its own; a group of one block starts a run of such groups, solved as
    /// one stage of one block by one thread, group after group.
    ///
    /// A group of one block is solved whole by whichever thread takes it, so a run of them solved one after another
    /// by one thread is what the stages did, without a wait between each: the levels of the constraints that found
    /// no colour (`ContactColouring`) come a few quads each, a hundred of them a pass in a tumbler, and each wait
    /// cost a round trip between the processors.
    @inline(__always)
    static func groupStage(_ groups: UnsafeBufferPointer<LaneGroup>, from g: Int, threads: Int,
                           minimumGroupItems: Int, contactItemChunk: Int) -> (end: Int, blocks: Int) {
        @inline(__always) func blocks(_ k: Int) -> Int {
            groupBlocks(groups[k], threads: threads, minimumGroupItems: minimumGroupItems,
                        contactItemChunk: contactItemChunk)
        }
        let first = blocks(g)
        var end = g + 1
        guard first == 1 else { return (end, first) }
        while end < groups.count && blocks(end) == 1 { end += 1 }
        return (end, 1)
    }

    /// Blocks of the whole job, as `run` numbers them: the sync's marks are sized by it.
    var blockCount: Int {
        let joints = rows.isEmpty ? 0 : 1, keeps = rows.isEmpty
        let substep = 2 * inputBlocks + 3 * joints + 3 * passBlocks
            + (keeps ? 4 : 6) * slotBlocks + (watches.isEmpty ? 0 : 1)
        return substeps * substep + quadBlocks + inputBlocks
    }

    /// One thread's part of the job.
    static let run: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: ContactStageJob.self)
        let j = job.pointee, s = j.step.pointee
        let schedule = s.schedule, states = s.states, inputs = s.inputs, inverseH = Float(s.inverseH)
        let keeps = j.rows.isEmpty
        var first = 0
        // How long this lane waits at the end of a stage before it takes the others' blocks (`claimEachThenWait`).
        var patience = StageSync.spinsBeforeStealing
        for _ in 0..<j.substeps {
            first = j.integrate(lane, &patience, first: first, positions: false)
            first = j.joints(lane, &patience, first: first) { row in
                row.pointee.warmStart(joints: s.joints, states: states)
            }
            first = j.gather(lane, &patience, first: first, motion: keeps)
            first = j.groups(lane, &patience, first: first) { g, items in schedule.warmStart(group: g, items: items) }
            if !keeps { first = j.scatter(lane, &patience, first: first) }
            first = j.joints(lane, &patience, first: first) { row in
                row.pointee.solve(joints: s.joints, states: states, context: s.jointContext, useBias: true)
            }
            if !keeps { first = j.gather(lane, &patience, first: first, motion: true) }
            first = j.groups(lane, &patience, first: first) { g, items in
                schedule.solve(group: g, items: items, inverseH: inverseH, useBias: true)
            }
            first = j.scatter(lane, &patience, first: first)
            first = j.integrate(lane, &patience, first: first, positions: true)
            first = j.joints(lane, &patience, first: first) { row in
                row.pointee.solve(joints: s.joints, states: states, context: s.jointContext, useBias: false)
            }
            first = j.gather(lane, &patience, first: first, motion: true)
            first = j.groups(lane, &patience, first: first) { g, items in
                schedule.solve(group: g, items: items, inverseH: inverseH, useBias: false)
            }
            first = j.scatter(lane, &patience, first: first, watching: true)
        }
        // The marks were sized by `blockCount`, which must number the stages as this loop does.
        assert(first + j.quadBlocks + j.inputBlocks == j.blockCount, "blockCount differs from the stages run")
        j.finish(lane, first: first, inputs: inputs)
    }

    /// One integration of the inputs, its blocks numbered from `first`; returns the next stage's first block.
    @inline(__always)
    private func integrate(_ lane: Int, _ patience: inout Int, first: Int, positions: Bool) -> Int {
        let s = step.pointee, inputs = s.inputs, count = inputBlocks
        sync.waitForFinished(first)
        sync.claimEachThenWait(first: first, count: count, lane: lane, threads: threads, pass: pass,
                               patience: &patience) { b in
            PhysicsWorld.integrate(UnsafeBufferPointer(rebasing: inputs[StageSync.items(b, of: count, inputs.count)]),
                                   states: s.states, h: s.h, maxAngularSpeed: s.maxAngularSpeed, positions: positions)
        }
        return first + count
    }

    /// The joints' rows in their solve order, one block (none without joints).
    @inline(__always)
    private func joints(_ lane: Int, _ patience: inout Int,
                        first: Int, _ row: (UnsafeMutablePointer<JointRow>) -> Void) -> Int {
        guard !rows.isEmpty, let base = rows.baseAddress else { return first }
        let count = rows.count
        sync.waitForFinished(first)
        sync.claimEachThenWait(first: first, count: 1, lane: lane, threads: threads, pass: pass,
                               patience: &patience) { _ in
            for k in 0..<count { row(base + k) }
        }
        return first + 1
    }

    /// The solver bodies rounded from the states (`LaneSchedule.gather(states:motion:slots:)`).
    @inline(__always)
    private func gather(_ lane: Int, _ patience: inout Int, first: Int, motion: Bool) -> Int {
        let s = step.pointee, slots = s.schedule.bodies.sources.count, count = slotBlocks
        sync.waitForFinished(first)
        sync.claimEachThenWait(first: first, count: count, lane: lane, threads: threads, pass: pass,
                               patience: &patience) { b in
            s.schedule.gather(states: s.states, motion: motion, slots: slotRange(b, of: count, slots))
        }
        return first + count
    }

    /// The solver bodies' velocities written back to the states (`LaneSchedule.scatter(states:slots:)`); with
    /// `watching` and watches to add to, one more block adds each watched constraint's impulses of the pass just
    /// done (`ImpulseWatch.accumulate`): it reads only the quads, which nothing changes before the next solve.
    @inline(__always)
    private func scatter(_ lane: Int, _ patience: inout Int, first: Int, watching: Bool = false) -> Int {
        let s = step.pointee, slots = s.schedule.bodies.sources.count, count = slotBlocks
        let extra = watching && !watches.isEmpty ? 1 : 0
        sync.waitForFinished(first)
        sync.claimEachThenWait(first: first, count: count + extra, lane: lane, threads: threads, pass: pass,
                               patience: &patience) { b in
            if b < count {
                s.schedule.scatter(states: s.states, slots: slotRange(b, of: count, slots))
            } else {
                ImpulseWatch.accumulate(watches, quads: s.schedule.quads)
            }
        }
        return first + count + extra
    }

    /// One pass over the groups, group after group, `work` on each block's items; a run of groups of one block
    /// each is one stage (`groupStage`).
    @inline(__always)
    private func groups(_ lane: Int, _ patience: inout Int,
                        first: Int, _ work: (LaneGroup, Range<Int>) -> Void) -> Int {
        let groups = step.pointee.schedule.groups
        var first = first, g = 0
        while g < groups.count {
            let (end, count) = Self.groupStage(groups, from: g, threads: threads, minimumGroupItems: minimumGroupItems,
                                               contactItemChunk: contactItemChunk)
            sync.waitForFinished(first)
            sync.claimEachThenWait(first: first, count: count, lane: lane, threads: threads, pass: pass,
                                   patience: &patience) { b in
                if count == 1 {
                    for k in g..<end { work(groups[k], 0..<groups[k].itemCount) }
                } else {
                    work(groups[g], StageSync.items(b, of: count, groups[g].itemCount))
                }
            }
            first += count
            g = end
        }
        return first
    }

    /// Once the last pass is done: every quad's impulses kept in its constraints' touch records, then every body's
    /// motion written back, each block marking what it found in `finalizeMarks`. Nothing waits for these: the job
    /// ends with them.
    @inline(__always)
    private func finish(_ lane: Int, first: Int, inputs: UnsafeBufferPointer<VelocityInput>) {
        let s = step.pointee, quads = s.finishQuads, quadCount = quadBlocks, inputCount = inputBlocks
        sync.waitForFinished(first)
        if let touches = s.touches.baseAddress {
            let lanes = s.schedule.lanes
            sync.claimLanes(first: first, ends: lanes.ends, lane: lane, pass: pass) { u in
                ContactLanes.storeImpulses(lanes.quads(u), quads, s.finishSources, s.finishLinks, into: touches)
            }
        }
        sync.claimEach(first: first + quadCount, count: inputCount, lane: lane, threads: threads, pass: pass) { b in
            s.finalizeMarks[b] = PhysicsWorld.finalizeBodies(
                of: UnsafeBufferPointer(rebasing: inputs[StageSync.items(b, of: inputCount, inputs.count)]), s.bodies,
                states: s.states, dt: s.dt, sleepThreshold: s.sleepThreshold, marksFast: s.marksFast)
        }
    }
}
