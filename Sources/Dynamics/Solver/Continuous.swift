extension PhysicsWorld {
    /// Fast bodies are swept over the step against what they could tunnel through and stopped at the first touch;
    /// the speculative contacts of the next step then take over. Like Box2D's bullets, but for every fast body:
    /// the targets are static shapes (boundaries, anchored items) and dynamic bodies that are not fast themselves,
    /// taken where they ended the step. Two fast bodies crossing each other are left to the speculative contacts.
    mutating func solveContinuous(inputs: ContiguousArray<VelocityInput>, dt: Double) {
        var fast: [Int32] = []
        for input in inputs {
            let i = Int(input.body)
            guard bodies[i].shape >= 0 else { continue }
            // Box2D's test: a body is fast when it may move more than half its smallest extent in a step.
            let travel = (bodies[i].center - bodies[i].center0).length + abs(bodies[i].w) * dt * bodies[i].maxExtent
            if travel > 0.5 * bodies[i].minExtent {
                fast.append(input.body)
                bodies[i].isFast = true
            }
        }
        // Targets are judged by where they ended the step, so the order of the fast bodies does not matter.
        for b in fast { sweep(b) }
        for b in fast { bodies[Int(b)].isFast = false }
    }

    private mutating func sweep(_ bodyIndex: Int32) {
        let i = Int(bodyIndex)
        let shapeIndex = bodies[i].shape
        guard shapeIndex >= 0, shapes[Int(shapeIndex)].proxy >= 0 else { return }
        let sweep = Sweep(localCenter: bodies[i].localCenter, c1: bodies[i].center0, c2: bodies[i].center,
                          q1: bodies[i].q0, q2: bodies[i].q)
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
        broadPhase.query(box) { candidates.append($0); return true }
        var fraction = 1.0
        // Shape records are large: they are read in place, never copied, while the candidates are tried.
        shapes.withUnsafeBufferPointer { sp in
        bodies.withUnsafeBufferPointer { bp in
            let own = Int(shapeIndex)
            for s in candidates {
                let k = Int(s)
                guard s >= 0, k < sp.count, sp[k].inUse, sp[k].body != bodyIndex else { continue }
                let ob = Int(sp[k].body)
                guard sp[k].isStatic || !bp[ob].isFast, sp[own].filter.shouldCollide(with: sp[k].filter) else { continue }
                let still = Sweep(localCenter: bp[ob].localCenter, c1: bp[ob].center, c2: bp[ob].center, q1: bp[ob].q, q2: bp[ob].q)
                let t = timeOfImpact(Self.shapePointer(sp, own), sweep, Self.shapePointer(sp, k), still,
                                     target: Tolerance.linearSlop, maxFraction: fraction)
                // Zero means the shapes already touch at the start: the contact solver deals with that.
                if t > 0 && t < fraction { fraction = t }
            }
        }
        }
        if fraction < 1 {
            let xf = sweep.transform(at: fraction)
            bodies[i].setTransform(origin: xf.p, q: xf.q)
        }
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
