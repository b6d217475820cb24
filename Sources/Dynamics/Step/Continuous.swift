/// Which continuous sweeps a body gets this step, decided from how far it travelled.
///
/// The rule (Box2D's for ordinary bodies, plus an automatic bullet), with extents as in `Body.minExtent`:
/// - a body that travelled at most half its smallest extent is not swept: speculative contacts and the solver keep
///   it out of anything it meets;
/// - one that travelled farther is swept against static shapes, which nothing pushes back out of the way;
/// - it is also swept against a dynamic body (one not itself fast) only when it travelled more than its own
///   smallest extent plus half the other's. Short of that, two bodies that meet during the step end it overlapping by
///   less than the sum of their half-widths (the other body moves less than half of its own, or it would be fast
///   too), so the contact of the next step pushes them apart along the side they met on: the solver resolves it
///   without a sweep. Beyond it a body could pass the other whole, or be pushed out through its far side.
enum SweepReach: Equatable {
    case none
    case staticOnly
    case everything

    /// The sweeps for a body that travelled `travel` points (including what its turning adds at its farthest point)
    /// with smallest extent `minExtent`, in a world whose thinnest dynamic body has smallest extent `thinnest`.
    static func of(travel: Double, minExtent: Double, thinnest: Double) -> SweepReach {
        if travel <= 0.5 * minExtent { return .none }
        return reachesDynamic(travel: travel, minExtent: minExtent, otherExtent: thinnest) ? .everything : .staticOnly
    }

    /// Whether a body that travelled `travel` with smallest extent `minExtent` is swept against a dynamic body of
    /// smallest extent `otherExtent`.
    @inline(__always)
    static func reachesDynamic(travel: Double, minExtent: Double, otherExtent: Double) -> Bool {
        travel > minExtent + 0.5 * otherExtent
    }
}

extension PhysicsWorld {
    /// Fast bodies are swept over the step against what they could tunnel through and stopped at the first touch;
    /// the speculative contacts of the next step then take over. `SweepReach` says which bodies count as fast and
    /// what they are swept against; targets are taken where they ended the step. Two fast bodies crossing each other
    /// are left to the speculative contacts.
    ///
    /// The fast bodies come marked (`Body.isFast`): the motion's write-back marks each dynamic body with a shape
    /// that travelled more than half its smallest extent (a kinematic body goes where its velocity takes it, through
    /// anything), rather than listing them: a falling pile has thousands of them every step, and a list made anew
    /// each step left the allocator blocks it grew out of. A sweep moves only its own body, so a body's travel reads
    /// the same when marked and when swept.
    mutating func solveContinuous(inputs: ContiguousArray<VelocityInput>, dt: Double) {
        // Sleeping bodies are targets too, so the thinnest is looked for over every dynamic body with a shape.
        var thinnest = Double.infinity
        for i in bodies.indices where bodies[i].inUse && bodies[i].isDynamic && bodies[i].shape >= 0 {
            thinnest = min(thinnest, bodies[i].minExtent)
        }
        // Targets are judged by where they ended the step, so the order of the fast bodies does not matter.
        for input in inputs where bodies[Int(input.body)].isFast {
            let travel = travel(ofBody: Int(input.body), dt: dt)
            let reach = SweepReach.of(travel: travel, minExtent: bodies[Int(input.body)].minExtent, thinnest: thinnest)
            sweep(input.body, travel: travel, reach: reach)
        }
        for input in inputs { bodies[Int(input.body)].isFast = false }
    }

    /// How far body `i` travelled this step, with what its turning adds at its farthest point.
    @inline(__always)
    private func travel(ofBody i: Int, dt: Double) -> Double {
        Self.travel(of: bodies[i], dt: dt)
    }

    /// How far `body` travelled this step, with what its turning adds at its farthest point.
    @inline(__always)
    static func travel(of body: borrowing Body, dt: Double) -> Double {
        (body.center - body.center0).length + abs(body.w) * dt * body.maxExtent
    }

