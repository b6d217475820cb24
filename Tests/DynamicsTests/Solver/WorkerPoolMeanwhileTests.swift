import Testing
@testable import Dynamics

/// `WorkerPool.run(_:_:chunks:meanwhile:)` runs the caller's work once and every chunk of the job once, whether the
/// job is shared or left to the caller.
@Suite(.serialized, .takesWorkerPoolTurn) struct WorkerPoolMeanwhileTests {
    /// Each chunk counts itself in its own slot.
    static let countChunk: ParallelChunk = { raw, chunk in
        raw.assumingMemoryBound(to: Int.self)[chunk] += 1
    }

    /// Runs a job of `chunks` chunks with `meanwhile` counting its calls; returns the chunks' counts and the calls.
    static func run(chunks: Int, workers: Int) -> (counts: [Int], meanwhile: Int) {
        let pool = WorkerPool.shared
        // Other tests' steps may hold the pool for a moment.
        while !pool.tryAcquire(workers: workers) { WorkerPool.yieldProcessor() }
        defer { pool.release() }
        var counts = [Int](repeating: 0, count: chunks)
        var calls = 0
        counts.withUnsafeMutableBufferPointer { buffer in
            pool.run(Self.countChunk, UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped), chunks: chunks) {
                calls += 1
            }
        }
        return (counts, calls)
    }

    @Test func sharedJobsRunEveryChunkOnceAndTheCallersWorkOnce() {
        for chunks in [2, 7, 64] {
            for _ in 0..<20 {
                let outcome = Self.run(chunks: chunks, workers: 3)
                #expect(outcome.counts == [Int](repeating: 1, count: chunks))
                #expect(outcome.meanwhile == 1)
            }
        }
    }

    @Test func aJobLeftToTheCallerStillRunsBoth() {
        // One chunk is never shared; nor is any job of a pool held for one thread.
        let single = Self.run(chunks: 1, workers: 3)
        #expect(single.counts == [1] && single.meanwhile == 1)
        let alone = Self.run(chunks: 5, workers: 1)
        #expect(alone.counts == [Int](repeating: 1, count: 5) && alone.meanwhile == 1)
    }
}
