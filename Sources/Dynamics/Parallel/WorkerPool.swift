import CContactKernels
import Glibc
import Synchronization

/// A job the pool runs: `chunk` is called once for every chunk index below the job's chunk count, on whichever
/// thread claims it, with the context the caller passed. A plain C function pointer, so handing a job over
/// allocates nothing and retains nothing.
typealias ParallelChunk = @convention(c) (UnsafeMutableRawPointer, Int) -> Void

/// The process-wide pool of worker threads that a world step splits its work across (see `ParallelStep`).
///
/// Threads are started on the first parallel step that needs them and never end. Between steps they are parked
/// on a condition variable; during a step they spin briefly between jobs, then park. One step at a time holds the
/// pool (`tryAcquire`): a world stepped on another thread meanwhile runs serially, with the same results.
///
/// A job is split into chunks that the caller and the workers claim one by one from a shared counter, so a thread
/// the system has descheduled delays nothing: the others take its chunks. Who runs a chunk never changes what it
/// computes; every job's chunks write disjoint data, so the results are those of running the chunks in any order.
final class WorkerPool: @unchecked Sendable {
    /// The one pool of the process.
    static let shared = WorkerPool()

    /// Worker threads ever started (the calling thread is not one of them).
    private var started = 0
    /// Most threads the pool will start: more would only wait for cores.
    static let maxThreads = 63

    /// The current job in one word: its number (high 32 bits), its chunk count (16 bits) and the next chunk to claim
    /// (low 16 bits). One word, so a thread holding an old job's number can never claim a chunk of the next job, and
    /// a thread reads the job's function and context only after claiming one of its chunks: the holder cannot
    /// publish another job before that chunk is finished.
    private let cursor = Atomic<UInt64>(0)
    /// Chunks of the current job finished.
    private let finished = Atomic<Int>(0)
    /// Set while a step holds the pool.
    private let held = Atomic<Bool>(false)
    /// Set while a step holds the pool: a worker without a job spins a little before parking, instead of parking
    /// at once.
    private let active = Atomic<Bool>(false)
    /// Chunks the workers (not the callers) have run since the process started, and the count when the pool was
    /// last taken: how a world learns that its work was shared.
    private let workerChunks = Atomic<Int>(0)
    private var chunksAtAcquire = 0
    /// Workers parked on `wake` (read by the holder to skip the system call when none is).
    private let parked = Atomic<Int>(0)
    /// Most chunks one job can have.
    static let maxChunks = 0xFFFF
    /// Loads of the job word a worker without a job makes, while a step holds the pool, before it parks: each after
    /// a pause (`luadyn_spin_pause`, about 24 ns on this project's machine), so about 200 microseconds.
    static let spinsBeforeParking = 8_000
    /// Loads of the finished count the holder makes, waiting for the last chunks on the workers, before it starts
    /// yielding the processor: about 4 microseconds of pauses.
    static let spinsBeforeYielding = 160

    // The current job, written by the holder before it publishes the job's number (see `cursor`).
    private var chunk: ParallelChunk?
    private var context: UnsafeMutableRawPointer?
    /// How many workers take part in the current step (its worker count minus the calling thread), written before
    /// the step's first job is published.
    private let helperCount = Atomic<Int>(0)

    /// Done marks of ordered jobs (`PassMarks`), grown as needed and never shrunk, and the last pass number given.
    private var marks: UnsafeMutablePointer<Atomic<UInt64>>?
    private var markCapacity = 0
    private var lastPass: UInt64 = 0

