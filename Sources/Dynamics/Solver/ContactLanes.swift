/// The contact constraints of a step arranged for the two-lane solve without changing any result.
///
/// Constraints of different islands (groups of moving bodies joined by contacts) share no moving body, so the order
/// between islands does not matter while the order within each island is kept. The islands are dealt to two lanes,
/// each lane keeps its constraints in step order, and the k-th constraints of the lanes are solved together; what is
/// left of the longer lane is solved alone afterwards. The result is bit for bit that of the one-by-one solve in step
/// order. Colouring the constraints (Box2D v3) would pair within an island too, but it changes the order within
/// islands, and that order decides whether a tall stack stands (docs/performance.md).
struct ContactLanes {
    /// False puts every constraint in `singles`: the plain one-by-one solve, which tests compare the pairs against.
    var pairsIslands = true
    /// Pairs of constraints from different lanes, solved at once.
    var pairs = ContiguousArray<WideContact>()
    /// For each pair, the constraint index of each lane.
    var sources = ContiguousArray<(Int32, Int32)>()
    /// The rest of the longer lane, in step order, solved one by one after the pairs.
    var singles = ContiguousArray<Int32>()

    /// Per body: its union-find parent over contacts between moving bodies, and for a root, its island's
    /// constraint count and lane (-1 before the island is seen).
    private struct Node {
        var parent: Int32
        var size: Int32 = 0
        var lane: Int32 = -1
    }
    private var nodes = ContiguousArray<Node>()
    /// Per constraint, the root body of its island, then its lane.
    private var rootOf = ContiguousArray<Int32>()

    /// Arranges `constraints`. A body moves when its state has an inverse mass or inertia; the others (static,
    /// sleeping) are never changed by a constraint, so any number of islands may share them.
    mutating func build(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                        states: UnsafeMutableBufferPointer<BodyState>) {
        let n = constraints.count
        sources.removeAll(keepingCapacity: true)
        singles.removeAll(keepingCapacity: true)
        guard pairsIslands, let base = constraints.baseAddress else {
            pairs.removeAll(keepingCapacity: true)
            singles.append(contentsOf: 0..<Int32(n))
            return
        }
        if nodes.count != states.count { nodes = ContiguousArray(repeating: Node(parent: 0), count: states.count) }
        if rootOf.count < n { rootOf.append(contentsOf: repeatElement(0, count: n - rootOf.count)) }

        nodes.withUnsafeMutableBufferPointer { nodes in
        rootOf.withUnsafeMutableBufferPointer { rootOf in
            for i in nodes.indices { nodes[i] = Node(parent: Int32(i)) }
            // Path halving keeps the trees flat without a second walk.
            func find(_ x: Int32) -> Int32 {
                var x = x
                while nodes[Int(x)].parent != x {
                    let grandparent = nodes[Int(nodes[Int(x)].parent)].parent
                    nodes[Int(x)].parent = grandparent
                    x = grandparent
                }
                return x
            }
            func moves(_ i: Int32) -> Bool { states[Int(i)].invMass != 0 || states[Int(i)].invInertia != 0 }

            for i in 0..<n {
                let a = constraints[i].bodyA, b = constraints[i].bodyB
                guard moves(a), moves(b) else { continue }
                let ra = find(a), rb = find(b)
                if ra != rb { if ra < rb { nodes[Int(rb)].parent = ra } else { nodes[Int(ra)].parent = rb } }
            }
            for i in 0..<n {
                let a = constraints[i].bodyA
                let root = find(moves(a) ? a : constraints[i].bodyB)
                rootOf[i] = root
                nodes[Int(root)].size += 1
            }
            // Islands go to the lane with fewer constraints so far, whole, in the order their first constraint comes.
            var counts = (0, 0)
            for i in 0..<n {
                let root = Int(rootOf[i])
                var lane = nodes[root].lane
                if lane < 0 {
                    lane = counts.1 < counts.0 ? 1 : 0
                    nodes[root].lane = lane
                    if lane == 0 { counts.0 += Int(nodes[root].size) } else { counts.1 += Int(nodes[root].size) }
                }
                rootOf[i] = lane
            }
        }
        }
        rootOf.withUnsafeBufferPointer { laneOf in
            // The k-th constraint of lane 0 goes with the k-th of lane 1.
            var i0 = 0, i1 = 0
            while true {
                while i0 < n && laneOf[i0] != 0 { i0 += 1 }
                while i1 < n && laneOf[i1] != 1 { i1 += 1 }
                guard i0 < n, i1 < n else { break }
                sources.append((Int32(i0), Int32(i1)))
                i0 += 1; i1 += 1
            }
            // What is left of the longer lane, in step order (the other lane has nothing left). With one island
            // that is every constraint.
            if sources.isEmpty {
                singles.append(contentsOf: 0..<Int32(n))
                return
            }
            for i in i0..<max(i0, n) where laneOf[i] == 0 { singles.append(Int32(i)) }
            for i in i1..<max(i1, n) where laneOf[i] == 1 { singles.append(Int32(i)) }
        }
        // The pairs are written in place: building each one and appending it copied about 500 bytes a pair.
        let m = sources.count
        if pairs.count > m {
            pairs.removeLast(pairs.count - m)
        } else if pairs.count < m {
            pairs.append(contentsOf: repeatElement(WideContact(), count: m - pairs.count))
        }
        pairs.withUnsafeMutableBufferPointer { wide in
            for k in 0..<m {
                let (first, second) = sources[k]
                wide[k] = WideContact(base + Int(first), base + Int(second), states: states)
            }
        }
    }

    /// Copies the impulses of every pair back into the constraints they came from.
    func storeImpulses(into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        pairs.withUnsafeBufferPointer { wide in
            for i in wide.indices {
                let (first, second) = sources[i]
                wide[i].storeImpulses(lane: 0, into: &constraints[Int(first)])
                wide[i].storeImpulses(lane: 1, into: &constraints[Int(second)])
            }
        }
    }
}
