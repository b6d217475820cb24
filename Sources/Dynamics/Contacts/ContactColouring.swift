/// Colours for the contact constraints of large islands: a few large groups of constraints that share no moving body,
/// in place of the many small levels that keep the step order exactly (`ContactLanes`).
///
/// A stack has as many levels as its longest chain of constraints (a pyramid of 20 rows 110), each of a few
/// constraints: too small to share between threads with a barrier after each. A large island folds its levels
/// onto `colourCount` colours: a constraint takes the colour of its level modulo the count or, when one of its
/// moving bodies already has a constraint of that colour, the next colour free for both, going round. Solved colour
/// after colour, each body still meets its constraints in step order except where the levels wrap round, once every
/// `colourCount` levels, and stacks stand as they do in levels. Colouring greedily instead (each constraint the
/// lowest colour free for both bodies) reverses the order on every other body of a chain, and the 20-row pyramid
/// drifts 25 times as far; docs/performance.md, "Colours for large islands", has the figures. A constraint that
/// finds no colour free (its bodies have `colourCount` other constraints between them) is solved after every
/// colour, in levels of its own.
///
/// The colours depend only on the step's constraints, never on how many threads solve them.
struct ContactColouring {
    /// Islands (constraints joined through moving bodies) of at least this many constraints are coloured; smaller
    /// ones keep their exact levels. A colour of an island this large holds on average 64 constraints (16 quads),
    /// where splitting a group across threads starts to pay for the barrier after it
    /// (`ParallelTuning.minimumGroupItems`); below it, colours would change results and gain nothing.
    var minimumIsland = 1_024
    /// How many colours levels fold onto (at most 32: a body's colours are one bit each of a 32-bit word). Fewer
    /// colours make larger groups and fewer barriers; 8 to 32 held the stacks alike (docs/performance.md), and 16
    /// leaves a pair of bodies room for 14 other constraints before one has to wait for the leftovers.
    static let colourCount = 16

    /// Per body: the number of its island's constraints while the islands are counted (at the island's root), then
    /// the colours its constraints took so far, as bits (`colourCount` of them fit).
    private var counts = ContiguousArray<UInt32>()
    /// Per constraint: its island's root while the islands are counted, then -1 for one left at its level.
    private var islandOf = ContiguousArray<Int32>()

    /// Bytes of room in its arrays.
    var storageBytes: Int {
        counts.capacity * MemoryLayout<UInt32>.stride + islandOf.capacity * MemoryLayout<Int32>.stride
    }

    /// Replaces the level (`levels`, in solve slots) of every constraint of a large island by its colour; returns how
    /// many slots there are now (`levelCount` when nothing is coloured). `ends` holds each constraint's moving bodies
    /// (-1 for one that does not move: static, sleeping and kinematic bodies are never changed by a constraint, so
    /// sharing them orders nothing), and `bodyCount` bounds their indices.
    ///
    /// `scratch` holds an entry per body, whatever they hold: the islands' union-find parents, then each body's last
    /// leftover group. The caller's own per-body array lends it (`ContactSolveOrder`'s levels, which are done with
    /// by then), and the counts share one array with the colours: a coloured world pays 4 bytes a body here, where
    /// four arrays of its own cost 20. Only the entries of the constraints' moving bodies are read, each written
    /// first.
    mutating func recolour(_ ends: UnsafeBufferPointer<SIMD2<Int32>>, bodyCount: Int,
                           levels: UnsafeMutableBufferPointer<Int32>, levelCount: Int,
                           scratch: UnsafeMutableBufferPointer<Int32>) -> Int {
        let n = ends.count, minimum = max(1, minimumIsland)
        // Fewer constraints in all than one island needs: nothing to do, and nothing to pay.
        guard n >= minimum else { return levelCount }
        precondition(scratch.count >= bodyCount, "the colouring's scratch holds an entry per body")
        if counts.count != bodyCount { counts = ContiguousArray(repeating: 0, count: bodyCount) }
        if islandOf.count < n { islandOf.append(contentsOf: repeatElement(0, count: n - islandOf.count)) }
        return islandOf.withUnsafeMutableBufferPointer { islandOf in
        counts.withUnsafeMutableBufferPointer { counts in
            let parent = scratch
            for e in ends {
                if e.x >= 0 { parent[Int(e.x)] = e.x; counts[Int(e.x)] = 0 }
                if e.y >= 0 { parent[Int(e.y)] = e.y; counts[Int(e.y)] = 0 }
            }
            // Roots depend only on the constraints (`UnionFind`).
            for e in ends where e.x >= 0 && e.y >= 0 { UnionFind.join(e.x, e.y, parent) }
            // Each constraint's island, by a moving body of it. One that moves neither body (the step lists none,
            // but a caller may) belongs to no island and keeps its level.
            var any = false
            for i in 0..<n {
                guard ends[i].x >= 0 || ends[i].y >= 0 else { islandOf[i] = -1; continue }
                let r = UnionFind.find(ends[i].x >= 0 ? ends[i].x : ends[i].y, parent)
                islandOf[i] = r
                counts[Int(r)] += 1
                if counts[Int(r)] >= minimum { any = true }
            }
            guard any else { return levelCount }
            // The constraints of small islands keep their levels; the counts and parents are done with.
            for i in 0..<n where islandOf[i] >= 0 && counts[Int(islandOf[i])] < UInt32(minimum) { islandOf[i] = -1 }
            let used = counts, lastLeftover = scratch
            for e in ends {
                if e.x >= 0 { used[Int(e.x)] = 0; lastLeftover[Int(e.x)] = -1 }
                if e.y >= 0 { used[Int(e.y)] = 0; lastLeftover[Int(e.y)] = -1 }
            }
            let colours = Self.colourCount
            // Leftovers come after every colour and every level of the islands left alone.
            let leftoverStart = Int32(max(levelCount, colours))
            var slots = levelCount
            for i in 0..<n where islandOf[i] >= 0 {
                let a = Int(ends[i].x), b = Int(ends[i].y)
                switch ColourFold.place(level: Int(levels[i]), a, b, colours: colours, used: used,
                                        lastLeftover: lastLeftover) {
                case .colour(let colour):
                    levels[i] = Int32(colour)
                    slots = max(slots, colour + 1)
                case .leftover(let level):
                    levels[i] = leftoverStart + level
                    slots = max(slots, Int(leftoverStart + level) + 1)
                }
            }
            return slots
        }
        }
    }
}
