/// What the world was last built from, so a sync changes only what changed.
struct SyncedState {
    var items: [DynamicItem] = []
    var collisions: [CollisionBehavior] = []
    var attachments: [AttachmentBehavior] = []
    var snaps: [SnapBehavior] = []
    var pushes: [PushBehavior] = []
    /// The item of each body handle (nil for the ground and freed handles).
    var itemOfBody: [DynamicItem?] = []
    /// The behaviour and identifier of each boundary segment, by shape handle. Looked up, never iterated.
    var boundaryOfShape: [Int32: (behavior: CollisionBehavior, id: BoundaryIdentifier?)] = [:]
    var nextGroup: Int32 = 0
}

/// Friction of boundary segments: 1, so the geometric mean leaves an item's own friction in charge.
let boundaryFriction: Double = 1

extension Animator {
    /// Brings the world in line with the behaviour tree and hand-made changes: bodies for new items, properties by
    /// the UIKit rules (item behaviour added last wins, gravities add up), shapes and filters, boundaries, joints.
    func syncWorld() {
        guard needsSync else {
            syncHandMovedItems()
            return
        }
        needsSync = false
        handMovedItems.removeAll()
        let tree = behaviors.flatMap(\.subtree)
        let items = knownItems
        var index: [ObjectIdentifier: Int] = [:]
        for (k, it) in items.enumerated() { index[ObjectIdentifier(it)] = k }

        // Items that left lose their bodies; new items get one.
        for it in synced.items where index[ObjectIdentifier(it)] == nil {
            world.destroyBody(it.bodyID)
            it.bodyID = -1
            it.shapeID = -1
            it.density = 1
        }
        for it in items where it.bodyID < 0 {
            it.bodyID = world.createBody(type: .dynamicBody, origin: it.center, angle: it.angle)
            it.shapeID = -1
            it.stateWasSetByHand = true
        }
        synced.itemOfBody = Array(repeating: nil, count: world.bodies.count)
        for it in items { synced.itemOfBody[Int(it.bodyID)] = it }

        let collisions = tree.compactMap { $0 as? CollisionBehavior }
        for c in collisions where c.group < 0 {
            c.group = synced.nextGroup
            synced.nextGroup &+= 1 // wrapping, never trapping, even after billions of behaviours
        }

        // Per-item properties.
        var winner = [DynamicItemBehavior?](repeating: nil, count: items.count)
        var gravity = [Vector](repeating: .zero, count: items.count)
        var itemGroups = [[Int32]](repeating: [], count: items.count)
        var boundaryGroups = [[Int32]](repeating: [], count: items.count)
        for b in tree {
            if let ib = b as? DynamicItemBehavior {
                for it in ib.items { if let k = index[ObjectIdentifier(it)] { winner[k] = ib } }
            } else if let g = b as? GravityBehavior {
                for it in g.items { if let k = index[ObjectIdentifier(it)] { gravity[k] += g.acceleration } }
            } else if let c = b as? CollisionBehavior {
                for it in c.items {
                    guard let k = index[ObjectIdentifier(it)] else { continue }
                    if c.collidesItems { itemGroups[k].append(c.group) }
                    if c.collidesBoundaries { boundaryGroups[k].append(c.group) }
                }
            }
        }
        for (k, it) in items.enumerated() {
            let ib = winner[k]
            let id = it.bodyID
            it.density = ib?.density ?? 1
            world.setBodyType(id, (ib?.anchored ?? false) ? .staticBody : .dynamicBody)
            let i = Int(id)
            world.bodies[i].fixedRotation = !(ib?.allowsRotation ?? true)
            let md = it.massData(density: it.density)
            world.bodies[i].setMass(md.mass, localCenter: md.center, inertia: md.rotationalInertia)
            world.bodies[i].linearDamping = ib?.resistance ?? 0
            world.bodies[i].angularDamping = ib?.angularResistance ?? 0
            world.bodies[i].gravity = gravity[k]
            (world.bodies[i].minExtent, world.bodies[i].maxExtent) = it.extents
            if it.stateWasSetByHand {
                it.stateWasSetByHand = false
                world.setBodyState(id, origin: it.center, angle: it.angle, velocity: it.velocity, angularVelocity: it.angularVelocity)
            }
            let filter = CollisionFilter(itemGroups: itemGroups[k].sorted(), boundaryGroups: boundaryGroups[k].sorted(), owner: -1)
            let friction = ib?.friction ?? 0, restitution = ib?.elasticity ?? 0
            if filter.isEmpty {
                if it.shapeID >= 0 { world.destroyShape(it.shapeID); it.shapeID = -1 }
            } else if it.shapeID < 0 {
                it.shapeID = world.createShape(body: id, shape: it.collisionShape, friction: friction, restitution: restitution, filter: filter)
            } else {
                let s = Int(it.shapeID)
                let old = world.shapes[s].filter
                if old.itemGroups != filter.itemGroups || old.boundaryGroups != filter.boundaryGroups { world.setFilter(it.shapeID, filter) }
                // Only on a change: it walks every contact.
                if world.shapes[s].friction != friction || world.shapes[s].restitution != restitution {
                    world.setMaterial(it.shapeID, friction: friction, restitution: restitution)
                }
            }
        }

        syncBoundaries(collisions)
        syncJoints(tree)
        synced.items = items
        synced.pushes = tree.compactMap { $0 as? PushBehavior }
        if needsWakeAll {
            needsWakeAll = false
            world.wakeAll()
        }
    }

