/// The rigid-body world: bodies, shapes, contacts and joints in contiguous storage with stable integer handles
/// (freed slots are reused, last freed first, so the same calls always give the same handles).
/// Body 0 is the ground: a static body at the origin that boundaries and fixed anchors belong to.
struct PhysicsWorld {
    var bodies = ContiguousArray<Body>()
    var shapes = ContiguousArray<ShapeRecord>()
    /// The boxes of each shape, by shape handle (see `ShapeBounds`).
    var bounds = ContiguousArray<ShapeBounds>()
    var contacts = ContiguousArray<Contact>()
    /// What touching contacts keep (manifold, material, impulses), by `Contact.touch`; freed slots are reused.
    var touches = ContiguousArray<ContactTouch>()
    /// Per contact handle, the face that last kept its polygons apart (`SeparatingFace`); only a hint for speed,
    /// so a slot reused by a new contact may keep an old one.
    var separatingFaces = ContiguousArray<UInt8>()
    var joints = ContiguousArray<Joint>()
    var broadPhase = BroadPhase()
    /// Contact of each shape pair. Used only for look-up, never iterated, so it cannot make the order vary.
    var contactOfPair = PairMap()
    /// Keys of pairs whose contacts the step's narrowphase walk destroyed, still in `contactOfPair`: taken out while
    /// the workers prepare the step's constraints (`finishPairRemovals`), in the order they were listed. Nothing
    /// reads the table between the walk and then; the step takes out any still listed before it returns.
    var pendingPairRemovals = ContiguousArray<UInt64>()
    var freeBodies: [Int32] = []
    var freeShapes: [Int32] = []
    var freeContacts: [Int32] = []
    var freeTouches: [Int32] = []
    var freeJoints: [Int32] = []
    /// Counts islands put to sleep, to tag them.
    var sleepCounter: Int32 = 0
    /// Contact events of the last step.
    var events: [ContactEvent] = []
    // Per-step working storage, kept to reuse its capacity (see `step`).
    var scratchStates = ContiguousArray<BodyState>()
    var scratchInputs = ContiguousArray<VelocityInput>()
    var scratchConstraints = ContiguousArray<ContactConstraint>()
    /// A byte a contact constraint, its kind (`ContactLanes.kind(of:)`), written where threads prepare them.
    var scratchContactKinds = ContiguousArray<UInt8>()
    var scratchJoints = ContiguousArray<Int32>()
    var scratchLanes = ContactLanes()
    var scratchWatches = ContiguousArray<ImpulseWatch>()
    /// The step's contact constraints that bounce (restitution above zero), by index.
    var scratchBouncing = ContiguousArray<Int32>()
    /// Per body, the last impact pass that changed its velocity (`ContactImpact.resolve`).
    var scratchImpactChanged = ContiguousArray<Int32>()
    /// Per body, how the sub-step's velocity integration changed its velocity (`VelocityChange`).
    var scratchImpactGains = ContiguousArray<VelocityChange>()
    /// Broadphase candidates of a continuous sweep, kept so each sweep reuses the storage.
    var scratchCandidates = ContiguousArray<Int32>()
    var scratchPairs = ContiguousArray<(Int32, Int32)>()
    /// What refreshing each contact did, when the contacts are refreshed on several threads.
    var scratchRefresh = ContiguousArray<ContactRefresh>()
    /// The joints' order for a step that splits them across threads.
    var scratchJointWave = JointWavefront()
    /// The colours of a step's large islands of joints, and their blocks when the colours are shared.
    var scratchJointColouring = JointColouring()
    /// Islands of at least this many joints are solved colour by colour (`JointColouring`): from compact rows in
    /// eight colours, the v3 joint grid costs less processor time than in step order and two workers share it
    /// (docs/performance.md, "Joint rows and eight colours").
    var jointColouringMinimumIsland = JointColouring().minimumIsland
    /// The code that solves the contact quads (`ContactKernel`): by default the widest this processor runs, or the
    /// one `LUADYN_CONTACT_KERNEL` names; one this processor lacks is replaced by the widest it has. Every kernel
    /// gives the same bits.
    var contactKernel = ContactKernel.preferred
    var scratchJointStages = JointColourStages()
    /// The compact rows of a step's joint solve (`JointRow`), kept for the next step's.
    var scratchJointRows = ContiguousArray<JointRow>()
    /// The touching contacts of a step that may be split by islands, the islands and their partitions, and one
    /// `ContactLanes` per thread solving partitions (`PartitionJob`).
    var scratchTouching = ContiguousArray<Int32>()
    /// One bit a body: whether the step integrates it (`PhysicsWorld.step`'s scan for touching contacts).
    var scratchSimulated = ContiguousArray<UInt64>()
    var scratchIslands = IslandPartitions()
    var scratchPartitionLanes = ContiguousArray<ContactLanes>()
    /// One buffer per thread solving partitions, for a partition's velocity inputs side by side.
    var scratchPartitionInputs = ContiguousArray<ContiguousArray<VelocityInput>>()
    /// One joint colouring per thread solving partitions.
    var scratchPartitionJointColourings = ContiguousArray<JointColouring>()
    /// Per partition or chunk of a solve job that writes the motion back, what it found (`FinalizeMark`).
    var scratchFinalizeMarks = ContiguousArray<UInt8>()
    /// Per chunk of the proxies' box job, the first and last input with a shape out of its fat box (`ProxyBoxJob`).
    var scratchProxyEscapes = ContiguousArray<Int32>()
    /// Bodies whose proxies the last step left to move (`finishProxyMoves`), in the order it found them: a step told
    /// to defer its proxy moves lists the bodies here instead, for its caller to move them while the workers write
    /// the items back. Empty once they are moved.
    var pendingProxyMoves = ContiguousArray<Int32>()
    /// Times pending proxy moves were made after their step (for tests).
    var proxyMovesMadeAfterStep = 0
    /// `growingRoom` when the allocator was last asked to give freed pages back (see `trimFreedMemoryAfterGrowth`).
    var roomAtLastTrim = 0
    /// Times the allocator was asked to give freed pages back: tests read it.
    var memoryTrims = 0
    /// Steps split by islands since the sets of partition lanes were last looked at (`releaseIdlePartitionLanes`).
    var stepsSinceIdleLaneCheck = 0
    /// Live broadphase proxies; with none, the broadphase is not asked for pairs at all.
    var proxyCount = 0
    /// The neighbours boundary segments took from the tiles they end on (`joinBoundaries(endingOn:_:)`): taken back before
    /// the seams are found again.
    var segmentGhostsFromTiles: [(shape: Int32, end: Int, ghost: Vector)] = []
    var enableSleep = true
    /// Set when the sleep pass puts bodies to sleep, cleared once a step finds none asleep: while it is clear, no
    /// joint has a sleeping end to wake and the step does not look (`wakeJointNeighbours`).
    var bodiesMayBeAsleep = false
    /// Threads a step may use, the calling one included (see `ParallelStep`); 1 steps on the calling thread only.
    /// Any number gives the same results bit for bit.
    var workerCount = 1
    /// When the step splits its work, and how finely.
    var parallelTuning = ParallelTuning()
    /// Chunks of this world's steps that worker threads ran (not the stepping thread): tests read it to know the
    /// work was really shared.
    var chunksSharedWithWorkers = 0
    /// Steps whose solve was split by islands (`IslandPartitions`), on several threads or one: tests read it to know
    /// that path ran.
    var stepsSplitByIslands = 0
    /// Steps split by islands whose heaviest partitions had their constraints prepared across the threads first
    /// (`IslandPartitions.sharePreparation`): tests read it to know that path ran.
    var stepsPreparedApart = 0
    /// Steps split by islands with a partition solved by all the threads together (`PartitionJob.solveTogether`):
    /// tests read it to know that path ran.
    var stepsSolvedTogether = 0
    /// Partitions laid out in lanes as in the step before (`PartitionLaneLayouts`), summed over the steps: tests
    /// read it to know that path ran.
    var partitionsArrangedAsBefore = 0
    /// Partitions whose layout kept from the step before was found not to hold (a constraint of another kind, or
    /// with other moving bodies) and that were arranged from scratch, summed over the steps.
    var partitionLayoutsReplaced = 0
    /// Whether partitions keep their lanes' layouts from step to step (`PartitionLaneLayouts`); off, every
    /// partition is arranged from scratch, which gives the same bits (tests compare the two).
    var keepsPartitionLaneLayouts = true
    /// Steps that solved a large island of joints colour by colour (`JointColouring`) on the whole-world path:
    /// tests read it to know that path ran.
    var stepsWithColouredJoints = 0
    /// Steps whose impulses were kept and motion written back by the solve's threads (`ParallelStep.finishSolve`,
    /// `PartitionJob`) rather than after the solve by the stepping thread: tests read it to know that path ran.
    var stepsFinishedInSolve = 0
    /// Shapes in use whose restitution is above zero. A touching contact bounces only when one of its shapes does
    /// (its restitution is the larger of theirs, `mixRestitution`), so with none the step skips looking for
    /// bouncing constraints, a pass over every touch record.
    private(set) var bouncyShapes = 0
    /// Steps whose whole sub-step loop was one pool job of coloured joints (`JointStageJob.runSubsteps`).
    var stepsWithJointSubstepsShared = 0
    /// Steps and partitions solved together whose whole sub-step loop was one pool job of contact stages
    /// (`ContactStageJob`).
    var stepsWithContactSubstepsShared = 0
    /// Steps whose threads wrote the quads of the last step's layout (`ParallelStep.writeKeptQuads`), and steps
    /// that tried and found a kind changed (for tests).
    var stepsWithQuadsKept = 0
    var stepsWithQuadsKeptTried = 0
    /// Steps whose kept quads also kept their solver bodies' slots (no naming).
    var stepsWithSlotsKept = 0
    /// Bodies slower than this (pt/s) for `SolverTuning.timeToSleep` may sleep.
    var sleepThreshold = SolverTuning.defaultSleepThreshold
    /// Contacts approaching slower than this (pt/s) do not bounce.
    var restitutionThreshold = SolverTuning.defaultRestitutionThreshold
    var enableContinuous = true
    /// The fields of this frame and the bodies each acts on, set by the animator before each step; the step
    /// evaluates them every sub-step (see FieldSource). `fieldTime` is the clock when the frame began.
    var fieldSources = ContiguousArray<FieldSource>()
    var fieldLinks = ContiguousArray<FieldLink>()
    var fieldTime: Double = 0

