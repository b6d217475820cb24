/// Per-body inputs of the velocity integration, computed once per step so the sub-step loop reads a small struct.
struct VelocityInput {
    var body: Int32
    var dv: Vector
    var dw: Double
    var linearDamping: Double
    var angularDamping: Double
}

extension PhysicsWorld {
    /// Advances the world by `dt` seconds in `substeps` sub-steps (the soft-step pipeline):
    /// contacts are updated, then each sub-step integrates velocities, warm starts, solves with position feedback,
    /// integrates positions and relaxes without it; restitution follows, then continuous collision and sleep.
    mutating func step(dt: Double, substeps: Int) {
        events.removeAll(keepingCapacity: true)
        guard dt > 0, substeps > 0 else { return }
        let h = dt / Double(substeps)
        let inverseH = 1 / h

        wakeJointNeighbours()
        updateContacts()

        // Body states for the solver: awake dynamic bodies move, all others stay zero with zero inverse mass.
        var states = ContiguousArray<BodyState>(repeating: BodyState(), count: bodies.count)
        var inputs = ContiguousArray<VelocityInput>()
        for i in bodies.indices where bodies[i].isSimulated {
            let b = bodies[i]
            states[i] = BodyState(v: b.v, w: b.w, dp: .zero, dq: .identity, invMass: b.invMass, invInertia: b.invInertia)
            bodies[i].center0 = b.center
            bodies[i].q0 = b.q
            inputs.append(VelocityInput(body: Int32(i), dv: h * (b.gravity + b.invMass * b.force), dw: h * b.invInertia * b.torque,
                                        linearDamping: 1 / (1 + h * b.linearDamping), angularDamping: 1 / (1 + h * b.angularDamping)))
        }

        var constraints = ContiguousArray<ContactConstraint>()
        for c in contacts.indices where contacts[c].inUse && contacts[c].touching {
            let a = bodies[Int(contacts[c].bodyA)], b = bodies[Int(contacts[c].bodyB)]
            guard a.isSimulated || b.isSimulated else { continue }
            constraints.append(ContactConstraint(contact: Int32(c), bodyA: contacts[c].bodyA, bodyB: contacts[c].bodyB))
        }
        var activeJoints = ContiguousArray<Int32>()
        for j in joints.indices where joints[j].inUse {
            if bodies[Int(joints[j].bodyA)].isSimulated || bodies[Int(joints[j].bodyB)].isSimulated { activeJoints.append(Int32(j)) }
        }

        let contactHertz = min(SolverTuning.contactHertz, 0.25 * inverseH)
        let contactSoftness = Softness(hertz: contactHertz, zeta: SolverTuning.contactDampingRatio, h: h)
        let staticSoftness = Softness(hertz: 2 * contactHertz, zeta: SolverTuning.contactDampingRatio, h: h)
        let context = JointContext(h: h, inverseH: inverseH,
                                   jointSoftness: Softness(hertz: 2 * contactHertz, zeta: SolverTuning.jointDampingRatio, h: h))

        bodies.withUnsafeMutableBufferPointer { bodyBuf in
        states.withUnsafeMutableBufferPointer { stateBuf in
        constraints.withUnsafeMutableBufferPointer { cons in
        joints.withUnsafeMutableBufferPointer { jointBuf in
            for i in cons.indices {
                ContactSolver.prepare(&cons[i], contact: contacts[Int(cons[i].contact)], bodies: bodyBuf, states: stateBuf,
                                      contactSoftness: contactSoftness, staticSoftness: staticSoftness)
            }
            for j in activeJoints { jointBuf[Int(j)].prepare(bodies: bodyBuf, context: context) }

            for _ in 0..<substeps {
                for input in inputs {
                    var s = stateBuf[Int(input.body)]
                    s.v = input.linearDamping * (s.v + input.dv)
                    s.w = input.angularDamping * (s.w + input.dw)
                    let speed2 = s.v.lengthSquared
                    if speed2 > SolverTuning.maxLinearSpeed * SolverTuning.maxLinearSpeed {
                        s.v = (SolverTuning.maxLinearSpeed / speed2.squareRoot()) * s.v
                    }
                    stateBuf[Int(input.body)] = s
                }
                for j in activeJoints { jointBuf[Int(j)].warmStart(states: stateBuf) }
                for i in cons.indices { ContactSolver.warmStart(cons[i], states: stateBuf) }
                for j in activeJoints { jointBuf[Int(j)].solve(states: stateBuf, context: context, useBias: true) }
                for i in cons.indices { ContactSolver.solve(&cons[i], states: stateBuf, inverseH: inverseH, useBias: true) }
                for input in inputs {
                    var s = stateBuf[Int(input.body)]
                    s.dp += h * s.v
                    s.dq = s.dq.integrated(by: h * s.w)
                    stateBuf[Int(input.body)] = s
                }
                for j in activeJoints { jointBuf[Int(j)].solve(states: stateBuf, context: context, useBias: false) }
                for i in cons.indices { ContactSolver.solve(&cons[i], states: stateBuf, inverseH: inverseH, useBias: false) }
            }
            for i in cons.indices { ContactSolver.applyRestitution(&cons[i], states: stateBuf) }
        }
        }
        }
        }
        for c in constraints { ContactSolver.store(c, into: &contacts[Int(c.contact)]) }

        finalizeBodies(states: states, inputs: inputs, dt: dt)
        if enableContinuous { solveContinuous(inputs: inputs, dt: dt) }
        updateProxies(inputs: inputs)
        if enableSleep { updateSleep(dt: dt) }
    }

