import Synchronization
import Testing
@testable import Dynamics

/// `StageSync.claimEach` and `claimLanes` run every block of every stage exactly once, whichever lanes reach it
/// first, and a stage starts only once every block before it is done.
@Suite(.serialized, .takesWorkerPoolTurn) struct StageSyncTests {
    /// What each lane of the job reads: the sync, the stages' block counts, and one run count per block.
    struct Job {
        var sync: StageSync
        var counts: UnsafeBufferPointer<Int>
        var runs: UnsafeMutablePointer<Atomic<Int>>
        var threads: Int
        var pass: UInt64
        /// Set when a block found a block of an earlier stage not yet run.
        var early: UnsafeMutablePointer<Atomic<Int>>
        /// Whether the lanes claim with `claimEachThenWait`, counting in `stole` the stages after which a lane's
        /// patience was gone.
        var waits = false
        var stole: UnsafeMutablePointer<Atomic<Int>>? = nil
    }

    static let lane: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: Job.self).pointee
        var first = 0, patience = StageSync.spinsBeforeStealing
        for count in job.counts {
            job.sync.waitForFinished(first)
            let work = { (b: Int) in
                for earlier in 0..<first where job.runs[earlier].load(ordering: .relaxed) != 1 {
                    job.early.pointee.add(1, ordering: .relaxed)
                }
                job.runs[first + b].add(1, ordering: .relaxed)
            }
            if job.waits {
                job.sync.claimEachThenWait(first: first, count: count, lane: lane, threads: job.threads, pass: job.pass,
                                           patience: &patience, work)
                // Every block of the stage is done when the wait returns.
                for b in first..<first + count where job.runs[b].load(ordering: .relaxed) != 1 {
                    job.early.pointee.add(1, ordering: .relaxed)
                }
                if patience == 0 { job.stole?.pointee.add(1, ordering: .relaxed) }
            } else {
                job.sync.claimEach(first: first, count: count, lane: lane, threads: job.threads, pass: job.pass, work)
            }
            first += count
        }
    }

    /// Runs stages of `counts` blocks on `threads` lanes of the pool, `passes` times over the same marks; returns
    /// each block's runs in the last pass and how many blocks started early in any pass.
    static func run(_ counts: [Int], threads: Int, passes: Int, waits: Bool = false,
                    workers: Int? = nil) -> (runs: [Int], early: Int, stole: Int) {
        let blocks = counts.reduce(0, +)
        let words = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: StageSync.wordCount(blocks: blocks))
        for i in 0..<StageSync.wordCount(blocks: blocks) { (words + i).initialize(to: Atomic<UInt64>(0)) }
        let runs = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: blocks)
        let early = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 2)
        early.initialize(to: Atomic<Int>(0))
        (early + 1).initialize(to: Atomic<Int>(0))
        defer { words.deallocate(); runs.deallocate(); early.deallocate() }
        let pool = WorkerPool.shared
        while !pool.tryAcquire(workers: workers ?? threads) { WorkerPool.yieldProcessor() }
        defer { pool.release() }
        var last: [Int] = []
        counts.withUnsafeBufferPointer { counts in
            for pass in 1...passes {
                for b in 0..<blocks { (runs + b).initialize(to: Atomic<Int>(0)) }
                let sync = StageSync(words: words)
                sync.reset()
                var job = Job(sync: sync, counts: counts, runs: runs, threads: threads, pass: UInt64(pass),
                              early: early, waits: waits, stole: early + 1)
                withUnsafeMutablePointer(to: &job) { pool.run(Self.lane, $0, chunks: threads) }
                last = (0..<blocks).map { runs[$0].load(ordering: .relaxed) }
            }
        }
        return (last, early.pointee.load(ordering: .relaxed), early[1].load(ordering: .relaxed))
    }

    @Test func everyBlockRunsOnceAndStagesKeepTheirOrder() {
        // Stages of one block, fewer blocks than lanes, uneven shares, many blocks.
        let counts = [1, 2, 8, 3, 5, 16, 1, 7, 8, 8]
        for threads in [2, 3] {
            let outcome = Self.run(counts, threads: threads, passes: 50)
            #expect(outcome.runs == [Int](repeating: 1, count: counts.reduce(0, +)))
            #expect(outcome.early == 0)
        }
    }

    @Test func lanesThatWaitAtEachStageRunEveryBlockOnce() {
        let counts = [1, 2, 8, 3, 5, 16, 1, 7, 8, 8]
        for threads in [2, 3] {
            let outcome = Self.run(counts, threads: threads, passes: 50, waits: true)
            #expect(outcome.runs == [Int](repeating: 1, count: counts.reduce(0, +)))
            #expect(outcome.early == 0)
        }
    }

    @Test func aLaneThatNeverComesHasItsBlocksTakenAndPatienceRunsOut() {
        // Two lanes on a pool of one thread: the caller runs lane 0 to the end before lane 1 starts, so lane 0 must
        // take lane 1's blocks of every stage, and after the first stage it no longer waits to.
        let counts = [4, 2, 6, 1, 8]
        let outcome = Self.run(counts, threads: 2, passes: 3, waits: true, workers: 1)
        #expect(outcome.runs == [Int](repeating: 1, count: counts.reduce(0, +)))
        #expect(outcome.early == 0)
        // Lane 0 stole in every stage where lane 1 had blocks: all five, in each of three passes.
        #expect(outcome.stole == 15)
    }

    /// What each lane of a lane-share job reads: per stage, the lanes' ends of its blocks (`claimLanes`).
    struct LaneJob {
        var sync: StageSync
        var ends: [[Int32]]
        var runs: UnsafeMutablePointer<Atomic<Int>>
        var pass: UInt64
        var early: UnsafeMutablePointer<Atomic<Int>>
    }

    static let laneShares: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: LaneJob.self).pointee
        var first = 0
        for ends in job.ends {
            job.sync.waitForFinished(first)
            ends.withUnsafeBufferPointer { e in
                job.sync.claimLanes(first: first, ends: e, lane: lane, pass: job.pass) { b in
                    for earlier in 0..<first where job.runs[earlier].load(ordering: .relaxed) != 1 {
                        job.early.pointee.add(1, ordering: .relaxed)
                    }
                    job.runs[first + b].add(1, ordering: .relaxed)
                }
            }
            first += Int(ends.last ?? 0)
        }
    }

    @Test func unevenLaneSharesRunEveryBlockOnceInStageOrder() {
        for threads in [2, 3] {
            // Per stage, each lane's count of blocks: none, one, many, lanes of no blocks.
            let shares: [[Int]] = [[1] + [Int](repeating: 0, count: threads - 1), [3, 0, 5], [0, 7, 2], [4, 4, 4],
                                   [0, 0, 1], [9, 1, 0]].map { Array($0.prefix(threads)) }
            let ends = shares.map { s in s.indices.map { Int32(s[0...$0].reduce(0, +)) } }
            let blocks = ends.reduce(0) { $0 + Int($1.last ?? 0) }
            let wordCount = StageSync.wordCount(blocks: blocks)
            let words = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: wordCount)
            for i in 0..<wordCount { (words + i).initialize(to: Atomic<UInt64>(0)) }
            let runs = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: blocks)
            let early = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
            early.initialize(to: Atomic<Int>(0))
            defer { words.deallocate(); runs.deallocate(); early.deallocate() }
            let pool = WorkerPool.shared
            while !pool.tryAcquire(workers: threads) { WorkerPool.yieldProcessor() }
            for pass in 1...50 {
                for b in 0..<blocks { (runs + b).initialize(to: Atomic<Int>(0)) }
                let sync = StageSync(words: words)
                sync.reset()
                var job = LaneJob(sync: sync, ends: ends, runs: runs, pass: UInt64(pass), early: early)
                withUnsafeMutablePointer(to: &job) { pool.runLanes(Self.laneShares, $0, lanes: threads) }
                #expect((0..<blocks).map { runs[$0].load(ordering: .relaxed) } == [Int](repeating: 1, count: blocks))
            }
            pool.release()
            #expect(early.pointee.load(ordering: .relaxed) == 0)
        }
    }
}
