/// The order of a step's joint solve when an island of joints is large: a few colours, each a set of joints that
/// share no moving body, so every colour can be split across threads, in place of the one-by-one step order.
///
/// A hanging grid of pins solved one by one has as many levels (joints whose predecessors on their bodies are all
/// in earlier levels) as its longest chain, hundreds, each of under a hundred joints: too small to share between
/// threads with a barrier after each. As `ContactColouring` does for contacts, a large island folds its levels onto
/// `colourCount` colours: a joint takes the colour of its level modulo the count or, when one of its moving bodies
/// already has a joint of that colour, the next colour free for both, going round. Solved colour after colour, each
/// body meets its joints in step order except where the levels wrap round, once every `colourCount` levels, so a
/// chain still passes its load along in long runs as it does in step order. A joint that finds no colour free is
/// solved after every colour, in levels of its own.
///
/// The build is a pass over the joints and their bodies, and when the joints and what moves are those of the last
/// step, as in most steps, it stops there and keeps the last colours: they depend on nothing else.
///
/// Joints of smaller islands keep step order exactly (and with it their results bit for bit): they come first in
/// `sequence`, one run that a single thread solves. Islands share no moving body, so where that run is solved
/// beside the colours changes nothing. The colours depend only on the step's joints, never on how many threads
/// solve them.
struct JointColouring {
    /// Islands (joints joined through moving bodies) of at least this many joints are coloured; smaller ones keep
    /// step order. A colour of an island this large holds on average 128 joints, a few microseconds of work, about
    /// where splitting it across threads starts to pay for the barrier after it.
    var minimumIsland = 1_024
    /// How many colours levels fold onto (at most 64: a body's colours are one bit each of a word). Eight, not
    /// sixteen: each colour is a sweep over the bodies it touches, and a pin grid's body is in four colours either
    /// way, so fewer colours touch each body's cache line fewer times a pass (docs/performance.md, "Joint rows and
    /// eight colours").
    static let colourCount = 8

    /// The joints to solve (indices into the world's joints): those of small islands in step order, then those of
    /// coloured islands, colour after colour (then the leftovers' levels), step order within each.
    private(set) var sequence = ContiguousArray<Int32>()
    /// How many joints at the head of `sequence` keep step order (the small islands').
    private(set) var uncolouredCount = 0
    /// Per colour slot (the colours, then the leftovers' levels), where its joints start in `sequence`; one more
    /// entry than slots, the last the end of `sequence`.
    private(set) var slotStart = ContiguousArray<Int32>()
    /// Per joint of the step's list (`active`, step order), its place in `sequence`: the joints can be prepared
    /// and their impulses kept in the order of their records, each row at its place in the solve order.
    private(set) var place = ContiguousArray<Int32>()

    /// Per body: its island's union-find parent, then per root the island's joint count; the colours its joints
    /// took; the level of its last joint (-1: none); the leftover level of its last leftover joint (-1: none).
    private var parent = ContiguousArray<Int32>()
    private var islandSize = ContiguousArray<Int32>()
    private var used = ContiguousArray<UInt64>()
    private var lastLevel = ContiguousArray<Int32>()
    private var lastLeftover = ContiguousArray<Int32>()
    /// Per joint (its place in the step's list): its moving bodies (-1: the body does not move), then its slot
    /// (-1: uncoloured).
    private var ends = ContiguousArray<SIMD2<Int32>>()
    private var slot = ContiguousArray<Int32>()
    /// What the last build was given (the active joints; `ends` keeps their moving bodies) and whether it coloured
    /// them: joints and what moves rarely change from step to step, and then the colours are the same.
    private var lastActive = ContiguousArray<Int32>()
    private var lastMinimum = -1
    private var lastResult = false

    /// How many colour slots the last build made.
    var slotCount: Int { max(slotStart.count - 1, 0) }

    /// Colours the large islands of `active` (indices into `joints`, in step order); returns false, leaving the
    /// order undefined, when there is none (then the joints are solved in step order). A body moves when its
    /// state has an inverse mass or inertia; joints never change the others, so sharing them orders nothing.
    mutating func build(active: UnsafeBufferPointer<Int32>, joints: UnsafeBufferPointer<Joint>,
                        states: UnsafeBufferPointer<BodyState>) -> Bool {
        let n = active.count, minimum = max(1, minimumIsland)
        // Fewer joints in all than one island needs: nothing to do, and nothing to pay (not even the arrays).
        guard n >= minimum else { return false }
        if parent.count != states.count {
            parent = ContiguousArray(repeating: 0, count: states.count)
            islandSize = ContiguousArray(repeating: 0, count: states.count)
            used = ContiguousArray(repeating: 0, count: states.count)
            lastLevel = ContiguousArray(repeating: -1, count: states.count)
            lastLeftover = ContiguousArray(repeating: -1, count: states.count)
        }
        // The joints are large records: their moving bodies are read once, into a dense array, and compared with
        // the last build's on the way.
        var same = lastMinimum == minimum && lastActive.count == n && ends.count == n
        if !same {
            ends.removeAll(keepingCapacity: true)
            ends.append(contentsOf: repeatElement(SIMD2(-1, -1), count: n))
            lastActive.removeAll(keepingCapacity: true)
            lastActive.append(contentsOf: repeatElement(-1, count: n))
        }
        ends.withUnsafeMutableBufferPointer { ends in
        lastActive.withUnsafeMutableBufferPointer { lastActive in
            for t in 0..<n {
                let a = joints[Int(active[t])].bodyA, b = joints[Int(active[t])].bodyB
                let movesA = states[Int(a)].moves
                let movesB = a != b && states[Int(b)].moves
                let e = SIMD2(movesA ? a : -1, movesB ? b : -1)
                if same && (ends[t] != e || lastActive[t] != active[t]) { same = false }
                ends[t] = e
                lastActive[t] = active[t]
            }
        }
        }
        if same { return lastResult }
        lastMinimum = minimum
        lastResult = false
        slot.removeAll(keepingCapacity: true)
        slot.append(contentsOf: repeatElement(-1, count: n))
        let slots = ends.withUnsafeBufferPointer { ends in
        slot.withUnsafeMutableBufferPointer { slot in
        parent.withUnsafeMutableBufferPointer { parent in
        islandSize.withUnsafeMutableBufferPointer { size in
        used.withUnsafeMutableBufferPointer { used in
        lastLevel.withUnsafeMutableBufferPointer { lastLevel in
        lastLeftover.withUnsafeMutableBufferPointer { lastLeftover in
            Self.colour(ends, slot: slot, minimum: minimum, parent: parent, size: size, used: used,
                        lastLevel: lastLevel, lastLeftover: lastLeftover)
        }
        }
        }
        }
        }
        }
        }
        guard slots > 0 else { return false }
        layOut(active: active, slots: slots)
        lastResult = true
        return true
    }

