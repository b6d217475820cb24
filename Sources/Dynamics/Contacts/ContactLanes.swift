/// The contact constraints of a step arranged in quads for the four-lane solve.
///
/// Solving constraints one after another (Gauss-Seidel), only the order of two constraints that share a moving body
/// matters. Each constraint gets a level: one more than the highest level of the earlier constraints it shares a
/// moving body with. Constraints of one level share no moving body, and solving level after level keeps the step
/// order of any two that do, so the result is bit for bit that of the one-by-one solve. Within a level the
/// constraints go four at a time into quads (`WideContact`); the last quad of a kind may have empty lanes. Separate
/// islands fill the same levels, so many small stacks fill their quads almost completely. A large island has too
/// many small levels to share between threads; its levels are folded onto a few colours (`ContactColouring`), which
/// keeps the step order on each body nearly everywhere, and the colours share the groups with the levels of the
/// islands left alone.
struct ContactLanes {
    /// False puts every constraint alone in a quad, in step order: the plain one-by-one solve, which tests compare
    /// the full quads against.
    var grouping = true
    /// Colours for the constraints of large islands (see `ContactColouring`).
    var colouring = ContactColouring()
    /// The code that solves the quads (`ContactKernel`); the step sets the world's.
    var kernel = ContactKernel.preferred
    /// Quads of constraints of one group (a level or a colour), solved at once.
    var quads = ContiguousArray<WideContact>()
    /// For each quad, the constraint index of each lane (-1: an empty lane).
    var sources = ContiguousArray<SIMD4<Int32>>()
    /// The solve order in runs of three counts: quads of block-solved constraints (`ContactBlock`), other quads with
    /// two points, quads of one-point constraints. Each run continues where the previous run stopped (quads of
    /// every kind share `quads`).
    var runs = ContiguousArray<Int32>()
    /// Each group's share of `quads`, unmerged: constraints that share no moving body, which workers split among
    /// themselves (see `LaneGroup`).
    var groups = ContiguousArray<LaneGroup>()

    /// The bodies the quads name, in single precision; the quads name them by slot (`SolverBodies`).
    var solverBodies = SolverBodies()

    /// Where each constraint is solved, kept for its storage (see `locate` in ImpulseWatch.swift).
    var slotOfConstraint = ContiguousArray<Int32>()