    static let ground: Int32 = 0

    init() {
        var g = Body()
        g.type = .staticBody
        bodies.append(g)
    }

    // MARK: Bodies

    /// Adds a body at `origin` (the item's centre) turned by `angle`.
    mutating func createBody(type: BodyType, origin: Vector, angle: Double) -> Int32 {
        var body = Body()
        body.type = type
        body.setTransform(origin: origin, q: Rotation(angle: angle))
        return Self.allocate(&bodies, &freeBodies, body)
    }

    /// Removes a body with its shape, contacts and joints.
    mutating func destroyBody(_ id: Int32) {
        guard isValidBody(id), id != Self.ground else { return }
        for j in joints.indices where joints[j].inUse && (joints[j].bodyA == id || joints[j].bodyB == id) {
            destroyJoint(Int32(j))
        }
        while bodies[Int(id)].shape >= 0 { destroyShape(bodies[Int(id)].shape) }
        bodies[Int(id)].inUse = false
        Self.release(&freeBodies, id)
    }

    func isValidBody(_ id: Int32) -> Bool { id >= 0 && Int(id) < bodies.count && bodies[Int(id)].inUse }

    /// Changes body `id`'s record in place through `change`, in one access to the bodies.
    @inline(__always)
    mutating func updateBody(_ id: Int32, _ change: (inout Body) -> Void) {
        change(&bodies[Int(id)])
    }

