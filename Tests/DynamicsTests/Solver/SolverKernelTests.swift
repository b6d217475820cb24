import Testing
@testable import Dynamics

/// The contact kernels (`ContactKernel`): the Swift quad kernel, the C four-lane SSE2 one and the C eight-lane AVX2
/// one must give the same bits on quads from real scenes, pass by pass and over whole runs. The kernels a processor
/// lacks are skipped (an arm64 machine runs only the Swift one).
@Suite(.takesWorkerPoolTurn) struct SolverKernelTests {
    /// The kernels this processor runs, the Swift one first.
    static let kernels = ContactKernel.allCases.filter(\.isSupported)

    @Test func theCKernelsSeeTheSwiftLayout() {
        #expect(ContactKernel.layoutMatches)
        #if arch(x86_64)
        #expect(ContactKernel.best != .swift)
        #expect(Self.kernels.contains(.sse2))
        #endif
    }

    /// A pyramid of `rows` rows of boxes on the floor: block-solved two-point manifolds.
    static func pyramid(_ animator: Animator, rows: Int) throws -> [DynamicItem] {
        var items: [DynamicItem] = []
        for row in 0..<rows {
            for column in 0..<(rows - row) {
                let x = 600 + (Double(column) - Double(rows - row - 1) / 2) * 21, y = 590 - Double(row) * 20.5
                items.append(try box(x, y, side: 20))
            }
        }
        return items
    }

    /// A tumble of boxes of three sizes, bars, tilted boxes and balls dropped on one another: one-point manifolds
    /// (balls), two-point ones (boxes, bars), constraints between light and heavy bodies, sliding and rolling.
    static func heap(_ animator: Animator) throws -> [DynamicItem] {
        var items: [DynamicItem] = []
        for i in 0..<90 {
            let x = 420 + Double(i % 15) * 24 + Double(i / 15 % 2) * 7, y = 560 - Double(i / 15) * 34
            switch i % 5 {
            case 0: items.append(try ball(x, y, diameter: 14 + Double(i % 3) * 4))
            case 1: items.append(try DynamicItem(center: Vector(x, y), size: Vector(22, 8), angle: 0.3))
            case 2: items.append(try box(x, y, side: 12))
            case 3: items.append(try box(x, y, side: 20))
            default:
                let b = try box(x, y, side: 16)
                try b.setAngle(0.7)
                try b.setAngularVelocity(2)
                items.append(b)
            }
        }
        return items
    }

