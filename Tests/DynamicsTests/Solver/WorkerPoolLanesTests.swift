import Glibc
import Testing
@testable import Dynamics

/// `WorkerPool.runLanes` runs every lane of a job once, lane 0 always on the calling thread, whether the job is
/// shared or left to the caller.
@Suite(.serialized, .takesWorkerPoolTurn) struct WorkerPoolLanesTests {
    /// Each lane notes whether the calling thread ran it.
    struct LaneRuns {
        var caller: pthread_t
        var runs: UnsafeMutablePointer<Int>
        var onCaller: UnsafeMutablePointer<Bool>
    }

    static let noteLane: ParallelChunk = { raw, lane in
        let job = raw.assumingMemoryBound(to: LaneRuns.self).pointee
        job.runs[lane] += 1
        job.onCaller[lane] = pthread_equal(pthread_self(), job.caller) != 0
    }

    @Test func lanesRunOnceEachWithLaneZeroOnTheCaller() {
        for (lanes, workers) in [(2, 2), (3, 3), (4, 2), (3, 1)] {
            for _ in 0..<20 {
                let pool = WorkerPool.shared
                while !pool.tryAcquire(workers: workers) { WorkerPool.yieldProcessor() }
                var runs = [Int](repeating: 0, count: lanes)
                var onCaller = [Bool](repeating: false, count: lanes)
                runs.withUnsafeMutableBufferPointer { r in
                    onCaller.withUnsafeMutableBufferPointer { c in
                        var job = LaneRuns(caller: pthread_self(), runs: r.baseAddress!, onCaller: c.baseAddress!)
                        withUnsafeMutablePointer(to: &job) { pool.runLanes(Self.noteLane, $0, lanes: lanes) }
                    }
                }
                pool.release()
                #expect(runs == [Int](repeating: 1, count: lanes))
                #expect(onCaller[0], "\(lanes) lanes, \(workers) workers")
            }
        }
    }
}