    /// Changes a body's type, keeping its place, at rest; its shape's proxy follows.
    mutating func setBodyType(_ id: Int32, _ type: BodyType) {
        guard isValidBody(id), bodies[Int(id)].type != type else { return }
        let wasDynamic = bodies[Int(id)].isDynamic
        bodies[Int(id)].type = type
        bodies[Int(id)].v = .zero
        bodies[Int(id)].w = 0
        if type == .dynamicBody {
            wakeBody(id)
        } else {
            // Only dynamic bodies sleep; one that slept keeps no mark of it.
            bodies[Int(id)].isAwake = true
            bodies[Int(id)].sleepTime = 0
        }
        var s = bodies[Int(id)].shape
        while s >= 0 {
            refreshProxy(s)
            s = shapes[Int(s)].nextOnBody
        }
        if wasDynamic || type == .dynamicBody {
            destroyContacts(ofBody: id)
        } else {
            // Between static and kinematic a contact means the same (the body has no mass either way), so the
            // contacts stay, with their impulses and without a second begin event; what rests on it wakes.
            wakeTouching(id)
        }
    }

    /// Wakes every body touching body `id`.
    private mutating func wakeTouching(_ id: Int32) {
        for c in contacts.indices where contacts[c].inUse && contacts[c].touching && (contacts[c].bodyA == id || contacts[c].bodyB == id) {
            wakeBody(contacts[c].bodyA == id ? contacts[c].bodyB : contacts[c].bodyA)
        }
    }

