import CContactKernels
import Synchronization

/// The shared words of a job whose threads go through stages together (the coloured joint passes,
/// `JointStageJob`; the contact sub-steps, `ContactStageJob`), in the pool's marks (`WorkerPool.marks`): a count of
/// finished blocks, then one claim mark per block. A stage's blocks are numbered after those of every stage before
/// it, so a stage starts once the count reaches its first block. A claim mark holds the number of the last pass that
/// claimed the block; pass numbers only grow, so marks never need clearing. The count is reset by the stepping
/// thread before each pass.
struct StageSync {
    /// The finished count, alone on its cache line, then the claim marks.
    let words: UnsafeMutablePointer<Atomic<UInt64>>
    static let claimOffset = 8

    /// Words between two claim marks: one cache line each, so threads claiming neighbouring blocks (one thread's
    /// share ends where the next one's begins) do not take the same line from each other.
    static let claimStride = 8

    /// Marks needed for `blocks` blocks.
    static func wordCount(blocks: Int) -> Int { claimOffset + blocks * claimStride }

    /// Sets the finished count to zero; only while no thread runs the pass.
    func reset() { words[0].store(0, ordering: .relaxed) }

    /// Takes block `b` for this pass; false when another thread has it.
    @inline(__always)
    func claim(_ b: Int, pass: UInt64) -> Bool {
        let i = Self.claimOffset + b * Self.claimStride
        let seen = words[i].load(ordering: .relaxed)
        guard seen < pass else { return false }
        return words[i].compareExchange(expected: seen, desired: pass, ordering: .relaxed).exchanged
    }

    /// Counts `blocks` more blocks finished, publishing what solving them wrote.
    @inline(__always)
    func finish(_ blocks: Int) {
        _ = words[0].add(UInt64(blocks), ordering: .releasing)
    }

    /// Waits until at least `blocks` blocks are finished, and sees what they wrote: a spin, then yielding the
    /// processor to whoever is finishing them.
    ///
    /// Each load follows a pause (`luadyn_spin_pause`): a tight loop of loads took the core's issue slots and,
    /// when the counting thread shares the core, its share of them. The spin is long (`spinsBeforeYielding`, a
    /// hundred microseconds or so of pauses): a thread waiting at a stage that yields gives its processor to any
    /// other process that wants it, and the system may not give it back before its next tick, 4 ms here, while the
    /// other threads stop at the next stage to wait for its blocks. With one busy process beside a two-worker step,
    /// yielding after a thousand plain spins took every frame of the large pyramid to one tick (docs/performance.md,
    /// "Contact sub-steps as one job").
    @inline(__always)
    func waitForFinished(_ blocks: Int) {
        var spins = 0
        while words[0].load(ordering: .acquiring) < UInt64(blocks) {
            luadyn_spin_pause()
            spins += 1
            if spins > Self.spinsBeforeYielding { StageSync.yield() }
        }
    }

    /// Loads of the finished count a waiting thread makes before it starts yielding the processor: about 100
    /// microseconds of pauses (24 ns each on this project's machine).
    static let spinsBeforeYielding = 4_000

    /// Block `b` of `n` over `count` items: `n` ranges in a row from 0 to `count`, of sizes that differ by one at most.
    @inline(__always)
    static func items(_ b: Int, of n: Int, _ count: Int) -> Range<Int> { b * count / n..<(b + 1) * count / n }

    /// Runs `work` on each of the blocks `first..<first + count` (numbered from 0 in `work`) that this thread, lane
    /// `lane` of `threads`, claims in pass `pass`: every block of its own share (blocks `lane * count / threads`
    /// up to the next lane's, so from stage to stage a thread works on nearly the same items and finds them in its
    /// cache), in order, then the other lanes' blocks that are still free, each share from its last block back,
    /// up to the first one taken. Counts them finished.
    ///
    /// Every share's owner tries all its blocks front to back, so a block taken from the back means every block
    /// before it is taken or will be: stealing stops there. Trying every block of the others' shares instead read
    /// each of their claim marks, lines the owners had just written, and most stages ended with one thread doing
    /// nothing else.
    @inline(__always)
    func claimEach(first: Int, count: Int, lane: Int, threads: Int, pass: UInt64, _ work: (Int) -> Void) {
        let threads = max(threads, 1)
        @inline(__always) func share(_ l: Int) -> Range<Int> { Self.items(l, of: threads, count) }
        let done = claimOwn(first: first, share(lane), pass: pass, work)
            + steal(first: first, lane: lane, threads: threads, share: share, pass: pass, work)
        if done > 0 { finish(done) }
    }