    private mutating func sweep(_ bodyIndex: Int32, travel: Double, reach: SweepReach) {
        let i = Int(bodyIndex)
        // Static-only sweeps have nothing to do in a world without static shapes (a tumbler's walls are items).
        if reach == .staticOnly && !broadPhase.hasStaticProxies { return }
        let motion = Sweep(localCenter: bodies[i].localCenter, c1: bodies[i].center0, c2: bodies[i].center,
                          q1: bodies[i].q0, q2: bodies[i].q)
        // Every shape of the body is swept (an item group has one per member); the first touch of any stops it.
        var fraction = 1.0
        var own = bodies[i].shape
        while own >= 0 {
            defer { own = shapes[Int(own)].nextOnBody }
            guard shapes[Int(own)].proxy >= 0 else { continue }
            fraction = sweep(shape: own, of: bodyIndex, motion, travel: travel, reach: reach, within: fraction)
        }
        if fraction < 1 {
            let xf = motion.transform(at: fraction)
            bodies[i].setTransform(origin: xf.p, q: xf.q)
            // The next step's speculative contact must exist to take over, and a sweep stopped within the TOI
            // target of a surface reports no time of impact the step after. So the proxy is fattened again around
            // where the body stopped: its box then reaches what it hit, and the pair is found at the next step.
            var shape = bodies[i].shape
            while shape >= 0 {
                defer { shape = shapes[Int(shape)].nextOnBody }
                let s = Int(shape)
                guard shapes[s].proxy >= 0 else { continue }
                let tight = shapes.withUnsafeBufferPointer { Self.box(Self.shapePointer($0, s), bodies[i].transform) }
                bounds[s].aabb = tight
                bounds[s].fatAABB = tight.expanded(by: Tolerance.aabbMargin)
                broadPhase.setFatAABB(shapes[s].proxy, bounds[s].fatAABB)
            }
        }
    }

    /// The earliest time of impact, below `limit`, of one of the body's shapes moving along `sweep` against what
    /// `reach` says it could tunnel through; `limit` when it meets nothing sooner.
    private mutating func sweep(shape shapeIndex: Int32, of bodyIndex: Int32, _ sweep: Sweep, travel: Double,
                                reach: SweepReach, within limit: Double) -> Double {
        let i = Int(bodyIndex)
        let startXF = Transform(p: bodies[i].center0 - bodies[i].q0.rotate(bodies[i].localCenter), q: bodies[i].q0)
        let endXF = bodies[i].transform
        let box = shapes.withUnsafeBufferPointer { sp in
            let own = Self.shapePointer(sp, Int(shapeIndex))
            return Self.box(own, startXF).union(Self.box(own, endXF))
        }
        var candidates = ContiguousArray<Int32>()
        swap(&candidates, &scratchCandidates)
        defer { swap(&candidates, &scratchCandidates) }
        candidates.removeAll(keepingCapacity: true)
        broadPhase.query(box, includingMoving: reach == .everything) { candidates.append($0); return true }
        var fraction = limit
        // Shape records are large: they are read in place, never copied, while the candidates are tried.
        shapes.withUnsafeBufferPointer { sp in
        bodies.withUnsafeBufferPointer { bp in
            let own = Int(shapeIndex)
            for s in candidates {
                let k = Int(s)
                guard s >= 0, k < sp.count, sp[k].inUse, sp[k].body != bodyIndex else { continue }
                let ob = Int(sp[k].body)
                if !sp[k].isStatic {
                    guard !bp[ob].isFast, SweepReach.reachesDynamic(travel: travel, minExtent: bp[i].minExtent,
                                                                     otherExtent: bp[ob].minExtent) else { continue }
                }
                guard sp[own].filter.shouldCollide(with: sp[k].filter) else { continue }
                let still = Sweep(localCenter: bp[ob].localCenter, c1: bp[ob].center, c2: bp[ob].center, q1: bp[ob].q, q2: bp[ob].q)
                let t = timeOfImpact(Self.shapePointer(sp, own), sweep, Self.shapePointer(sp, k), still,
                                     target: Tolerance.linearSlop, maxFraction: fraction)
                // Zero means the shapes already touch at the start: the contact solver deals with that.
                if t > 0 && t < fraction { fraction = t }
            }
        }
        }
        return fraction
    }

    /// The box around the shape at `p` placed by `xf`, read in place: `Shape.aabb` works on a copy of the whole
    /// shape (its inline storage is most of a kilobyte), and boxes are taken for every moving body every step.
    @inline(__always)
    static func box(_ p: UnsafePointer<Shape>, _ xf: Transform) -> AABB {
        let s = LocalPolygon(inPlace: p)
        guard s.count > 0 else { return AABB(lower: xf.p, upper: xf.p) }
        var lower = xf.apply(s.vertices[0])
        var upper = lower
        for i in 1..<s.count {
            let v = xf.apply(s.vertices[i])
            lower = minVector(lower, v)
            upper = maxVector(upper, v)
        }
        let r = Vector(s.radius, s.radius)
        return AABB(lower: lower - r, upper: upper + r)
    }
}