    // MARK: Shapes

    /// Attaches a shape to a body (an item's shape, one of a group's) or to the ground (a boundary). Returns its
    /// handle. A body's shapes are listed newest first.
    mutating func createShape(body: Int32, shape: Shape, friction: Double, restitution: Double, filter: CollisionFilter) -> Int32 {
        var rec = ShapeRecord(shape: shape, friction: friction, restitution: restitution, filter: filter, body: body)
        if restitution > 0 { bouncyShapes += 1 }
        if body != Self.ground { rec.nextOnBody = bodies[Int(body)].shape }
        let id = Self.allocate(&shapes, &freeShapes, consume rec)
        if bounds.count < shapes.count { bounds.append(ShapeBounds()) }
        if body != Self.ground { bodies[Int(body)].shape = id }
        refreshProxy(id)
        return id
    }

    mutating func destroyShape(_ id: Int32) {
        guard id >= 0, Int(id) < shapes.count, shapes[Int(id)].inUse else { return }
        destroyContacts(ofShape: id)
        if shapes[Int(id)].proxy >= 0 { broadPhase.destroyProxy(shapes[Int(id)].proxy); proxyCount -= 1 }
        let body = shapes[Int(id)].body
        if body != Self.ground && isValidBody(body) { unlink(shape: id, from: Int(body)) }
        if shapes[Int(id)].restitution > 0 { bouncyShapes -= 1 }
        shapes[Int(id)].inUse = false
        shapes[Int(id)].proxy = -1
        Self.release(&freeShapes, id)
    }

    /// Takes a shape out of its body's list of shapes.
    private mutating func unlink(shape id: Int32, from body: Int) {
        let next = shapes[Int(id)].nextOnBody
        shapes[Int(id)].nextOnBody = -1
        if bodies[body].shape == id {
            bodies[body].shape = next
            return
        }
        var s = bodies[body].shape
        while s >= 0 {
            if shapes[Int(s)].nextOnBody == id {
                shapes[Int(s)].nextOnBody = next
                return
            }
            s = shapes[Int(s)].nextOnBody
        }
    }