    /// `claimEach` for a stage the next one waits on: this lane's own share, then a wait for the whole stage, and
    /// only a lane still waiting after `patience` pauses takes the others' blocks still free.
    ///
    /// Trying the others' last blocks at once read a claim mark that the other thread was about to write, a cache
    /// line taken from its processor and back at every stage, and with two workers the steal seldom found
    /// anything. In the machine's slow periods, when the processors answer each other three times slower, the large
    /// pyramid on two workers took 1.05x v3's time with it and 0.94x without (docs/performance.md, "Lanes that
    /// keep their quads and bodies"). A lane that had to steal expects the same at the next stage: `patience` drops
    /// to none, so a thread the system has descheduled holds up one stage, not every stage until it runs again;
    /// a stage the others finished in time gives it back its `spinsBeforeStealing`.
    @inline(__always)
    func claimEachThenWait(first: Int, count: Int, lane: Int, threads: Int, pass: UInt64, patience: inout Int,
                           _ work: (Int) -> Void) {
        let threads = max(threads, 1)
        @inline(__always) func share(_ l: Int) -> Range<Int> { Self.items(l, of: threads, count) }
        let done = claimOwn(first: first, share(lane), pass: pass, work)
        if done > 0 { finish(done) }
        let end = UInt64(first + count)
        var spins = 0, stole = false
        while words[0].load(ordering: .acquiring) < end {
            if spins == patience {
                let stolen = steal(first: first, lane: lane, threads: threads, share: share, pass: pass, work)
                if stolen > 0 {
                    finish(stolen)
                    stole = true
                }
            }
            luadyn_spin_pause()
            spins += 1
            if spins > Self.spinsBeforeYielding { StageSync.yield() }
        }
        patience = stole ? 0 : Self.spinsBeforeStealing
    }

    /// Pauses a lane waits at the end of a stage before it takes the others' free blocks (`claimEachThenWait`):
    /// about 10 microseconds, twice a mean stage of the large pyramid on two workers.
    static let spinsBeforeStealing = 400

    /// The blocks of `own` still free, front to back: runs and returns how many it ran (not yet counted finished).
    @inline(__always)
    private func claimOwn(first: Int, _ own: Range<Int>, pass: UInt64, _ work: (Int) -> Void) -> Int {
        var done = 0
        for b in own where claim(first + b, pass: pass) {
            work(b)
            done += 1
        }
        return done
    }

    /// The other lanes' blocks still free (lane `l`'s are `share(l)`), each share from its last block back to the
    /// first one taken: runs and returns how many it ran (not yet counted finished).
    @inline(__always)
    private func steal(first: Int, lane: Int, threads: Int, share: (Int) -> Range<Int>, pass: UInt64,
                       _ work: (Int) -> Void) -> Int {
        var done = 0
        for k in 1..<threads {
            let theirs = share((lane + k) % threads)
            var b = theirs.upperBound - 1
            while b >= theirs.lowerBound && claim(first + b, pass: pass) {
                work(b)
                done += 1
                b -= 1
            }
        }
        return done
    }

    /// `claimEach` over blocks shared out unevenly: lane `l` of `ends.count` owns blocks `ends[l - 1]..<ends[l]`
    /// (from 0 for lane 0), numbered from `first` in the marks and from 0 in `work`. Its own blocks front to back,
    /// then the others' still free, each lane's from its last block back to the first one taken.
    @inline(__always)
    func claimLanes(first: Int, ends: UnsafeBufferPointer<Int32>, lane: Int, pass: UInt64, _ work: (Int) -> Void) {
        let threads = ends.count
        guard threads > 0 else { return }
        @inline(__always) func share(_ l: Int) -> Range<Int> { (l == 0 ? 0 : Int(ends[l - 1]))..<Int(ends[l]) }
        let done = claimOwn(first: first, share(lane), pass: pass, work)
            + steal(first: first, lane: lane, threads: threads, share: share, pass: pass, work)
        if done > 0 { finish(done) }
    }

    @inline(never)
    private static func yield() { WorkerPool.yieldProcessor() }
}
