extension PhysicsWorld {
    /// Fast bodies are swept against static shapes (boundaries and anchored items) and stopped at the first touch,
    /// so a thin boundary cannot be tunnelled through between two steps. Dynamic-versus-dynamic is left to the
    /// speculative contacts, as in Box2D.
    mutating func solveContinuous(inputs: ContiguousArray<VelocityInput>, dt: Double) {
        for input in inputs {
            let b = bodies[Int(input.body)]
            guard b.shape >= 0 else { continue }
            // Box2D's test: a body is fast when it may move more than half its smallest extent in a step.
            let travel = (b.center - b.center0).length + abs(b.w) * dt * b.maxExtent
            if travel > 0.5 * b.minExtent { sweepAgainstStatics(input.body) }
        }
    }

    private mutating func sweepAgainstStatics(_ bodyIndex: Int32) {
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
            guard s >= 0, Int(s) < shapes.count else { continue }
            let other = shapes[Int(s)]
            guard other.inUse, other.isStatic, other.body != bodyIndex, rec.filter.shouldCollide(with: other.filter) else { continue }
            let ob = bodies[Int(other.body)]
            let staticSweep = Sweep(localCenter: ob.localCenter, c1: ob.center, c2: ob.center, q1: ob.q, q2: ob.q)
            let t = timeOfImpact(rec.shape, sweep, other.shape, staticSweep, target: Tolerance.linearSlop, maxFraction: fraction)
            // Zero means the shapes already touch at the start: the contact solver deals with that.
            if t > 0 && t < fraction { fraction = t }
        }
        if fraction < 1 {
            let xf = sweep.transform(at: fraction)
            bodies[i].setTransform(origin: xf.p, q: xf.q)
        }
    }
}
