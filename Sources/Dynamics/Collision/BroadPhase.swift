/// Finds pairs of shapes whose fattened boxes overlap. Proxies are identified by an Int32 the broadphase hands out;
/// each carries the caller's `shapeIndex`. Pairs come out in a deterministic order.
///
/// Static proxies live in one dynamic tree and the rest in another, so static-static pairs are never even looked at.
/// Moving proxies get boxes fattened by `Tolerance.aabbMargin` and are only re-inserted when their tight box leaves
/// the fat one. Created and re-inserted proxies wait in a move buffer; `updatePairs` queries each of them against
/// the trees, and sorts and de-duplicates what it finds, so the output depends only on the boxes and indices.
///
/// New proxies wait unlinked in their tree until the next `updatePairs` (or a change to the tree), which links
/// them in together: a world's first frame, which brings all its shapes at once, builds its trees whole rather
/// than one insertion at a time. Pairs and queries are the same either way.
public struct BroadPhase: Sendable {
    private var staticTree = DynamicTree()
    private var movingTree = DynamicTree()
    private var moveBuffer = ContiguousArray<Int32>()
    private var pairKeys = ContiguousArray<UInt64>()
    /// One key list per chunk of a pair search split across threads (see `updatePairs(known:pool:tuning:_:)`).
    private var chunkKeys = ContiguousArray<ContiguousArray<UInt64>>()

    /// An empty broadphase.
    public init() {}

    /// How many proxies exist.
    public var proxyCount: Int { staticTree.proxyCount + movingTree.proxyCount }
    /// Bytes its storage holds (see `PhysicsWorld.storageBytes`).
    var storageBytes: Int {
        staticTree.storageBytes + movingTree.storageBytes + moveBuffer.capacity * MemoryLayout<Int32>.stride
            + pairKeys.capacity * MemoryLayout<UInt64>.stride
            + chunkKeys.reduce(chunkKeys.capacity * MemoryLayout<ContiguousArray<UInt64>>.stride) {
                $0 + $1.capacity * MemoryLayout<UInt64>.stride
            }
    }

    /// Makes room for `count` more moving proxies (see `PhysicsWorld.reserve(bodies:)`).
    mutating func reserve(movingProxies count: Int) {
        movingTree.reserve(leaves: count)
    }

    /// Makes room for `count` more static proxies (a fixed group's members, all made at once).
    mutating func reserve(staticProxies count: Int) {
        staticTree.reserve(leaves: count)
    }

    // A proxy id is the tree node index shifted left by one, with the low bit set for the static tree.
    @inline(__always) private static func isStatic(_ proxy: Int32) -> Bool { proxy & 1 == 1 }
    @inline(__always) private static func node(_ proxy: Int32) -> Int32 { proxy >> 1 }

    // Each tree is read where it is, never picked into a variable: a copy of a tree is a retain and a release of
    // its storage, and `setFatAABB` asks `isValid` for every proxy that moves.

    /// True when `proxy` names a live proxy.
    public func isValid(_ proxy: Int32) -> Bool {
        guard proxy >= 0 else { return false }
        let n = BroadPhase.node(proxy)
        return BroadPhase.isStatic(proxy) ? staticTree.isValid(n) : movingTree.isValid(n)
    }

    /// The fattened box stored for `proxy`.
    public func fatAABB(_ proxy: Int32) -> AABB? {
        guard isValid(proxy) else { return nil }
        let n = BroadPhase.node(proxy)
        return BroadPhase.isStatic(proxy) ? staticTree.aabb(n) : movingTree.aabb(n)
    }

    /// The caller's shape index stored for `proxy`.
    public func shapeIndex(_ proxy: Int32) -> Int32? {
        guard isValid(proxy) else { return nil }
        let n = BroadPhase.node(proxy)
        return BroadPhase.isStatic(proxy) ? staticTree.shapeIndex(n) : movingTree.shapeIndex(n)
    }

    /// Whether the fattened boxes of two proxies overlap (a contact can end once they no longer do).
    public func fatAABBsOverlap(_ a: Int32, _ b: Int32) -> Bool {
        guard let boxA = fatAABB(a), let boxB = fatAABB(b) else { return false }
        return boxA.overlaps(boxB)
    }

    /// Adds a shape's box; static proxies are never paired with each other.
    public mutating func createProxy(aabb: AABB, shapeIndex: Int32, isStatic: Bool) -> Int32 {
        let proxy: Int32
        if isStatic {
            proxy = staticTree.createWaitingProxy(aabb: aabb, shapeIndex: shapeIndex) << 1 | 1
        } else {
            proxy = movingTree.createWaitingProxy(aabb: aabb.expanded(by: Tolerance.aabbMargin), shapeIndex: shapeIndex) << 1
        }
        // A new static proxy must still meet the moving shapes already resting against it.
        bufferMove(proxy)
        return proxy
    }

