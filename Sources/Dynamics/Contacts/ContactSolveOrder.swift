/// The order in which a step's contact constraints are solved: each constraint's group (a level, or a colour of a
/// large island, see `ContactLanes` and `ContactColouring`) and the constraints sorted by group, step order within
/// a group.
///
/// The groups depend only on the sequence of the constraints' moving bodies, so when that sequence is the one of
/// the last step (a resting stack, whose contacts neither begin nor end), the last step's order is kept as it was
/// and only that sequence is compared: the levels, the colouring's islands and the sort cost as much again as
/// writing the quads.
struct ContactSolveOrder {
    /// Colours for the constraints of large islands (see `ContactColouring`).
    var colouring = ContactColouring()

    /// Per constraint: its contact, its bodies and its touch record (`ContactConstraint`'s first four fields), read
    /// once into a dense array, since the constraints are large records.
    private(set) var links = ContiguousArray<SIMD4<Int32>>()
    /// Per group, where its constraints start in `order`; the last entry is the constraint count.
    private(set) var groupStart = ContiguousArray<Int32>()
    /// Constraint indices sorted by group, step order within a group.
    private(set) var order = ContiguousArray<Int32>()
    /// How many groups there are.
    private(set) var groupCount = 0
    /// How many builds kept the order of the build before (for tests and measurements).
    private(set) var keptCount = 0
    /// Whether the last `arrange` kept the order of the one before.
    private(set) var lastKept = false

    /// Per constraint, its moving bodies (-1: the body does not move): this build's, and the ones the order was
    /// made from.
    private var ends = ContiguousArray<SIMD2<Int32>>()
    private var keptEnds = ContiguousArray<SIMD2<Int32>>()
    /// Whether `keptEnds`, `groupStart` and `order` describe the build before, and the least island it coloured.
    private var isKept = false
    private var keptMinimumIsland = 0
    /// Per body, the level of the last constraint seen that moves it.
    private var lastLevel = ContiguousArray<Int32>()
    /// Per constraint, its level, then its group (its colour, in a coloured island).
    private var levelOf = ContiguousArray<Int32>()

    /// Bytes of room in its arrays and the colouring's.
    var storageBytes: Int {
        links.capacity * MemoryLayout<SIMD4<Int32>>.stride
            + (ends.capacity + keptEnds.capacity) * MemoryLayout<SIMD2<Int32>>.stride
            + (groupStart.capacity + order.capacity + lastLevel.capacity + levelOf.capacity) * MemoryLayout<Int32>.stride
            + colouring.storageBytes
    }

    /// Orders `constraints` (whose identities and bodies are set; nothing else is read). A body moves when its
    /// state has an inverse mass or inertia; the others (static, sleeping) are never changed by a constraint, so
    /// sharing them orders nothing.
    mutating func arrange(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                          states: UnsafeMutableBufferPointer<BodyState>) {
        arrange(count: constraints.count, states: states) { order in
            order.readEnds(count: constraints.count, states: states) { constraints[$0].link }
        }
    }

    /// Orders the constraints that will be made from the contacts `touching` (constraint `i` from contact
    /// `touching[i]`, see `ContactConstraint.init(_:of:)`) before they are made: the order `arrange(_:states:)`
    /// gives the made constraints.
    mutating func arrange(touching: UnsafeBufferPointer<Int32>, contacts: UnsafeBufferPointer<Contact>,
                          states: UnsafeMutableBufferPointer<BodyState>) {
        arrange(count: touching.count, states: states) { order in
            order.readEnds(count: touching.count, states: states) { contacts[Int(touching[$0])].link(touching[$0]) }
        }
    }

    /// `arrange(touching:contacts:states:)` with the constraints' links and moving bodies read across `pool`, in
    /// chunks of at least `minimum` (`SolveOrderReadJob`): the same order, and the same arrays.
    mutating func arrange(touching: UnsafeBufferPointer<Int32>, contacts: UnsafeBufferPointer<Contact>,
                          states: UnsafeMutableBufferPointer<BodyState>, pool: WorkerPool, minimum: Int) {
        arrange(count: touching.count, states: states) { order in
            order.readEnds(touching: touching, contacts: contacts, states: states, pool: pool, minimum: minimum)
        }
    }