    /// A world of the items `build` makes, with gravity, friction and a boundary, after `frames` frames.
    static func world(frames: Int, _ build: (Animator) throws -> [DynamicItem]) throws -> (Animator, [DynamicItem]) {
        let animator = try Animator(referenceSize: Vector(1200, 600))
        animator.allowsSleep = false
        let items = try build(animator)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: items)
        try props.setFriction(0.6)
        for b in [collision, GravityBehavior(items: items), props] as [DynamicBehavior] { try animator.addBehavior(b) }
        try stepFrames(animator, frames)
        return (animator, items)
    }

    /// What a set of passes leaves: every float of the quads and the velocities of the states, as bit patterns.
    static func bits(_ quads: ContiguousArray<WideContact>, _ states: [BodyState]) -> [UInt64] {
        let floats = quads.withUnsafeBytes { raw in raw.bindMemory(to: UInt32.self).map { UInt64($0) } }
        return floats + states.flatMap { [$0.v.x.bitPattern, $0.v.y.bitPattern, $0.w.bitPattern] }
    }

    /// Builds the lanes of `constraints` for `kernel` and runs two sub-steps' contact passes on copies of
    /// `states`: warm start, solve, relax. With `splitting`, each group is warm started and solved in two slices
    /// (its first item, then the rest) the way workers share a group, so odd slices start and end anywhere.
    static func passes(_ kernel: ContactKernel, _ constraints: [ContactConstraint], _ states: [BodyState],
                       grouping: Bool = true, splitting: Bool = false) -> (bits: [UInt64], lanes: ContactLanes) {
        var states = states, constraints = constraints
        var lanes = ContactLanes()
        lanes.grouping = grouping
        lanes.kernel = kernel
        states.withUnsafeMutableBufferPointer { s in
            constraints.withUnsafeMutableBufferPointer { c in lanes.build(c, states: s) }
            lanes.withSchedule { schedule in
                #expect(schedule.kernel == kernel)
                for _ in 0..<2 {
                    if splitting {
                        for (useBias, warm) in [(true, true), (true, false), (false, false)] {
                            schedule.gather(states: s, motion: !warm)
                            for g in schedule.groups {
                                for items in [0..<min(1, g.itemCount), min(1, g.itemCount)..<g.itemCount] {
                                    if warm {
                                        schedule.warmStart(group: g, items: items)
                                    } else {
                                        schedule.solve(group: g, items: items, inverseH: 240, useBias: useBias)
                                    }
                                }
                            }
                            schedule.scatter(states: s)
                        }
                    } else {
                        schedule.warmStart(states: s)
                        schedule.solve(states: s, inverseH: 240, useBias: true)
                        schedule.solve(states: s, inverseH: 240, useBias: false)
                    }
                }
            }
        }
        return (bits(lanes.quads, states), lanes)
    }

    /// The constraints and states a world's last step solved. The constraints are prepared again here from the
    /// world's touch records: the one-thread step prepares each group of them into a buffer of its own as it writes
    /// their quads (`ContactLanes.build(preparing:...)`), so the step's array holds only their identities.
    static func lastStep(_ animator: Animator) -> ([ContactConstraint], [BodyState]) {
        let world = animator.world
        var constraints = Array(world.scratchConstraints), states = Array(world.scratchStates)
        var bodies = world.bodies
        let h = 1.0 / 240, soft = Softness(hertz: 30 * 240 / 4, zeta: 10, h: h)
        world.touches.withUnsafeBufferPointer { touches in
            bodies.withUnsafeMutableBufferPointer { bodies in
                states.withUnsafeMutableBufferPointer { states in
                    for i in constraints.indices {
                        ContactSolver.prepare(&constraints[i], touch: touches.baseAddress! + Int(constraints[i].touch),
                                              bodies: bodies, states: states, contactSoftness: soft,
                                              staticSoftness: Softness(hertz: 60 * 240 / 4, zeta: 10, h: h))
                    }
                }
            }
        }
        return (constraints, states)
    }

    /// How many quads of each kind the lanes hold, whether some group pairs two quads of a kind and whether some
    /// leaves one over.
    static func coverage(_ lanes: ContactLanes) -> (block: Int, two: Int, one: Int, pairs: Bool, tails: Bool) {
        var block = 0, two = 0, one = 0, pairs = false, tails = false
        for g in lanes.groups {
            block += Int(g.blockQuads); two += Int(g.twoPointQuads); one += Int(g.onePointQuads)
            for n in [g.blockQuads, g.twoPointQuads, g.onePointQuads] {
                if n >= 2 { pairs = true }
                if n % 2 == 1 { tails = true }
            }
        }
        return (block, two, one, pairs, tails)
    }

    /// Every kernel against the Swift one on the same inputs, whole and split; returns the Swift kernel's lanes.
    @discardableResult
    static func expectSameBits(_ constraints: [ContactConstraint], _ states: [BodyState], grouping: Bool = true,
                               _ what: String) -> ContactLanes {
        let reference = passes(.swift, constraints, states, grouping: grouping)
        // The passes did something: velocities and impulses moved.
        #expect(reference.bits != bits(reference.lanes.quads, states) || constraints.isEmpty, "\(what)")
        for kernel in kernels {
            for splitting in [false, true] {
                let other = passes(kernel, constraints, states, grouping: grouping, splitting: splitting).bits
                let firstDifference = other.indices.first { $0 >= reference.bits.count || other[$0] != reference.bits[$0] }
                #expect(other.count == reference.bits.count && firstDifference == nil,
                        "\(what): \(kernel), split \(splitting), first difference at \(String(describing: firstDifference))")
            }
        }
        return reference.lanes
    }

    @Test func everyKernelGivesTheSwiftKernelsBitsOnAPyramid() throws {
        let (animator, _) = try Self.world(frames: 40) { try Self.pyramid($0, rows: 20) }
        let (constraints, states) = Self.lastStep(animator)
        #expect(constraints.count > 200)
        let lanes = Self.expectSameBits(constraints, states, "pyramid")
        let c = Self.coverage(lanes)
        #expect(c.block > 20 && c.pairs && c.tails)
    }

    @Test func everyKernelGivesTheSwiftKernelsBitsOnAMixedHeap() throws {
        let (animator, _) = try Self.world(frames: 50) { try Self.heap($0) }
        var (constraints, states) = Self.lastStep(animator)
        let lanes = Self.expectSameBits(constraints, states, "heap")
        let c = Self.coverage(lanes)
        #expect(c.block > 0 && c.one > 0 && c.pairs && c.tails)
        // Two-point manifolds solved point by point: every other block-solved constraint loses its block.
        var unblocked = 0
        for i in constraints.indices where constraints[i].isBlockSolved && i % 2 == 0 {
            constraints[i].block = ContactBlock()
            unblocked += 1
        }
        #expect(unblocked > 10)
        let mixed = Self.expectSameBits(constraints, states, "heap, point by point")
        #expect(Self.coverage(mixed).two > 2)
        // Every constraint alone in a quad, in step order: three lanes of every quad empty, every group one quad.
        Self.expectSameBits(constraints, states, grouping: false, "heap, one by one")
        // Overlaps pushed out, gaps closed: the motion moved every body's anchors, so the separations changed.
        states = states.map { var s = $0; s.dp = s.dp + s.invMass * Vector(0.5, -0.25); return s }
        Self.expectSameBits(constraints, states, "heap, moved")
    }

    /// Item centres, angles and velocities after `frames` frames with the world on `kernel`, as bit patterns.
    static func run(_ kernel: ContactKernel, workers: Int = 1, frames: Int,
                    _ build: (Animator) throws -> [DynamicItem]) throws -> [UInt64] {
        let animator = try Animator(referenceSize: Vector(1200, 600))
        try animator.setWorkerCount(workers)
        if workers > 1 { animator.world.parallelTuning = .finest }
        animator.world.contactKernel = kernel
        animator.allowsSleep = false
        let items = try build(animator)
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: items)
        try props.setFriction(0.6)
        try props.setElasticity(0.2)
        for b in [collision, GravityBehavior(items: items), props] as [DynamicBehavior] { try animator.addBehavior(b) }
        try stepFrames(animator, frames)
        #expect(animator.world.scratchLanes.kernel == kernel)
        return items.flatMap {
            [$0.center.x, $0.center.y, $0.angle, $0.velocity.x, $0.velocity.y, $0.angularVelocity].map(\.bitPattern)
        }
    }

    @Test func worldsOnEveryKernelMoveAlike() throws {
        for (name, build) in [("pyramid", { try Self.pyramid($0, rows: 12) }), ("heap", Self.heap)]
            as [(String, (Animator) throws -> [DynamicItem])] {
            let reference = try Self.run(.swift, frames: 90, build)
            for kernel in Self.kernels {
                let alone = try Self.run(kernel, frames: 90, build) == reference
                #expect(alone, "\(name): \(kernel)")
                let twoWorkers = try Self.run(kernel, workers: 2, frames: 90, build) == reference
                #expect(twoWorkers, "\(name): \(kernel), 2 workers")
            }
        }
    }

    @Test func aKernelTheProcessorLacksGivesWayToTheWidestItHas() {
        for kernel in ContactKernel.allCases {
            #expect(kernel.supported.isSupported)
            #expect(kernel.supported == (kernel.isSupported ? kernel : ContactKernel.best))
        }
        #expect(ContactKernel.preferred.isSupported)
    }
}
