/// What the world was last built from, so a sync changes only what changed.
struct SyncedState {
    var items: [DynamicItem] = []
    /// Every behaviour of the tree, in tree order.
    var tree: [DynamicBehavior] = []
    /// The collision behaviours, in tree order: they sign up for contact events as they sync.
    var collisions: [CollisionBehavior] = []
    /// The behaviours with forces to apply every frame, in tree order.
    var frameForceSources: [DynamicBehavior] = []
    /// The item of each body handle (nil for the ground and freed handles).
    var itemOfBody: [DynamicItem?] = []
    /// The behaviour and identifier of each boundary segment, by shape handle. Looked up, never iterated.
    var boundaryOfShape: [Int32: (behavior: CollisionBehavior, id: BoundaryIdentifier?)] = [:]
    var nextGroup: Int32 = 0
    /// Set when a collision behaviour made, rebuilt or dropped boundary segments: the sync then links abutting ends
    /// across behaviours again (`linkBoundariesAcrossBehaviours`).
    var boundaryLinksStale = false
    /// The items and group members with an observer, told of every frame (see `DynamicItemObserver`).
    var observedItems: [DynamicItem] = []
    /// Where in `tree` the behaviours with an `action` are (`Animator.runActions`), and whether that is to be found
    /// again: after a sync, or once an action of the tree was set or cleared.
    var actionPlaces: [Int] = []
    var actionsStale = true
}

extension Animator {
    /// Every behaviour of the tree in order: each top-level behaviour, then its children depth first.
    var behaviorTree: [DynamicBehavior] {
        var out: [DynamicBehavior] = []
        DynamicBehavior.walk(behaviors) { out.append($0) }
        return out
    }

    /// What the behaviours of `tree` say about each item, gathered in tree order.
    func itemSettings(_ tree: [DynamicBehavior]) -> ItemSettingsTable {
        var table = ItemSettingsTable(items: knownItems)
        for b in tree { b.contribute(to: &table) }
        return table
    }

    /// Brings the world in line with the behaviour tree and hand-made changes: bodies for new items, properties by
    /// the UIKit rules (item behaviour added last wins, gravities add up), shapes and filters, then what each
    /// behaviour owns in the world (boundaries, joints).
    func syncWorld() {
        guard needsSync else {
            syncHandMovedItems()
            return
        }
        needsSync = false
        handMovedItems.removeAll()
        let tree = behaviorTree
        let (items, positions) = walkItems()

        // Items that left gave their bodies back when they left (`releaseBody`); new items get one, and so does an
        // item whose handles belong to another world.
        var table = ItemSettingsTable(items: items, positions: positions)
        var newBodies = 0, newShapes = 0
        for it in items where it.bodyID < 0 || it.bodyOwner !== self {
            newBodies += 1
            newShapes += it.groupParts?.members.count ?? 1
        }
        world.reserve(bodies: newBodies, shapes: newShapes)
        for it in items where it.bodyID < 0 || it.bodyOwner !== self {
            it.bodyID = world.createBody(type: .dynamicBody, origin: it.center, angle: it.angle)
            it.shapeID = -1
            it.bodyOwner = self
            it.stateWasSetByHand = true
        }
        synced.itemOfBody = Array(repeating: nil, count: world.bodies.count)
        for it in items { synced.itemOfBody[Int(it.bodyID)] = it }

        for b in tree where b.worldPartsOwner !== self {
            b.forgetWorldParts()
            b.worldPartsOwner = self
        }
        for b in tree { b.willSync(self) }
        for b in tree { b.contribute(to: &table) }
        var lastFilter = CollisionFilter()
        var shapes = ItemShapeReuse()
        for (k, it) in items.enumerated() { apply(table.settings[k], to: it, sharingWith: &lastFilter, &shapes) }

        syncWorldParts(tree)
        if synced.boundaryLinksStale {
            synced.boundaryLinksStale = false
            linkBoundariesAcrossBehaviours()
        }
        // Anchored items may have come, gone or moved: rows of tiles are found again.
        world.updateCoveredEdges()
        synced.items = items
        synced.observedItems = observedItems(items)
        synced.frameForceSources = tree.filter(\.appliesFrameForces)
        if needsWakeAll {
            needsWakeAll = false
            world.wakeAll()
        }
    }

