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
        let body = bodies[i]
        let shapeIndex = body.shape
        guard shapeIndex >= 0, shapes[Int(shapeIndex)].proxy >= 0 else { return }
        let rec = shapes[Int(shapeIndex)]
        let sweep = Sweep(localCenter: body.localCenter, c1: body.center0, c2: body.center, q1: body.q0, q2: body.q)
        let startXF = Transform(p: body.center0 - body.q0.rotate(body.localCenter), q: body.q0)
        let box = rec.shape.aabb(startXF).union(rec.shape.aabb(body.transform))
        var candidates: [Int32] = []
        broadPhase.query(box) { candidates.append($0); return true }
        var fraction = 1.0
        for s in candidates {
            guard s >= 0, Int(s) < shapes.count, shapes[Int(s)].inUse, shapes[Int(s)].body != bodyIndex else { continue }
            let ob = bodies[Int(shapes[Int(s)].body)]
            guard shapes[Int(s)].isStatic || !ob.isFast, rec.filter.shouldCollide(with: shapes[Int(s)].filter) else { continue }
            let still = Sweep(localCenter: ob.localCenter, c1: ob.center, c2: ob.center, q1: ob.q, q2: ob.q)
            let t = shapes.withUnsafeBufferPointer { sp in
                timeOfImpact(rec.shape, sweep, sp[Int(s)].shape, still, target: Tolerance.linearSlop, maxFraction: fraction)
            }
            // Zero means the shapes already touch at the start: the contact solver deals with that.
            if t > 0 && t < fraction { fraction = t }
        }
        if fraction < 1 {
            let xf = sweep.transform(at: fraction)
            bodies[i].setTransform(origin: xf.p, q: xf.q)
        }
    }
}