    /// The slots taken (`WorkerSlots`), one bit each.
    private let slotWord: UnsafeMutablePointer<Atomic<UInt64>>

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        slotWord = .allocate(capacity: 1)
        slotWord.initialize(to: Atomic<UInt64>(0))
        lock = .allocate(capacity: 1)
        wake = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(wake, nil)
    }

    /// The processors this process may run on (its affinity mask, as `taskset` or a container limits it), at
    /// least 1; the online processors when the mask cannot be read.
    static let availableProcessors: Int = {
        // Glibc declares sched_getaffinity only under _GNU_SOURCE, which Swift's Glibc module does not set, so it is
        // looked up by name and called through a C function pointer.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
        if let symbol = dlsym(nil, "sched_getaffinity") {
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            // 1024 processors, glibc's cpu_set_t.
            var mask = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                        UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            let count = withUnsafeMutableBytes(of: &mask) { bytes -> Int in
                guard getAffinity(0, bytes.count, bytes.baseAddress) == 0 else { return 0 }
                return bytes.reduce(0) { $0 + $1.nonzeroBitCount }
            }
            if count > 0 { return count }
        }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }()

    /// Takes the pool for one step and makes sure `workers - 1` threads exist; false when another step holds it
    /// (the caller then works alone).
    func tryAcquire(workers: Int) -> Bool {
        guard held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        let threads = min(workers - 1, Self.maxThreads)
        if started < threads { Self.keepsOneArena }
        while started < threads {
            guard startThread(index: started) else { break }
            started += 1
        }
        helperCount.store(min(threads, started), ordering: .relaxed)
        chunksAtAcquire = workerChunks.load(ordering: .relaxed)
        active.store(true, ordering: .relaxed)
        return true
    }

    /// How many threads take part in jobs while the pool is held, the caller included.
    var participants: Int { helperCount.load(ordering: .relaxed) + 1 }

    /// `count` items cut into chunks of no fewer than `minimum` items: a few per thread
    /// (`ParallelStep.chunksPerThread`), so a thread the system has descheduled holds up no more than a small
    /// share; the chunks and the items of each (the last may hold fewer). No chunks for no items.
    @inline(__always)
    func split(_ count: Int, minimum: Int, perThread: Int = ParallelStep.chunksPerThread) -> (chunks: Int, size: Int) {
        guard count > 0 else { return (0, 1) }
        let n = max(1, min((count + minimum - 1) / minimum, participants * perThread, Self.maxChunks))
        let size = (count + n - 1) / n
        return ((count + size - 1) / size, size)
    }

    /// Marks for `count` items, for the holder only. Growing them allocates; a step of the size of the last one
    /// does not.
    func marks(count: Int) -> PassMarks {
        if count > markCapacity || marks == nil {
            let capacity = max(count, 2 * markCapacity, 1024)
            let fresh = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: capacity)
            for i in 0..<capacity { (fresh + i).initialize(to: Atomic<UInt64>(0)) }
            if let marks {
                marks.deinitialize(count: markCapacity)
                marks.deallocate()
            }
            marks = fresh
            markCapacity = capacity
        }
        return PassMarks(marks: marks.unsafelyUnwrapped)
    }

    /// Numbered slots for the chunks running at once, at most `participants` of them (see `WorkerSlots`).
    var slots: WorkerSlots { WorkerSlots(word: slotWord) }

    /// A new pass number, above every mark set so far; for the holder only.
    func nextPass() -> UInt64 {
        lastPass += 1
        return lastPass
    }

    /// Lets another thread run on this processor: a thread waiting for work of one the system descheduled.
    static func yieldProcessor() { sched_yield() }

    /// Gives the pool back, its workers park; returns how many chunks the workers ran while it was held.
    @discardableResult
    func release() -> Int {
        active.store(false, ordering: .relaxed)
        // A new job number with no chunks wakes nobody and sends spinning workers to park.
        publish(nil, nil, chunks: 0)
        let shared = workerChunks.load(ordering: .relaxed) - chunksAtAcquire
        held.store(false, ordering: .releasing)
        return shared
    }

    /// Runs `chunk(context, i)` for every `i` in `0..<chunks` (at most `maxChunks`) across the caller and the
    /// workers, and returns when every chunk is done. Only the holder calls it.
    func run(_ chunk: ParallelChunk, _ context: UnsafeMutableRawPointer, chunks: Int) {
        guard chunks > 0 else { return }
        guard shares(chunks: chunks) else {
            for i in 0..<chunks { chunk(context, i) }
            return
        }
        finish(announce(chunk, context, chunks: chunks), chunks: chunks)
    }

    /// `run`, with `meanwhile` run on the calling thread once the job is announced and before the caller claims
    /// chunks of it: serial work that reads nothing the chunks write, and writes nothing they read, overlaps the
    /// workers' share, and the caller then takes whatever they left. Without workers, `meanwhile` runs first.
    func run(_ chunk: ParallelChunk, _ context: UnsafeMutableRawPointer, chunks: Int, meanwhile: () -> Void) {
        guard shares(chunks: chunks) else {
            meanwhile()
            run(chunk, context, chunks: chunks)
            return
        }
        let job = announce(chunk, context, chunks: chunks)
        meanwhile()
        finish(job, chunks: chunks)
    }

    /// `run` for a job whose chunks are lanes, `lanes` of them: the caller always runs lane 0 and the workers
    /// claim the others, so from job to job the same thread runs the same lane and finds that lane's data (its
    /// quads and bodies, `QuadLanes`) in its own cache. Claimed in turn, the lanes went to whichever thread came
    /// first. A lane no worker has claimed by the time the caller's is done, the caller runs too.
    func runLanes(_ chunk: ParallelChunk, _ context: UnsafeMutableRawPointer, lanes: Int) {
        guard shares(chunks: lanes) else {
            for i in 0..<lanes { chunk(context, i) }
            return
        }
        finished.store(0, ordering: .relaxed)
        let job = publish(chunk, context, chunks: lanes, from: 1)
        chunk(context, 0)
        _ = finished.add(1, ordering: .releasing)
        finish(job, chunks: lanes)
    }

    /// Whether a job of `chunks` chunks goes to the workers too: there are workers, and chunks to share.
    @inline(__always)
    private func shares(chunks: Int) -> Bool {
        helperCount.load(ordering: .relaxed) > 0 && chunks > 1 && chunks <= Self.maxChunks
    }

    /// Clears the finished count and publishes the job; returns its number.
    @inline(__always)
    private func announce(_ chunk: ParallelChunk, _ context: UnsafeMutableRawPointer, chunks: Int) -> UInt64 {
        finished.store(0, ordering: .relaxed)
        return publish(chunk, context, chunks: chunks)
    }

    /// The caller's part of job number `job`, announced with `chunks` chunks: claims and runs chunks until none is
    /// left, then waits for those still running on workers.
    private func finish(_ job: UInt64, chunks: Int) {
        let ran = claimAndRun(job)
        if ran > 0 { _ = finished.add(ran, ordering: .releasing) }
        // The last chunks may still be running on a worker.
        var spins = 0
        while finished.load(ordering: .acquiring) < chunks {
            luadyn_spin_pause()
            spins += 1
            if spins > Self.spinsBeforeYielding { sched_yield() }
        }
    }

    /// Sets the job and announces it, its chunks to claim starting at `first`, waking parked workers; returns its
    /// number.
    @discardableResult
    private func publish(_ chunk: ParallelChunk?, _ context: UnsafeMutableRawPointer?, chunks: Int,
                         from first: Int = 0) -> UInt64 {
        self.chunk = chunk
        self.context = context
        let job = (cursor.load(ordering: .relaxed) >> 32) &+ 1
        cursor.store(job << 32 | UInt64(chunks) << 16 | UInt64(first), ordering: .sequentiallyConsistent)
        if chunks > 0, parked.load(ordering: .sequentiallyConsistent) > 0 {
            // Taking and giving back the lock after the job word is stored orders this with every parking worker:
            // one that read the old word under the lock is waiting by now, and one that has not read it yet will
            // read the new one. The broadcast then comes after the lock is given back: sent while holding it, it
            // woke each worker into a lock still held, and the worker slept once more on the lock's own futex
            // (2,738 such waits in a run of the tumbler on two workers, about four a frame).
            pthread_mutex_lock(lock)
            pthread_mutex_unlock(lock)
            pthread_cond_broadcast(wake)
        }
        return job & 0xFFFF_FFFF
    }

    /// Claims chunks of job number `job` until none is left and runs them; returns how many it ran.
    private func claimAndRun(_ job: UInt64) -> Int {
        var ran = 0
        var word = cursor.load(ordering: .acquiring)
        while word >> 32 == job, word & 0xFFFF < (word >> 16) & 0xFFFF {
            let (exchanged, original) = cursor.compareExchange(expected: word, desired: word + 1,
                                                               ordering: .acquiringAndReleasing)
            if exchanged {
                // Safe to read: the job cannot change before this chunk is counted finished.
                if let chunk, let context { chunk(context, Int(word & 0xFFFF)) }
                ran += 1
                word += 1
            } else {
                word = original
            }
        }
        return ran
    }

    /// A worker's life: wait for a job, run chunks of it, repeat.
    fileprivate func workerLoop(index: Int) {
        var seen: UInt64 = 0
        while true {
            // Wait for a new job number: spin while a step is on, then park. The spin outlasts the stepping
            // thread's serial stretches between jobs (the lanes' levels and colours, the contact walk, a few
            // hundred microseconds at most): a worker parked there is woken by a system call and comes back late
            // to the next job, which cost the two-worker large pyramid and tumbler 2 to 4 % of their frame time
            // (docs/performance.md, "Contact sub-steps as one job").
            var word = cursor.load(ordering: .acquiring)
            var spins = 0
            while word >> 32 == seen {
                luadyn_spin_pause()
                spins += 1
                if spins > Self.spinsBeforeParking || !active.load(ordering: .relaxed) {
                    pthread_mutex_lock(lock)
                    _ = parked.add(1, ordering: .sequentiallyConsistent)
                    while cursor.load(ordering: .sequentiallyConsistent) >> 32 == seen {
                        pthread_cond_wait(wake, lock)
                    }
                    _ = parked.subtract(1, ordering: .sequentiallyConsistent)
                    pthread_mutex_unlock(lock)
                    spins = 0
                }
                word = cursor.load(ordering: .acquiring)
            }
            seen = word >> 32
            // The helper count was stored before the step's first job was published.
            guard index < helperCount.load(ordering: .relaxed) else { continue }
            let ran = claimAndRun(seen)
            if ran > 0 {
                _ = workerChunks.add(ran, ordering: .relaxed)
                _ = finished.add(ran, ordering: .releasing)
            }
        }
    }

    private func startThread(index: Int) -> Bool {
        let start = UnsafeMutablePointer<WorkerStart>.allocate(capacity: 1)
        start.initialize(to: WorkerStart(pool: self, index: index))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            let start = raw!.assumingMemoryBound(to: WorkerStart.self)
            let (pool, index) = (start.pointee.pool, start.pointee.index)
            start.deinitialize(count: 1)
            start.deallocate()
            pool.workerLoop(index: index)
            return nil
        }, start)
        if status != 0 {
            start.deinitialize(count: 1)
            start.deallocate()
            return false
        }
        return true
    }
}

