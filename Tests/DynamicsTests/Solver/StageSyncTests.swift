import Synchronization
import Testing
@testable import Dynamics

/// `StageSync.claimEach` runs every block of every stage exactly once, whichever lanes reach it first, and a stage
/// starts only once every block before it is done.
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
    }

    static let lane: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: Job.self).pointee
        var first = 0
        for count in job.counts {
            job.sync.waitForFinished(first)
            job.sync.claimEach(first: first, count: count, lane: lane, threads: job.threads, pass: job.pass) { b in
                for earlier in 0..<first where job.runs[earlier].load(ordering: .relaxed) != 1 {
                    job.early.pointee.add(1, ordering: .relaxed)
                }
                job.runs[first + b].add(1, ordering: .relaxed)
            }
            first += count
        }
    }

    /// Runs stages of `counts` blocks on `threads` lanes of the pool, `passes` times over the same marks; returns
    /// each block's runs in the last pass and how many blocks started early in any pass.
    static func run(_ counts: [Int], threads: Int, passes: Int) -> (runs: [Int], early: Int) {
        let blocks = counts.reduce(0, +)
        let words = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: StageSync.wordCount(blocks: blocks))
        for i in 0..<StageSync.wordCount(blocks: blocks) { (words + i).initialize(to: Atomic<UInt64>(0)) }
        let runs = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: blocks)
        let early = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        early.initialize(to: Atomic<Int>(0))
        defer { words.deallocate(); runs.deallocate(); early.deallocate() }
        let pool = WorkerPool.shared
        while !pool.tryAcquire(workers: threads) { WorkerPool.yieldProcessor() }
        defer { pool.release() }
        var last: [Int] = []
        counts.withUnsafeBufferPointer { counts in
            for pass in 1...passes {
                for b in 0..<blocks { (runs + b).initialize(to: Atomic<Int>(0)) }
                let sync = StageSync(words: words)
                sync.reset()
                var job = Job(sync: sync, counts: counts, runs: runs, threads: threads, pass: UInt64(pass),
                              early: early)
                withUnsafeMutablePointer(to: &job) { pool.run(Self.lane, $0, chunks: threads) }
                last = (0..<blocks).map { runs[$0].load(ordering: .relaxed) }
            }
        }
        return (last, early.pointee.load(ordering: .relaxed))
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
}