    /// Gives an item's body and shape what the behaviours say: mass, damping, gravity, material and filter.
    /// `lastFilter` is the filter given to the item before, whose group lists this one shares when they are equal;
    /// `shapes`, the shapes made so far, which a new body of the same outline and size shares.
    private func apply(_ settings: ItemSettings, to it: DynamicItem, sharingWith lastFilter: inout CollisionFilter,
                       _ shapes: inout ItemShapeReuse) {
        let properties = settings.properties ?? ItemProperties()
        let id = it.bodyID
        it.density = properties.density
        it.charge = properties.charge
        let i = Int(id)
        let wasDynamic = world.bodies[i].isDynamic
        // An anchored item is static until it is given a velocity (see `PhysicsWorld.setBodyState`); once kinematic
        // it stays so while anchored, at rest when its velocity is zero.
        let type: BodyType = !properties.anchored ? .dynamicBody
            : world.bodies[i].type == .kinematicBody ? .kinematicBody : .staticBody
        world.setBodyType(id, type)
        if properties.anchored && wasDynamic && !it.velocityWasSetByHand && (it.velocity != .zero || it.angularVelocity != 0) {
            // Anchoring a moving item stops it; only a velocity given by hand makes an anchored item move.
            it.take(center: it.center, angle: it.angle, velocity: .zero, angularVelocity: 0)
        }
        // A path item's outline is made once here, for its mass and for its first shape: making one is a hull.
        var outline: Shape?
        if !it.isGroup, it.shapeID < 0, case .path = it.shape { outline = it.collisionShape }
        let md = outline.map { it.massData(density: it.density, of: $0) } ?? it.massData(density: it.density)
        let extents = it.extents
        // One access to the body for all its settings: each `world.bodies[i]` on its own checks the animator's
        // access to its world and the array's uniqueness again.
        world.updateBody(id) { b in
            b.fixedRotation = !properties.allowsRotation
            b.allowsSleep = properties.allowsSleep
            b.setMass(md.mass, localCenter: md.center, inertia: md.rotationalInertia)
            b.linearDamping = properties.resistance
            b.angularDamping = properties.angularResistance
            b.gravity = settings.gravity
            (b.minExtent, b.maxExtent) = extents
        }
        if it.stateWasSetByHand {
            it.stateWasSetByHand = false
            world.setBodyState(id, origin: it.center, angle: it.angle, velocity: it.velocity, angularVelocity: it.angularVelocity)
        }
        var filter = CollisionFilter(itemGroups: Self.sorted(settings.itemGroups),
                                     boundaryGroups: Self.sorted(settings.boundaryGroups), owner: -1)
        // Items mostly share their collision behaviours with the item before: their shapes then share its lists
        // (one block for all, not two small blocks per shape, about a hundred bytes an item).
        if filter.itemGroups == lastFilter.itemGroups { filter.itemGroups = lastFilter.itemGroups }
        if filter.boundaryGroups == lastFilter.boundaryGroups { filter.boundaryGroups = lastFilter.boundaryGroups }
        lastFilter = filter
        let friction = properties.friction, restitution = properties.elasticity
        if filter.isEmpty {
            while world.bodies[i].shape >= 0 { world.destroyShape(world.bodies[i].shape) }
            it.shapeID = -1
        } else if it.shapeID < 0 {
            // A group gets one shape per member on its one body; the world lists a body's shapes newest first. A
            // path item takes the outline made above; other items share the shape of an item of the same outline.
            if it.isGroup {
                if let g = it.groupParts { world.reserve(shapes: g.members.count, on: id) }
                for shape in it.collisionShapes {
                    it.shapeID = world.createShape(body: id, shape: shape, friction: friction, restitution: restitution,
                                                   filter: filter)
                }
            } else {
                it.shapeID = world.createShape(body: id, shape: outline ?? shapes.shape(for: it), friction: friction,
                                               restitution: restitution, filter: filter)
            }
        } else {
            var shape = world.bodies[i].shape
            while shape >= 0 {
                let s = Int(shape)
                let old = world.shapes[s].filter
                if old.itemGroups != filter.itemGroups || old.boundaryGroups != filter.boundaryGroups { world.setFilter(shape, filter) }
                // Only on a change: it walks every contact.
                if world.shapes[s].friction != friction || world.shapes[s].restitution != restitution {
                    world.setMaterial(shape, friction: friction, restitution: restitution)
                }
                shape = world.shapes[s].nextOnBody
            }
        }
    }