    /// Changes who a shape collides with: contacts the new filter forbids go, and the proxy is made anew so the
    /// broadphase reports the pairs the old filter refused.
    mutating func setFilter(_ id: Int32, _ filter: CollisionFilter) {
        guard shapes[Int(id)].inUse else { return }
        shapes[Int(id)].filter = filter
        for c in contacts.indices where contacts[c].inUse && (contacts[c].shapeA == id || contacts[c].shapeB == id) {
            let other = contacts[c].shapeA == id ? contacts[c].shapeB : contacts[c].shapeA
            if !filter.shouldCollide(with: shapes[Int(other)].filter) { destroyContact(Int32(c)) }
        }
        refreshProxy(id)
    }

    /// Gives a chain segment the ghost points of `segment`, which has the same end points (a neighbour came or
    /// went); its box, proxy and contacts stay.
    mutating func setSegmentNeighbours(_ id: Int32, _ segment: Shape) {
        guard id >= 0, Int(id) < shapes.count, shapes[Int(id)].inUse, shapes[Int(id)].shape.kind == .segment,
              segment.kind == .segment else { return }
        shapes[Int(id)].shape = segment
    }

    mutating func setMaterial(_ id: Int32, friction: Double, restitution: Double) {
        shapes[Int(id)].friction = friction
        if shapes[Int(id)].inUse {
            bouncyShapes += (restitution > 0 ? 1 : 0) - (shapes[Int(id)].restitution > 0 ? 1 : 0)
        }
        shapes[Int(id)].restitution = restitution
        // A contact that does not touch has no material yet: it mixes its shapes' when it begins touching.
        for c in contacts.indices where contacts[c].inUse && contacts[c].touching
            && (contacts[c].shapeA == id || contacts[c].shapeB == id) {
            let t = Int(contacts[c].touch)
            touches[t].friction = mixFriction(shapes[Int(contacts[c].shapeA)].friction, shapes[Int(contacts[c].shapeB)].friction)
            touches[t].restitution = mixRestitution(shapes[Int(contacts[c].shapeA)].restitution,
                                                    shapes[Int(contacts[c].shapeB)].restitution)
        }
    }

    /// Makes (or removes) the broadphase proxy to match the shape's body and filter.
    mutating func refreshProxy(_ id: Int32) {
        let i = Int(id)
        if shapes[i].proxy >= 0 { broadPhase.destroyProxy(shapes[i].proxy); shapes[i].proxy = -1; proxyCount -= 1 }
        guard !shapes[i].filter.isEmpty else { return }
        // The body's type and placement, not a copy of its whole record.
        let body = Int(shapes[i].body)
        let isStatic = bodies[body].type == .staticBody
        // The broadphase takes tight boxes and fattens moving ones by `aabbMargin` itself; the same fat box is kept
        // here so contacts end exactly when the broadphase would stop pairing the shapes.
        let box = shapes[i].shape.aabb(bodies[body].transform)
        bounds[i].aabb = box
        bounds[i].isBoxSeparable = shapes[i].shape.kind != .segment
        bounds[i].fatAABB = isStatic ? box : box.expanded(by: Tolerance.aabbMargin)
        shapes[i].isStatic = isStatic
        shapes[i].proxy = broadPhase.createProxy(aabb: box, shapeIndex: id, isStatic: isStatic)
        proxyCount += 1
    }

    // MARK: Contacts

    mutating func createContact(_ a: Int32, _ b: Int32) {
        // The handle `allocate` will give, so the table is probed once for both the test and the insert.
        let handle = freeContacts.last ?? Int32(contacts.count)
        guard contactOfPair.insertIfAbsent(Contact.key(a, b), handle) else { return }
        // Field by field: a shape record is large and copying two of them per new pair showed in profiles.
        let c = Contact(shapeA: a, shapeB: b, bodyA: shapes[Int(a)].body, bodyB: shapes[Int(b)].body)
        _ = Self.allocate(&contacts, &freeContacts, c)
    }

