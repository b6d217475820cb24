/// The contact constraints of a step arranged for the two-lane solve without changing any result.
///
/// Solving constraints one after another (Gauss-Seidel), only the order of two constraints that share a moving body
/// matters. Each constraint gets a level: one more than the highest level of the earlier constraints it shares a
/// moving body with. Constraints of one level share no moving body, and solving level after level keeps the step
/// order of any two that do, so the result is bit for bit that of the one-by-one solve. Within a level the
/// constraints are paired and solved two at once; an odd one is solved alone. Separate islands fill the same levels,
/// so many small stacks pair almost completely. Colouring the constraints (Box2D v3) would pair more within one
/// stack, but it changes the order of constraints that share a body, and that order decides whether a tall stack
/// stands (docs/performance.md).
struct ContactLanes {
    /// False solves every constraint alone in step order: the plain solve, which tests compare the pairs against.
    var pairing = true
    /// Pairs of constraints of one level, solved at once.
    var pairs = ContiguousArray<WideContact>()
    /// For each pair, the constraint index of each lane.
    var sources = ContiguousArray<(Int32, Int32)>()
    /// Constraints solved alone, in solve order.
    var singles = ContiguousArray<Int32>()
    /// The solve order in runs of four counts: pairs of block-solved constraints (`ContactBlock`), other pairs with
    /// two points, pairs of one-point constraints, singles. Each run continues where the previous run of its kind
    /// stopped (pairs of every kind share `pairs`).
    var runs = ContiguousArray<Int32>()
    /// Each level's share of `pairs` and `singles`, unmerged: the groups of constraints that share no moving body,
    /// which workers split among themselves (see `LaneGroup`). Empty when not pairing.
    var groups = ContiguousArray<LaneGroup>()

    /// Where each constraint is solved, kept for its storage (see `locate` in ImpulseWatch.swift).
    var slotOfConstraint = ContiguousArray<Int32>()

    /// Per body, the level of the last constraint seen that moves it.
    private var lastLevel = ContiguousArray<Int32>()
    /// Per constraint, its level.
    private var levelOf = ContiguousArray<Int32>()
    /// Per level, where its constraints start in `order`.
    private var levelStart = ContiguousArray<Int32>()
    /// Constraint indices sorted by level; within a level, block-solved constraints first, then two-point ones.
    private var order = ContiguousArray<Int32>()

