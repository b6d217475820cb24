/// A bounding volume hierarchy of boxes that changes as boxes come, go and move: each leaf holds one proxy's box,
/// each inner node the union of its two children. Leaves go in where they add the least perimeter (the surface area
/// heuristic in 2D), and the first few nodes on the way back up are improved by the best perimeter-shrinking
/// rotation, so queries stay fast as bodies move.
/// Nodes live in one contiguous array and are named by their index; freed nodes are reused.
///
/// Leaves may also be made waiting (`createWaitingProxy`): they are linked in together at the next change or
/// `linkWaitingProxies`, and when they outnumber the leaves already linked the whole tree is built anew from the
/// top (halving at the median centre along the wider axis) instead of taking them one at a time: a world's first
/// frame makes all its proxies at once. Queries find waiting leaves too.
public struct DynamicTree: Sendable {
    /// One node: 48 bytes, the box and four numbers. A leaf has no children, so its two child fields hold what only
    /// a leaf needs: `child1` marks it a leaf (negative) and whether it waits in a broadphase move buffer, `child2`
    /// holds the caller's index (a node with both, as before, took 56).
    struct Node: Sendable {
        var aabb: AABB
        var parent: Int32
        /// The first child of an inner node; for a leaf `nullNode`, or `movedLeaf` while the proxy waits in a move
        /// buffer.
        var child1: Int32
        /// The second child of an inner node; for a leaf, the caller's index.
        var child2: Int32
        /// 0 for a leaf, one more than the taller child otherwise; -1 marks a free node.
        var height: Int32

        var isLeaf: Bool { child1 < 0 }
        /// A leaf's caller index.
        var shapeIndex: Int32 {
            get { child2 }
            set { child2 = newValue }
        }
        /// Whether a leaf waits in a broadphase move buffer.
        var moved: Bool {
            get { child1 == DynamicTree.movedLeaf }
            set { child1 = newValue ? DynamicTree.movedLeaf : DynamicTree.nullNode }
        }

        /// A free-standing leaf holding nothing yet.
        static var blank: Node {
            Node(aabb: AABB(lower: .zero, upper: .zero), parent: DynamicTree.nullNode, child1: DynamicTree.nullNode,
                 child2: -1, height: 0)
        }
    }

    static let nullNode: Int32 = -1
    /// A leaf's `child1` while it waits in a move buffer.
    static let movedLeaf: Int32 = -2
    /// How many ancestors of an inserted leaf are offered a rotation (see `refitAndBalance`).
    static let rotatedLevels = 6
    private(set) var nodes: ContiguousArray<Node> = []
    private(set) var root: Int32 = nullNode
    /// Bytes its node storage holds.
    var storageBytes: Int { nodes.capacity * MemoryLayout<Node>.stride + waiting.capacity * MemoryLayout<Int32>.stride }
    /// Free nodes, linked through `parent`.
    private var freeList: Int32 = nullNode
    /// How many leaves the tree holds, waiting ones included.
    public private(set) var proxyCount = 0
    /// Leaves made by `createWaitingProxy` and not linked into the tree yet, in the order made.
    private var waiting: [Int32] = []
    /// Fewer waiting leaves than this are linked one at a time, whatever the tree holds.
    static let bulkBuildMinimum = 16

    /// An empty tree.
    public init() {}

    /// The height of the tree (0 for one leaf or none).
    public var height: Int { root == DynamicTree.nullNode ? 0 : Int(nodes[Int(root)].height) }

    /// True when `proxy` names a live leaf of this tree.
    public func isValid(_ proxy: Int32) -> Bool {
        proxy >= 0 && Int(proxy) < nodes.count && nodes[Int(proxy)].height == 0
    }

    /// The box stored for `proxy` (already fattened by the caller if it wants margins).
    public func aabb(_ proxy: Int32) -> AABB { nodes[Int(proxy)].aabb }
    /// The caller's index stored with `proxy`.
    public func shapeIndex(_ proxy: Int32) -> Int32 { nodes[Int(proxy)].shapeIndex }