    /// Removes a proxy; unknown ids are ignored.
    public mutating func destroyProxy(_ proxy: Int32) {
        guard isValid(proxy) else { return }
        // Its move-buffer entry stays; the freed node's cleared `moved` flag makes updatePairs skip it.
        if BroadPhase.isStatic(proxy) {
            staticTree.destroyProxy(BroadPhase.node(proxy))
        } else {
            movingTree.destroyProxy(BroadPhase.node(proxy))
        }
    }

    /// Moves a proxy when its tight box has left its fattened box.
    public mutating func moveProxy(_ proxy: Int32, aabb: AABB) {
        guard isValid(proxy) else { return }
        let n = BroadPhase.node(proxy)
        if BroadPhase.isStatic(proxy) {
            // Static shapes moved by hand keep exact boxes: they are few and rarely move.
            staticTree.moveProxy(n, aabb: aabb)
        } else {
            if movingTree.aabb(n).contains(aabb) { return }
            movingTree.moveProxy(n, aabb: aabb.expanded(by: Tolerance.aabbMargin))
        }
        bufferMove(proxy)
    }

    /// Gives a proxy the box the caller fattened itself (it must hold the shape's tight box), exactly as given, and
    /// queues it for pair finding. The caller keeps the same box to end contacts exactly when the broadphase would
    /// stop pairing, which `moveProxy` cannot promise (it fattens again and may keep a box that holds the new one).
    public mutating func setFatAABB(_ proxy: Int32, _ fat: AABB) {
        guard isValid(proxy) else { return }
        let n = BroadPhase.node(proxy)
        if BroadPhase.isStatic(proxy) {
            staticTree.moveProxy(n, aabb: fat)
        } else {
            movingTree.moveProxy(n, aabb: fat)
        }
        bufferMove(proxy)
    }

    private mutating func bufferMove(_ proxy: Int32) {
        let n = BroadPhase.node(proxy)
        if BroadPhase.isStatic(proxy) {
            guard !staticTree.isMoved(n) else { return }
            staticTree.setMoved(n, true)
        } else {
            guard !movingTree.isMoved(n) else { return }
            movingTree.setMoved(n, true)
        }
        moveBuffer.append(proxy)
    }

    /// Calls `body` with the shape indices (lower first) of every overlapping pair that involves a moved proxy since
    /// the last call, in increasing order of (lower, higher), each pair once.
    public mutating func updatePairs(_ body: (Int32, Int32) -> Void) {
        updatePairs(skipping: { _, _ in false }, body)
    }

    /// `updatePairs` leaving out the pairs `isKnown` accepts (those that already have a contact) before sorting:
    /// most pairs a moved proxy meets are known, and sorting only the new ones is much cheaper. The pairs reported
    /// are the same, in the same order, as `updatePairs` reports less the known ones.
    ///
    /// A pair of two moved proxies is looked at from one side only, the higher proxy id's (the lower one's query
    /// finds it too, and skips it): half the look-ups of `isKnown` for such pairs, which in a tumbling pile are most.
    mutating func updatePairs(skipping isKnown: (Int32, Int32) -> Bool, _ body: (Int32, Int32) -> Void) {
        staticTree.linkWaitingProxies()
        movingTree.linkWaitingProxies()
        let moved = collectMovedProxies()
        // Taken out of the broadphase while it fills, so its storage is not shared (and copied) on the first append.
        var keys = ContiguousArray<UInt64>()
        swap(&keys, &pairKeys)
        keys.removeAll(keepingCapacity: true)
        for k in 0..<moved { findPairs(of: moveBuffer[k], skipping: isKnown, into: &keys) }
        finishMoves(moved)
        Self.report(&keys, body)
        pairKeys = keys
    }