    /// The groups in increasing order: the list itself when it already is (usually, and then items keep sharing
    /// one list), else a sorted copy.
    private static func sorted(_ groups: [Int32]) -> [Int32] {
        var k = 1
        while k < groups.count {
            if groups[k - 1] > groups[k] { return groups.sorted() }
            k += 1
        }
        return groups
    }

    /// Every behaviour makes or updates its world parts, by `worldPartsOrder` and then tree order, so the world's
    /// handles do not depend on how kinds mix in the tree. (Behaviours that left gave theirs back when they left.)
    private func syncWorldParts(_ tree: [DynamicBehavior]) {
        synced.collisions.removeAll(keepingCapacity: true)
        world.reserve(joints: tree.reduce(0) { $0 + $1.jointsToMake })
        for b in Self.inPartsOrder(tree) { b.syncWorldParts(self) }
        synced.tree = tree
        synced.actionsStale = true
    }

    /// Stable by `worldPartsOrder`: one pass per kind of order (there are three), so a tree of thousands of
    /// attachments is not sorted.
    private static func inPartsOrder(_ list: [DynamicBehavior]) -> [DynamicBehavior] {
        let orders = list.map(\.worldPartsOrder)
        var out: [DynamicBehavior] = []
        out.reserveCapacity(list.count)
        var next = orders.min()
        while let current = next {
            next = nil
            for (k, order) in orders.enumerated() {
                if order == current {
                    out.append(list[k])
                } else if order > current, next.map({ order < $0 }) ?? true {
                    next = order
                }
            }
        }
        return out
    }

    /// A behaviour and its subtree left this animator: what they made in its world goes now, so they can join
    /// another animator (whose world their handles mean nothing in) before this one steps again.
    func releaseWorldParts(of removed: DynamicBehavior) {
        let gone = removed.subtree.filter { $0.worldPartsOwner === self }
        guard !gone.isEmpty else { return }
        for b in Self.inPartsOrder(gone) {
            b.removeWorldParts(self)
            b.worldPartsOwner = nil
        }
        // Every removal asks for a sync (`markChanged`), which walks the tree again, and until then a frame walks
        // the tree itself (`needsSync`). Emptying the old copy once, rather than filtering it per behaviour, keeps
        // taking out thousands of behaviours linear (filtering 19,800 pins for each cost 4.5 ms a removal).
        synced.tree.removeAll()
        synced.actionsStale = true
        let ids = Set(gone.map(ObjectIdentifier.init))
        synced.collisions.removeAll { ids.contains(ObjectIdentifier($0)) }
        synced.frameForceSources.removeAll { ids.contains(ObjectIdentifier($0)) }
    }

    /// An item left this animator: its body goes from the world now, so it can join another animator.
    func releaseBody(of item: DynamicItem) {
        guard item.bodyOwner === self else { return }
        let body = item.bodyID
        world.destroyBody(body)
        if body >= 0 && Int(body) < synced.itemOfBody.count { synced.itemOfBody[Int(body)] = nil }
        // It stays in `synced.items` until the next sync, which always comes before items are written back; with
        // no body it is skipped there.
        item.bodyID = -1
        item.shapeID = -1
        item.bodyOwner = nil
        item.density = 1
        item.charge = 0
    }