    /// Writes the solved motion back to the bodies.
    private mutating func finalizeBodies(states: ContiguousArray<BodyState>, inputs: ContiguousArray<VelocityInput>, dt: Double) {
        let threshold = SolverTuning.sleepLinearThreshold
        for input in inputs {
            let i = Int(input.body)
            let s = states[i]
            var b = bodies[i]
            b.v = s.v
            b.w = b.fixedRotation ? 0 : s.w
            b.center = b.center0 + s.dp
            b.q = s.dq.multiplied(by: b.q0)
            b.origin = b.center - b.q.rotate(b.localCenter)
            if b.v.lengthSquared > threshold * threshold || abs(b.w) * b.maxExtent > threshold {
                b.sleepTime = 0
            } else {
                b.sleepTime += dt
            }
            bodies[i] = b
        }
    }

    /// A joint to a sleeping body wakes it when the other end is awake, so joined bodies act as one island.
    private mutating func wakeJointNeighbours() {
        for j in joints.indices where joints[j].inUse {
            let a = joints[j].bodyA, b = joints[j].bodyB
            if bodies[Int(a)].isSimulated && !bodies[Int(b)].isAwake { wakeBody(b) }
            if bodies[Int(b)].isSimulated && !bodies[Int(a)].isAwake { wakeBody(a) }
        }
    }

    /// New pairs from the broadphase become contacts; every contact with a moving body gets a new manifold, and
    /// changes of touching become events.
    mutating func updateContacts() {
        var pairs: [(Int32, Int32)] = []
        if proxyCount > 0 { broadPhase.updatePairs { a, b in pairs.append((a, b)) } }
        for (a, b) in pairs {
            guard a >= 0, b >= 0, Int(a) < shapes.count, Int(b) < shapes.count else { continue }
            let sa = shapes[Int(a)], sb = shapes[Int(b)]
            guard sa.inUse, sb.inUse, sa.body != sb.body, !(sa.isStatic && sb.isStatic),
                  sa.filter.shouldCollide(with: sb.filter) else { continue }
            createContact(a, b)
        }
        for c in contacts.indices where contacts[c].inUse {
            let contact = contacts[c]
            let bodyA = bodies[Int(contact.bodyA)], bodyB = bodies[Int(contact.bodyB)]
            guard bodyA.isSimulated || bodyB.isSimulated else { continue }
            let sa = shapes[Int(contact.shapeA)], sb = shapes[Int(contact.shapeB)]
            if !sa.fatAABB.overlaps(sb.fatAABB) {
                if contact.touching {
                    events.append(ContactEvent(shapeA: contact.shapeA, shapeB: contact.shapeB, began: false, point: .zero))
                }
                destroyContact(Int32(c))
                continue
            }
            let manifold = collide(sa.shape, bodyA.transform, sb.shape, bodyB.transform)
            contacts[c].update(with: manifold)
            let touching = contacts[c].touching
            if touching && !contact.touching {
                let point = manifold.point1?.point ?? manifold.point2?.point ?? .zero
                events.append(ContactEvent(shapeA: contact.shapeA, shapeB: contact.shapeB, began: true, point: point))
            } else if !touching && contact.touching {
                events.append(ContactEvent(shapeA: contact.shapeA, shapeB: contact.shapeB, began: false, point: .zero))
            }
            if touching {
                // A moving body touching a sleeping one wakes its island: they must be solved together.
                if !bodyA.isAwake { wakeBody(contact.bodyA) }
                if !bodyB.isAwake { wakeBody(contact.bodyB) }
            }
        }
    }

    /// Moves broadphase proxies of bodies whose tight boxes left their fattened ones.
    private mutating func updateProxies(inputs: ContiguousArray<VelocityInput>) {
        for input in inputs {
            let s = bodies[Int(input.body)].shape
            guard s >= 0, shapes[Int(s)].proxy >= 0 else { continue }
            let box = shapes[Int(s)].shape.aabb(bodies[Int(input.body)].transform)
            if !shapes[Int(s)].fatAABB.contains(box) {
                shapes[Int(s)].fatAABB = box.expanded(by: Tolerance.aabbMargin)
                broadPhase.moveProxy(shapes[Int(s)].proxy, aabb: shapes[Int(s)].fatAABB)
            }
        }
    }
}
