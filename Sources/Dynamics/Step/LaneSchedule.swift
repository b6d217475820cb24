/// The solve order of a step's contact constraints in raw buffers (see `ContactLanes`).
struct LaneSchedule {
    var pairs: UnsafeMutableBufferPointer<WideContact>
    var singles: UnsafeBufferPointer<Int32>
    var runs: UnsafeBufferPointer<Int32>

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
}