    func isMoved(_ proxy: Int32) -> Bool { nodes[Int(proxy)].moved }
    mutating func setMoved(_ proxy: Int32, _ value: Bool) { nodes[Int(proxy)].moved = value }

    /// Makes room for `count` more leaves and the inner nodes that join them, exactly when that at least doubles
    /// the room (see `PhysicsWorld.reserve(bodies:)`).
    mutating func reserve(leaves count: Int) {
        nodes.reserveForBatch(adding: 2 * count)
    }

    /// Adds a leaf holding `aabb` and returns its proxy id.
    public mutating func createProxy(aabb: AABB, shapeIndex: Int32) -> Int32 {
        let leaf = allocateNode()
        nodes[Int(leaf)].aabb = aabb
        nodes[Int(leaf)].shapeIndex = shapeIndex
        nodes[Int(leaf)].height = 0
        insertLeaf(leaf)
        proxyCount += 1
        return leaf
    }

    /// Adds a leaf holding `aabb` that waits, unlinked, for the next change or `linkWaitingProxies`; returns its
    /// proxy id.
    public mutating func createWaitingProxy(aabb: AABB, shapeIndex: Int32) -> Int32 {
        let leaf = allocateNode()
        nodes[Int(leaf)].aabb = aabb
        nodes[Int(leaf)].shapeIndex = shapeIndex
        nodes[Int(leaf)].height = 0
        waiting.append(leaf)
        proxyCount += 1
        return leaf
    }

    /// Links the waiting leaves into the tree: one at a time when they are few, else by building the whole tree
    /// anew, which costs less than inserting them one by one and gives a tree as good for queries.
    public mutating func linkWaitingProxies() {
        guard !waiting.isEmpty else { return }
        let leaves = waiting
        waiting = []
        if leaves.count < Self.bulkBuildMinimum || leaves.count < proxyCount - leaves.count {
            for leaf in leaves { insertLeaf(leaf) }
        } else {
            rebuild(adding: leaves)
        }
    }

    /// Removes a leaf; unknown ids are ignored.
    public mutating func destroyProxy(_ proxy: Int32) {
        guard isValid(proxy) else { return }
        linkWaitingProxies()
        removeLeaf(proxy)
        freeNode(proxy)
        proxyCount -= 1
    }

    /// Gives a leaf a new box and puts it where that box fits best.
    public mutating func moveProxy(_ proxy: Int32, aabb: AABB) {
        guard isValid(proxy) else { return }
        linkWaitingProxies()
        removeLeaf(proxy)
        nodes[Int(proxy)].aabb = aabb
        insertLeaf(proxy)
    }

    /// Calls `body` with every leaf whose box overlaps `aabb`, until it returns false: the linked ones, then the
    /// waiting ones.
    public func query(_ aabb: AABB, _ body: (Int32) -> Bool) {
        queryShapes(aabb) { leaf, _ in body(leaf) }
    }

    /// `query` giving `body` each leaf with its caller's index, read during the walk: a caller that wants the index
    /// then needs no copy of the tree in its closure (a copy of a tree is a retain and a release of its storage).
    func queryShapes(_ aabb: AABB, _ body: (_ leaf: Int32, _ shapeIndex: Int32) -> Bool) {
        guard queryLinked(aabb, body) else { return }
        for leaf in waiting where nodes[Int(leaf)].aabb.overlaps(aabb) {
            if !body(leaf, nodes[Int(leaf)].shapeIndex) { return }
        }
    }

    /// `queryShapes` giving `body` also whether each leaf waits in a broadphase move buffer, read during the walk
    /// (the pair search reports a pair of two such leaves from one side only).
    func queryLeaves(_ aabb: AABB, _ body: (_ leaf: Int32, _ shapeIndex: Int32, _ moved: Bool) -> Bool) {
        guard queryLinked(aabb, body) else { return }
        for leaf in waiting where nodes[Int(leaf)].aabb.overlaps(aabb) {
            if !body(leaf, nodes[Int(leaf)].shapeIndex, nodes[Int(leaf)].moved) { return }
        }
    }

