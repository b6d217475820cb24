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
    /// How many colours levels fold onto (at most 64: a body's colours are one bit each of a word). Fewer colours
    /// make larger groups and fewer barriers; 8 to 32 held the stacks alike (docs/performance.md), and 16 leaves a
    /// pair of bodies room for 14 other constraints before one has to wait for the leftovers.
    static let colourCount = 16

    /// Per body: its island's root (union-find), then per root the number of the island's constraints.
    private var parent = ContiguousArray<Int32>()
    private var islandSize = ContiguousArray<Int32>()
    /// Per body: the colours its constraints took so far.
    private var used = ContiguousArray<UInt64>()
    /// Per body: the level of its last constraint solved after the colours (-1: none).
    private var lastLeftover = ContiguousArray<Int32>()
    /// Per constraint: its island's root.
    private var islandOf = ContiguousArray<Int32>()

    /// Bytes of room in its arrays.
    var storageBytes: Int {
        (parent.capacity + islandSize.capacity + lastLeftover.capacity + islandOf.capacity)
            * MemoryLayout<Int32>.stride + used.capacity * MemoryLayout<UInt64>.stride
    }

    /// Replaces the level (`levels`, in solve slots) of every constraint of a large island by its colour; returns how
    /// many slots there are now (`levelCount` when nothing is coloured). `ends` holds each constraint's moving bodies
    /// (-1 for one that does not move: static, sleeping and kinematic bodies are never changed by a constraint, so
    /// sharing them orders nothing), and `bodyCount` bounds their indices.
    mutating func recolour(_ ends: UnsafeBufferPointer<SIMD2<Int32>>, bodyCount: Int,
                           levels: UnsafeMutableBufferPointer<Int32>, levelCount: Int) -> Int {
        let n = ends.count, minimum = max(1, minimumIsland)
        // Fewer constraints in all than one island needs: nothing to do, and nothing to pay.
        guard n >= minimum else { return levelCount }
        if parent.count != bodyCount {
            parent = ContiguousArray(repeating: 0, count: bodyCount)
            islandSize = ContiguousArray(repeating: 0, count: bodyCount)
            used = ContiguousArray(repeating: 0, count: bodyCount)
            lastLeftover = ContiguousArray(repeating: -1, count: bodyCount)
        }
        if islandOf.count < n { islandOf.append(contentsOf: repeatElement(0, count: n - islandOf.count)) }
        return islandOf.withUnsafeMutableBufferPointer { islandOf in
        parent.withUnsafeMutableBufferPointer { parent in
        islandSize.withUnsafeMutableBufferPointer { size in
        used.withUnsafeMutableBufferPointer { used in
        lastLeftover.withUnsafeMutableBufferPointer { lastLeftover in
            for e in ends {
                if e.x >= 0 { parent[Int(e.x)] = e.x; size[Int(e.x)] = 0 }
                if e.y >= 0 { parent[Int(e.y)] = e.y; size[Int(e.y)] = 0 }
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
                size[Int(r)] += 1
                if size[Int(r)] >= minimum { any = true }
            }
            guard any else { return levelCount }
            for e in ends {
                if e.x >= 0 { used[Int(e.x)] = 0; lastLeftover[Int(e.x)] = -1 }
                if e.y >= 0 { used[Int(e.y)] = 0; lastLeftover[Int(e.y)] = -1 }
            }
            let colours = Self.colourCount
            // Leftovers come after every colour and every level of the islands left alone.
            let leftoverStart = Int32(max(levelCount, colours))
            var slots = levelCount
            for i in 0..<n where islandOf[i] >= 0 && size[Int(islandOf[i])] >= minimum {
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
        }
    }
}
