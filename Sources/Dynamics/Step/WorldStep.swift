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
    /// integrates positions and relaxes without it; the impacts (restitution, `ContactImpact`) come between the
    /// velocity integration and the solve. Continuous collision and sleep follow.
    ///
    /// `lent`: the worker pool when the caller holds it already (the animator holds it over the step and the items'
    /// write-back, so the workers stay awake between the two); the step then uses it, when it shares its work, and
    /// leaves it held.
    ///
    /// `defersProxyMoves`: a step that takes the proxies' boxes across the pool may leave the moves of the proxies
    /// that left their fat boxes to the caller, who must make them (`finishProxyMoves`) before anything else reads
    /// or changes the world: the animator makes them while the workers write the items back. The moves are the
    /// same, in the same order, so the broadphase is the same either way.
    mutating func step(dt: Double, substeps: Int, pool lent: WorkerPool? = nil, defersProxyMoves: Bool = false) {
        events.removeAll(keepingCapacity: true)
        finishProxyMoves()
        guard dt > 0, substeps > 0 else { return }
        let h = dt / Double(substeps)
        let inverseH = 1 / h

        wakeJointNeighbours()
        // Large worlds split their work across threads while the pool is theirs; small ones, or a step that finds
        // the pool held by another world's step, work alone. Either way the results are the same.
        let tuning = parallelTuning
        let shares = Self.sharesWork(workerCount: workerCount, items: bodies.count + contacts.count + joints.count,
                                     tuning: tuning)
        let acquired = shares && lent == nil && WorkerPool.shared.tryAcquire(workers: workerCount)
        let pool = acquired ? WorkerPool.shared : shares ? lent : nil
        defer { if acquired { chunksSharedWithWorkers += WorkerPool.shared.release() } }
        updateContacts(pool: pool, tuning: tuning)

        // Body states for the solver: awake dynamic bodies move, all others stay zero with zero inverse mass.
        // The arrays are the world's scratch buffers, swapped out and back so their storage is reused every step.
        var states = ContiguousArray<BodyState>(), inputs = ContiguousArray<VelocityInput>()
        var constraints = ContiguousArray<ContactConstraint>(), activeJoints = ContiguousArray<Int32>()
        swap(&states, &scratchStates); swap(&inputs, &scratchInputs)
        swap(&constraints, &scratchConstraints); swap(&activeJoints, &scratchJoints)
        var lanes = ContactLanes()
        swap(&lanes, &scratchLanes)
        lanes.kernel = contactKernel.supported
        var watches = ContiguousArray<ImpulseWatch>()
        swap(&watches, &scratchWatches)
        var bouncing = ContiguousArray<Int32>(), impactChanged = ContiguousArray<Int32>()
        var impactGains = ContiguousArray<VelocityChange>()
        swap(&bouncing, &scratchBouncing); swap(&impactChanged, &scratchImpactChanged)
        swap(&impactGains, &scratchImpactGains)
        defer {
            swap(&bouncing, &scratchBouncing); swap(&impactChanged, &scratchImpactChanged)
            swap(&impactGains, &scratchImpactGains)
            swap(&states, &scratchStates); swap(&inputs, &scratchInputs)
            swap(&constraints, &scratchConstraints); swap(&activeJoints, &scratchJoints)
            swap(&lanes, &scratchLanes)
            swap(&watches, &scratchWatches)
        }
        // Every state is written below, so the ones kept from the last step are not cleared first (a pass over
        // 72 bytes a body).
        if states.count != bodies.count {
            states.removeAll(keepingCapacity: true)
            states.append(contentsOf: repeatElement(BodyState(), count: bodies.count))
        }
        activeJoints.removeAll(keepingCapacity: true)
        // One bit a body, set for those the step integrates (`isSimulated`): the scan for touching contacts below
        // reads two bodies a contact, and a bit of a small array is in the cache where a body record is not.
        var simulated = ContiguousArray<UInt64>()
        swap(&simulated, &scratchSimulated)
        defer { swap(&simulated, &scratchSimulated) }
        startBodies(states: &states, inputs: &inputs, simulated: &simulated, h: h, pool: pool, tuning: tuning)

        let fieldLinks = self.fieldLinks, fieldSources = self.fieldSources, fieldTime = self.fieldTime
        for j in joints.indices where joints[j].inUse {
            if bodies[Int(joints[j].bodyA)].isSimulated || bodies[Int(joints[j].bodyB)].isSimulated { activeJoints.append(Int32(j)) }
        }

        // A step that shares its work and has no fields to evaluate may solve its islands apart, each partition of
        // them on one thread (`IslandPartitions`); its constraints are then laid out partition after partition.
        // Fields stay on the one-thread path: their links are listed field by field, not by island.
        var touching = ContiguousArray<Int32>(), islands = IslandPartitions()
        swap(&touching, &scratchTouching); swap(&islands, &scratchIslands)
        defer { swap(&touching, &scratchTouching); swap(&islands, &scratchIslands) }
        touching.removeAll(keepingCapacity: true)
        var byIslands = false, listed = false
        let mayPartition = pool != nil
            || tuning.islandsOnOneThread && bodies.count + contacts.count + joints.count >= tuning.minimumWork
        if mayPartition && fieldLinks.isEmpty && tuning.minimumPartitions <= bodies.count {
            listed = true
            simulated.withUnsafeBufferPointer { bits in
                contacts.withUnsafeBufferPointer { contactBuf in
                    if let pool, contactBuf.count >= tuning.minimumContacts {
                        TouchingScanJob.list(&touching, contacts: contactBuf, simulated: bits, pool: pool,
                                             minimum: tuning.loopChunk)
                    } else {
                        for c in contactBuf.indices where TouchingScanJob.listed(c, contactBuf, bits) {
                            touching.append(Int32(c))
                        }
                    }
                }
            }
            if inputs.count + touching.count + activeJoints.count >= tuning.minimumWork {
                byIslands = inputs.withUnsafeBufferPointer { inputBuf in
                    contacts.withUnsafeBufferPointer { contactBuf in
                        joints.withUnsafeBufferPointer { jointBuf in
                            touching.withUnsafeBufferPointer { touchingBuf in
                                activeJoints.withUnsafeBufferPointer { activeBuf in
                                    islands.build(bodyCount: bodies.count, inputs: inputBuf, contacts: contactBuf,
                                                  touching: touchingBuf, joints: jointBuf, active: activeBuf,
                                                  tuning: tuning, threads: pool?.participants ?? 1)
                                }
                            }
                        }
                    }
                }
            }
        }
        // With a pool that prepares them (`StepJob.prepareContacts`, when the solve is shared: the same test as
        // `solvePool` below), the constraints are made by the preparation's threads too.
        let madeInPreparation = listed && !byIslands && pool != nil
            && inputs.count + touching.count + activeJoints.count >= tuning.minimumWork
        if byIslands {
            // Each partition's thread makes its own constraints (`PartitionJob`), in the cache just before it
            // prepares them: here the array is only sized.
            Self.size(&constraints, islands.contactOrder.count)
        } else if listed {
            // Not even the identity is written: the lanes' solve order is worked out from the contacts
            // (`ContactLanes.arrange(touching:contacts:states:)`), and the preparation makes each constraint, on the
            // threads or, on one thread, in the lanes' build, which writes back whole only those the impacts read
            // (a record is 256 bytes, and writing them all was a tenth of the large pyramid's step).
            Self.size(&constraints, touching.count)
        } else {
            constraints.removeAll(keepingCapacity: true)
            simulated.withUnsafeBufferPointer { bits in
                contacts.withUnsafeBufferPointer { contactBuf in
                    for c in contactBuf.indices where TouchingScanJob.listed(c, contactBuf, bits) {
                        constraints.append(ContactConstraint(Int32(c), of: contactBuf[c]))
                    }
                }
            }
        }
        bouncing.removeAll(keepingCapacity: true)
        // Without a bouncy shape no touch bounces: the scan, which waits on every touch record, is skipped.
        if bouncyShapes > 0 && listed {
            // The constraints are not made yet: their touch records through the contacts, in constraint order.
            let order = byIslands ? islands.contactOrder : touching
            for i in order.indices where touches[Int(contacts[Int(order[i])].touch)].restitution > 0 {
                bouncing.append(Int32(i))
            }
        } else if bouncyShapes > 0 {
            for i in constraints.indices where touches[Int(constraints[i].touch)].restitution > 0 {
                bouncing.append(Int32(i))
            }
        }
        impactChanged.removeAll(keepingCapacity: true)
        impactGains.removeAll(keepingCapacity: true)
        if !bouncing.isEmpty {
            impactChanged.append(contentsOf: repeatElement(-2, count: bodies.count))
            impactGains.append(contentsOf: repeatElement(VelocityChange(), count: bodies.count))
        }
        var impactPass: Int32 = 0
        watches.removeAll(keepingCapacity: true)
        if !events.isEmpty {
            if byIslands {
                // Found among the touching contacts in contact order, then moved to where their constraints went.
                touching.withUnsafeBufferPointer { ImpulseWatch.collect(&watches, events: events, contacts: $0) }
                for k in watches.indices { watches[k].constraint = islands.constraintPlace[Int(watches[k].constraint)] }
                // By constraint, so each partition's are one range. Insertion: few, mostly in order already, and
                // no buffer to allocate.
                for i in watches.indices.dropFirst() {
                    let w = watches[i]
                    var k = i
                    while k > 0 && watches[k - 1].constraint > w.constraint {
                        watches[k] = watches[k - 1]
                        k -= 1
                    }
                    watches[k] = w
                }
            } else if listed {
                // Constraint `i` will be made from contact `touching[i]`.
                touching.withUnsafeBufferPointer { ImpulseWatch.collect(&watches, events: events, contacts: $0) }
            } else {
                ImpulseWatch.collect(&watches, events: events, constraints: constraints)
            }
        }

        let maxAngularSpeed = SolverTuning.maxRotationPerSubstep * inverseH
        let contactHertz = SolverTuning.contactHertzPerSubstepRate * inverseH
        let contactSoftness = Softness(hertz: contactHertz, zeta: SolverTuning.contactDampingRatio, h: h)
        let staticSoftness = Softness(hertz: 2 * contactHertz, zeta: SolverTuning.contactDampingRatio, h: h)
        let context = JointContext(h: h, inverseH: inverseH,
                                   jointSoftness: Softness(hertz: SolverTuning.jointHertzPerSubstepRate * inverseH,
                                                           zeta: SolverTuning.jointDampingRatio, h: h))

        if byIslands {
            let marks = solveByIslands(&islands, pool: pool, substeps: substeps, dt: dt, h: h, inputs: inputs,
                                            maxAngularSpeed: maxAngularSpeed, contactSoftness: contactSoftness,
                                            staticSoftness: staticSoftness, context: context, states: &states,
                                            constraints: &constraints, bouncing: bouncing, watches: &watches,
                                            impactChanged: &impactChanged, gains: &impactGains)
            finishStep(states: states, inputs: inputs, watches: watches, dt: dt,
                       finished: true, marks: marks, pool: pool, defersProxyMoves: defersProxyMoves)
            return
        }
        // The solve is split only when what moves is large enough; a world mostly asleep solves on this thread.
        let solvePool = inputs.count + constraints.count + activeJoints.count >= tuning.minimumWork ? pool : nil
        let splitsContacts = solvePool != nil && constraints.count >= tuning.minimumConstraints
        // A large island of joints is solved colour by colour (`JointColouring`), the colours shared across the
        // workers (`JointColourStages`). Other joints are solved in step order, split only when there are enough
        // of them, following a wavefront.
        var colouring = JointColouring(), stages = JointColourStages()
        swap(&colouring, &scratchJointColouring); swap(&stages, &scratchJointStages)
        defer { swap(&colouring, &scratchJointColouring); swap(&stages, &scratchJointStages) }
        colouring.minimumIsland = jointColouringMinimumIsland
        let coloured = Self.colourJoints(&colouring, active: activeJoints, joints: joints, states: states)
        if coloured { stepsWithColouredJoints += 1 }
        let stagePool = coloured ? solvePool : nil
        if let stagePool { stages.layOut(colouring, threads: stagePool.participants, blockSize: tuning.jointBlock) }
        // With nothing but joints to solve, the whole solve is one pool job (`JointStageJob.runSubsteps`): the
        // joints' preparation, the sub-step loop, the impulses kept and the motion written back (into
        // `finalizeMarks`, one mark a block of inputs).
        let fusesSubsteps = stagePool != nil && constraints.isEmpty && fieldLinks.isEmpty
        let inputBlocks = max(1, min(ParallelStep.chunksPerThread * (stagePool?.participants ?? 1), inputs.count))
        let jointListBlocks = max(1, min(ParallelStep.chunksPerThread * (stagePool?.participants ?? 1), activeJoints.count))
        let stageSync = stagePool.map {
            let blocks = fusesSubsteps
                ? JointStageJob.substepBlocks(substeps: substeps, inputBlocks: inputBlocks, jointBlocks: stages.blocks.count,
                                              jointListBlocks: jointListBlocks)
                : stages.blocks.count
            return StageSync(words: $0.marks(count: StageSync.wordCount(blocks: blocks)).marks)
        }
        let splitsJoints = !coloured && solvePool != nil && activeJoints.count >= tuning.minimumJoints
        var wave = JointWavefront()
        swap(&wave, &scratchJointWave)
        defer { swap(&wave, &scratchJointWave) }
        if splitsJoints { wave.build(active: activeJoints, joints: joints, states: states) }
        let marks = splitsJoints ? solvePool?.marks(count: activeJoints.count) : nil
        // Unless the wavefront solves them on their records, the joints are solved from rows in solve order.
        var rows = ContiguousArray<JointRow>()
        swap(&rows, &scratchJointRows)
        defer { swap(&rows, &scratchJointRows) }
        JointRow.reserve(&rows, count: splitsJoints ? 0 : activeJoints.count)
        let threshold = restitutionThreshold, sleepThreshold = self.sleepThreshold
        // With a pool, the impulses are kept and the motion written back by the solve's threads (`finishSolve`).
        var finalizeMarks = ContiguousArray<UInt8>()
        swap(&finalizeMarks, &scratchFinalizeMarks)
        defer { swap(&finalizeMarks, &scratchFinalizeMarks) }
        finalizeMarks.removeAll(keepingCapacity: true)
        if let solvePool {
            finalizeMarks.append(contentsOf: repeatElement(0, count: solvePool.participants * ParallelStep.chunksPerThread))
        }
        // A byte a constraint, its kind, when threads prepare the constraints: the lanes' layout reads it instead
        // of the records, in solve order.
        var kinds = ContiguousArray<UInt8>()
        swap(&kinds, &scratchContactKinds)
        defer { swap(&kinds, &scratchContactKinds) }
        if solvePool != nil && kinds.count != constraints.count {
            kinds.removeAll(keepingCapacity: true)
            kinds.append(contentsOf: repeatElement(0, count: constraints.count))
        }
        var finished = false, anyMarks: UInt8 = 0
        // Out of the world while the step's buffers are lent: the preparation's `meanwhile` takes the narrowphase
        // walk's pairs out of the table (`pendingPairRemovals`).
        var pairTable = PairMap(), pairRemovals = ContiguousArray<UInt64>()
        swap(&pairTable, &contactOfPair); swap(&pairRemovals, &pendingPairRemovals)
        kinds.withUnsafeMutableBufferPointer { kindBuf in
        rows.withUnsafeMutableBufferPointer { allRows in
        let rowBuf = UnsafeMutableBufferPointer(rebasing: allRows[0..<(splitsJoints ? 0 : activeJoints.count)])
        bouncing.withUnsafeBufferPointer { bouncing in
        impactChanged.withUnsafeMutableBufferPointer { impactChanged in
        impactGains.withUnsafeMutableBufferPointer { gains in
        bodies.withUnsafeMutableBufferPointer { bodyBuf in
        states.withUnsafeMutableBufferPointer { stateBuf in
        constraints.withUnsafeMutableBufferPointer { cons in
        joints.withUnsafeMutableBufferPointer { jointBuf in
        inputs.withUnsafeBufferPointer { inputBuf in
        touches.withUnsafeMutableBufferPointer { touchStore in
        activeJoints.withUnsafeBufferPointer { activeBuf in
        wave.order.withUnsafeBufferPointer { orderBuf in
        wave.predecessors.withUnsafeBufferPointer { beforeBuf in
        (coloured ? colouring.sequence : activeJoints).withUnsafeBufferPointer { sequenceBuf in
        colouring.place.withUnsafeBufferPointer { placeBuf in
        stages.blocks.withUnsafeBufferPointer { blockBuf in
        stages.stageStart.withUnsafeBufferPointer { stageBuf in
        finalizeMarks.withUnsafeMutableBufferPointer { marksBuf in
        contacts.withUnsafeBufferPointer { contactBuf in
        touching.withUnsafeBufferPointer { touchingBuf in
            var job = StepJob(bodies: bodyBuf, states: stateBuf, constraints: cons, touches: touchStore, inputs: inputBuf,
                              h: h, inverseH: inverseH, maxAngularSpeed: maxAngularSpeed,
                              contactSoftness: contactSoftness, staticSoftness: staticSoftness)
            job.dt = dt
            job.sleepThreshold = sleepThreshold
            job.marksFast = enableContinuous
            if madeInPreparation {
                job.contacts = contactBuf
                job.constraintContacts = touchingBuf
            }
            if solvePool != nil { job.kinds = kindBuf.baseAddress }
            job.joints = jointBuf
            // Prepared along the solve order, each joint's row written, when there are rows.
            job.activeJoints = splitsJoints ? activeBuf : sequenceBuf
            job.jointRows = splitsJoints ? nil : rowBuf.baseAddress
            job.jointContext = context
            job.jointOrder = orderBuf
            job.jointPredecessors = beforeBuf
            job.marks = marks
            var stageJob = JointStageJob(joints: jointBuf, states: stateBuf, rows: rowBuf, blocks: blockBuf,
                                         stageStart: stageBuf, context: context,
                                         threads: stagePool?.participants ?? 1, sync: stageSync)
            stageJob.inputs = inputBuf
            stageJob.inputBlocks = inputBlocks
            stageJob.substeps = substeps
            stageJob.maxAngularSpeed = maxAngularSpeed
            stageJob.active = activeBuf
            stageJob.place = placeBuf
            stageJob.jointListBlocks = jointListBlocks
            stageJob.bodies = bodyBuf
            stageJob.dt = dt
            stageJob.sleepThreshold = sleepThreshold
            stageJob.marksFast = enableContinuous
            stageJob.finalizeMarks = marksBuf
            withUnsafeMutablePointer(to: &stageJob) { stageJob in
            let jointPasses = JointPasses(joints: jointBuf, states: stateBuf, rows: rowBuf, context: context,
                                          pool: stagePool, job: stagePool == nil ? nil : stageJob)
            withUnsafeMutablePointer(to: &job) { job in
            let parallel = solvePool.map { ParallelStep(pool: $0, job: job, tuning: tuning) }
            // On one thread the constraints are prepared group by group as the lanes are built; split across
            // threads, each prepares its share first.
            // The solve order of constraints still to be made reads only the contacts' bodies: worked out here
            // while the workers prepare.
            // A step after one that kept its solve order and laid its quads out from the kinds (a resting stack)
            // tries the last step's layout first: the order is worked out alone, and when it is kept the quads are
            // written at once, each making and preparing its constraints, as long as every kind is the last step's
            // (`ParallelStep.writeKeptQuads`). Otherwise, or when a kind changed, the constraints are prepared and
            // laid out as usual.
            var keptQuads = false
            if let parallel, madeInPreparation, lanes.keepsLayout {
                lanes.arrange(touching: touchingBuf, contacts: contactBuf, states: stateBuf, pool: parallel.pool,
                              minimum: tuning.loopChunk)
                if lanes.keepsLayout {
                    // The constraints the quads do not make keep a record from an earlier step.
                    for w in watches { cons[Int(w.constraint)].impactImpulse = 0 }
                    let written = parallel.writeKeptQuads(&lanes)
                    keptQuads = written != .kindChanged
                    stepsWithQuadsKeptTried += 1
                    if keptQuads { stepsWithQuadsKept += 1 }
                    if written == .slotsKept { stepsWithSlotsKept += 1 }
                }
                if !keptQuads { parallel.prepareContacts() }
            } else {
                parallel?.prepareContacts {
                    if madeInPreparation { lanes.arrange(touching: touchingBuf, contacts: contactBuf, states: stateBuf) }
                    // The narrowphase walk's pair removals, serial work that otherwise left the workers waiting.
                    PhysicsWorld.removePairs(pairRemovals, from: &pairTable)
                    pairRemovals.removeAll(keepingCapacity: true)
                }
            }
            if fusesSubsteps {
                // Prepared in the sub-step job.
            } else if let parallel, splitsJoints || stagePool != nil {
                parallel.prepareJoints()
            } else if let rowBase = rowBuf.baseAddress {
                // Coloured joints in the order of their records, each row written at its place (see `JointRow`).
                if coloured {
                    JointRow.prepare(active: activeBuf, place: placeBuf, activeBuf.indices, rows: rowBase,
                                     joints: jointBuf, bodies: bodyBuf, context: context)
                } else {
                    JointRow.prepare(sequenceBuf, sequenceBuf.indices, rows: rowBase, joints: jointBuf, bodies: bodyBuf,
                                     context: context)
                }
            }
            if let parallel {
                // With a pool, the quads are written across the workers (already, with the last step's layout).
                if !keptQuads {
                    lanes.build(cons, states: stateBuf, writingQuads: false, arranged: madeInPreparation,
                                kinds: kindBuf.baseAddress)
                    parallel.writeQuads(&lanes)
                }
            } else {
                // A watched constraint's impacts are added up from zero even when the build leaves its record as
                // it was (no restitution: the impacts never touch it).
                for w in watches { cons[Int(w.constraint)].impactImpulse = 0 }
                if listed { lanes.arrange(touching: touchingBuf, contacts: contactBuf, states: stateBuf) }
                lanes.build(preparing: cons, touches: UnsafeBufferPointer(touchStore), bodies: bodyBuf, states: stateBuf,
                            contactSoftness: contactSoftness, staticSoftness: staticSoftness, arranged: listed)
            }
            if !watches.isEmpty { lanes.locate(&watches, constraintCount: cons.count) }
            lanes.withSchedule { schedule, storeSources, storeLinks in
            parallel?.useContacts(schedule, splits: splitsContacts)
            if fusesSubsteps {
                stepsWithJointSubstepsShared += 1
                for k in marksBuf.indices { marksBuf[k] = 0 }
                jointPasses.runSubsteps()
                anyMarks = marksBuf.reduce(0, |)
                finished = true
            } else if let parallel, splitsContacts, !splitsJoints, stagePool == nil, bouncing.isEmpty, fieldLinks.isEmpty {
                // Nothing runs between the passes but the joints' rows and the watches' sums: the sub-steps, the
                // impulses kept and the motion written back are one pool job (`ContactStageJob`).
                stepsWithContactSubstepsShared += 1
                anyMarks = watches.withUnsafeMutableBufferPointer { watched in
                    parallel.runSubsteps(schedule, sources: storeSources, links: storeLinks, rows: rowBuf,
                                         substeps: substeps, marks: marksBuf, watches: watched)
                }
                finished = true
            }
            for k in 0..<(finished ? 0 : substeps) {
                if !bouncing.isEmpty { VelocityChange.startMeasuring(gains, inputs: inputBuf, states: stateBuf) }
                if let parallel {
                    parallel.integrateVelocities()
                } else {
                    Self.integrateVelocities(inputBuf, states: stateBuf, maxAngularSpeed: maxAngularSpeed)
                }
                if !fieldLinks.isEmpty {
                    fieldLinks.withUnsafeBufferPointer { links in
                        fieldSources.withUnsafeBufferPointer { sources in
                            Self.applyFields(links, sources, bodies: bodyBuf, states: stateBuf, h: h,
                                             time: fieldTime + Double(k) * h)
                        }
                    }
                }
                // Impacts before the soft solve, so it has nothing approaching to share out (`ContactImpact`).
                if !bouncing.isEmpty {
                    VelocityChange.finishMeasuring(gains, inputs: inputBuf, states: stateBuf)
                    ContactImpact.resolve(bouncing, cons, states: stateBuf, gains: UnsafeBufferPointer(gains),
                                          changed: impactChanged, pass: &impactPass, threshold: threshold, h: h)
                }
                if let parallel, splitsJoints {
                    parallel.warmStartJoints()
                } else {
                    jointPasses.warmStart()
                }
                if let parallel {
                    parallel.warmStartContacts(schedule, keepsBodies: activeJoints.isEmpty)
                } else {
                    schedule.warmStart(states: stateBuf, keepsBodies: activeJoints.isEmpty)
                }
                if let parallel, splitsJoints {
                    parallel.solveJoints(useBias: true)
                } else {
                    jointPasses.solve(useBias: true)
                }
                if let parallel {
                    parallel.solveContacts(schedule, useBias: true, bodiesKept: activeJoints.isEmpty)
                    parallel.integratePositions()
                } else {
                    schedule.solve(states: stateBuf, inverseH: Float(inverseH), useBias: true,
                                   bodiesKept: activeJoints.isEmpty)
                    Self.integratePositions(inputBuf, states: stateBuf, h: h, maxAngularSpeed: maxAngularSpeed)
                }
                if let parallel, splitsJoints {
                    parallel.solveJoints(useBias: false)
                } else {
                    jointPasses.solve(useBias: false)
                }
                if let parallel {
                    parallel.solveContacts(schedule, useBias: false)
                } else {
                    schedule.solve(states: stateBuf, inverseH: Float(inverseH), useBias: false)
                }
                if !watches.isEmpty { ImpulseWatch.accumulate(&watches, quads: schedule.quads) }
            }
            }
            if finished {
                // The impulses were kept and the motion written back in the sub-step job.
            } else if let parallel {
                anyMarks = parallel.finishSolve(lanes, marks: marksBuf)
                finished = true
            } else {
                lanes.storeImpulses(into: touchStore)
            }
            }
            if fusesSubsteps {
                // Kept in the sub-step job.
            } else if coloured {
                JointRow.storeImpulses(active: activeBuf, place: placeBuf, activeBuf.indices,
                                       rows: UnsafeBufferPointer(rowBuf), into: jointBuf)
            } else {
                JointRow.storeImpulses(UnsafeBufferPointer(rowBuf), into: jointBuf)
            }
            for k in watches.indices { watches[k].total += cons[Int(watches[k].constraint)].impactImpulse }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        // Back before the step finishes, which takes out any pairs the preparation did not.
        swap(&pairTable, &contactOfPair); swap(&pairRemovals, &pendingPairRemovals)
        finishStep(states: states, inputs: inputs, watches: watches, dt: dt, finished: finished, marks: anyMarks,
                   pool: pool, defersProxyMoves: defersProxyMoves)
    }

    /// Whether the step moves the body: a dynamic body it integrates, or a kinematic body with a velocity.
    @inline(__always)
    static func moves(_ body: UnsafePointer<Body>) -> Bool {
        body.pointee.isSimulated || body.pointee.isMovingKinematic
    }

    /// Starts body `i` for a step of sub-step `h`: its state for the solver, its place at the start of the step, and
    /// for a body that moves (`moves`) the inputs of its velocity integration, else nil. `simulated` is set when
    /// the step integrates the body (a kinematic body is moved, never integrated).
    @inline(__always)
    static func startBody(_ i: Int, _ bodies: UnsafeMutablePointer<Body>, _ states: UnsafeMutablePointer<BodyState>,
                          h: Double, simulated: inout Bool) -> VelocityInput? {
        let b = bodies + i
        if b.pointee.isSimulated {
            simulated = true
            states[i] = BodyState(v: b.pointee.v, w: b.pointee.w, dp: .zero, dq: .identity,
                                  invMass: b.pointee.invMass, invInertia: b.pointee.invInertia)
            b.pointee.center0 = b.pointee.center
            b.pointee.q0 = b.pointee.q
            let dv = h * (b.pointee.gravity + b.pointee.invMass * b.pointee.force)
            return VelocityInput(body: Int32(i), dv: dv, dw: h * b.pointee.invInertia * b.pointee.torque,
                                 linearDamping: 1 / (1 + h * b.pointee.linearDamping),
                                 angularDamping: 1 / (1 + h * b.pointee.angularDamping))
        } else if b.pointee.isMovingKinematic {
            // Moved like the others but pushed by nothing: no mass, no gravity or forces, no damping. Its
            // velocity is in its state, so contacts feel the motion (friction carries what rests on it).
            states[i] = BodyState(v: b.pointee.v, w: b.pointee.w, dp: .zero, dq: .identity, invMass: 0, invInertia: 0)
            b.pointee.center0 = b.pointee.center
            b.pointee.q0 = b.pointee.q
            return VelocityInput(body: Int32(i), dv: .zero, dw: 0, linearDamping: 1, angularDamping: 1)
        }
        states[i] = BodyState()
        return nil
    }

    /// Every body's state and place at the start of the step, the inputs of the moving ones in body order
    /// (`inputs`, emptied first) and the marks of those the step integrates (`simulated`, one bit a body): across
    /// `pool` when there are enough bodies (`StepStartJob`), with the same results.
    mutating func startBodies(states: inout ContiguousArray<BodyState>, inputs: inout ContiguousArray<VelocityInput>,
                              simulated: inout ContiguousArray<UInt64>, h: Double, pool: WorkerPool?,
                              tuning: ParallelTuning) {
        let n = bodies.count, words = (n + 63) / 64
        simulated.removeAll(keepingCapacity: true)
        simulated.append(contentsOf: repeatElement(0, count: words))
        inputs.removeAll(keepingCapacity: true)
        // Room for every body, taken at the bodies' own room: appending would double it as the awake bodies grew,
        // and leave up to half of it unused (30 bytes a body in a pile of 10,000). The bodies' room grows
        // geometrically, so this reallocates as rarely as appending would.
        inputs.reserveCapacity(bodies.capacity)
        let split = pool.map { $0.split(words, minimum: max(1, tuning.loopChunk / 64)) } ?? (chunks: 0, size: 0)
        guard let pool, split.chunks > 1 else {
            bodies.withUnsafeMutableBufferPointer { bp in
                states.withUnsafeMutableBufferPointer { sp in
                    simulated.withUnsafeMutableBufferPointer { marks in
                        let base = bp.baseAddress.unsafelyUnwrapped, stateBase = sp.baseAddress.unsafelyUnwrapped
                        for i in 0..<n {
                            var moving = false
                            if let input = Self.startBody(i, base, stateBase, h: h, simulated: &moving) {
                                inputs.append(input)
                            }
                            if moving { marks[i >> 6] |= 1 << UInt64(i & 63) }
                        }
                    }
                }
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: split.chunks) { counts in
            bodies.withUnsafeMutableBufferPointer { bp in
                states.withUnsafeMutableBufferPointer { sp in
                    simulated.withUnsafeMutableBufferPointer { marks in
                        var job = StepStartJob(bodies: bp.baseAddress.unsafelyUnwrapped, bodyCount: n,
                                               states: sp.baseAddress.unsafelyUnwrapped,
                                               simulated: marks.baseAddress.unsafelyUnwrapped, inputs: nil,
                                               counts: counts.baseAddress.unsafelyUnwrapped, chunkSize: 64 * split.size,
                                               h: h)
                        withUnsafeMutablePointer(to: &job) { pool.run(StepStartJob.count, $0, chunks: split.chunks) }
                        var total = 0
                        for k in 0..<split.chunks {
                            let c = counts[k]
                            counts[k] = total
                            total += c
                        }
                        inputs.append(contentsOf: repeatElement(VelocityInput(body: 0, dv: .zero, dw: 0, linearDamping: 0,
                                                                              angularDamping: 0), count: total))
                        inputs.withUnsafeMutableBufferPointer { ib in
                            job.inputs = ib.baseAddress
                            withUnsafeMutablePointer(to: &job) { pool.run(StepStartJob.start, $0, chunks: split.chunks) }
                        }
                    }
                }
            }
        }
    }

    /// Gives `constraints` `count` elements without making them: they are made by the threads that prepare them,
    /// so the elements kept from the last step are left as they are (appending only what is missing).
    private static func size(_ constraints: inout ContiguousArray<ContactConstraint>, _ count: Int) {
        if constraints.count > count {
            constraints.removeLast(constraints.count - count)
        } else {
            constraints.append(contentsOf: repeatElement(ContactConstraint(contact: 0, bodyA: 0, bodyB: 0),
                                                         count: count - constraints.count))
        }
    }

    /// Colours the step's joints when they hold a large island (`JointColouring`); false when they are to be solved
    /// in step order.
    private static func colourJoints(_ colouring: inout JointColouring, active: ContiguousArray<Int32>,
                                     joints: ContiguousArray<Joint>, states: ContiguousArray<BodyState>) -> Bool {
        guard active.count >= colouring.minimumIsland else { return false }
        return active.withUnsafeBufferPointer { active in
            joints.withUnsafeBufferPointer { joints in
                states.withUnsafeBufferPointer { colouring.build(active: active, joints: joints, states: $0) }
            }
        }
    }

    /// What follows the solve (whose lanes kept the impulses for the next step): events told their impulses, the
    /// motion written back, continuous collision, proxies and sleep. `finished` says the solve's threads already
    /// wrote the motion back (`StepJob.finishSolve`, `PartitionJob`), and `marks` what they found there
    /// (`FinalizeMark`): a body whose state was not finite, whose step is still to discard, or one marked fast.
    /// `defersProxyMoves`: see `step(dt:substeps:pool:defersProxyMoves:)`.
    private mutating func finishStep(states: ContiguousArray<BodyState>, inputs: ContiguousArray<VelocityInput>,
                                     watches: ContiguousArray<ImpulseWatch>, dt: Double,
                                     finished: Bool, marks: UInt8, pool: WorkerPool?, defersProxyMoves: Bool) {
        if finished { stepsFinishedInSolve += 1 }
        for w in watches { events[Int(w.event)].impulse = w.total }
        finishPairRemovals()

        var marks = marks
        if !finished {
            marks = finalizeBodies(states: states, inputs: inputs, dt: dt, marksFast: enableContinuous)
        } else if marks & FinalizeMark.notFinite != 0 {
            // After every impulse was kept, as `finalizeBodies` would: a discarded body's constraints forget theirs.
            discardUnfinishedBodies(states: states, inputs: inputs)
        }
        if marks & FinalizeMark.fast != 0 { solveContinuous(inputs: inputs, dt: dt) }
        updateProxies(inputs: inputs, pool: pool, tuning: parallelTuning, defersMoves: defersProxyMoves)
        if enableSleep { updateSleep(dt: dt) }
        // What this step's growth left with the allocator, given back now rather than a step later. The step's
        // scratch arrays are swapped out until it returns, so their room is not counted here.
        trimFreedMemoryAfterGrowth(scratchSwappedOut: true)
    }

    /// The solve of a step split by islands: every partition of `islands` is prepared, arranged in lanes, solved
    /// through all sub-steps, its impulses kept and its motion written back by whichever thread takes it
    /// (`PartitionJob`), in one pool job; without a pool, one partition after another on this thread. Returns
    /// what the write-back found (`FinalizeMark` bits): a body whose state was not finite (its step is then still to
    /// discard), a body marked fast.
    private mutating func solveByIslands(_ islands: inout IslandPartitions, pool: WorkerPool?, substeps: Int,
                                         dt: Double, h: Double, inputs: ContiguousArray<VelocityInput>,
                                         maxAngularSpeed: Double, contactSoftness: Softness, staticSoftness: Softness,
                                         context: JointContext, states: inout ContiguousArray<BodyState>,
                                         constraints: inout ContiguousArray<ContactConstraint>,
                                         bouncing: ContiguousArray<Int32>, watches: inout ContiguousArray<ImpulseWatch>,
                                         impactChanged: inout ContiguousArray<Int32>,
                                         gains: inout ContiguousArray<VelocityChange>) -> UInt8 {
        bouncing.withUnsafeBufferPointer { bouncing in
            watches.withUnsafeBufferPointer { islands.share(bouncing: bouncing, watches: $0) }
        }
        let threads = pool?.participants ?? 1
        // A partition over one thread's share is prepared by all the threads, and with enough constraints to split
        // its groups solved by all of them too.
        let prepareChunks = pool == nil ? 0
            : islands.sharePreparation(threads: threads, minimumChunk: parallelTuning.loopChunk,
                                       minimumTogether: parallelTuning.minimumTogetherConstraints)
        if prepareChunks > 0 { stepsPreparedApart += 1 }
        let together = pool == nil ? 0 : islands.togetherCount
        if together > 0 { stepsSolvedTogether += 1 }
        // One set of lanes per thread that may run a partition at once (see `WorkerSlots`), then one per partition
        // solved by all the threads together, kept from its arrangement to its solve.
        while scratchPartitionLanes.count < threads + together { scratchPartitionLanes.append(ContactLanes()) }
        // One buffer of gathered inputs per partition solved together (and one at least, for the job's pointer);
        // the others read theirs in place.
        while scratchPartitionInputs.count < max(together, 1) { scratchPartitionInputs.append([]) }
        while scratchPartitionJointColourings.count < pool?.participants ?? 1 {
            scratchPartitionJointColourings.append(JointColouring())
        }
        for k in scratchPartitionJointColourings.indices {
            scratchPartitionJointColourings[k].minimumIsland = jointColouringMinimumIsland
        }
        for k in scratchPartitionLanes.indices { scratchPartitionLanes[k].kernel = contactKernel.supported }
        stepsSplitByIslands += 1
        var rows = ContiguousArray<JointRow>()
        swap(&rows, &scratchJointRows)
        defer { swap(&rows, &scratchJointRows) }
        JointRow.reserve(&rows, count: max(islands.joints.count, 1))
        let threshold = restitutionThreshold, sleepThreshold = self.sleepThreshold
        let passLimit = bouncing.count + ContactImpact.extraPasses
        var finalizeMarks = ContiguousArray<UInt8>()
        swap(&finalizeMarks, &scratchFinalizeMarks)
        defer { swap(&finalizeMarks, &scratchFinalizeMarks) }
        finalizeMarks.removeAll(keepingCapacity: true)
        // One per partition, then one per chunk of a write-back split across the threads (`solveTogether`).
        let partitionCount = islands.partitions.count
        finalizeMarks.append(contentsOf: repeatElement(0, count: partitionCount
                                                                + (together > 0 ? threads * ParallelStep.chunksPerThread : 0)))
        // The partitions' lane layouts, out of `islands` while the job reads and writes them.
        var layouts = PartitionLaneLayouts()
        swap(&layouts, &islands.laneLayouts)
        defer { swap(&layouts, &islands.laneLayouts) }
        layouts.use(minimumIsland: scratchPartitionLanes[0].colouring.minimumIsland)
        let keepsLayouts = keepsPartitionLaneLayouts
        layouts.withBuffers { layoutBuf in
        bodies.withUnsafeMutableBufferPointer { bodyBuf in
        states.withUnsafeMutableBufferPointer { stateBuf in
        constraints.withUnsafeMutableBufferPointer { cons in
        touches.withUnsafeMutableBufferPointer { touchBuf in
        finalizeMarks.withUnsafeMutableBufferPointer { marksBuf in
        joints.withUnsafeMutableBufferPointer { jointBuf in
        islands.partitions.withUnsafeBufferPointer { parts in
        islands.runOrder.withUnsafeBufferPointer { runOrder in
        islands.inputs.withUnsafeBufferPointer { inputBuf in
        islands.joints.withUnsafeBufferPointer { activeBuf in
        bouncing.withUnsafeBufferPointer { bouncingBuf in
        watches.withUnsafeMutableBufferPointer { watchBuf in
        impactChanged.withUnsafeMutableBufferPointer { changedBuf in
        gains.withUnsafeMutableBufferPointer { gainBuf in
        contacts.withUnsafeBufferPointer { contactBuf in
        islands.contactOrder.withUnsafeBufferPointer { contactOrderBuf in
        islands.prepareChunks.withUnsafeBufferPointer { prepareChunkBuf in
        scratchPartitionLanes.withUnsafeMutableBufferPointer { lanesBuf in
        scratchPartitionInputs.withUnsafeMutableBufferPointer { gatheredBuf in
        inputs.withUnsafeBufferPointer { stepInputBuf in
        scratchPartitionJointColourings.withUnsafeMutableBufferPointer { colouringBuf in
        rows.withUnsafeMutableBufferPointer { rowBuf in
            var job = PartitionJob(bodies: bodyBuf, states: stateBuf, constraints: cons, contacts: contactBuf,
                                   contactOrder: contactOrderBuf, prepareChunks: prepareChunkBuf, touches: touchBuf,
                                   joints: jointBuf, partitions: parts, runOrder: runOrder,
                                   stepInputs: stepInputBuf, inputs: inputBuf,
                                   activeJoints: activeBuf, bouncing: bouncingBuf, watches: watchBuf,
                                   impactChanged: changedBuf, gains: gainBuf, lanes: lanesBuf.baseAddress.unsafelyUnwrapped,
                                   togetherLanes: lanesBuf.baseAddress.unsafelyUnwrapped + threads,
                                   togetherInputs: gatheredBuf.baseAddress.unsafelyUnwrapped,
                                   jointColourings: colouringBuf.baseAddress.unsafelyUnwrapped,
                                   jointRows: rowBuf.baseAddress.unsafelyUnwrapped,
                                   slots: pool?.slots, substeps: substeps, h: h, inverseH: 1 / h,
                                   maxAngularSpeed: maxAngularSpeed, contactSoftness: contactSoftness,
                                   staticSoftness: staticSoftness, jointContext: context,
                                   restitutionThreshold: threshold, impactPassLimit: passLimit, dt: dt,
                                   sleepThreshold: sleepThreshold, marksFast: enableContinuous,
                                   finalizeMarks: UnsafeMutableBufferPointer(rebasing: marksBuf[0..<partitionCount]))
            if keepsLayouts { job.laneLayouts = layoutBuf }
            withUnsafeMutablePointer(to: &job) { job in
                if let pool {
                    pool.run(PartitionJob.prepare, job, chunks: prepareChunks)
                    if !parts.isEmpty { pool.slots.reserve(0) }
                    pool.run(PartitionJob.solve, job, chunks: parts.count)
                    let chunkMarks = UnsafeMutableBufferPointer(rebasing: marksBuf[partitionCount...])
                    for p in parts.indices where parts[p].togetherSlot >= 0 {
                        if PartitionJob.solveTogether(p, job, pool: pool, tuning: parallelTuning, marks: chunkMarks) {
                            stepsWithContactSubstepsShared += 1
                        }
                    }
                } else {
                    for p in parts.indices {
                        PartitionJob.solve(p, job, lanes: job.pointee.lanes, colouring: job.pointee.jointColourings)
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        partitionsArrangedAsBefore += layouts.count(.reused)
        partitionLayoutsReplaced += layouts.count(.replaced)
        for k in watches.indices { watches[k].total += constraints[Int(watches[k].constraint)].impactImpulse }
        releaseIdlePartitionLanes()
        return finalizeMarks.reduce(0, |)
    }

    /// Whether a step of a world of `items` bodies, contacts and joints splits its work across `workerCount`
    /// threads (when the pool is free).
    static func sharesWork(workerCount: Int, items: Int, tuning: ParallelTuning) -> Bool {
        workerCount > 1 && items >= tuning.minimumWork
    }

    /// The velocity integration of a sub-step for the bodies of `inputs`: forces and gravity, damping, speed caps.
    @inline(__always)
    static func integrateVelocities(_ inputs: some Sequence<VelocityInput>,
                                    states: UnsafeMutableBufferPointer<BodyState>, maxAngularSpeed: Double) {
        for input in inputs {
            var s = states[Int(input.body)]
            s.v = input.linearDamping * (s.v + input.dv)
            s.w = input.angularDamping * (s.w + input.dw)
            s.v = clampSpeed(s.v)
            s.w = min(max(s.w, -maxAngularSpeed), maxAngularSpeed)
            states[Int(input.body)] = s
        }
    }

    /// One integration of a sub-step for the bodies of `inputs`: the positions with `positions`, else the velocities.
    @inline(__always)
    static func integrate(_ inputs: UnsafeBufferPointer<VelocityInput>, states: UnsafeMutableBufferPointer<BodyState>,
                          h: Double, maxAngularSpeed: Double, positions: Bool) {
        if positions {
            integratePositions(inputs, states: states, h: h, maxAngularSpeed: maxAngularSpeed)
        } else {
            integrateVelocities(inputs, states: states, maxAngularSpeed: maxAngularSpeed)
        }
    }

    /// The position integration of a sub-step for the bodies of `inputs`.
    @inline(__always)
    static func integratePositions(_ inputs: some Sequence<VelocityInput>,
                                   states: UnsafeMutableBufferPointer<BodyState>, h: Double, maxAngularSpeed: Double) {
        for input in inputs {
            var s = states[Int(input.body)]
            // Conflicting rigid joints can fight to absurd velocities; the caps keep positions finite.
            s.v = clampSpeed(s.v)
            s.w = min(max(s.w, -maxAngularSpeed), maxAngularSpeed)
            s.dp += h * s.v
            s.dq = s.dq.integrated(by: h * s.w)
            states[Int(input.body)] = s
        }
    }

    /// A velocity no faster than `SolverTuning.maxLinearSpeed`; a non-finite one becomes zero.
    @inline(__always)
    static func clampSpeed(_ v: Vector) -> Vector {
        let speed2 = v.lengthSquared
        guard speed2.isFinite else { return .zero }
        let limit = SolverTuning.maxLinearSpeed
        return speed2 > limit * limit ? (limit / speed2.squareRoot()) * v : v
    }

    /// Writes the solved motion back to the bodies; with `marksFast`, also marks the bodies that travelled far
    /// enough for a continuous sweep (`solveContinuous`). Returns what it found (`FinalizeMark` bits): only whether
    /// a body was marked fast, since a body whose state is not finite has its step discarded here.
    private mutating func finalizeBodies(states: ContiguousArray<BodyState>, inputs: ContiguousArray<VelocityInput>,
                                         dt: Double, marksFast: Bool) -> UInt8 {
        let threshold = sleepThreshold
        var marks: UInt8 = 0
        var first = 0
        while first < inputs.count {
            // On the buffers, taken once: a buffer taken per body cost a uniqueness check each. The scan stops at a
            // body whose motion is not finite, which is handled here.
            let stop = inputs.withUnsafeBufferPointer { inputBuf in
                states.withUnsafeBufferPointer { stateBuf in
                    bodies.withUnsafeMutableBufferPointer { buf in
                        for k in first..<inputBuf.count {
                            let i = Int(inputBuf[k].body)
                            let mark = Self.finalizeBody(buf, i, stateBuf[i], dt: dt, sleepThreshold: threshold,
                                                         marksFast: marksFast)
                            if mark & FinalizeMark.notFinite != 0 { return k }
                            marks |= mark
                        }
                        return inputBuf.count
                    }
                }
            }
            guard stop < inputs.count else { break }
            // Only unsatisfiable constraints get here: the body stays where it was, at rest, and its constraints
            // forget their impulses, so the world stays finite and can carry on. (It travelled nothing: no sweep.)
            discardStep(ofBody: inputs[stop].body)
            first = stop + 1
        }
        return marks
    }

    /// Discards the step of every body of `inputs` whose solved state is not finite: what a solve job that wrote
    /// the motion back (`finalizeBody`) left undone.
    private mutating func discardUnfinishedBodies(states: ContiguousArray<BodyState>, inputs: ContiguousArray<VelocityInput>) {
        for input in inputs where !Self.isFinite(states[Int(input.body)]) { discardStep(ofBody: input.body) }
    }

    @inline(__always)
    private static func isFinite(_ s: BodyState) -> Bool {
        s.v.isFinite && s.w.isFinite && s.dp.isFinite && s.dq.c.isFinite && s.dq.s.isFinite
    }

    /// `finalizeBody` for the body of each of `inputs`; returns their marks together (`FinalizeMark` bits).
    @inline(__always)
    static func finalizeBodies(of inputs: some Sequence<VelocityInput>, _ buf: UnsafeMutableBufferPointer<Body>,
                               states: UnsafeMutableBufferPointer<BodyState>, dt: Double, sleepThreshold: Double,
                               marksFast: Bool) -> UInt8 {
        var marks: UInt8 = 0
        for input in inputs {
            let i = Int(input.body)
            marks |= finalizeBody(buf, i, states[i], dt: dt, sleepThreshold: sleepThreshold, marksFast: marksFast)
        }
        return marks
    }

    /// Writes body `i`'s solved motion `s` back and, with `marksFast`, marks it for a continuous sweep when it
    /// travelled far enough. Returns `FinalizeMark.notFinite`, writing nothing, when `s` is not finite (the caller
    /// then discards the body's step), `FinalizeMark.fast` when it marked the body. Touches body `i` only, so
    /// different bodies can be written on different threads; the mark reads only the body's own motion, so it is
    /// the same whichever thread writes which body.
    @inline(__always)
    static func finalizeBody(_ buf: UnsafeMutableBufferPointer<Body>, _ i: Int, _ s: BodyState, dt: Double,
                             sleepThreshold threshold: Double, marksFast: Bool) -> UInt8 {
        guard isFinite(s) else { return FinalizeMark.notFinite }
        guard buf[i].isDynamic else {
            // A kinematic body goes exactly where its velocity takes it in `dt` (the sub-steps summed the
            // same motion up to rounding, and turned it by a chord per sub-step).
            buf[i].center = buf[i].center0 + dt * buf[i].v
            buf[i].q = Rotation(angle: dt * buf[i].w).multiplied(by: buf[i].q0)
            buf[i].origin = buf[i].center - buf[i].q.rotate(buf[i].localCenter)
            return 0
        }
        // In place: a body is a large struct and copying it out and back costs more than the arithmetic.
        buf[i].v = s.v
        buf[i].w = buf[i].fixedRotation ? 0 : s.w
        buf[i].center = buf[i].center0 + s.dp
        buf[i].q = s.dq.multiplied(by: buf[i].q0)
        buf[i].origin = buf[i].center - buf[i].q.rotate(buf[i].localCenter)
        if !buf[i].allowsSleep || s.v.lengthSquared > threshold * threshold
            || abs(buf[i].w) * buf[i].maxExtent > threshold {
            buf[i].sleepTime = 0
        } else {
            buf[i].sleepTime += dt
        }
        if marksFast && buf[i].shape >= 0 && Self.travel(of: buf[i], dt: dt) > 0.5 * buf[i].minExtent {
            buf[i].isFast = true
            return FinalizeMark.fast
        }
        return 0
    }

    /// A joint to a sleeping body wakes it when the other end is awake (or a kinematic body on the move), so joined
    /// bodies act as one island.
    private mutating func wakeJointNeighbours() {
        // Only a sleeping body is woken, and bodies fall asleep only in the sleep pass: until it puts one to sleep
        // the joints (a pass over every record) need no look, nor once a look at the bodies finds none asleep.
        guard bodiesMayBeAsleep else { return }
        let anyAsleep = bodies.withUnsafeBufferPointer { bodies in
            bodies.contains { $0.inUse && $0.isDynamic && !$0.isAwake }
        }
        guard anyAsleep else {
            bodiesMayBeAsleep = false
            return
        }
        for j in joints.indices where joints[j].inUse {
            let a = joints[j].bodyA, b = joints[j].bodyB
            if (bodies[Int(a)].isSimulated || bodies[Int(a)].isMovingKinematic) && !bodies[Int(b)].isAwake { wakeBody(b) }
            if (bodies[Int(b)].isSimulated || bodies[Int(b)].isMovingKinematic) && !bodies[Int(a)].isAwake { wakeBody(a) }
        }
    }

    /// Moves broadphase proxies of bodies whose tight boxes left their fattened ones. With a pool, the tight boxes
    /// are taken across the workers first (`ProxyBoxJob`) and only the moves are made here, in the same order, or,
    /// with `defersMoves`, listed for later (`pendingProxyMoves`).
    private mutating func updateProxies(inputs: ContiguousArray<VelocityInput>, pool: WorkerPool?,
                                        tuning: ParallelTuning, defersMoves: Bool) {
        if let pool, inputs.count >= 2 * max(tuning.loopChunk, 1) {
            updateProxies(inputs: inputs, pool: pool, chunkMinimum: max(tuning.loopChunk, 1), defersMoves: defersMoves)
            return
        }
        // Every moving shape gets its tight box on the buffers; the scan stops at the few bodies with a fat box that
        // must move, whose proxies are moved here (the broadphase is not on a buffer), and goes on after them, in the
        // same order.
        var first = 0
        while first < inputs.count {
            let stop: Int = inputs.withUnsafeBufferPointer { inputBuf in
                bodies.withUnsafeBufferPointer { bp in
                    shapes.withUnsafeBufferPointer { sp in
                        bounds.withUnsafeMutableBufferPointer { xb in
                            for k in first..<inputBuf.count
                            where ProxyBoxJob.boxShapes(of: Int(inputBuf[k].body), bp, sp, xb) {
                                return k
                            }
                            return inputBuf.count
                        }
                    }
                }
            }
            guard stop < inputs.count else { break }
            moveEscapedProxies(ofBody: Int(inputs[stop].body))
            first = stop + 1
        }
    }

    /// Moves the proxy of each of body `b`'s shapes whose tight box left its fat box, in the body's shape order.
    private mutating func moveEscapedProxies(ofBody b: Int) {
        var s = bodies[b].shape
        while s >= 0 {
            let i = Int(s)
            if shapes[i].proxy >= 0 && !bounds[i].fatAABB.contains(bounds[i].aabb) {
                bounds[i].fatAABB = Self.fatBox(bounds[i].aabb, travel: bodies[b].center - bodies[b].center0)
                broadPhase.setFatAABB(shapes[i].proxy, bounds[i].fatAABB)
            }
            s = shapes[i].nextOnBody
        }
    }

    /// `updateProxies` with the tight boxes taken across `pool`'s threads.
    private mutating func updateProxies(inputs: ContiguousArray<VelocityInput>, pool: WorkerPool, chunkMinimum: Int,
                                        defersMoves: Bool) {
        let (chunks, size) = pool.split(inputs.count, minimum: chunkMinimum)
        scratchProxyEscapes.removeAll(keepingCapacity: true)
        scratchProxyEscapes.append(contentsOf: repeatElement(-1, count: 2 * chunks))
        inputs.withUnsafeBufferPointer { inputBuf in
        bodies.withUnsafeBufferPointer { bodyBuf in
        shapes.withUnsafeBufferPointer { shapeBuf in
        bounds.withUnsafeMutableBufferPointer { boundBuf in
        scratchProxyEscapes.withUnsafeMutableBufferPointer { escapes in
            var job = ProxyBoxJob(inputs: inputBuf, bodies: bodyBuf, shapes: shapeBuf, bounds: boundBuf,
                                  chunkSize: size, escapes: escapes.baseAddress.unsafelyUnwrapped)
            withUnsafeMutablePointer(to: &job) { pool.run(ProxyBoxJob.run, $0, chunks: chunks) }
        }
        }
        }
        }
        }
        for c in 0..<chunks where scratchProxyEscapes[2 * c] >= 0 {
            for k in Int(scratchProxyEscapes[2 * c])...Int(scratchProxyEscapes[2 * c + 1]) {
                if defersMoves {
                    pendingProxyMoves.append(inputs[k].body)
                } else {
                    moveEscapedProxies(ofBody: Int(inputs[k].body))
                }
            }
        }
    }

    /// Makes the proxy moves the last step left pending (`step(dt:substeps:pool:defersProxyMoves:)`), in the order it
    /// found them; nothing when none is. Reads the bodies' motion and the shapes' tight boxes, and writes only the
    /// fat boxes and the broadphase, so it may run beside a job that reads the bodies.
    mutating func finishProxyMoves() {
        guard !pendingProxyMoves.isEmpty else { return }
        var pending = ContiguousArray<Int32>()
        swap(&pending, &pendingProxyMoves)
        for b in pending { moveEscapedProxies(ofBody: Int(b)) }
        proxyMovesMadeAfterStep += 1
        pending.removeAll(keepingCapacity: true)
        swap(&pending, &pendingProxyMoves)
    }

    /// The broadphase box of a moving shape: its tight box with `Tolerance.aabbMargin` all round, stretched ahead by
    /// `Tolerance.aabbLookahead` times the last step's travel, so a body moving steadily keeps its proxy for several
    /// steps instead of leaving it every step or two.
    @inline(__always)
    static func fatBox(_ tight: AABB, travel: Vector) -> AABB {
        var fat = tight.expanded(by: Tolerance.aabbMargin)
        let ahead = Tolerance.aabbLookahead * travel
        if ahead.x < 0 { fat.lower.x += ahead.x } else { fat.upper.x += ahead.x }
        if ahead.y < 0 { fat.lower.y += ahead.y } else { fat.upper.y += ahead.y }
        return fat
    }

    /// Undoes a body's motion for this step and clears the warm-start impulses of everything attached to it.
    private mutating func discardStep(ofBody id: Int32) {
        let i = Int(id)
        bodies[i].v = .zero
        bodies[i].w = 0
        bodies[i].center = bodies[i].center0
        bodies[i].q = bodies[i].q0
        bodies[i].origin = bodies[i].center - bodies[i].q.rotate(bodies[i].localCenter)
        for j in joints.indices where joints[j].inUse && (joints[j].bodyA == id || joints[j].bodyB == id) {
            joints[j].resetImpulses()
        }
        for c in contacts.indices where contacts[c].inUse && contacts[c].touching
            && (contacts[c].bodyA == id || contacts[c].bodyB == id) {
            touches[Int(contacts[c].touch)].resetImpulses()
        }
    }
}