    /// Arranges `constraints`. A body moves when its state has an inverse mass or inertia; the others (static,
    /// sleeping) are never changed by a constraint, so sharing them orders nothing.
    mutating func build(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                        states: UnsafeMutableBufferPointer<BodyState>) {
        let n = constraints.count
        sources.removeAll(keepingCapacity: true)
        singles.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        guard pairing, let base = constraints.baseAddress else {
            pairs.removeAll(keepingCapacity: true)
            singles.append(contentsOf: 0..<Int32(n))
            runs.append(contentsOf: [0, 0, 0, Int32(n)])
            return
        }
        let levels = assignLevels(constraints, states: states)
        sortByLevel(count: n, levels: levels)
        order.withUnsafeMutableBufferPointer { order in
        levelStart.withUnsafeBufferPointer { start in
            for level in 0..<levels {
                let first = Int(start[level]), end = Int(start[level + 1])
                let pairStart = sources.count, singleStart = singles.count
                // Block-solved constraints first, then the other two-point ones, then one-point ones: a pair never
                // mixes a block solve with a point-by-point one, at most one pair of a level mixes two points with
                // one, and the pairs of two one-point constraints skip their second points.
                let blockEnd = Self.partition(order, first, end) { constraints[Int($0)].isBlockSolved }
                let twoEnd = Self.partition(order, blockEnd, end) { constraints[Int($0)].pointCount > 1 }
                var k = first
                while k + 1 < blockEnd {
                    sources.append((order[k], order[k + 1]))
                    k += 2
                }
                let blockPairs = (blockEnd - first) / 2
                // An odd block-solved constraint is solved alone.
                let oddBlock = k < blockEnd ? order[k] : -1
                k = blockEnd
                while k + 1 < end {
                    sources.append((order[k], order[k + 1]))
                    k += 2
                }
                // A pair whose first constraint has two points goes with the two-point pairs.
                let pairCount = (end - blockEnd) / 2, twoPointPairs = min(pairCount, (twoEnd - blockEnd + 1) / 2)
                var alone: Int32 = 0
                if oddBlock >= 0 { singles.append(oddBlock); alone += 1 }
                if k < end { singles.append(order[k]); alone += 1 }
                Self.appendRun((Int32(blockPairs), Int32(twoPointPairs), Int32(pairCount - twoPointPairs), alone),
                               to: &runs)
                groups.append(LaneGroup(pairStart: Int32(pairStart), blockPairs: Int32(blockPairs),
                                        twoPointPairs: Int32(twoPointPairs), onePointPairs: Int32(pairCount - twoPointPairs),
                                        singleStart: Int32(singleStart), singles: alone))
            }
        }
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

    /// Moves the constraints of `order[from..<to]` for which `isFirst` holds before the others and returns where
    /// the others start. The order within a level does not matter: its constraints share no moving body.
    private static func partition(_ order: UnsafeMutableBufferPointer<Int32>, _ from: Int, _ to: Int,
                                  _ isFirst: (Int32) -> Bool) -> Int {
        var split = from, k = to - 1
        while split <= k {
            if isFirst(order[split]) {
                split += 1
            } else {
                order.swapAt(split, k)
                k -= 1
            }
        }
        return split
    }

    /// How many kinds a run counts (see `runs`).
    static let kinds = 4

    /// Appends a level's run, merged into the previous run when every kind the new run holds comes after every kind
    /// the previous one holds: the merged run then still solves all of the previous level first.
    private static func appendRun(_ run: (Int32, Int32, Int32, Int32), to runs: inout ContiguousArray<Int32>) {
        let last = runs.count - kinds
        let firstNew = run.0 > 0 ? 0 : run.1 > 0 ? 1 : run.2 > 0 ? 2 : 3
        if last >= 0 {
            let lastUsed = runs[last + 3] > 0 ? 3 : runs[last + 2] > 0 ? 2 : runs[last + 1] > 0 ? 1 : 0
            if lastUsed <= firstNew {
                runs[last] += run.0; runs[last + 1] += run.1; runs[last + 2] += run.2; runs[last + 3] += run.3
                return
            }
        }
        runs.append(run.0); runs.append(run.1); runs.append(run.2); runs.append(run.3)
    }

    /// Gives every constraint its level and returns how many levels there are.
    private mutating func assignLevels(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                                       states: UnsafeMutableBufferPointer<BodyState>) -> Int {
        let n = constraints.count
        if lastLevel.count != states.count { lastLevel = ContiguousArray(repeating: -1, count: states.count) }
        if levelOf.count < n { levelOf.append(contentsOf: repeatElement(0, count: n - levelOf.count)) }
        var levels: Int32 = 0
        lastLevel.withUnsafeMutableBufferPointer { last in
        levelOf.withUnsafeMutableBufferPointer { levelOf in
            for i in last.indices { last[i] = -1 }
            for i in 0..<n {
                let a = Int(constraints[i].bodyA), b = Int(constraints[i].bodyB)
                let movesA = states[a].invMass != 0 || states[a].invInertia != 0
                let movesB = states[b].invMass != 0 || states[b].invInertia != 0
                let level = max(movesA ? last[a] + 1 : 0, movesB ? last[b] + 1 : 0)
                if movesA { last[a] = level }
                if movesB { last[b] = level }
                levelOf[i] = level
                levels = max(levels, level + 1)
            }
        }
        }
        return Int(levels)
    }

    /// Counting sort of the constraints by level, keeping step order within a level.
    private mutating func sortByLevel(count n: Int, levels: Int) {
        levelStart.removeAll(keepingCapacity: true)
        levelStart.append(contentsOf: repeatElement(0, count: levels + 1))
        if order.count < n { order.append(contentsOf: repeatElement(0, count: n - order.count)) }
        levelOf.withUnsafeBufferPointer { levelOf in
        levelStart.withUnsafeMutableBufferPointer { start in
        order.withUnsafeMutableBufferPointer { order in
            for i in 0..<n { start[Int(levelOf[i]) + 1] += 1 }
            for l in 0..<levels { start[l + 1] += start[l] }
            // `start` is advanced while placing and restored after, so no second array is needed.
            for i in 0..<n {
                let l = Int(levelOf[i])
                order[Int(start[l])] = Int32(i)
                start[l] += 1
            }
            for l in stride(from: levels, to: 0, by: -1) { start[l] = start[l - 1] }
            start[0] = 0
        }
        }
        }
    }

    /// Runs `body` with the schedule in raw buffers, for the sub-step loop.
    mutating func withSchedule<R>(_ body: (LaneSchedule) -> R) -> R {
        let singles = self.singles, runs = self.runs, groups = self.groups
        return pairs.withUnsafeMutableBufferPointer { pairs in
            singles.withUnsafeBufferPointer { singles in
                runs.withUnsafeBufferPointer { runs in
                    groups.withUnsafeBufferPointer { groups in
                        body(LaneSchedule(pairs: pairs, singles: singles, runs: runs, groups: groups))
                    }
                }
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
