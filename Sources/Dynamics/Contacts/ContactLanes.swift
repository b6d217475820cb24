import CContactKernels

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
    var colouring: ContactColouring {
        get { solveOrder.colouring }
        set { solveOrder.colouring = newValue }
    }
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
    /// The quads each lane of a shared solve works on (`QuadLanes`), made by the threads' step for the groups of
    /// this layout (`ParallelStep.shareLanes`); empty after any other build.
    var quadLanes = QuadLanes()
    /// What writing each unit of `quadLanes` found (`QuadsWritten`), for the kept layout's quads.
    var unitChecks = ContiguousArray<UInt8>()

    /// Where each constraint is solved, kept for its storage (see `locate` in ImpulseWatch.swift).
    var slotOfConstraint = ContiguousArray<Int32>()

    /// Most quads a build made since `releaseIdleRoom` last looked.
    private(set) var peakQuads = 0
    /// Whether the last build laid the quads out from the constraints' kinds without writing them (the threads'
    /// step), and nothing has changed the layout since.
    private var laidOutFromKinds = false

    /// Whether the last build's layout holds for the constraints just arranged, should their kinds be the last
    /// step's: the solve order was kept (`ContactSolveOrder.lastKept`) and the layout came from kinds alone, which is
    /// then all it depends on. The threads then write the quads straight away (`ParallelStep.writeKeptQuads`).
    var keepsLayout: Bool { laidOutFromKinds && solveOrder.lastKept && !quads.isEmpty }

    /// The groups and the constraints in each, in solve order, kept from step to step while they hold.
    private(set) var solveOrder = ContactSolveOrder()
    /// Whether the last build prepared the constraints itself (`build(preparing:...)`), group by group: then the
    /// impulse store asks for the touch records ahead, as the preparation did (`ContactPrefetch`). Lanes built
    /// from constraints prepared before, a partition's (`PartitionJob`), find theirs in the cache, read moments
    /// ago in step order by that preparation.
    private var preparedInSolveOrder = false
    /// One group's constraints prepared (`build(preparing:...)`), read while its quads are written.
    private var staged = ContiguousArray<ContactConstraint>()
    /// One group's constraints as rows of the records they are read from, block-solved ones first, then the other
    /// two-point ones.
    private var rows = ContiguousArray<Int32>()
    /// The place in its group of each constraint staged one by one (`build(preparing:...)`).
    private var stagedPlaces = ContiguousArray<Int32>()

    /// What preparing constraints while they are arranged needs (see `build(preparing:...)`).
    private struct Preparation {
        var touches: UnsafePointer<ContactTouch>
        var bodies: UnsafeMutableBufferPointer<Body>
        var contactSoftness: Softness
        var staticSoftness: Softness
    }

    /// Arranges `constraints`, already prepared (`ContactSolver.prepare`). Without `writingQuads` the quads are made
    /// room for but left for the caller to write (`writeQuads`), on several threads if it likes, and then to name
    /// their solver bodies (`nameSolverBodies`).
    ///
    /// With `arranged`, the solve order is the one `arrange(touching:contacts:states:)` just worked out for these
    /// constraints. With `kinds`, each constraint's kind (`kind(of:)`) is read from there, a byte a constraint its
    /// preparation wrote, instead of from the large records in solve order.
    mutating func build(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                        states: UnsafeMutableBufferPointer<BodyState>, writingQuads: Bool = true,
                        arranged: Bool = false, kinds: UnsafePointer<UInt8>? = nil) {
        build(constraints, states: states, preparation: nil, writingQuads: writingQuads, arranged: arranged,
              kinds: kinds)
    }

    /// Works out the solve order of the constraints that will be made from the contacts `touching` (constraint `i`
    /// from contact `touching[i]`), before they are made or prepared, for a `build` with `arranged`: it reads
    /// only the contacts' bodies, so it can run while other threads prepare the constraints.
    mutating func arrange(touching: UnsafeBufferPointer<Int32>, contacts: UnsafeBufferPointer<Contact>,
                          states: UnsafeMutableBufferPointer<BodyState>) {
        solveOrder.arrange(touching: touching, contacts: contacts, states: states)
    }

    /// `arrange(touching:contacts:states:)` reading the constraints' bodies across `pool`, for when nothing else
    /// runs meanwhile (see `ContactSolveOrder.arrange(touching:contacts:states:pool:minimum:)`).
    mutating func arrange(touching: UnsafeBufferPointer<Int32>, contacts: UnsafeBufferPointer<Contact>,
                          states: UnsafeMutableBufferPointer<BodyState>, pool: WorkerPool, minimum: Int) {
        solveOrder.arrange(touching: touching, contacts: contacts, states: states, pool: pool, minimum: minimum)
    }

    /// How a prepared constraint is laid out: 0 when its normal impulses are block-solved, 1 for its other
    /// two-point constraints, 2 for one point. Groups put their constraints in quads in this order.
    @inline(__always)
    static func kind(of c: UnsafePointer<ContactConstraint>) -> UInt8 {
        c.pointee.isBlockSolved ? 0 : c.pointee.pointCount > 1 ? 1 : 2
    }

    /// Prepares `constraints` (of which only the contact, bodies and touch record are read) and arranges them:
    /// each group's constraints are prepared together into a small buffer that stays in the cache and written into
    /// their quads from there, where preparing every constraint in step order and reading it back in solve order
    /// had the quads gather large records from all over memory. What each constraint reads of its touch record,
    /// bodies and states is asked for a few constraints ahead (`ContactPrefetch`): the solve order is known before
    /// the loop, the records lie in contact and body order. Only a constraint with restitution is written back
    /// into `constraints`, for the impacts (`ContactImpact`); the others keep what they held. The results are those
    /// of preparing first and then `build(_:states:)`.
    ///
    /// With `arranged`, the solve order is the one `arrange(touching:contacts:states:)` just worked out, and
    /// nothing at all is read of `constraints`: their identities come from the solve order's links.
    mutating func build(preparing constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                        touches: UnsafeBufferPointer<ContactTouch>, bodies: UnsafeMutableBufferPointer<Body>,
                        states: UnsafeMutableBufferPointer<BodyState>, contactSoftness: Softness,
                        staticSoftness: Softness, arranged: Bool = false) {
        guard let touchBase = touches.baseAddress else {
            // No touch records: no touching contacts, so no constraints.
            build(constraints, states: states, preparation: nil, writingQuads: true, arranged: arranged)
            return
        }
        build(constraints, states: states,
              preparation: Preparation(touches: touchBase, bodies: bodies, contactSoftness: contactSoftness,
                                       staticSoftness: staticSoftness),
              writingQuads: true, arranged: arranged)
    }

    /// Arranges `constraints` group by group, preparing each group first when `preparation` is given (which writes
    /// the quads as it goes: `writingQuads` is then true).
    private mutating func build(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                                states: UnsafeMutableBufferPointer<BodyState>, preparation: Preparation?,
                                writingQuads: Bool, arranged: Bool = false, kinds: UnsafePointer<UInt8>? = nil) {
        let n = constraints.count
        preparedInSolveOrder = preparation != nil
        laidOutFromKinds = false
        defer { laidOutFromKinds = !writingQuads && kinds != nil && grouping }
        sources.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        quadLanes.clear()
        guard let base = constraints.baseAddress, let stateBase = states.baseAddress else {
            quads.removeAll(keepingCapacity: true)
            solverBodies.build(UnsafeMutableBufferPointer(start: nil, count: 0), states: states)
            return
        }
        if !arranged { solveOrder.arrange(constraints, states: states) }
        // The quads written here name their solver bodies a few groups at a time, soon after they are written.
        if writingQuads { solverBodies.beginNaming(bodyCount: states.count) }
        // Without grouping, every constraint is a group of its own, in step order.
        let grouping = self.grouping
        let groupCount = grouping ? solveOrder.groupCount : n
        var largest = 1
        if grouping {
            solveOrder.groupStart.withUnsafeBufferPointer { start in
                for g in 0..<groupCount { largest = max(largest, Int(start[g + 1] - start[g])) }
            }
        }
        if rows.count < largest { rows.append(contentsOf: repeatElement(0, count: largest - rows.count)) }
        if preparation != nil && staged.count < largest {
            staged.append(contentsOf: repeatElement(ContactConstraint(contact: 0, bodyA: 0, bodyB: 0),
                                                    count: largest - staged.count))
            stagedPlaces.append(contentsOf: repeatElement(0, count: largest - stagedPlaces.count))
        }
        let softness = preparation.map { BlockQuad.SoftnessFloats(contact: $0.contactSoftness, static: $0.staticSoftness) }
        var quadCount = 0
        // The quads before this have named their solver bodies.
        var namedQuads = 0
        staged.withUnsafeMutableBufferPointer { staged in
        stagedPlaces.withUnsafeMutableBufferPointer { stagedPlaces in
        rows.withUnsafeMutableBufferPointer { rows in
        solveOrder.links.withUnsafeBufferPointer { links in
        solveOrder.order.withUnsafeBufferPointer { order in
        solveOrder.groupStart.withUnsafeBufferPointer { start in
            // The constraint at each place of the solve order (the groups' places run on from one to the next).
            @inline(__always) func constraint(at place: Int) -> Int { grouping ? Int(order[place]) : place }
            // The records a constraint's preparation reads are asked for `ContactPrefetch.distance` places ahead,
            // and its link, which names them, twice as far ahead: the links lie in step order too.
            let ahead = ContactPrefetch.distance
            if let p = preparation {
                for place in 0..<min(2 * ahead, n) {
                    luadyn_prefetch(links.baseAddress.unsafelyUnwrapped + constraint(at: place))
                }
                for place in 0..<min(ahead, n) {
                    ContactPrefetch.preparation(links[constraint(at: place)], touches: p.touches,
                                                bodies: p.bodies.baseAddress.unsafelyUnwrapped, states: stateBase)
                }
            }
            for g in 0..<groupCount {
                let first = grouping ? Int(start[g]) : g, end = grouping ? Int(start[g + 1]) : g + 1
                var m = end - first
                if m == 0 { continue }
                // Quads of four block-solved constraints prepared at once (`BlockQuad`), written before the rest.
                var direct = 0
                // The group's other constraints as rows of `records`: their prepared copies, or the constraints
                // themselves.
                let records: UnsafePointer<ContactConstraint>
                if let p = preparation, let softness {
                    let bodies = p.bodies.baseAddress.unsafelyUnwrapped
                    @inline(__always) func prefetch(after place: Int) {
                        if place + 2 * ahead < n {
                            luadyn_prefetch(links.baseAddress.unsafelyUnwrapped + constraint(at: place + 2 * ahead))
                        }
                        if place + ahead < n {
                            ContactPrefetch.preparation(links[constraint(at: place + ahead)], touches: p.touches,
                                                        bodies: bodies, states: stateBase)
                        }
                    }
                    // The impacts (`ContactImpact`) read a constraint with restitution in double precision.
                    @inline(__always) func keepForImpacts(_ i: Int) {
                        guard p.touches[Int(links[i].w)].restitution > 0 else { return }
                        ContactSolver.prepare(&base[i], link: links[i], touches: p.touches, bodies: p.bodies,
                                              states: states, contactSoftness: p.contactSoftness,
                                              staticSoftness: p.staticSoftness)
                    }
                    let room = quadCount + (m + 3) / 4 + 2
                    if quads.count < room { quads.append(contentsOf: repeatElement(WideContact(), count: room - quads.count)) }
                    var staging = 0, j = 0
                    quads.withUnsafeMutableBufferPointer { wide in
                        let slots = wide.baseAddress.unsafelyUnwrapped + quadCount
                        while j < m {
                            if j + 4 <= m {
                                let i = SIMD4(constraint(at: first + j), constraint(at: first + j + 1),
                                              constraint(at: first + j + 2), constraint(at: first + j + 3))
                                for k in 0..<4 { prefetch(after: first + j + k) }
                                if BlockQuad.prepare(slots + direct, (links[i[0]], links[i[1]], links[i[2]], links[i[3]]),
                                                     touches: p.touches, bodies: bodies, states: stateBase,
                                                     softness: softness) {
                                    sources.append(SIMD4<Int32>(truncatingIfNeeded: i))
                                    for k in 0..<4 { keepForImpacts(i[k]) }
                                    direct += 1
                                    j += 4
                                    continue
                                }
                            } else {
                                for k in j..<m { prefetch(after: first + k) }
                            }
                            // One by one: staged, and written from the stage below.
                            for k in j..<min(j + 4, m) {
                                let i = constraint(at: first + k)
                                ContactSolver.prepare(&staged[staging], link: links[i], touches: p.touches,
                                                      bodies: p.bodies, states: states,
                                                      contactSoftness: p.contactSoftness,
                                                      staticSoftness: p.staticSoftness)
                                if staged[staging].restitution > 0 { base[i] = staged[staging] }
                                stagedPlaces[staging] = Int32(k)
                                rows[staging] = Int32(staging)
                                staging += 1
                            }
                            j = min(j + 4, m)
                        }
                    }
                    quadCount += direct
                    m = staging
                    records = UnsafePointer(staged.baseAddress.unsafelyUnwrapped)
                } else {
                    for j in 0..<m { rows[j] = grouping ? order[first + j] : Int32(first + j) }
                    records = UnsafePointer(base)
                }
                // Block-solved constraints first, then the other two-point ones, then one-point ones: a quad never
                // mixes a block solve with a point-by-point one, at most one quad of a group mixes two points with
                // one, and the quads of one-point constraints skip their second points.
                let blockEnd: Int, twoEnd: Int
                if let kinds {
                    blockEnd = Self.partition(rows, 0, m) { kinds[Int($0)] == 0 }
                    twoEnd = Self.partition(rows, blockEnd, m) { kinds[Int($0)] == 1 }
                } else {
                    blockEnd = Self.partition(rows, 0, m) { records[Int($0)].isBlockSolved }
                    twoEnd = Self.partition(rows, blockEnd, m) { records[Int($0)].pointCount > 1 }
                }
                let shape = GroupQuads(blockRows: blockEnd, twoPointRows: twoEnd - blockEnd, rows: m)
                let quadStart = quadCount - direct
                quadCount += shape.count
                // The quads are written in place: building each one and appending it copied about 600 bytes a quad.
                if quads.count < quadCount {
                    quads.append(contentsOf: repeatElement(WideContact(), count: quadCount - quads.count))
                }
                quads.withUnsafeMutableBufferPointer { wide in
                    let slots = wide.baseAddress.unsafelyUnwrapped + quadStart
                    // A row's constraint index: from its place in the group's order when the rows are staged copies.
                    let staging = preparation != nil
                    var k = direct
                    for half in 0..<2 {
                        // The block-solved rows, then the others.
                        var r = half == 0 ? 0 : blockEnd
                        let to = half == 0 ? blockEnd : m
                        while r < to {
                            var local = SIMD4<Int32>(repeating: -1), global = local
                            for lane in 0..<min(4, to - r) {
                                let row = rows[r + lane]
                                local[lane] = row
                                global[lane] = !staging ? row
                                    : grouping ? order[first + Int(stagedPlaces[Int(row)])] : Int32(first)
                            }
                            sources.append(global)
                            // A large group's staged copies outgrow the cache they were prepared in, and their
                            // bodies' states have left it: the next quad's states are asked for.
                            if staging {
                                for row in rows[min(r + 4, to)..<min(r + 8, to)] {
                                    ContactPrefetch.masses(of: records + Int(row), states: stateBase)
                                }
                            }
                            if writingQuads { WideContact.write(slots + k, local, records, states: stateBase) }
                            k += 1
                            r += 4
                        }
                    }
                    // While the quads are still in the cache (slots in the order `SolverBodies.build` gives
                    // them: the quads are written in order), a few groups at a time: a call for each of many
                    // small levels cost more than it saved.
                    if writingQuads && quadCount - namedQuads >= Self.namingBatch {
                        solverBodies.name(UnsafeMutableBufferPointer(rebasing: wide[namedQuads..<quadCount]))
                        namedQuads = quadCount
                    }
                }
                Self.appendGroup(at: quadStart, shape, direct: direct, runs: &runs, groups: &groups)
            }
        }
        }
        }
        }
        }
        }
        if quads.count > quadCount { quads.removeLast(quads.count - quadCount) }
        peakQuads = max(peakQuads, quadCount)
        if writingQuads {
            quads.withUnsafeMutableBufferPointer { wide in
                solverBodies.name(UnsafeMutableBufferPointer(rebasing: wide[namedQuads..<quadCount]))
            }
            solverBodies.finishNaming()
        }
    }

    /// Gathers the solver bodies of the written quads and names them by slot in the quads (`SolverBodies.build`):
    /// the end of `build`, or, when it left the quads to the caller, the caller's once they are written.
    mutating func nameSolverBodies(states: UnsafeMutableBufferPointer<BodyState>) {
        quads.withUnsafeMutableBufferPointer { solverBodies.build($0, states: states) }
    }

    /// `nameSolverBodies` lane by lane (`SolverBodies.build(_:states:lanes:)`), by the shares in `quadLanes`.
    mutating func nameSolverBodiesByLane(states: UnsafeMutableBufferPointer<BodyState>) {
        let lanes = quadLanes
        quads.withUnsafeMutableBufferPointer { q in
            lanes.withBuffers { solverBodies.build(q, states: states, lanes: $0) }
        }
    }

    /// Writes the layout of the last build, of the constraints `constraints`, into `order`, `kinds` and `ends`, one
    /// entry per constraint, for `adopt` to lay the same constraints out again (`PartitionLaneLayouts`): the
    /// constraints group by group in their lanes' order (the first of each group marked with
    /// `PartitionLaneLayouts.groupMark`), each constraint's kind and its moving bodies. The build must have grouped
    /// the constraints, already prepared, without preparing them itself.
    func keepLayout(order: UnsafeMutablePointer<Int32>, kinds: UnsafeMutablePointer<UInt8>,
                    ends: UnsafeMutablePointer<SIMD2<Int32>>, constraints: UnsafePointer<ContactConstraint>,
                    states: UnsafeMutableBufferPointer<BodyState>) {
        var written = 0
        sources.withUnsafeBufferPointer { sources in
            for group in groups {
                let start = Int(group.quadStart)
                var mark = PartitionLaneLayouts.groupMark
                for q in start..<start + group.itemCount {
                    for lane in 0..<4 where sources[q][lane] >= 0 {
                        order[written] = sources[q][lane] | mark
                        mark = 0
                        written += 1
                    }
                }
            }
        }
        solveOrder.links.withUnsafeBufferPointer { links in
            for i in links.indices {
                kinds[i] = Self.kind(of: constraints + i)
                ends[i] = ContactSolveOrder.movingEnds(of: links[i], states: states)
            }
        }
    }

    /// Lays `n` constraints out in quads by a layout `keepLayout` wrote for the same constraints at an earlier build,
    /// instead of working their solve order out, and reads their links (contact, bodies, touch record) from `link`.
    /// Returns false, leaving the lanes for a build, when a constraint's moving bodies are not the ones `ends` gives.
    /// The quads are made room for, not written: the caller writes them from the links (`writeQuads` with
    /// `BlockQuad.Unprepared.makes`), which stops at a constraint whose kind is not the one `kinds` gives, and
    /// names their solver bodies (`nameSolverBodies`). With the same kinds, the layout is the one `build` gives.
    mutating func adopt(count n: Int, order: UnsafePointer<Int32>, kinds: UnsafePointer<UInt8>,
                        ends: UnsafePointer<SIMD2<Int32>>, states: UnsafeMutableBufferPointer<BodyState>,
                        link: (Int) -> SIMD4<Int32>) -> Bool {
        preparedInSolveOrder = false
        laidOutFromKinds = false
        guard grouping, solveOrder.adoptLinks(count: n, states: states, ends: ends, link: link) else { return false }
        sources.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        quadLanes.clear()
        let unmarked = ~PartitionLaneLayouts.groupMark
        @inline(__always) func constraint(at k: Int) -> Int32 { order[k] & unmarked }
        var quadCount = 0, first = 0
        while first < n {
            var end = first + 1
            while end < n && order[end] & PartitionLaneLayouts.groupMark == 0 { end += 1 }
            // Block-solved constraints first, then the other two-point ones, as `build` put them.
            var blockEnd = first
            while blockEnd < end && kinds[Int(constraint(at: blockEnd))] == 0 { blockEnd += 1 }
            var twoEnd = blockEnd
            while twoEnd < end && kinds[Int(constraint(at: twoEnd))] == 1 { twoEnd += 1 }
            let shape = GroupQuads(blockRows: blockEnd - first, twoPointRows: twoEnd - blockEnd, rows: end - first)
            for half in 0..<2 {
                var r = half == 0 ? first : blockEnd
                let to = half == 0 ? blockEnd : end
                while r < to {
                    var lanes = SIMD4<Int32>(repeating: -1)
                    for lane in 0..<min(4, to - r) { lanes[lane] = constraint(at: r + lane) }
                    sources.append(lanes)
                    r += 4
                }
            }
            Self.appendGroup(at: quadCount, shape, runs: &runs, groups: &groups)
            quadCount += shape.count
            first = end
        }
        if quads.count < quadCount {
            quads.append(contentsOf: repeatElement(WideContact(), count: quadCount - quads.count))
        } else if quads.count > quadCount {
            quads.removeLast(quads.count - quadCount)
        }
        peakQuads = max(peakQuads, quadCount)
        return true
    }

    /// Writes the quads `range` from the constraints their lanes hold (`sources`): each quad is written from its
    /// own constraints only, so the quads can be written in any split.
    @inline(__always)
    static func writeQuads(_ range: Range<Int>, _ quads: UnsafeMutableBufferPointer<WideContact>,
                           _ sources: UnsafeBufferPointer<SIMD4<Int32>>,
                           _ constraints: UnsafeMutablePointer<ContactConstraint>, states: UnsafeMutablePointer<BodyState>) {
        let base = quads.baseAddress.unsafelyUnwrapped
        // The quads go in solve order, the prepared constraints lie in step order: each quad's constraints are
        // asked for two quads ahead, their bodies' masses one quad ahead (by then the constraints that name the
        // bodies have arrived).
        let upper = range.upperBound
        for k in range.lowerBound..<min(range.lowerBound + 2, upper) {
            prefetchConstraints(of: sources[k], constraints)
        }
        if !range.isEmpty { prefetchMasses(of: sources[range.lowerBound], constraints, states) }
        for k in range {
            if k + 2 < upper { prefetchConstraints(of: sources[k + 2], constraints) }
            if k + 1 < upper { prefetchMasses(of: sources[k + 1], constraints, states) }
            WideContact.write(base + k, sources[k], constraints, states: states)
        }
    }

    /// `writeQuads` when the block-solved constraints (kind 0) were left unprepared (`StepJob.prepareContacts`):
    /// their quads are prepared here, four constraints at once (`BlockQuad`).
    @discardableResult
    static func writeQuads(_ range: Range<Int>, _ quads: UnsafeMutableBufferPointer<WideContact>,
                           _ sources: UnsafeBufferPointer<SIMD4<Int32>>,
                           _ constraints: UnsafeMutablePointer<ContactConstraint>,
                           states: UnsafeMutablePointer<BodyState>, _ u: BlockQuad.Unprepared) -> QuadsWritten {
        let base = quads.baseAddress.unsafelyUnwrapped, upper = range.upperBound
        let bodies = u.bodies.baseAddress.unsafelyUnwrapped
        // The constraints' links are asked for four quads ahead, what preparing them reads two quads ahead (a
        // prepared one's record, as `writeQuads` does).
        @inline(__always) func prefetchLinks(_ k: Int) {
            guard k < upper else { return }
            for l in 0..<4 where sources[k][l] >= 0 { luadyn_prefetch(u.links + Int(sources[k][l])) }
        }
        @inline(__always) func prefetchInputs(_ k: Int) {
            guard k < upper else { return }
            let s = sources[k]
            guard u.makes || u.kinds[Int(s[0])] == 0 else {
                prefetchConstraints(of: s, constraints)
                return
            }
            for l in 0..<4 where s[l] >= 0 {
                ContactPrefetch.preparation(u.links[Int(s[l])], touches: u.touches, bodies: bodies, states: states)
            }
        }
        for k in range.lowerBound..<min(range.lowerBound + 4, upper) { prefetchLinks(k) }
        for k in range.lowerBound..<min(range.lowerBound + 2, upper) { prefetchInputs(k) }
        // With the last step's slots to keep, the quads keep them while each quad's bodies are the bodies those
        // slots name (the naming would give the same); from the first that differs on, and back to the range's
        // start, they hold body indices, to be named.
        var naming = u.slotSources == nil
        for k in range {
            prefetchLinks(k + 4)
            prefetchInputs(k + 2)
            let lastA = base[k].bodyA, lastB = base[k].bodyB
            guard writeQuad(base + k, sources[k], constraints, states: states, u) else { return .kindChanged }
            guard !naming, let slotSources = u.slotSources else { continue }
            if keepsSlots(base + k, lastA, lastB, slotSources, u.slotCount) { continue }
            naming = true
            SolverBodies.restore(UnsafeMutableBufferPointer(rebasing: quads[range.lowerBound..<k]), sources: slotSources)
        }
        return naming ? .named : .slotsKept
    }

    /// What `writeQuads` did when the block-solved constraints were left unprepared.
    enum QuadsWritten: UInt8 {
        /// The quads hold the last step's slots (only with `BlockQuad.Unprepared.slotSources`).
        case slotsKept = 0
        /// A constraint's kind was not the last step's (only with `BlockQuad.Unprepared.makes`); the quads from
        /// there on are not written.
        case kindChanged = 1
        /// The quads hold body indices, for `nameSolverBodies`.
        case named = 2
    }

    /// Puts the slots `lastA` and `lastB` back into `quad`, just written with body indices, when the slots name
    /// those bodies in `slotSources` (`SolverBodies.sources` of the last step, `count` of them); false otherwise.
    @inline(__always)
    private static func keepsSlots(_ quad: UnsafeMutablePointer<WideContact>, _ lastA: SIMD4<Int32>,
                                   _ lastB: SIMD4<Int32>, _ slotSources: UnsafePointer<Int32>, _ count: Int) -> Bool {
        for l in 0..<4 {
            let a = Int(lastA[l]), b = Int(lastB[l])
            guard a >= 0 && a < count && b >= 0 && b < count, slotSources[a] == quad.pointee.bodyA[l],
                  slotSources[b] == quad.pointee.bodyB[l] else { return false }
        }
        quad.pointee.bodyA = lastA
        quad.pointee.bodyB = lastB
        return true
    }

    /// Writes the quad of the constraints at `sources` into `quad` (see `writeQuads`); false when a constraint's
    /// kind is not the one `u.kinds` gives (only when `u.makes`: the constraints were not prepared for their kinds).
    @inline(__always)
    private static func writeQuad(_ quad: UnsafeMutablePointer<WideContact>, _ s: SIMD4<Int32>,
                                  _ constraints: UnsafeMutablePointer<ContactConstraint>,
                                  states: UnsafeMutablePointer<BodyState>, _ u: BlockQuad.Unprepared) -> Bool {
        @inline(__always) func link(_ l: Int) -> SIMD4<Int32> { u.links[Int(s[s[l] >= 0 ? l : 0])] }
        // Made and prepared here, from its link.
        @inline(__always) func prepare(_ i: Int) {
            ContactSolver.prepare(&constraints[i], link: u.links[i], touches: u.touches, bodies: u.bodies,
                                  states: u.states, contactSoftness: u.contactSoftness, staticSoftness: u.staticSoftness)
        }
        if u.kinds[Int(s[0])] == 0 {
            let used = s[3] >= 0 ? 4 : s[2] >= 0 ? 3 : s[1] >= 0 ? 2 : 1
            if BlockQuad.prepare(quad, (link(0), link(1), link(2), link(3)), used: used, touches: u.touches,
                                 bodies: u.bodies.baseAddress.unsafelyUnwrapped, states: states, softness: u.softness) {
                // Not made before: one with restitution is prepared for the impacts.
                if u.makes {
                    for l in 0..<4 where s[l] >= 0 && u.touches[Int(u.links[Int(s[l])].w)].restitution > 0 {
                        prepare(Int(s[l]))
                    }
                }
                return true
            }
            // The kinds came from the same arithmetic, so this does not happen for the kinds of this step; were
            // it to, the constraints are prepared here after all.
            if u.makes { return false }
            for l in 0..<4 where s[l] >= 0 { prepare(Int(s[l])) }
        } else if u.makes {
            for l in 0..<4 where s[l] >= 0 {
                let i = Int(s[l])
                prepare(i)
                if kind(of: constraints + i) != u.kinds[i] { return false }
            }
        }
        WideContact.write(quad, s, constraints, states: states)
        return true
    }

    @inline(__always)
    private static func prefetchConstraints(of sources: SIMD4<Int32>, _ constraints: UnsafePointer<ContactConstraint>) {
        for l in 0..<4 where sources[l] >= 0 { ContactPrefetch.record(constraints + Int(sources[l])) }
    }

    @inline(__always)
    private static func prefetchMasses(of sources: SIMD4<Int32>, _ constraints: UnsafePointer<ContactConstraint>,
                                       _ states: UnsafeMutablePointer<BodyState>) {
        for l in 0..<4 where sources[l] >= 0 {
            ContactPrefetch.masses(of: constraints + Int(sources[l]), states: states)
        }
    }

    /// Moves the rows of `rows[from..<to]` for which `isFirst` holds before the others and returns where the others
    /// start. The order within a group does not matter: its constraints share no moving body.
    private static func partition(_ rows: UnsafeMutableBufferPointer<Int32>, _ from: Int, _ to: Int,
                                  _ isFirst: (Int32) -> Bool) -> Int {
        var split = from, k = to - 1
        while split <= k {
            if isFirst(rows[split]) {
                split += 1
            } else {
                rows.swapAt(split, k)
                k -= 1
            }
        }
        return split
    }

    /// How many quads the build writes before it names their solver bodies (`SolverBodies.name`): 36 KB of quads,
    /// which are still in the cache then.
    static let namingBatch = 64

    /// The quads of one group whose rows lie block-solved first (`blockRows`), then the other two-point ones
    /// (`twoPointRows`), then the one-point ones, `rows` in all: the block-solved rows four to a quad, then the rest
    /// four to a quad, where a quad whose first constraint has two points goes with the two-point quads.
    struct GroupQuads {
        let block: Int, twoPoint: Int, other: Int
        init(blockRows: Int, twoPointRows: Int, rows: Int) {
            block = (blockRows + 3) / 4
            twoPoint = (twoPointRows + 3) / 4
            other = (rows - blockRows + 3) / 4
        }
        /// Quads of the group.
        var count: Int { block + other }
    }

    /// Appends the run and the `LaneGroup` of a group of `shape` whose quads start at `quadStart`, after `direct`
    /// block-solved quads prepared four constraints at once (`build(preparing:...)`), which count with its own.
    private static func appendGroup(at quadStart: Int, _ shape: GroupQuads, direct: Int = 0,
                                    runs: inout ContiguousArray<Int32>, groups: inout ContiguousArray<LaneGroup>) {
        let onePoint = shape.other - shape.twoPoint
        appendRun((Int32(direct + shape.block), Int32(shape.twoPoint), Int32(onePoint)), to: &runs)
        groups.append(LaneGroup(quadStart: Int32(quadStart), blockQuads: Int32(direct + shape.block),
                                twoPointQuads: Int32(shape.twoPoint), onePointQuads: Int32(onePoint)))
    }

    /// How many kinds a run counts (see `runs`).
    static let kinds = 3

    /// Appends a group's run, merged into the previous run when every kind the new run holds comes after every kind
    /// the previous one holds: the merged run then still solves all of the previous group first.
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

    /// Keeps the impulses of every quad in the touch records of the constraints they came from, for the next step's
    /// warm start (`ContactSolver.store`): straight from the quads, without a pass through the constraints.
    func storeImpulses(into touches: UnsafeMutableBufferPointer<ContactTouch>) {
        guard let touchBase = touches.baseAddress else { return }
        let prefetching = preparedInSolveOrder
        withStoreBuffers { quads, sources, links in
            Self.storeImpulses(quads.indices, quads, sources, links, into: touchBase, prefetching: prefetching)
        }
    }

    /// Runs `body` with the quads and what writing them reads: each lane's constraint, and the constraints' links.
    mutating func withQuadBuffers<R>(_ body: (UnsafeMutableBufferPointer<WideContact>, UnsafeBufferPointer<SIMD4<Int32>>,
                                              UnsafeBufferPointer<SIMD4<Int32>>) -> R) -> R {
        let sources = self.sources, links = solveOrder.links
        return quads.withUnsafeMutableBufferPointer { quads in
            sources.withUnsafeBufferPointer { sources in
                links.withUnsafeBufferPointer { links in body(quads, sources, links) }
            }
        }
    }

    /// Runs `body` with what storing the impulses reads in raw buffers: the quads, each lane's constraint, and the
    /// constraints' links (`ContactSolveOrder.links`, whose fourth number is the touch record).
    func withStoreBuffers<R>(_ body: (UnsafeBufferPointer<WideContact>, UnsafeBufferPointer<SIMD4<Int32>>,
                                      UnsafeBufferPointer<SIMD4<Int32>>) -> R) -> R {
        quads.withUnsafeBufferPointer { quads in
            sources.withUnsafeBufferPointer { sources in
                solveOrder.links.withUnsafeBufferPointer { links in body(quads, sources, links) }
            }
        }
    }

    /// Keeps the impulses of the quads `range` in their constraints' touch records (see `storeImpulses(into:)`).
    /// Each quad writes its own constraints' records only, so the quads can be stored in any split.
    @inline(__always)
    static func storeImpulses(_ range: Range<Int>, _ quads: UnsafeBufferPointer<WideContact>,
                              _ sources: UnsafeBufferPointer<SIMD4<Int32>>, _ links: UnsafeBufferPointer<SIMD4<Int32>>,
                              into touches: UnsafeMutablePointer<ContactTouch>, prefetching: Bool = true) {
        // The lane's impulses go through a constraint record that stays in the cache.
        var lane = ContactConstraint(contact: 0, bodyA: 0, bodyB: 0)
        // The touch records are asked for `ContactPrefetch.distance` constraints ahead, in quads, and the links
        // that name them twice as far ahead: the quads go in solve order, the links lie in step order and the
        // records in contact order, and after the sub-steps neither is in the cache.
        let ahead = prefetching ? ContactPrefetch.distance / 4 : 0, upper = range.upperBound
        for k in range.lowerBound..<min(range.lowerBound + 2 * ahead, upper) { prefetchLinks(of: sources[k], links) }
        for k in range.lowerBound..<min(range.lowerBound + ahead, upper) {
            prefetchTouches(of: sources[k], links, touches)
        }
        for k in range {
            if prefetching {
                if k + 2 * ahead < upper { prefetchLinks(of: sources[k + 2 * ahead], links) }
                if k + ahead < upper { prefetchTouches(of: sources[k + ahead], links, touches) }
            }
            let quad = sources[k]
            for l in 0..<4 where quad[l] >= 0 {
                quads[k].storeImpulses(lane: l, into: &lane)
                ContactSolver.store(lane, into: &touches[Int(links[Int(quad[l])].w)])
            }
        }
    }

    /// Asks for the links of a quad's constraints (`sources`).
    @inline(__always)
    private static func prefetchLinks(of sources: SIMD4<Int32>, _ links: UnsafeBufferPointer<SIMD4<Int32>>) {
        let base = links.baseAddress.unsafelyUnwrapped
        for l in 0..<4 where sources[l] >= 0 { luadyn_prefetch(base + Int(sources[l])) }
    }

    /// Asks for what storing the impulses of a quad's constraints (`sources`) reads and writes of their touch
    /// records (see `ContactPrefetch.store`).
    @inline(__always)
    private static func prefetchTouches(of sources: SIMD4<Int32>, _ links: UnsafeBufferPointer<SIMD4<Int32>>,
                                _ touches: UnsafePointer<ContactTouch>) {
        for l in 0..<4 where sources[l] >= 0 { ContactPrefetch.store(touches + Int(links[Int(sources[l])].w)) }
    }

    /// Bytes of room in the arrays beside the quads and their sources: the solve order, the staging buffers and the
    /// watches' slots.
    var scratchBytes: Int {
        solveOrder.storageBytes + staged.capacity * MemoryLayout<ContactConstraint>.stride
            + (rows.capacity + stagedPlaces.capacity + slotOfConstraint.capacity) * MemoryLayout<Int32>.stride
    }

    /// Starts afresh, giving back all its room, when no build since the last call made more than an eighth of the
    /// quads it has room for (and that room is at least `idleQuads`): a set of lanes that once held a large island
    /// and now holds small ones (a partition's, after the pile that made the island was split or left to another
    /// set) would otherwise keep the island's quads, solver bodies and colours for good. What the builds compute
    /// never depends on the room they find, nor on the solve order kept from the last build (`ContactSolveOrder`).
    mutating func releaseIdleRoom() {
        defer { peakQuads = 0 }
        guard quads.capacity >= Self.idleQuads, peakQuads * 8 <= quads.capacity else { return }
        var fresh = ContactLanes()
        fresh.grouping = grouping
        fresh.kernel = kernel
        fresh.colouring.minimumIsland = colouring.minimumIsland
        self = fresh
    }

    /// The least room in quads `releaseIdleRoom` gives back: below it, the room costs less than making it again.
    static let idleQuads = 64

    /// Bytes of room in all its arrays: the quads, their sources, the runs and groups, the solver bodies and the
    /// scratch (`scratchBytes`).
    var roomBytes: Int {
        quads.capacity * MemoryLayout<WideContact>.stride + sources.capacity * MemoryLayout<SIMD4<Int32>>.stride
            + runs.capacity * MemoryLayout<Int32>.stride + groups.capacity * MemoryLayout<LaneGroup>.stride
            + solverBodies.storageBytes + quadLanes.storageBytes + unitChecks.capacity + scratchBytes
    }

    /// Runs `body` with the schedule and what storing the impulses reads (see `withStoreBuffers`), for a sub-step
    /// loop that keeps the impulses itself (`ContactStageJob`).
    mutating func withSchedule<R>(_ body: (LaneSchedule, UnsafeBufferPointer<SIMD4<Int32>>,
                                           UnsafeBufferPointer<SIMD4<Int32>>) -> R) -> R {
        let sources = self.sources, links = solveOrder.links
        return sources.withUnsafeBufferPointer { sources in
            links.withUnsafeBufferPointer { links in
                withSchedule { schedule in body(schedule, sources, links) }
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
                        quadLanes.withBuffers { lanes in
                            body(LaneSchedule(quads: quads, runs: runs, groups: groups, bodies: bodies, lanes: lanes,
                                              kernel: kernel))
                        }
                    }
                }
            }
        }
    }
}