/// Slot numbers for the chunks of a job that run at once, so each can work in scratch storage of its own: a chunk
/// claims the lowest free slot and gives it back when done. At most `WorkerPool.participants` chunks run at once,
/// so the slots stay below that; which slot a chunk gets depends on timing, so what it computes must not.
struct WorkerSlots {
    let word: UnsafeMutablePointer<Atomic<UInt64>>

    /// Takes the lowest free slot.
    @inline(__always)
    func claim() -> Int {
        var taken = word.pointee.load(ordering: .relaxed)
        while true {
            let slot = (~taken).trailingZeroBitCount
            let (exchanged, original) = word.pointee.compareExchange(expected: taken, desired: taken | 1 << UInt64(slot),
                                                                     ordering: .acquiring)
            if exchanged { return slot }
            taken = original
        }
    }

    /// Takes slot `slot` before a job starts, for the chunk that will give it back (`release`): a chunk known to
    /// need the largest scratch then always works in the same slot's, so only that slot's grows to it.
    func reserve(_ slot: Int) {
        _ = word.pointee.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
    }

    /// Gives slot `slot` back.
    @inline(__always)
    func release(_ slot: Int) {
        _ = word.pointee.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
    }
}

/// What a new worker thread is handed.
private struct WorkerStart {
    let pool: WorkerPool
    let index: Int
}