    /// Puts a behaviour's joint into the world: in place of its old one (keeping the warm-start impulses) when the
    /// kind and body are the same, else as a new joint. Returns the joint's handle.
    func placeJoint(_ joint: Joint, at id: Int32) -> Int32 {
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

    /// Puts the bodies of items moved by hand where their items now are; nothing else changed.
    private func syncHandMovedItems() {
        guard !handMovedItems.isEmpty else { return }
        var movedStatic = false
        for it in handMovedItems where it.stateWasSetByHand {
            it.stateWasSetByHand = false
            guard it.bodyID >= 0, it.animator === self else { continue }
            movedStatic = movedStatic || world.bodies[Int(it.bodyID)].type != .dynamicBody
            world.setBodyState(it.bodyID, origin: it.center, angle: it.angle, velocity: it.velocity, angularVelocity: it.angularVelocity)
        }
        handMovedItems.removeAll()
        if movedStatic { world.updateCoveredEdges() }
    }

    /// What may fail before the frame changes the world: a throw leaves it as it was.
    func prepareFrameForces() throws {
        for b in synced.frameForceSources { try b.prepareFrameForces(self) }
    }

    /// Every body starts the frame without forces and the world without fields; then each behaviour that applies
    /// forces every frame does (fields hand the world their sources and the bodies they hold).
    func applyFrameForces() {
        // Clearing all of them costs less than looking each item's body up.
        world.bodies.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices { bodies[i].force = .zero; bodies[i].torque = 0 }
        }
        world.fieldSources.removeAll(keepingCapacity: true)
        world.fieldLinks.removeAll(keepingCapacity: true)
        world.fieldTime = time
        for b in synced.frameForceSources { b.applyFrameForces(self) }
    }

    /// Whether the items' write-back is split across the worker pool (when it is free): a world of at least
    /// `ParallelTuning.minimumWork` items on several workers.
    var writeBackShared: Bool {
        let count = synced.items.count, tuning = world.parallelTuning
        return world.workerCount > 1 && count >= 2 * max(tuning.loopChunk, 1) && count >= tuning.minimumWork
    }

    /// Copies the bodies' state into the items after a step; the angle keeps its turns rather than wrapping.
    ///
    /// This runs for every item every frame: the items are lent from the synced list without a retain and release
    /// each, and a large world on several workers splits them across the pool (`ItemWriteBackJob`).
    /// `frameDuration`: the frame's seconds, for each item's net force (its mass times the change of its centre of
    /// mass's velocity over the frame), taken here because the item still holds the velocities from before it.
    /// `lent`: the worker pool when the caller holds it already (see `advance`); it is used, when the write-back is
    /// shared, and left held.
    func writeBackItems(frameDuration: Double, pool lent: WorkerPool? = nil) {
        let count = synced.items.count, tuning = world.parallelTuning
        let chunkMinimum = max(tuning.loopChunk, 1)
        let shares = writeBackShared
        let acquired = shares && lent == nil && WorkerPool.shared.tryAcquire(workers: world.workerCount)
        let pool = acquired ? WorkerPool.shared : shares ? lent : nil
        defer { if acquired { world.chunksSharedWithWorkers += WorkerPool.shared.release() } }
        guard let pool else {
            world.finishProxyMoves()
            world.bodies.withUnsafeBufferPointer { bodies in
                synced.items.withUnsafeBufferPointer { items in
                    for i in items.indices {
                        ItemWriteBackJob.writeBack(items, i, bodies: bodies, frameDuration: frameDuration)
                    }
                }
            }
            return
        }
        // The bodies are read through their own reference, not the world's: the proxy moves the step left (which
        // read the bodies and write only the fat boxes and the broadphase) are made on this thread meanwhile.
        let bodyStore = world.bodies
        bodyStore.withUnsafeBufferPointer { bodies in
            synced.items.withUnsafeBufferPointer { items in
                let (chunks, size) = pool.split(count, minimum: chunkMinimum)
                var job = ItemWriteBackJob(items: items, bodies: bodies, frameDuration: frameDuration, chunkSize: size)
                withUnsafeMutablePointer(to: &job) {
                    pool.run(ItemWriteBackJob.run, $0, chunks: chunks) { world.finishProxyMoves() }
                }
            }
        }
    }
}
