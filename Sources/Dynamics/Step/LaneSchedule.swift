/// The solve order of a step's contact constraints in raw buffers (see `ContactLanes`).
struct LaneSchedule {
    var pairs: UnsafeMutableBufferPointer<WideContact>
    var singles: UnsafeBufferPointer<Int32>
    var runs: UnsafeBufferPointer<Int32>
    /// The groups, in solve order, for a solve split across workers (see `LaneGroup`); empty when the constraints
    /// are solved alone in step order.
    var groups: UnsafeBufferPointer<LaneGroup>

    /// Warm starts every constraint in solve order.
    func warmStart(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>, states: UnsafeMutableBufferPointer<BodyState>) {
        var p = 0, q = 0
        for r in stride(from: 0, to: runs.count - 3, by: ContactLanes.kinds) {
            // Block-solved pairs warm start both points, like other two-point pairs.
            let two = Int(runs[r]) + Int(runs[r + 1]), one = Int(runs[r + 2]), alone = Int(runs[r + 3])
            if two > 0 { WideContactSolver.warmStart(UnsafeMutableBufferPointer(rebasing: pairs[p..<p + two]), states: states) }
            if one > 0 {
                WideContactSolver.warmStartOnePoint(UnsafeMutableBufferPointer(rebasing: pairs[p + two..<p + two + one]),
                                                    states: states)
            }
            for k in q..<q + alone { ContactSolver.warmStart(constraints[Int(singles[k])], states: states) }
            p += two + one; q += alone
        }
    }

    /// Solves every constraint once in solve order.
    func solve(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>, states: UnsafeMutableBufferPointer<BodyState>,
               inverseH: Double, useBias: Bool) {
        var p = 0, q = 0
        for r in stride(from: 0, to: runs.count - 3, by: ContactLanes.kinds) {
            let block = Int(runs[r]), two = Int(runs[r + 1]), one = Int(runs[r + 2]), alone = Int(runs[r + 3])
            if block > 0 {
                WideContactSolver.solveBlock(UnsafeMutableBufferPointer(rebasing: pairs[p..<p + block]), states: states,
                                             inverseH: inverseH, useBias: useBias)
            }
            p += block
            if two > 0 {
                WideContactSolver.solve(UnsafeMutableBufferPointer(rebasing: pairs[p..<p + two]), states: states,
                                        inverseH: inverseH, useBias: useBias)
            }
            if one > 0 {
                WideContactSolver.solveOnePoint(UnsafeMutableBufferPointer(rebasing: pairs[p + two..<p + two + one]),
                                                states: states, inverseH: inverseH, useBias: useBias)
            }
            for k in q..<q + alone {
                ContactSolver.solve(&constraints[Int(singles[k])], states: states, inverseH: inverseH, useBias: useBias)
            }
            p += two + one; q += alone
        }
    }

    /// Warm starts the items `items` of group `g` (see `LaneGroup`): any split of a group's items gives the same
    /// result as warm starting the whole group.
    func warmStart(group g: LaneGroup, items: Range<Int>, _ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                   states: UnsafeMutableBufferPointer<BodyState>) {
        let (two, one, alone) = slices(g, items)
        if !two.isEmpty { WideContactSolver.warmStart(UnsafeMutableBufferPointer(rebasing: pairs[two]), states: states) }
        if !one.isEmpty {
            WideContactSolver.warmStartOnePoint(UnsafeMutableBufferPointer(rebasing: pairs[one]), states: states)
        }
        for k in alone { ContactSolver.warmStart(constraints[Int(singles[k])], states: states) }
    }

    /// Solves the items `items` of group `g` once (see `warmStart(group:items:_:states:)`).
    func solve(group g: LaneGroup, items: Range<Int>, _ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
               states: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool) {
        let p = Int(g.pairStart), blockEnd = p + Int(g.blockPairs)
        let block = clamp(p..<blockEnd, items, offset: p)
        if !block.isEmpty {
            WideContactSolver.solveBlock(UnsafeMutableBufferPointer(rebasing: pairs[block]), states: states,
                                         inverseH: inverseH, useBias: useBias)
        }
        let twoEnd = blockEnd + Int(g.twoPointPairs)
        let two = clamp(blockEnd..<twoEnd, items, offset: p)
        if !two.isEmpty {
            WideContactSolver.solve(UnsafeMutableBufferPointer(rebasing: pairs[two]), states: states,
                                    inverseH: inverseH, useBias: useBias)
        }
        let (_, one, alone) = slices(g, items)
        if !one.isEmpty {
            WideContactSolver.solveOnePoint(UnsafeMutableBufferPointer(rebasing: pairs[one]), states: states,
                                            inverseH: inverseH, useBias: useBias)
        }
        for k in alone {
            ContactSolver.solve(&constraints[Int(singles[k])], states: states, inverseH: inverseH, useBias: useBias)
        }
    }

    /// The pairs with two points (block-solved or not), the one-point pairs and the singles that `items` covers.
    private func slices(_ g: LaneGroup, _ items: Range<Int>) -> (Range<Int>, Range<Int>, Range<Int>) {
        let p = Int(g.pairStart)
        let twoEnd = p + Int(g.blockPairs) + Int(g.twoPointPairs), oneEnd = twoEnd + Int(g.onePointPairs)
        let two = clamp(p..<twoEnd, items, offset: p)
        let one = clamp(twoEnd..<oneEnd, items, offset: p)
        // Singles come after every pair in the item sequence.
        let q = Int(g.singleStart), pairItems = oneEnd - p
        let alone = clamp(q..<q + Int(g.singles), items, offset: q - pairItems)
        return (two, one, alone)
    }

    /// The part of `range` (absolute) that the item range `items` covers, items counted from `offset`.
    @inline(__always)
    private func clamp(_ range: Range<Int>, _ items: Range<Int>, offset: Int) -> Range<Int> {
        let lower = max(range.lowerBound, items.lowerBound + offset)
        let upper = min(range.upperBound, items.upperBound + offset)
        return lower < upper ? lower..<upper : range.lowerBound..<range.lowerBound
    }
}