    /// Puts the bodies of items moved by hand where their items now are; nothing else changed.
    private func syncHandMovedItems() {
        guard !handMovedItems.isEmpty else { return }
        for it in handMovedItems where it.stateWasSetByHand {
            it.stateWasSetByHand = false
            guard it.bodyID >= 0, it.animator === self else { continue }
            world.setBodyState(it.bodyID, origin: it.center, angle: it.angle, velocity: it.velocity, angularVelocity: it.angularVelocity)
        }
        handMovedItems.removeAll()
    }

    /// Rebuilds the boundaries that changed (by identifier and points) and drops those of removed behaviours.
    private func syncBoundaries(_ collisions: [CollisionBehavior]) {
        let current = Set(collisions.map(ObjectIdentifier.init))
        for c in synced.collisions where !current.contains(ObjectIdentifier(c)) {
            for built in c.builtBoundaries { dropShapes(built.shapes) }
            c.builtBoundaries.removeAll()
            c.group = -1
            c.boundariesChanged = true
        }
        for c in collisions where c.boundariesChanged {
            c.boundariesChanged = false
            let wanted = c.allBoundaries(referenceBounds: referenceBounds)
            var kept: [(id: BoundaryIdentifier?, polylines: [Polyline], shapes: [Int32])] = []
            var old = c.builtBoundaries
            for w in wanted {
                if let k = old.firstIndex(where: { $0.id == w.id && $0.polylines == w.polylines }) {
                    kept.append(old.remove(at: k))
                } else {
                    kept.append((w.id, w.polylines, makeBoundaryShapes(c, w.id, w.polylines)))
                }
            }
            for gone in old { dropShapes(gone.shapes) }
            c.builtBoundaries = kept
        }
        synced.collisions = collisions
    }

    /// Two-sided segments along every polyline, owned by the behaviour's group.
    private func makeBoundaryShapes(_ c: CollisionBehavior, _ id: BoundaryIdentifier?, _ lines: [Polyline]) -> [Int32] {
        let filter = CollisionFilter(itemGroups: [], boundaryGroups: [], owner: c.group)
        var shapes: [Int32] = []
        for line in lines {
            let p = line.points
            guard p.count >= 2 else { continue }
            let segmentCount = line.isClosed && p.count > 2 ? p.count : p.count - 1
            for s in 0..<segmentCount {
                let a = p[s], b = p[(s + 1) % p.count]
                guard a != b else { continue }
                let shape = world.createShape(body: PhysicsWorld.ground, shape: .segment(a, b), friction: boundaryFriction,
                                              restitution: 0, filter: filter)
                shapes.append(shape)
                synced.boundaryOfShape[shape] = (c, id)
            }
        }
        return shapes
    }