    /// `updatePairs(skipping:_:)` leaving out the pairs that have a contact in `known`, with the moved proxies'
    /// queries split across `pool`'s threads when there are at least `tuning.minimumContacts` of them, in chunks
    /// of at least `tuning.contactChunk`. Each chunk fills a key list of its own, and the lists are sorted together:
    /// the pairs, and their order, are those of one thread.
    mutating func updatePairs(known: PairMap, pool: WorkerPool?, tuning: ParallelTuning, _ body: (Int32, Int32) -> Void) {
        guard let pool, pool.participants > 1 else {
            updatePairs(skipping: { a, b in known[Contact.key(a, b)] != nil }, body)
            return
        }
        staticTree.linkWaitingProxies()
        movingTree.linkWaitingProxies()
        let moved = collectMovedProxies()
        guard moved >= tuning.minimumContacts, moved > 1 else {
            var keys = ContiguousArray<UInt64>()
            swap(&keys, &pairKeys)
            keys.removeAll(keepingCapacity: true)
            for k in 0..<moved {
                findPairs(of: moveBuffer[k], skipping: { a, b in known[Contact.key(a, b)] != nil }, into: &keys)
            }
            finishMoves(moved)
            Self.report(&keys, body)
            pairKeys = keys
            return
        }
        let size = max(tuning.contactChunk, (moved + 4 * pool.participants - 1) / (4 * pool.participants),
                       (moved + WorkerPool.maxChunks - 1) / WorkerPool.maxChunks)
        let chunks = (moved + size - 1) / size
        var lists = ContiguousArray<ContiguousArray<UInt64>>()
        swap(&lists, &chunkKeys)
        while lists.count < chunks { lists.append([]) }
        for k in 0..<chunks { lists[k].removeAll(keepingCapacity: true) }
        // Taken out while the threads read it, so emptying it afterwards neither copies nor reallocates it.
        var movedList = ContiguousArray<Int32>()
        swap(&movedList, &moveBuffer)
        movedList.withUnsafeBufferPointer { mp in
            lists.withUnsafeMutableBufferPointer { lp in
                withUnsafePointer(to: known) { kp in
                    withUnsafeMutablePointer(to: &self) { bp in
                        var job = PairSearchJob(broadPhase: UnsafePointer(bp), known: kp,
                                                moved: mp.baseAddress.unsafelyUnwrapped, count: moved, size: size,
                                                lists: lp.baseAddress.unsafelyUnwrapped)
                        withUnsafeMutablePointer(to: &job) { pool.run(PairSearchJob.run, $0, chunks: chunks) }
                    }
                }
            }
        }
        swap(&movedList, &moveBuffer)
        finishMoves(moved)
        var keys = ContiguousArray<UInt64>()
        swap(&keys, &pairKeys)
        keys.removeAll(keepingCapacity: true)
        for k in 0..<chunks {
            keys.append(contentsOf: lists[k])
            // One list a chunk: after the first step of a world built at once, each would keep a few thousand keys'
            // room (13 bytes a body in a pile of 10,000 on two workers) for the few new pairs of later steps.
            lists[k].releaseBurstRoom(used: lists[k].count, largeRoom: 512)
        }
        swap(&lists, &chunkKeys)
        Self.report(&keys, body)
        pairKeys = keys
    }

    /// Sorts `keys` and calls `body` with each pair once, lower index first, in increasing order.
    private static func report(_ keys: inout ContiguousArray<UInt64>, _ body: (Int32, Int32) -> Void) {
        keys.sort()
        var previous: UInt64?
        for key in keys where key != previous {
            previous = key
            body(BroadPhase.index(UInt32(truncatingIfNeeded: key >> 32)), BroadPhase.index(UInt32(truncatingIfNeeded: key)))
        }
        keys.releaseBurstRoom(used: keys.count)
    }

    /// Keeps each live moved proxy once at the front of the move buffer, in the order listed, and returns how many:
    /// entries of destroyed proxies go (their node's flag was cleared), and so do repeats (a destroyed node reused
    /// by a new proxy is listed twice). The kept ones keep their `moved` flag through the queries that follow.
    private mutating func collectMovedProxies() -> Int {
        var kept = 0
        for k in moveBuffer.indices {
            let proxy = moveBuffer[k]
            guard isValid(proxy), isMoved(proxy) else { continue }
            setMoved(proxy, false)
            moveBuffer[kept] = proxy
            kept += 1
        }
        for k in 0..<kept { setMoved(moveBuffer[k], true) }
        return kept
    }

    /// Clears the flags of the `moved` proxies kept by `collectMovedProxies` and empties the move buffer.
    private mutating func finishMoves(_ moved: Int) {
        let listed = moveBuffer.count
        for k in 0..<moved { setMoved(moveBuffer[k], false) }
        moveBuffer.removeAll(keepingCapacity: true)
        moveBuffer.releaseBurstRoom(used: listed)
    }

    @inline(__always) private func isMoved(_ proxy: Int32) -> Bool {
        BroadPhase.isStatic(proxy) ? staticTree.isMoved(BroadPhase.node(proxy)) : movingTree.isMoved(BroadPhase.node(proxy))
    }