    /// Gives each joint of a large island its slot; returns how many slots there are (0: no island is large).
    private static func colour(_ ends: UnsafeBufferPointer<SIMD2<Int32>>, slot: UnsafeMutableBufferPointer<Int32>,
                               minimum: Int, parent: UnsafeMutableBufferPointer<Int32>,
                               size: UnsafeMutableBufferPointer<Int32>, used: UnsafeMutableBufferPointer<UInt64>,
                               lastLevel: UnsafeMutableBufferPointer<Int32>,
                               lastLeftover: UnsafeMutableBufferPointer<Int32>) -> Int {
        for e in ends {
            if e.x >= 0 { parent[Int(e.x)] = e.x; size[Int(e.x)] = 0 }
            if e.y >= 0 { parent[Int(e.y)] = e.y; size[Int(e.y)] = 0 }
        }
        // Roots depend only on the joints (`UnionFind`).
        for e in ends where e.x >= 0 && e.y >= 0 { UnionFind.join(e.x, e.y, parent) }
        var any = false
        for e in ends where e.x >= 0 || e.y >= 0 {
            let r = Int(UnionFind.find(e.x >= 0 ? e.x : e.y, parent))
            size[r] += 1
            if size[r] >= minimum { any = true }
        }
        guard any else { return 0 }
        for e in ends {
            if e.x >= 0 { used[Int(e.x)] = 0; lastLevel[Int(e.x)] = -1; lastLeftover[Int(e.x)] = -1 }
            if e.y >= 0 { used[Int(e.y)] = 0; lastLevel[Int(e.y)] = -1; lastLeftover[Int(e.y)] = -1 }
        }
        // Leftovers are numbered after every colour; `slotStart` counts them from there.
        let colours = colourCount
        var slots = 0
        for t in ends.indices {
            let a = Int(ends[t].x), b = Int(ends[t].y)
            // A joint between bodies that do not move changes nothing, and joins no island.
            guard a >= 0 || b >= 0 else { continue }
            guard size[Int(UnionFind.find(Int32(a >= 0 ? a : b), parent))] >= minimum else { continue }
            // Its level: one more than the last joint's on either of its bodies, as the one-by-one order has it.
            let level = max(a >= 0 ? lastLevel[a] + 1 : 0, b >= 0 ? lastLevel[b] + 1 : 0)
            if a >= 0 { lastLevel[a] = level }
            if b >= 0 { lastLevel[b] = level }
            switch ColourFold.place(level: Int(level), a, b, colours: colours, used: used, lastLeftover: lastLeftover) {
            case .colour(let colour):
                slot[t] = Int32(colour)
                slots = max(slots, colour + 1)
            case .leftover(let leftover):
                slot[t] = Int32(colours) + leftover
                slots = max(slots, colours + Int(leftover) + 1)
            }
        }
        return slots
    }

    /// Writes `sequence` and `slotStart`: the uncoloured joints in step order, then a counting sort by slot that
    /// keeps step order within a slot.
    private mutating func layOut(active: UnsafeBufferPointer<Int32>, slots: Int) {
        let n = active.count
        sequence.removeAll(keepingCapacity: true)
        sequence.append(contentsOf: repeatElement(0, count: n))
        slotStart.removeAll(keepingCapacity: true)
        slotStart.append(contentsOf: repeatElement(0, count: slots + 1))
        place.removeAll(keepingCapacity: true)
        place.append(contentsOf: repeatElement(0, count: n))
        var uncoloured = 0
        slot.withUnsafeBufferPointer { slot in
        sequence.withUnsafeMutableBufferPointer { sequence in
        place.withUnsafeMutableBufferPointer { place in
        slotStart.withUnsafeMutableBufferPointer { start in
            for t in 0..<n {
                if slot[t] < 0 {
                    sequence[uncoloured] = active[t]
                    place[t] = Int32(uncoloured)
                    uncoloured += 1
                } else {
                    start[Int(slot[t]) + 1] += 1
                }
            }
            start[0] = Int32(uncoloured)
            for s in 0..<slots { start[s + 1] += start[s] }
            // `start[s]` is the next place of slot `s` while placing, and ends as the start of slot `s + 1`.
            for t in 0..<n where slot[t] >= 0 {
                let s = Int(slot[t])
                sequence[Int(start[s])] = active[t]
                place[t] = start[s]
                start[s] += 1
            }
            for s in stride(from: slots, to: 0, by: -1) { start[s] = start[s - 1] }
            start[0] = Int32(uncoloured)
        }
        }
        }
        }
        uncolouredCount = uncoloured
    }
}
