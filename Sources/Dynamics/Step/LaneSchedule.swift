/// The solve order of a step's contact constraints in raw buffers (see `ContactLanes`).
struct LaneSchedule {
    var quads: UnsafeMutableBufferPointer<WideContact>
    var runs: UnsafeBufferPointer<Int32>
    /// The groups, in solve order, for a solve split across workers (see `LaneGroup`).
    var groups: UnsafeBufferPointer<LaneGroup>
    /// The bodies the quads' slots name, in single precision (`SolverBody`).
    var bodies: SolverBodyBuffers
    /// The quads each lane of a shared solve works on (`QuadLanes`), when the step's threads made them.
    var lanes = QuadLaneBuffers()
    /// The code that solves the quads (`ContactKernel`).
    var kernel = ContactKernel.swift

    /// Warm starts every constraint in solve order. With `keepsBodies`, the velocities stay in the solver bodies
    /// for the solve that follows at once (`solve(states:inverseH:useBias:bodiesKept:)`, nothing between them
    /// reading or changing a state): the bodies are then gathered and written back once for both passes.
    func warmStart(states: UnsafeMutableBufferPointer<BodyState>, keepsBodies: Bool = false) {
        guard let s = states.baseAddress, let b = bodies.bodies.baseAddress else { return }
        bodies.gather(s, motion: keepsBodies)
        warmStart(bodies: b)
        if !keepsBodies { bodies.scatter(s) }
    }

    /// Warm starts every constraint in solve order on the solver bodies.
    private func warmStart(bodies b: UnsafeMutablePointer<SolverBody>) {
        // The eight-lane kernel pairs quads of one group only: a run may span levels whose quads share bodies.
        if kernel == .avx2 {
            ContactKernel.warmStartAVX2(quads, groups: groups, bodies: b)
            return
        }
        var p = 0
        for r in stride(from: 0, to: runs.count - 2, by: ContactLanes.kinds) {
            // Block-solved quads warm start both points, like other two-point quads.
            let two = Int(runs[r]) + Int(runs[r + 1]), one = Int(runs[r + 2])
            kernel.warmStart(UnsafeMutableBufferPointer(rebasing: quads[p..<p + two]), kind: .twoPoints, bodies: b)
            kernel.warmStart(UnsafeMutableBufferPointer(rebasing: quads[p + two..<p + two + one]), kind: .onePoint,
                             bodies: b)
            p += two + one
        }
    }

    /// Solves every constraint once in solve order; `bodiesKept` after a warm start that kept the bodies.
    func solve(states: UnsafeMutableBufferPointer<BodyState>, inverseH: Float, useBias: Bool, bodiesKept: Bool = false) {
        guard let s = states.baseAddress, let b = bodies.bodies.baseAddress else { return }
        if !bodiesKept { bodies.gather(s, motion: true) }
        solve(bodies: b, inverseH: inverseH, useBias: useBias)
        bodies.scatter(s)
    }

    /// Solves every constraint once in solve order on the solver bodies.
    private func solve(bodies b: UnsafeMutablePointer<SolverBody>, inverseH: Float, useBias: Bool) {
        if kernel == .avx2 {
            ContactKernel.solveAVX2(quads, groups: groups, bodies: b, inverseH: inverseH, useBias: useBias)
            return
        }
        var p = 0
        for r in stride(from: 0, to: runs.count - 2, by: ContactLanes.kinds) {
            let block = Int(runs[r]), two = Int(runs[r + 1]), one = Int(runs[r + 2])
            kernel.solve(UnsafeMutableBufferPointer(rebasing: quads[p..<p + block]), kind: .block, bodies: b,
                         inverseH: inverseH, useBias: useBias)
            p += block
            kernel.solve(UnsafeMutableBufferPointer(rebasing: quads[p..<p + two]), kind: .twoPoints, bodies: b,
                         inverseH: inverseH, useBias: useBias)
            kernel.solve(UnsafeMutableBufferPointer(rebasing: quads[p + two..<p + two + one]), kind: .onePoint,
                         bodies: b, inverseH: inverseH, useBias: useBias)
            p += two + one
        }
    }