    private func dropShapes(_ shapes: [Int32]) {
        for s in shapes {
            world.destroyShape(s)
            synced.boundaryOfShape[s] = nil
        }
    }

    /// Makes, updates or removes the joints of attachments and snaps. Updates keep the warm-start impulses.
    private func syncJoints(_ tree: [DynamicBehavior]) {
        let attachments = tree.compactMap { $0 as? AttachmentBehavior }
        let snaps = tree.compactMap { $0 as? SnapBehavior }
        let current = Set(attachments.map(ObjectIdentifier.init) + snaps.map(ObjectIdentifier.init))
        for a in synced.attachments where !current.contains(ObjectIdentifier(a)) { world.destroyJoint(a.jointID); a.jointID = -1 }
        for s in synced.snaps where !current.contains(ObjectIdentifier(s)) { world.destroyJoint(s.jointID); s.jointID = -1 }
        for a in attachments {
            let bodyA = a.isAttachedToAnchor ? PhysicsWorld.ground : a.items[0].bodyID
            let bodyB = a.items[a.items.count - 1].bodyID
            a.jointID = place(a.makeJoint(bodyA: bodyA, bodyB: bodyB), at: a.jointID)
        }
        for s in snaps { s.jointID = place(s.makeJoint(body: s.item.bodyID), at: s.jointID) }
        synced.attachments = attachments
        synced.snaps = snaps
    }

    private func place(_ joint: Joint, at id: Int32) -> Int32 {
        guard id >= 0, Int(id) < world.joints.count, world.joints[Int(id)].inUse,
              world.joints[Int(id)].kind == joint.kind, world.joints[Int(id)].bodyB == joint.bodyB else {
            if id >= 0 { world.destroyJoint(id) }
            return world.createJoint(joint)
        }
        var j = joint
        let old = world.joints[Int(id)]
        j.linearImpulse = old.linearImpulse; j.angularImpulse = old.angularImpulse; j.axialImpulse = old.axialImpulse
        j.lowerImpulse = old.lowerImpulse; j.upperImpulse = old.upperImpulse; j.frictionImpulse = old.frictionImpulse
        world.joints[Int(id)] = j
        return id
    }

    /// Forces of continuous pushes (recomputed each step: an offset push turns with its item) and the impulses of
    /// instantaneous pushes that are due.
    func applyPushes() {
        // Only pushes put forces on bodies, so every body starts the frame without any; clearing all of them costs
        // less than looking each item's body up.
        world.bodies.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices { bodies[i].force = .zero; bodies[i].torque = 0 }
        }
        for p in synced.pushes where p.active {
            let f = p.force
            for it in p.items {
                let i = Int(it.bodyID)
                guard it.bodyID >= 0, i < world.bodies.count, world.bodies[i].isDynamic else { continue }
                let b = world.bodies[i]
                // The lever arm runs from the centre of mass to the push point (the offset turns with the item).
                let r = b.origin + b.q.rotate(p.targetOffset(for: it)) - b.center
                switch p.mode {
                case .continuous:
                    world.bodies[i].force += f
                    world.bodies[i].torque += cross(r, f)
                case .instantaneous:
                    world.wakeBody(it.bodyID)
                    world.bodies[i].v += b.invMass * f
                    world.bodies[i].w += b.invInertia * cross(r, f)
                }
            }
            if p.mode == .instantaneous { p.didFire() }
        }
    }

    /// Copies the bodies' state into the items after a step; the angle keeps its turns rather than wrapping.
    ///
    /// This runs for every item every frame: the items are lent from the synced list without a retain and release
    /// each.
    func writeBackItems() {
        world.bodies.withUnsafeBufferPointer { bodies in
            synced.items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    Unmanaged.passUnretained(items[i])._withUnsafeGuaranteedRef { it in
                        guard it.bodyID >= 0, Int(it.bodyID) < bodies.count else { return }
                        let b = bodies[Int(it.bodyID)]
                        let angle = it.angle + wrapAngle(b.q.angle - it.angle)
                        let v = b.v + cross(b.w, b.origin - b.center)
                        it.take(center: b.origin, angle: angle, velocity: v, angularVelocity: b.w)
                    }
                }
            }
        }
    }
}