    /// Orders `n` constraints, whose links and moving bodies `readEnds` reads into `links` and `ends` (saying
    /// whether the moving bodies are those the kept order was made from).
    @inline(__always)
    private mutating func arrange(count n: Int, states: UnsafeMutableBufferPointer<BodyState>,
                                  readEnds: (inout ContactSolveOrder) -> Bool) {
        if links.count != n {
            links.removeAll(keepingCapacity: true)
            links.append(contentsOf: repeatElement(.zero, count: n))
        }
        if ends.count != n {
            ends.removeAll(keepingCapacity: true)
            ends.append(contentsOf: repeatElement(.zero, count: n))
        }
        let same = readEnds(&self)
        lastKept = same
        if same {
            keptCount += 1
            return
        }
        swap(&ends, &keptEnds)
        isKept = true
        keptMinimumIsland = colouring.minimumIsland
        groupCount = assignLevels(bodyCount: states.count)
        // The levels' per-body array is done with: the colouring borrows it.
        groupCount = levelOf.withUnsafeMutableBufferPointer { levelOf in
            keptEnds.withUnsafeBufferPointer { ends in
                lastLevel.withUnsafeMutableBufferPointer { scratch in
                    colouring.recolour(ends, bodyCount: states.count,
                                       levels: UnsafeMutableBufferPointer(rebasing: levelOf[0..<n]),
                                       levelCount: groupCount, scratch: scratch)
                }
            }
        }
        sortByGroup(count: n)
    }

    /// Reads the constraints' links and moving bodies; returns whether the moving bodies are those the kept order
    /// was made from, constraint for constraint.
    @inline(__always)
    private mutating func readEnds(count n: Int, states: UnsafeMutableBufferPointer<BodyState>,
                                   link: (Int) -> SIMD4<Int32>) -> Bool {
        let compares = comparesKeptEnds(count: n)
        return links.withUnsafeMutableBufferPointer { links in
            ends.withUnsafeMutableBufferPointer { ends in
                keptEnds.withUnsafeBufferPointer { kept in
                    Self.readEnds(0..<n, link: link, states: states, links: links.baseAddress.unsafelyUnwrapped,
                                  ends: ends.baseAddress.unsafelyUnwrapped, compares: compares, kept: kept.baseAddress)
                }
            }
        }
    }

    /// Whether `n` constraints' moving bodies are to be compared with the kept order's: there is one, made from as
    /// many constraints, with the colouring's least island of now.
    @inline(__always)
    private func comparesKeptEnds(count n: Int) -> Bool {
        isKept && keptEnds.count == n && keptMinimumIsland == colouring.minimumIsland
    }

    /// Reads the links (`link`) and moving bodies of the constraints `range` into `links` and `ends`; with
    /// `compares`, returns whether their moving bodies are `kept`'s, constraint for constraint (else false). The
    /// one-thread read and each chunk of `SolveOrderReadJob` are this.
    @inline(__always)
    static func readEnds(_ range: Range<Int>, link: (Int) -> SIMD4<Int32>, states: UnsafeMutableBufferPointer<BodyState>,
                         links: UnsafeMutablePointer<SIMD4<Int32>>, ends: UnsafeMutablePointer<SIMD2<Int32>>,
                         compares: Bool, kept: UnsafePointer<SIMD2<Int32>>?) -> Bool {
        var same = compares
        for i in range {
            let l = link(i)
            links[i] = l
            let e = movingEnds(of: l, states: states)
            ends[i] = e
            if same, let kept, kept[i] != e { same = false }
        }
        return same
    }