    /// Per body, the level of the last constraint seen that moves it.
    private var lastLevel = ContiguousArray<Int32>()
    /// Per constraint, its level, then its group (its colour, in a coloured island).
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
        runs.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        guard let base = constraints.baseAddress, let stateBase = states.baseAddress else {
            quads.removeAll(keepingCapacity: true)
            solverBodies.build(UnsafeMutableBufferPointer(start: nil, count: 0), states: states)
            return
        }
        if grouping {
            var levels = assignLevels(constraints, states: states)
            levels = levelOf.withUnsafeMutableBufferPointer { levelOf in
                colouring.recolour(constraints, states: states,
                                   levels: UnsafeMutableBufferPointer(rebasing: levelOf[0..<n]), levelCount: levels)
            }
            sortByLevel(count: n, levels: levels)
            order.withUnsafeMutableBufferPointer { order in
            levelStart.withUnsafeBufferPointer { start in
                for level in 0..<levels {
                    let first = Int(start[level]), end = Int(start[level + 1])
                    if first == end { continue }
                    // Block-solved constraints first, then the other two-point ones, then one-point ones: a quad
                    // never mixes a block solve with a point-by-point one, at most one quad of a level mixes two
                    // points with one, and the quads of one-point constraints skip their second points.
                    let blockEnd = Self.partition(order, first, end) { constraints[Int($0)].isBlockSolved }
                    let twoEnd = Self.partition(order, blockEnd, end) { constraints[Int($0)].pointCount > 1 }
                    let quadStart = sources.count
                    let blockQuads = Self.appendQuads(order, first, blockEnd, to: &sources)
                    // A quad whose first constraint has two points goes with the two-point quads.
                    let twoPointQuads = (twoEnd - blockEnd + 3) / 4
                    let otherQuads = Self.appendQuads(order, blockEnd, end, to: &sources)
                    Self.appendRun((Int32(blockQuads), Int32(twoPointQuads), Int32(otherQuads - twoPointQuads)), to: &runs)
                    groups.append(LaneGroup(quadStart: Int32(quadStart), blockQuads: Int32(blockQuads),
                                            twoPointQuads: Int32(twoPointQuads),
                                            onePointQuads: Int32(otherQuads - twoPointQuads)))
                }
            }
            }
        } else {
            // One constraint a quad, in step order, each of its kind; every quad its own group.
            for i in 0..<n {
                sources.append(SIMD4(Int32(i), -1, -1, -1))
                let kind = constraints[i].isBlockSolved ? 0 : constraints[i].pointCount > 1 ? 1 : 2
                Self.appendRun((kind == 0 ? 1 : 0, kind == 1 ? 1 : 0, kind == 2 ? 1 : 0), to: &runs)
                groups.append(LaneGroup(quadStart: Int32(i), blockQuads: kind == 0 ? 1 : 0,
                                        twoPointQuads: kind == 1 ? 1 : 0, onePointQuads: kind == 2 ? 1 : 0))
            }
        }
        // The quads are written in place: building each one and appending it copied about 600 bytes a quad.
        let m = sources.count
        if quads.count > m {
            quads.removeLast(quads.count - m)
        } else if quads.count < m {
            quads.append(contentsOf: repeatElement(WideContact(), count: m - quads.count))
        }
        sources.withUnsafeBufferPointer { sources in
            quads.withUnsafeMutableBufferPointer { wide in
                let quads = wide.baseAddress.unsafelyUnwrapped
                for k in 0..<m { WideContact.write(quads + k, sources[k], base, states: stateBase) }
            }
        }
        quads.withUnsafeMutableBufferPointer { solverBodies.build($0, states: states) }
    }

    /// Appends the quads of `order[from..<to]`, the last one filled with empty lanes; returns how many.
    private static func appendQuads(_ order: UnsafeMutableBufferPointer<Int32>, _ from: Int, _ to: Int,
                                    to sources: inout ContiguousArray<SIMD4<Int32>>) -> Int {
        var k = from
        while k < to {
            var quad = SIMD4<Int32>(repeating: -1)
            for lane in 0..<min(4, to - k) { quad[lane] = order[k + lane] }
            sources.append(quad)
            k += 4
        }
        return (to - from + 3) / 4
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
    static let kinds = 3

    /// Appends a level's run, merged into the previous run when every kind the new run holds comes after every kind
    /// the previous one holds: the merged run then still solves all of the previous level first.
    private static func appendRun(_ run: (Int32, Int32, Int32), to runs: inout ContiguousArray<Int32>) {
        let last = runs.count - kinds
        let firstNew = run.0 > 0 ? 0 : run.1 > 0 ? 1 : 2
        if last >= 0 {
            let lastUsed = runs[last + 2] > 0 ? 2 : runs[last + 1] > 0 ? 1 : 0
            if lastUsed <= firstNew {
                runs[last] += run.0; runs[last + 1] += run.1; runs[last + 2] += run.2
                return
            }
        }
        runs.append(run.0); runs.append(run.1); runs.append(run.2)
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
            // Only these constraints' bodies are read. A step solved by islands builds lanes once per partition, a
            // few constraints among many bodies: clearing only theirs saves walking every body each time. For a
            // whole world's constraints the small per-body array is cheaper to clear than the large records to read.
            if n < last.count / 8 {
                for i in 0..<n {
                    last[Int(constraints[i].bodyA)] = -1
                    last[Int(constraints[i].bodyB)] = -1
                }
            } else {
                for i in last.indices { last[i] = -1 }
            }
            for i in 0..<n {
                let a = Int(constraints[i].bodyA), b = Int(constraints[i].bodyB)
                let movesA = states[a].moves
                let movesB = states[b].moves
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
        let runs = self.runs, groups = self.groups
        return quads.withUnsafeMutableBufferPointer { quads in
            runs.withUnsafeBufferPointer { runs in
                groups.withUnsafeBufferPointer { groups in
                    solverBodies.withBuffers { bodies in
                        body(LaneSchedule(quads: quads, runs: runs, groups: groups, bodies: bodies, kernel: kernel))
                    }
                }
            }
        }
    }

    /// Copies the impulses of every quad back into the constraints they came from.
    func storeImpulses(into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        quads.withUnsafeBufferPointer { wide in
            for i in wide.indices {
                let quad = sources[i]
                for lane in 0..<4 where quad[lane] >= 0 {
                    wide[i].storeImpulses(lane: lane, into: &constraints[Int(quad[lane])])
                }
            }
        }
    }
}
