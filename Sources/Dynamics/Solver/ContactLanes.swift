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

    /// Union-find parent of each body over contacts between moving bodies.
    private var parent = ContiguousArray<Int32>()
    /// Per root body, its island's lane (0 or 1), or -1 before the island is seen.
    private var laneOfRoot = ContiguousArray<Int8>()
    /// Per root body, how many constraints its island has.
    private var sizeOfRoot = ContiguousArray<Int32>()
    /// Per constraint, the root body of its island.
    private var rootOf = ContiguousArray<Int32>()
    private var lanes = (ContiguousArray<Int32>(), ContiguousArray<Int32>())

    /// Arranges `constraints`. A body moves when its state has an inverse mass or inertia; the others (static,
    /// sleeping) are never changed by a constraint, so any number of islands may share them.
    mutating func build(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                        states: UnsafeMutableBufferPointer<BodyState>) {
        let n = constraints.count
        pairs.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        singles.removeAll(keepingCapacity: true)
        guard pairsIslands else {
            singles.append(contentsOf: 0..<Int32(n))
            return
        }
        parent.removeAll(keepingCapacity: true)
        parent.append(contentsOf: 0..<Int32(states.count))
        laneOfRoot.removeAll(keepingCapacity: true)
        laneOfRoot.append(contentsOf: repeatElement(-1, count: states.count))
        sizeOfRoot.removeAll(keepingCapacity: true)
        sizeOfRoot.append(contentsOf: repeatElement(0, count: states.count))
        rootOf.removeAll(keepingCapacity: true)
        rootOf.append(contentsOf: repeatElement(0, count: n))
        lanes.0.removeAll(keepingCapacity: true)
        lanes.1.removeAll(keepingCapacity: true)

        parent.withUnsafeMutableBufferPointer { parent in
            func find(_ x: Int32) -> Int32 {
                var r = x
                while parent[Int(r)] != r { r = parent[Int(r)] }
                var y = x
                while parent[Int(y)] != r { let next = parent[Int(y)]; parent[Int(y)] = r; y = next }
                return r
            }
            func moves(_ i: Int32) -> Bool { states[Int(i)].invMass != 0 || states[Int(i)].invInertia != 0 }

            for i in 0..<n {
                let a = constraints[i].bodyA, b = constraints[i].bodyB
                guard moves(a), moves(b) else { continue }
                let ra = find(a), rb = find(b)
                if ra != rb { if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb } }
            }
            // Islands go to the lane with fewer constraints so far, whole, in the order their first constraint comes.
            for i in 0..<n {
                let a = constraints[i].bodyA
                let root = find(moves(a) ? a : constraints[i].bodyB)
                rootOf[i] = root
                sizeOfRoot[Int(root)] += 1
            }
            var counts = (0, 0)
            for i in 0..<n {
                let root = Int(rootOf[i])
                var lane = laneOfRoot[root]
                if lane < 0 {
                    lane = counts.1 < counts.0 ? 1 : 0
                    laneOfRoot[root] = lane
                    if lane == 0 { counts.0 += Int(sizeOfRoot[root]) } else { counts.1 += Int(sizeOfRoot[root]) }
                }
                if lane == 0 { lanes.0.append(Int32(i)) } else { lanes.1.append(Int32(i)) }
            }
        }
        let paired = min(lanes.0.count, lanes.1.count)
        pairs.reserveCapacity(paired)
        for k in 0..<paired {
            let first = lanes.0[k], second = lanes.1[k]
            pairs.append(WideContact(constraints[Int(first)], constraints[Int(second)]))
            sources.append((first, second))
        }
        singles.append(contentsOf: lanes.0.dropFirst(paired))
        singles.append(contentsOf: lanes.1.dropFirst(paired))
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