    /// Rounds the solver bodies from the states before the groups of a pass are solved one by one
    /// (`warmStart(group:items:)`, `solve(group:items:inverseH:useBias:)`): the velocities, and the motion with
    /// `motion` (every pass but the warm start).
    func gather(states: UnsafeMutableBufferPointer<BodyState>, motion: Bool) {
        guard let s = states.baseAddress else { return }
        bodies.gather(s, motion: motion)
    }

    /// Writes the solver bodies' velocities back to the states after the groups of a pass.
    func scatter(states: UnsafeMutableBufferPointer<BodyState>) {
        guard let s = states.baseAddress else { return }
        bodies.scatter(s)
    }

    /// Rounds the solver bodies of the slots `slots` only (see `gather(states:motion:)`): each slot is rounded
    /// from its own state, so the slots can be gathered in any split.
    func gather(states: UnsafeMutableBufferPointer<BodyState>, motion: Bool, slots: Range<Int>) {
        guard let s = states.baseAddress else { return }
        part(slots).gather(s, motion: motion)
    }

    /// Writes the velocities of the slots `slots` only back to their states (see `scatter(states:)`).
    func scatter(states: UnsafeMutableBufferPointer<BodyState>, slots: Range<Int>) {
        guard let s = states.baseAddress else { return }
        part(slots).scatter(s)
    }

    /// The solver bodies of the slots `slots`.
    private func part(_ slots: Range<Int>) -> SolverBodyBuffers {
        SolverBodyBuffers(bodies: UnsafeMutableBufferPointer(rebasing: bodies.bodies[slots]),
                          sources: UnsafeBufferPointer(rebasing: bodies.sources[slots]))
    }

    /// Warm starts the items `items` of group `g` (see `LaneGroup`) on the solver bodies (see `gather`): any split
    /// of a group's items gives the same result as warm starting the whole group.
    func warmStart(group g: LaneGroup, items: Range<Int>) {
        guard let b = bodies.bodies.baseAddress else { return }
        let (two, one) = slices(g, items)
        kernel.warmStart(UnsafeMutableBufferPointer(rebasing: quads[two]), kind: .twoPoints, bodies: b)
        kernel.warmStart(UnsafeMutableBufferPointer(rebasing: quads[one]), kind: .onePoint, bodies: b)
    }

    /// Solves the items `items` of group `g` once (see `warmStart(group:items:)`).
    func solve(group g: LaneGroup, items: Range<Int>, inverseH: Float, useBias: Bool) {
        guard let b = bodies.bodies.baseAddress else { return }
        let p = Int(g.quadStart), blockEnd = p + Int(g.blockQuads), twoEnd = blockEnd + Int(g.twoPointQuads)
        let block = clamp(p..<blockEnd, items, offset: p)
        kernel.solve(UnsafeMutableBufferPointer(rebasing: quads[block]), kind: .block, bodies: b,
                     inverseH: inverseH, useBias: useBias)
        let two = clamp(blockEnd..<twoEnd, items, offset: p)
        kernel.solve(UnsafeMutableBufferPointer(rebasing: quads[two]), kind: .twoPoints, bodies: b,
                     inverseH: inverseH, useBias: useBias)
        let (_, one) = slices(g, items)
        kernel.solve(UnsafeMutableBufferPointer(rebasing: quads[one]), kind: .onePoint, bodies: b,
                     inverseH: inverseH, useBias: useBias)
    }

    /// The quads with two points (block-solved and not, together: their warm start is the same) and the one-point
    /// quads that `items` covers.
    private func slices(_ g: LaneGroup, _ items: Range<Int>) -> (Range<Int>, Range<Int>) {
        let p = Int(g.quadStart)
        let twoEnd = p + Int(g.blockQuads) + Int(g.twoPointQuads), oneEnd = twoEnd + Int(g.onePointQuads)
        let two = clamp(p..<twoEnd, items, offset: p)
        let one = clamp(twoEnd..<oneEnd, items, offset: p)
        return (two, one)
    }

    /// The part of `range` (absolute) that the item range `items` covers, items counted from `offset`.
    @inline(__always)
    private func clamp(_ range: Range<Int>, _ items: Range<Int>, offset: Int) -> Range<Int> {
        let lower = max(range.lowerBound, items.lowerBound + offset)
        let upper = min(range.upperBound, items.upperBound + offset)
        return lower < upper ? lower..<upper : range.lowerBound..<range.lowerBound
    }
}