    /// `queryShapes` over the linked leaves; false when `body` stopped it.
    private func queryLinked(_ aabb: AABB, _ body: (Int32, Int32) -> Bool) -> Bool {
        queryLinked(aabb) { leaf, shape, _ in body(leaf, shape) }
    }

    /// `queryLeaves` over the linked leaves; false when `body` stopped it.
    @inline(__always)
    private func queryLinked(_ aabb: AABB, _ body: (Int32, Int32, Bool) -> Bool) -> Bool {
        guard root != DynamicTree.nullNode else { return true }
        // Depth-first with pushes of both children: the stack never holds more than height + 1 nodes.
        let capacity = height + 2
        return nodes.withUnsafeBufferPointer { nodes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack -> Bool in
                var top = 0
                stack[0] = root
                top = 1
                while top > 0 {
                    top -= 1
                    let index = stack[top]
                    let node = nodes[Int(index)]
                    guard node.aabb.overlaps(aabb) else { continue }
                    if node.isLeaf {
                        if !body(index, node.shapeIndex, node.moved) { return false }
                    } else if top + 2 <= capacity {
                        stack[top] = node.child1
                        stack[top + 1] = node.child2
                        top += 2
                    }
                }
                return true
            }
        }
    }

    // MARK: - Nodes

    private mutating func allocateNode() -> Int32 {
        if freeList != DynamicTree.nullNode {
            let index = freeList
            freeList = nodes[Int(index)].parent
            nodes[Int(index)] = .blank
            return index
        }
        nodes.append(.blank)
        return Int32(nodes.count - 1)
    }

    private mutating func freeNode(_ index: Int32) {
        nodes[Int(index)].parent = freeList
        nodes[Int(index)].height = -1
        nodes[Int(index)].child1 = DynamicTree.nullNode
        freeList = index
    }

    // MARK: - Insertion and removal

    /// The perimeter a subtree would cost if `box` were added below it: the growth of its own box.
    @inline(__always)
    private static func growth(_ node: UnsafePointer<Node>, adding box: AABB) -> Double {
        let grown = node.pointee.aabb.union(box).perimeter
        return node.pointee.isLeaf ? grown : grown - node.pointee.aabb.perimeter
    }

    private mutating func insertLeaf(_ leaf: Int32) {
        guard root != DynamicTree.nullNode else {
            root = leaf
            nodes[Int(root)].parent = DynamicTree.nullNode
            return
        }
        let box = nodes[Int(leaf)].aabb
        // Walk down while going deeper is cheaper than pairing the leaf with the current node. On the raw buffer,
        // reading nodes in place: this walk runs for every re-inserted proxy.
        let start = root
        let index = nodes.withUnsafeBufferPointer { buf -> Int32 in
            guard let base = buf.baseAddress else { return start }
            var index = start
            while !base[Int(index)].isLeaf {
                let node = base + Int(index)
                let combined = node.pointee.aabb.union(box).perimeter
                let pairHere = 2 * combined
                // Whatever child we choose, every ancestor box grows to the combined one.
                let inherited = 2 * (combined - node.pointee.aabb.perimeter)
                let c1 = node.pointee.child1, c2 = node.pointee.child2
                let cost1 = Self.growth(base + Int(c1), adding: box) + inherited
                let cost2 = Self.growth(base + Int(c2), adding: box) + inherited
                if pairHere < cost1 && pairHere < cost2 { break }
                index = cost1 <= cost2 ? c1 : c2
            }
            return index
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocateNode()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = box.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent == DynamicTree.nullNode {
            root = newParent
        } else if nodes[Int(oldParent)].child1 == sibling {
            nodes[Int(oldParent)].child1 = newParent
        } else {
            nodes[Int(oldParent)].child2 = newParent
        }
        refitAndBalance(from: newParent)
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = DynamicTree.nullNode
            return
        }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grandParent == DynamicTree.nullNode {
            root = sibling
            nodes[Int(sibling)].parent = DynamicTree.nullNode
            freeNode(parent)
            return
        }
        if nodes[Int(grandParent)].child1 == parent {
            nodes[Int(grandParent)].child1 = sibling
        } else {
            nodes[Int(grandParent)].child2 = sibling
        }
        nodes[Int(sibling)].parent = grandParent
        freeNode(parent)
        refit(from: grandParent)
    }

    /// Walks from `start` towards the root refreshing boxes and heights, without rotations: a removal is almost
    /// always followed by the insertion that rebalances the path it takes (moved proxies), and rotating on both
    /// walks was a tenth of a tumbler step. Stops where nothing changes, since no ancestor can change after that.
    private mutating func refit(from start: Int32) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            var index = start
            while index != DynamicTree.nullNode {
                let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
                let height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
                let box = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
                if height == nodes[Int(index)].height && box == nodes[Int(index)].aabb { return }
                nodes[Int(index)].height = height
                nodes[Int(index)].aabb = box
                index = nodes[Int(index)].parent
            }
        }
    }

    /// Walks from `start` to the root, rebalancing the first `rotatedLevels` nodes and refreshing boxes and heights.
    /// Rotations near the new leaf are what keep a tree of moving proxies tight; higher up one re-insertion changes
    /// little, and trying rotations there was measured to cost more than it saved in queries (the full tumbler:
    /// 17.41 G instructions rotating all the way up, 17.15 G at 6 levels, 17.27 G at 10, 17.34 G at 3).
    /// Works on the node buffer directly: this runs for every re-inserted proxy, and the array's per-write
    /// uniqueness and bounds checks were a large part of its cost.
    private mutating func refitAndBalance(from start: Int32) {
        let reached = nodes.withUnsafeMutableBufferPointer { nodes -> Int32 in
            var index = start
            var level = 0
            while index != DynamicTree.nullNode && level < Self.rotatedLevels {
                index = Self.balance(nodes, index)
                let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
                nodes[Int(index)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
                nodes[Int(index)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
                index = nodes[Int(index)].parent
                level += 1
            }
            return index
        }
        refit(from: reached)
    }

    /// Tries the four swaps of a child of `a` with a grandchild on the other side and makes the one that shrinks the
    /// perimeter of the rearranged child most, if any does (tree rotations chosen by the surface area heuristic rather
    /// than by height: height-balanced rotations were measured to make queries several times slower here).
    /// Returns `a`, which keeps its place.
    private static func balance(_ nodes: UnsafeMutableBufferPointer<Node>, _ a: Int32) -> Int32 {
        let nodeA = nodes[Int(a)]
        guard !nodeA.isLeaf else { return a }
        let b = nodeA.child1, c = nodeA.child2
        let nodeB = nodes[Int(b)], nodeC = nodes[Int(c)]
        // The best swap so far: how much perimeter it saves, which child moves down and which grandchild moves up.
        var bestSaving = 0.0
        var swap: (down: Int32, up: Int32, parent: Int32)?
        if !nodeC.isLeaf {
            let f = nodeC.child1, g = nodeC.child2
            let old = nodeC.aabb.perimeter
            // Swapping b with f leaves c holding b and g.
            let bf = old - nodeB.aabb.union(nodes[Int(g)].aabb).perimeter
            if bf > bestSaving { bestSaving = bf; swap = (b, f, c) }
            let bg = old - nodeB.aabb.union(nodes[Int(f)].aabb).perimeter
            if bg > bestSaving { bestSaving = bg; swap = (b, g, c) }
        }
        if !nodeB.isLeaf {
            let d = nodeB.child1, e = nodeB.child2
            let old = nodeB.aabb.perimeter
            let cd = old - nodeC.aabb.union(nodes[Int(e)].aabb).perimeter
            if cd > bestSaving { bestSaving = cd; swap = (c, d, b) }
            let ce = old - nodeC.aabb.union(nodes[Int(d)].aabb).perimeter
            if ce > bestSaving { bestSaving = ce; swap = (c, e, b) }
        }
        guard let (down, up, parent) = swap else { return a }
        // `up` takes `down`'s slot in `a`; `down` takes `up`'s slot in `parent`.
        if nodes[Int(a)].child1 == down { nodes[Int(a)].child1 = up } else { nodes[Int(a)].child2 = up }
        if nodes[Int(parent)].child1 == up { nodes[Int(parent)].child1 = down } else { nodes[Int(parent)].child2 = down }
        nodes[Int(up)].parent = a
        nodes[Int(down)].parent = parent
        let p1 = nodes[Int(parent)].child1, p2 = nodes[Int(parent)].child2
        nodes[Int(parent)].aabb = nodes[Int(p1)].aabb.union(nodes[Int(p2)].aabb)
        nodes[Int(parent)].height = 1 + max(nodes[Int(p1)].height, nodes[Int(p2)].height)
        return a
    }

    // MARK: - Building from the top

    /// Builds the tree anew over its linked leaves and `extra`: the inner nodes are freed and made again, each
    /// halving its leaves at the median of their centres along the axis where the centres spread widest. The
    /// result depends only on the leaves and their boxes (ties are broken by leaf index), never on the order the
    /// leaves are listed in.
    private mutating func rebuild(adding extra: [Int32]) {
        var leaves: [Int32] = []
        leaves.reserveCapacity(proxyCount)
        if root != DynamicTree.nullNode {
            var stack: [Int32] = [root]
            while let i = stack.popLast() {
                let node = nodes[Int(i)]
                if node.isLeaf {
                    leaves.append(i)
                } else {
                    stack.append(node.child1)
                    stack.append(node.child2)
                    freeNode(i)
                }
            }
        }
        leaves += extra
        root = DynamicTree.nullNode
        guard !leaves.isEmpty else { return }
        // Every inner node first, so the build can work on the node buffer without it growing underneath.
        var inner: [Int32] = []
        inner.reserveCapacity(leaves.count - 1)
        nodes.reserveForBatch(adding: leaves.count - 1)
        for _ in 1..<leaves.count { inner.append(allocateNode()) }
        // Each leaf's centre (doubled) is worked out once and kept beside it, so the build reads one small array in
        // order instead of each leaf's node again at every level.
        var entries = ContiguousArray<BuildEntry>()
        entries.reserveCapacity(leaves.count)
        for leaf in leaves {
            let b = nodes[Int(leaf)].aabb
            entries.append(BuildEntry(centre: b.lower + b.upper, leaf: leaf))
        }
        let top = nodes.withUnsafeMutableBufferPointer { nodes in
            entries.withUnsafeMutableBufferPointer { entries in
                inner.withUnsafeBufferPointer { inner in
                    var next = 0
                    return Self.build(nodes, entries, 0, entries.count, inner, &next)
                }
            }
        }
        root = top
        nodes[Int(top)].parent = DynamicTree.nullNode
    }

    /// A leaf waiting to be placed by `build`: its box's centre doubled (lower + upper; only the order of centres
    /// matters), and its key along the axis its subtree is halved on.
    private struct BuildEntry {
        var centre: Vector
        var key: UInt64 = 0
        var leaf: Int32
    }

    /// Builds the subtree over `entries[lo..<hi]` from the inner nodes `inner[next...]`; returns its root.
    ///
    /// Each node halves its leaves at the median of their centres along the axis where the centres spread widest,
    /// ties broken by leaf index: which leaves fall in each half depends only on the leaves, so neither the order
    /// they come in nor how the median is found changes the tree.
    private static func build(_ nodes: UnsafeMutableBufferPointer<Node>, _ entries: UnsafeMutableBufferPointer<BuildEntry>,
                              _ lo: Int, _ hi: Int, _ inner: UnsafeBufferPointer<Int32>, _ next: inout Int) -> Int32 {
        if hi - lo == 1 { return entries[lo].leaf }
        var cLo = entries[lo].centre, cHi = cLo
        for k in (lo + 1)..<hi {
            let c = entries[k].centre
            cLo = minVector(cLo, c)
            cHi = maxVector(cHi, c)
        }
        let alongX = cHi.x - cLo.x >= cHi.y - cLo.y
        for k in lo..<hi {
            entries[k].key = orderKey(alongX ? entries[k].centre.x : entries[k].centre.y)
        }
        let mid = lo + (hi - lo) / 2
        selectMedian(entries, lo, hi, mid)
        let node = inner[next]
        next += 1
        let c1 = build(nodes, entries, lo, mid, inner, &next)
        let c2 = build(nodes, entries, mid, hi, inner, &next)
        nodes[Int(node)].child1 = c1
        nodes[Int(node)].child2 = c2
        nodes[Int(c1)].parent = node
        nodes[Int(c2)].parent = node
        nodes[Int(node)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
        nodes[Int(node)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
        return node
    }

    /// A coordinate as an integer in the same order: a NaN before every number, -0 equal to 0, and otherwise the
    /// order of the numbers. Comparing integers needs no branch on how the numbers compare.
    @inline(__always)
    private static func orderKey(_ x: Double) -> UInt64 {
        // Adding zero turns -0 into 0.
        let bits = (x + 0).bitPattern
        let ordered = bits >> 63 == 0 ? bits | 1 << 63 : ~bits
        return x.isNaN ? 0 : ordered
    }

    /// Whether `a` comes before `b`: by key, then by leaf index.
    @inline(__always)
    private static func precedes(_ a: BuildEntry, _ b: BuildEntry) -> Bool {
        (a.key < b.key) || (a.key == b.key && a.leaf < b.leaf)
    }

    /// Reorders `entries[lo..<hi]` so that the one at `k` is where sorting them would put it, those before it come
    /// before it and those after, after (selection by partitioning about the median of three). Every entry is
    /// moved whichever side it falls on, so the loop has no branch that depends on the order of the leaves, which
    /// a processor cannot predict.
    private static func selectMedian(_ entries: UnsafeMutableBufferPointer<BuildEntry>, _ lo: Int, _ hi: Int, _ k: Int) {
        var l = lo, r = hi - 1
        while l < r {
            // The median of the first, middle and last as the pivot, moved to the end.
            let m = l + (r - l) / 2
            if precedes(entries[m], entries[l]) { entries.swapAt(m, l) }
            if precedes(entries[r], entries[m]) { entries.swapAt(r, m) }
            if precedes(entries[m], entries[l]) { entries.swapAt(m, l) }
            entries.swapAt(m, r)
            let pivot = entries[r]
            var store = l
            for i in l..<r {
                let e = entries[i]
                let before = precedes(e, pivot)
                entries[i] = entries[store]
                entries[store] = e
                store += before ? 1 : 0
            }
            entries.swapAt(store, r)
            if k == store { return }
            if k < store { r = store - 1 } else { l = store + 1 }
        }
    }

    // MARK: - Checks

    /// Verifies links, heights and boxes of the whole tree (for tests); returns a description of the first fault.
    func validate() -> String? {
        for leaf in waiting where !isValid(leaf) || nodes[Int(leaf)].parent != DynamicTree.nullNode {
            return "waiting leaf \(leaf) is not a free-standing leaf"
        }
        guard root != DynamicTree.nullNode else {
            return proxyCount == waiting.count ? nil : "empty root with linked proxies"
        }
        if nodes[Int(root)].parent != DynamicTree.nullNode { return "root has a parent" }
        var leaves = 0
        var stack: [Int32] = [root]
        while let i = stack.popLast() {
            let n = nodes[Int(i)]
            if n.isLeaf {
                leaves += 1
                if n.height != 0 { return "leaf \(i) has height \(n.height)" }
                continue
            }
            let c1 = nodes[Int(n.child1)], c2 = nodes[Int(n.child2)]
            if c1.parent != i || c2.parent != i { return "node \(i) has a child that names another parent" }
            if n.height != 1 + max(c1.height, c2.height) { return "node \(i) has a wrong height" }
            if n.aabb != c1.aabb.union(c2.aabb) { return "node \(i) has a stale box" }
            stack.append(n.child1)
            stack.append(n.child2)
        }
        return leaves + waiting.count == proxyCount ? nil : "found \(leaves) leaves, expected \(proxyCount - waiting.count)"
    }
}