    @inline(__always) private mutating func setMoved(_ proxy: Int32, _ value: Bool) {
        if BroadPhase.isStatic(proxy) {
            staticTree.setMoved(BroadPhase.node(proxy), value)
        } else {
            movingTree.setMoved(BroadPhase.node(proxy), value)
        }
    }

    /// Appends to `keys` the pair key of every proxy whose box overlaps moved proxy `proxy`'s and that `isKnown`
    /// does not accept, except those of other moved proxies with a lower id, which report the pair themselves.
    /// Reads the trees only, so the moved proxies can be split across threads.
    @inline(__always)
    fileprivate func findPairs(of proxy: Int32, skipping isKnown: (Int32, Int32) -> Bool, into keys: inout ContiguousArray<UInt64>) {
        let isStatic = BroadPhase.isStatic(proxy)
        let n = BroadPhase.node(proxy)
        let box = isStatic ? staticTree.aabb(n) : movingTree.aabb(n)
        let shape = isStatic ? staticTree.shapeIndex(n) : movingTree.shapeIndex(n)
        movingTree.queryLeaves(box) { other, otherShape, otherMoved in
            // Moving proxy ids are even: the other's id is other << 1.
            if other != n || isStatic, !(otherMoved && other << 1 < proxy), otherShape != shape,
               !isKnown(shape, otherShape) {
                keys.append(BroadPhase.pairKey(shape, otherShape))
            }
            return true
        }
        guard !isStatic else { return }
        staticTree.queryLeaves(box) { other, otherShape, otherMoved in
            if !(otherMoved && other << 1 | 1 < proxy), otherShape != shape, !isKnown(shape, otherShape) {
                keys.append(BroadPhase.pairKey(shape, otherShape))
            }
            return true
        }
    }

    /// The pair's sort key: the lower index in the high half. Indices are compared as signed numbers.
    private static func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = min(a, b), hi = max(a, b)
        // Offsetting by 2^31 keeps the signed order of Int32 in the unsigned order of the key.
        let l = UInt64(UInt32(bitPattern: lo) ^ 0x8000_0000), h = UInt64(UInt32(bitPattern: hi) ^ 0x8000_0000)
        return l << 32 | h
    }

    private static func index(_ half: UInt32) -> Int32 { Int32(bitPattern: half ^ 0x8000_0000) }

    /// Whether any static proxy exists (a query of static shapes alone can then find something).
    public var hasStaticProxies: Bool { staticTree.proxyCount > 0 }

    /// Calls `body` with the shapeIndex of every proxy whose box overlaps `aabb`; return false to stop.
    public func query(_ aabb: AABB, _ body: (Int32) -> Bool) {
        query(aabb, includingMoving: true, body)
    }

    /// `query` over the static proxies only, or over all of them when `includingMoving` (moving ones first).
    public func query(_ aabb: AABB, includingMoving: Bool, _ body: (Int32) -> Bool) {
        var stopped = false
        if includingMoving {
            movingTree.queryShapes(aabb) { _, shape in
                stopped = !body(shape)
                return !stopped
            }
        }
        guard !stopped else { return }
        staticTree.queryShapes(aabb) { _, shape in body(shape) }
    }
}

extension Tolerance {
    /// How many steps of its last travel a moving shape's broadphase box reaches ahead (Box2D 2.4 uses 4): fewer
    /// re-insertions for bodies in steady motion, at the price of boxes that overlap a few more neighbours.
    static let aabbLookahead: Double = 4
}

/// What the threads of a split pair search read (see `BroadPhase.updatePairs(known:pool:tuning:_:)`): chunk `i`
/// queries the moved proxies `moved[i * size ..< (i + 1) * size]` and appends to `lists[i]` alone.
private struct PairSearchJob {
    var broadPhase: UnsafePointer<BroadPhase>
    var known: UnsafePointer<PairMap>
    var moved: UnsafePointer<Int32>
    var count: Int
    var size: Int
    var lists: UnsafeMutablePointer<ContiguousArray<UInt64>>

    static let run: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: PairSearchJob.self).pointee
        let lower = chunk * job.size, upper = min(job.count, lower + job.size)
        for k in lower..<upper {
            job.broadPhase.pointee.findPairs(of: job.moved[k], skipping: { a, b in job.known.pointee[Contact.key(a, b)] != nil },
                                             into: &job.lists[chunk])
        }
        // Sorted here, on whichever thread runs the chunk: the stepping thread's sort of all the lists together then
        // finds them as sorted runs and only merges them.
        job.lists[chunk].sort()
    }
}