    /// Contact `id`, which did not touch, touches now with `manifold` (which has points): it gets a touch record
    /// with its shapes' material mixed and no impulses.
    mutating func beginTouch(_ id: Int32, _ manifold: borrowing Manifold) {
        let i = Int(contacts[Int(id)].shapeA), j = Int(contacts[Int(id)].shapeB)
        let touch = ContactTouch(friction: mixFriction(shapes[i].friction, shapes[j].friction),
                                 restitution: mixRestitution(shapes[i].restitution, shapes[j].restitution),
                                 manifold: manifold)
        contacts[Int(id)].touch = Self.allocate(&touches, &freeTouches, touch)
    }

    /// Contact `id` stops touching: its touch record is given back.
    mutating func endTouch(_ id: Int32) {
        let t = contacts[Int(id)].touch
        guard t >= 0 else { return }
        contacts[Int(id)].touch = -1
        Self.release(&freeTouches, t)
    }

    /// The latest manifold of contact `id`: empty when it does not touch.
    func manifold(ofContact id: Int32) -> Manifold {
        let t = contacts[Int(id)].touch
        return t >= 0 ? touches[Int(t)].manifold : Manifold()
    }

    /// Removes a contact without an event: contacts removed by changes outside the step are not reported.
    /// `defersPairRemoval`: its pair's key is listed in `pendingPairRemovals` rather than taken out of the pair table
    /// now (see `finishPairRemovals`).
    mutating func destroyContact(_ id: Int32, defersPairRemoval: Bool = false) {
        let c = contacts[Int(id)]
        guard c.inUse else { return }
        if defersPairRemoval {
            pendingPairRemovals.append(Contact.key(c.shapeA, c.shapeB))
        } else {
            contactOfPair[Contact.key(c.shapeA, c.shapeB)] = nil
        }
        contacts[Int(id)].inUse = false
        if c.touching {
            endTouch(id)
            // The other body may have been resting on this one.
            wakeBody(c.bodyA); wakeBody(c.bodyB)
        }
        Self.release(&freeContacts, id)
    }

    /// Takes the keys listed in `pendingPairRemovals` out of the pair table, in order.
    mutating func finishPairRemovals() {
        guard !pendingPairRemovals.isEmpty else { return }
        Self.removePairs(pendingPairRemovals, from: &contactOfPair)
        pendingPairRemovals.removeAll(keepingCapacity: true)
    }

    /// Takes `keys` out of `table`, in order, asking for the slots of the keys `PairMap.prefetchDistance` ahead.
    static func removePairs(_ keys: ContiguousArray<UInt64>, from table: inout PairMap) {
        for k in keys.indices {
            if k + PairMap.prefetchDistance < keys.count { table.prefetch(keys[k + PairMap.prefetchDistance]) }
            table[keys[k]] = nil
        }
    }

    mutating func destroyContacts(ofShape s: Int32) {
        for c in contacts.indices where contacts[c].inUse && (contacts[c].shapeA == s || contacts[c].shapeB == s) {
            destroyContact(Int32(c))
        }
    }

    mutating func destroyContacts(ofBody b: Int32) {
        for c in contacts.indices where contacts[c].inUse && (contacts[c].bodyA == b || contacts[c].bodyB == b) {
            destroyContact(Int32(c))
        }
    }

    // MARK: Joints

    mutating func createJoint(_ joint: Joint) -> Int32 {
        let id = Self.allocate(&joints, &freeJoints, joint)
        wakeBody(joint.bodyA); wakeBody(joint.bodyB)
        return id
    }