    /// `readEnds(count:states:link:)` for the constraints to be made from the contacts `touching`, across `pool`.
    private mutating func readEnds(touching: UnsafeBufferPointer<Int32>, contacts: UnsafeBufferPointer<Contact>,
                                   states: UnsafeMutableBufferPointer<BodyState>, pool: WorkerPool, minimum: Int) -> Bool {
        let n = touching.count
        let (chunks, size) = pool.split(n, minimum: minimum)
        guard chunks > 1 else {
            return readEnds(count: n, states: states) { contacts[Int(touching[$0])].link(touching[$0]) }
        }
        let compares = comparesKeptEnds(count: n)
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: chunks) { same in
            links.withUnsafeMutableBufferPointer { links in
            ends.withUnsafeMutableBufferPointer { ends in
            keptEnds.withUnsafeBufferPointer { kept in
                var job = SolveOrderReadJob(touching: touching, contacts: contacts, states: states,
                                            links: links.baseAddress.unsafelyUnwrapped,
                                            ends: ends.baseAddress.unsafelyUnwrapped,
                                            compares: compares, kept: kept.baseAddress,
                                            chunkSize: size, same: same.baseAddress.unsafelyUnwrapped)
                withUnsafeMutablePointer(to: &job) { pool.run(SolveOrderReadJob.run, $0, chunks: chunks) }
            }
            }
            }
            return compares && (0..<chunks).allSatisfy { same[$0] }
        }
    }

    /// The moving bodies of the constraint `link` names (-1 for a body that does not move).
    @inline(__always)
    static func movingEnds(of link: SIMD4<Int32>, states: UnsafeMutableBufferPointer<BodyState>) -> SIMD2<Int32> {
        let a = link.y, b = link.z
        return SIMD2(states[Int(a)].moves ? a : -1, states[Int(b)].moves ? b : -1)
    }

    /// Reads the links of `n` constraints laid out in lanes from a kept layout (`ContactLanes.adopt`), leaving the
    /// order itself as it was; returns whether every constraint's moving bodies are the ones `ends` gives.
    mutating func adoptLinks(count n: Int, states: UnsafeMutableBufferPointer<BodyState>,
                             ends: UnsafePointer<SIMD2<Int32>>, link: (Int) -> SIMD4<Int32>) -> Bool {
        lastKept = false
        if links.count != n {
            links.removeAll(keepingCapacity: true)
            links.append(contentsOf: repeatElement(.zero, count: n))
        }
        return links.withUnsafeMutableBufferPointer { links in
            for i in 0..<n {
                let l = link(i)
                links[i] = l
                if Self.movingEnds(of: l, states: states) != ends[i] { return false }
            }
            return true
        }
    }

    /// Gives every constraint its level (in `levelOf`) from `keptEnds` and returns how many levels there are.
    private mutating func assignLevels(bodyCount: Int) -> Int {
        let n = keptEnds.count
        if lastLevel.count != bodyCount { lastLevel = ContiguousArray(repeating: -1, count: bodyCount) }
        if levelOf.count < n { levelOf.append(contentsOf: repeatElement(0, count: n - levelOf.count)) }
        var levels: Int32 = 0
        lastLevel.withUnsafeMutableBufferPointer { last in
        levelOf.withUnsafeMutableBufferPointer { levelOf in
        keptEnds.withUnsafeBufferPointer { ends in
            // Only these constraints' bodies are read. A step solved by islands builds lanes once per partition, a
            // few constraints among many bodies: clearing only theirs saves walking every body each time.
            if n < last.count / 8 {
                for e in ends {
                    if e.x >= 0 { last[Int(e.x)] = -1 }
                    if e.y >= 0 { last[Int(e.y)] = -1 }
                }
            } else {
                for i in last.indices { last[i] = -1 }
            }
            for i in 0..<n {
                let a = Int(ends[i].x), b = Int(ends[i].y)
                let level = max(a >= 0 ? last[a] + 1 : 0, b >= 0 ? last[b] + 1 : 0)
                if a >= 0 { last[a] = level }
                if b >= 0 { last[b] = level }
                levelOf[i] = level
                levels = max(levels, level + 1)
            }
        }
        }
        }
        return Int(levels)
    }

    /// Counting sort of the constraints by group, keeping step order within a group.
    private mutating func sortByGroup(count n: Int) {
        let groups = groupCount
        groupStart.removeAll(keepingCapacity: true)
        groupStart.append(contentsOf: repeatElement(0, count: groups + 1))
        if order.count != n {
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: repeatElement(0, count: n))
        }
        levelOf.withUnsafeBufferPointer { levelOf in
        groupStart.withUnsafeMutableBufferPointer { start in
        order.withUnsafeMutableBufferPointer { order in
            for i in 0..<n { start[Int(levelOf[i]) + 1] += 1 }
            for l in 0..<groups { start[l + 1] += start[l] }
            // `start` is advanced while placing and restored after, so no second array is needed.
            for i in 0..<n {
                let l = Int(levelOf[i])
                order[Int(start[l])] = Int32(i)
                start[l] += 1
            }
            for l in stride(from: groups, to: 0, by: -1) { start[l] = start[l - 1] }
            start[0] = 0
        }
        }
        }
    }
}