    mutating func destroyJoint(_ id: Int32) {
        guard id >= 0, Int(id) < joints.count, joints[Int(id)].inUse else { return }
        wakeBody(joints[Int(id)].bodyA); wakeBody(joints[Int(id)].bodyB)
        joints[Int(id)].inUse = false
        Self.release(&freeJoints, id)
    }

    // MARK: Sleep

    /// Wakes a body and every body that fell asleep in the same island.
    mutating func wakeBody(_ id: Int32) {
        guard isValidBody(id), bodies[Int(id)].isDynamic, !bodies[Int(id)].isAwake else { return }
        let tag = bodies[Int(id)].sleepTag
        for i in bodies.indices where bodies[i].inUse && !bodies[i].isAwake && bodies[i].sleepTag == tag {
            bodies[i].isAwake = true
            bodies[i].sleepTime = 0
        }
    }

    mutating func wakeAll() {
        for i in bodies.indices where bodies[i].inUse && bodies[i].isDynamic {
            bodies[i].isAwake = true
            bodies[i].sleepTime = 0
        }
    }

    /// Whether any body is still moving: an awake dynamic body or a kinematic one with a velocity.
    var hasAwakeBodies: Bool { bodies.contains { ($0.inUse && $0.isDynamic && $0.isAwake) || $0.isMovingKinematic } }

    // MARK: Storage

    private static func allocate<T>(_ array: inout ContiguousArray<T>, _ free: inout [Int32], _ value: consuming T) -> Int32 {
        if let slot = free.popLast() {
            array[Int(slot)] = value
            return slot
        }
        array.append(value)
        return Int32(array.count - 1)
    }

    /// Freed slots are reused last-freed first: the order of frees is itself deterministic, so handles are too.
    private static func release(_ free: inout [Int32], _ id: Int32) {
        free.append(id)
    }
}

extension PhysicsWorld {
    /// Puts a body where the user placed it by hand, with the given velocity of its frame origin. A static body
    /// (other than the ground) given a velocity becomes kinematic and moves at it from then on.
    mutating func setBodyState(_ id: Int32, origin: Vector, angle: Double, velocity: Vector, angularVelocity: Double) {
        guard isValidBody(id) else { return }
        let i = Int(id)
        bodies[i].setTransform(origin: origin, q: Rotation(angle: angle))
        if bodies[i].type == .staticBody && id != Self.ground && (velocity != .zero || angularVelocity != 0) {
            setBodyType(id, .kinematicBody)
        }
        if bodies[i].type != .staticBody {
            bodies[i].w = bodies[i].fixedRotation ? 0 : angularVelocity
            // The item's velocity is that of its centre; the body's is that of its centre of mass.
            bodies[i].v = velocity - cross(bodies[i].w, bodies[i].origin - bodies[i].center)
        }
        var s = bodies[i].shape
        while s >= 0 {
            defer { s = shapes[Int(s)].nextOnBody }
            guard shapes[Int(s)].proxy >= 0 else { continue }
            // The broadphase fattens moving boxes itself; the fat box kept here mirrors it (see `refreshProxy`).
            let box = shapes[Int(s)].shape.aabb(bodies[i].transform)
            bounds[Int(s)].aabb = box
            if shapes[Int(s)].isStatic {
                bounds[Int(s)].fatAABB = box
                broadPhase.moveProxy(shapes[Int(s)].proxy, aabb: box)
            } else if !bounds[Int(s)].fatAABB.contains(box) {
                bounds[Int(s)].fatAABB = box.expanded(by: Tolerance.aabbMargin)
                broadPhase.setFatAABB(shapes[Int(s)].proxy, bounds[Int(s)].fatAABB)
            }
        }
        // Whatever rested on it must notice the move: a dynamic body wakes its island (everything touching it slept
        // with it); a static one never sleeps, so the bodies touching it are woken one by one.
        if bodies[i].isDynamic {
            bodies[i].sleepTime = 0
            wakeBody(id)
        } else {
            wakeTouching(id)
        }
    }
}
