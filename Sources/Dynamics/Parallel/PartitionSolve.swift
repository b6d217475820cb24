/// The solve of a step split by islands: each partition of `IslandPartitions` is one chunk of one pool job, and the
/// thread that takes it prepares its constraints and joints, arranges its contacts in lanes and runs the whole
/// sub-step loop on them (velocity integration, impacts, warm starts, solves with and without position feedback,
/// position integration), then keeps its impulses in the contacts' touch records and writes its bodies' motion back
/// (`PhysicsWorld.finalizeBody`). The threads meet once per step, when the job ends.
///
/// A partition's bodies move under its own constraints only, in the order the one-thread step gives them (joints in
/// step order, contacts by the levels `ContactLanes` finds among its constraints in step order, bouncing
/// constraints in step order), so the result is that of one thread bit for bit. What constraints of several
/// partitions share is static or sleeping: its state stays zero whoever writes it back.
struct PartitionJob {
    var bodies: UnsafeMutableBufferPointer<Body>
    var states: UnsafeMutableBufferPointer<BodyState>
    /// The step's contact constraints, laid out partition after partition; each partition makes its own.
    var constraints: UnsafeMutableBufferPointer<ContactConstraint>
    /// The contacts, and the touching ones in the order of their constraints (`IslandPartitions.contactOrder`).
    var contacts: UnsafeBufferPointer<Contact>
    var contactOrder: UnsafeBufferPointer<Int32>
    /// The chunks of constraints made and prepared before the solve, across the threads
    /// (`IslandPartitions.prepareChunks`).
    var prepareChunks: UnsafeBufferPointer<SIMD2<Int32>>
    /// The touch records: read while preparing, and written with the impulses kept for the next step.
    var touches: UnsafeMutableBufferPointer<ContactTouch>
    var joints: UnsafeMutableBufferPointer<Joint>
    var partitions: UnsafeBufferPointer<IslandPartition>
    /// The partitions in the order the threads take them.
    var runOrder: UnsafeBufferPointer<Int32>
    /// The step's velocity inputs (in body order).
    var stepInputs: UnsafeBufferPointer<VelocityInput>
    /// The places of the step's inputs in `stepInputs` and the active joints, partition after partition.
    var inputs: UnsafeBufferPointer<Int32>
    var activeJoints: UnsafeBufferPointer<Int32>
    /// Bouncing constraints (indices into `constraints`) and impulse watches, partition after partition.
    var bouncing: UnsafeBufferPointer<Int32>
    var watches: UnsafeMutableBufferPointer<ImpulseWatch>
    var impactChanged: UnsafeMutableBufferPointer<Int32>
    var gains: UnsafeMutableBufferPointer<VelocityChange>
    /// One `ContactLanes` per thread of the job, taken through `slots` (the first one when there is no pool).
    var lanes: UnsafeMutablePointer<ContactLanes>
    /// One `ContactLanes` and one buffer of gathered inputs per partition solved by all the threads together
    /// (`IslandPartition.togetherSlot`): arranged in the job by the thread that takes the partition, kept for
    /// `solveTogether` after it, whose integration is split in chunks of one array. A partition solved by one
    /// thread reads its inputs in place (`PlacedInputs`).
    var togetherLanes: UnsafeMutablePointer<ContactLanes>
    var togetherInputs: UnsafeMutablePointer<ContiguousArray<VelocityInput>>
    /// One `JointColouring` per thread of the job, taken with the lanes: a partition that holds a large island of
    /// joints solves them colour by colour, as the step on one thread does.
    var jointColourings: UnsafeMutablePointer<JointColouring>
    /// The joints' rows (`JointRow`), one for each of `activeJoints`: a partition writes its own range, in its
    /// solve order.
    var jointRows: UnsafeMutablePointer<JointRow>
    var slots: WorkerSlots?
    var substeps: Int
    var h: Double
    var inverseH: Double
    var maxAngularSpeed: Double
    var contactSoftness: Softness
    var staticSoftness: Softness
    var jointContext: JointContext
    var restitutionThreshold: Double
    /// The cap on impact passes of the whole step (`ContactImpact.resolve`), the same in every partition.
    var impactPassLimit: Int
    /// The step's length and the sleep threshold, for writing the motion back.
    var dt: Double
    var sleepThreshold: Double
    /// Whether the write-back marks the bodies fast enough for a continuous sweep.
    var marksFast: Bool
    /// Per partition, what writing its bodies back found (`FinalizeMark`, bits or-ed over the bodies): a state
    /// that was not finite, whose step is left for the stepping thread to discard, or a body marked fast.
    var finalizeMarks: UnsafeMutableBufferPointer<UInt8>
    /// The partitions' lane layouts kept from step to step (`PartitionLaneLayouts`), or nil to arrange every
    /// partition from scratch.
    var laneLayouts: PartitionLaneLayouts.Buffers? = nil

    /// One partition: solved whole by the thread that takes it, or, when all the threads solve it together
    /// (`togetherSlot`), only gathered and arranged, its quads left for `solveTogether` to write.
    static let solve: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: PartitionJob.self)
        let p = Int(job.pointee.runOrder[chunk])
        let slots = job.pointee.slots.unsafelyUnwrapped
        // The first partition, the one with the most work, always takes the lanes of slot 0, reserved for it before
        // the job (`WorkerSlots.reserve`): only that set grows to the largest partition, whichever thread runs it.
        let slot = chunk == 0 ? 0 : slots.claim()
        let together = Int(job.pointee.partitions[p].togetherSlot)
        if together >= 0 {
            let part = job.pointee.partitions[p]
            gather(part, job, into: job.pointee.togetherInputs + together)
            arrange(p, job, lanes: job.pointee.togetherLanes + together,
                    colouring: job.pointee.jointColourings + slot, writingQuads: false)
        } else {
            solve(p, job, lanes: job.pointee.lanes + slot, colouring: job.pointee.jointColourings + slot)
        }
        slots.release(slot)
    }

    /// Prepares and solves partition `p` through the whole step, its inputs read in place (as one stretch of the
    /// step's when they lie side by side, else through their places), keeps its impulses and writes its motion back.
    static func solve(_ p: Int, _ job: UnsafeMutablePointer<PartitionJob>,
                      lanes: UnsafeMutablePointer<ContactLanes>, colouring: UnsafeMutablePointer<JointColouring>) {
        let inputs = placedInputs(of: job.pointee.partitions[p], job)
        if let stretch = inputs.stretch {
            job.pointee.finalizeMarks[p] = solve(p, job, lanes: lanes, colouring: colouring, inputs: stretch)
        } else {
            job.pointee.finalizeMarks[p] = solve(p, job, lanes: lanes, colouring: colouring, inputs: inputs)
        }
    }

    /// The velocity inputs of `part`, where they lie in the step's inputs.
    private static func placedInputs(of part: IslandPartition, _ job: UnsafeMutablePointer<PartitionJob>) -> PlacedInputs {
        PlacedInputs(all: job.pointee.stepInputs.baseAddress.unsafelyUnwrapped,
                     places: UnsafeBufferPointer(rebasing: job.pointee.inputs[range(part.inputStart, part.inputCount)]))
    }

    /// Copies the velocity inputs of `part` side by side into `gathered`.
    private static func gather(_ part: IslandPartition, _ job: UnsafeMutablePointer<PartitionJob>,
                               into gathered: UnsafeMutablePointer<ContiguousArray<VelocityInput>>) {
        gathered.pointee.removeAll(keepingCapacity: true)
        gathered.pointee.append(contentsOf: placedInputs(of: part, job))
    }

    /// Makes and prepares the constraints of partition `p` (unless they were prepared apart), prepares its joints'
    /// rows in their solve order and arranges its contacts in `lanes`, writing the quads only with `writingQuads`;
    /// returns the rows. A partition of contacts alone takes the layout its lanes had in the step before, when it
    /// still holds, and its quads are written straight from the contacts (`arrangeAsBefore`); otherwise its layout
    /// is kept for the next step.
    @discardableResult
    static func arrange(_ p: Int, _ job: UnsafeMutablePointer<PartitionJob>,
                        lanes: UnsafeMutablePointer<ContactLanes>, colouring: UnsafeMutablePointer<JointColouring>,
                        writingQuads: Bool) -> UnsafeMutableBufferPointer<JointRow> {
        let j = job.pointee
        let part = j.partitions[p]
        // Partitions prepared apart have their constraints made already; joints and impulse watches read what only
        // a build lays out.
        let keepable = writingQuads && !part.preparedApart && part.jointCount == 0 && part.watchCount == 0
            && part.constraintCount > 0 && lanes.pointee.grouping
        let layouts = keepable ? j.laneLayouts : nil
        var kept = PartitionLaneLayouts.State.built
        if let layouts, layouts.states[p] != PartitionLaneLayouts.State.none.rawValue {
            if arrangeAsBefore(part, job, lanes: lanes, layouts: layouts) {
                layouts.states[p] = PartitionLaneLayouts.State.reused.rawValue
                return UnsafeMutableBufferPointer(start: j.jointRows + Int(part.jointStart), count: 0)
            }
            kept = .replaced
        }
        let states = j.states, joints = j.joints
        let cons = UnsafeMutableBufferPointer(rebasing: j.constraints[range(part.constraintStart, part.constraintCount)])
        let active = UnsafeBufferPointer(rebasing: j.activeJoints[range(part.jointStart, part.jointCount)])
        let watches = UnsafeMutableBufferPointer(rebasing: j.watches[range(part.watchStart, part.watchCount)])
        // A partition's constraints are few and side by side, so they are made (each from its contact, here
        // rather than on the stepping thread) and prepared in step order, and read back in solve order from the
        // cache (preparing them group by group, `ContactLanes.build(preparing:...)`, cost more instructions and
        // saved no misses here). A partition too heavy for one thread's share had them made and prepared across
        // the threads before the job (`prepare`).
        if !part.preparedApart {
            makeAndPrepare(cons, order: j.contactOrder[range(part.constraintStart, part.constraintCount)], j)
        }
        let coloured = active.count >= colouring.pointee.minimumIsland
            && colouring.pointee.build(active: active, joints: UnsafeBufferPointer(joints), states: UnsafeBufferPointer(states))
        let rowCount = colouring.pointee.sequence.withUnsafeBufferPointer { colourSequence in
            let sequence = coloured ? colourSequence : active
            JointRow.prepare(sequence, sequence.indices, rows: j.jointRows + Int(part.jointStart), joints: joints,
                             bodies: j.bodies, context: j.jointContext)
            return sequence.count
        }
        lanes.pointee.build(cons, states: states, writingQuads: writingQuads)
        if !watches.isEmpty {
            lanes.pointee.locate(watches, firstConstraint: Int(part.constraintStart), constraintCount: cons.count)
        }
        if let layouts, let base = cons.baseAddress {
            let start = Int(part.constraintStart)
            lanes.pointee.keepLayout(order: layouts.order.baseAddress.unsafelyUnwrapped + start,
                                     kinds: layouts.kinds.baseAddress.unsafelyUnwrapped + start,
                                     ends: layouts.ends.baseAddress.unsafelyUnwrapped + start,
                                     constraints: UnsafePointer(base), states: states)
            layouts.states[p] = kept.rawValue
        }
        return UnsafeMutableBufferPointer(start: j.jointRows + Int(part.jointStart), count: rowCount)
    }

    /// Lays the contacts of `part` out in `lanes` as they were laid out in the step before (`ContactLanes.adopt`),
    /// and writes their quads straight from the contacts, four block-solved constraints at once (`BlockQuad`), the
    /// others made and prepared one by one first (`ContactLanes.writeQuads` with `BlockQuad.Unprepared.makes`).
    /// Returns false when a constraint's moving bodies or kind are not the ones kept: the partition is then
    /// arranged from scratch, which makes every constraint anew.
    private static func arrangeAsBefore(_ part: IslandPartition, _ job: UnsafeMutablePointer<PartitionJob>,
                                        lanes: UnsafeMutablePointer<ContactLanes>,
                                        layouts: PartitionLaneLayouts.Buffers) -> Bool {
        let j = job.pointee
        guard let touches = j.touches.baseAddress, let constraints = j.constraints.baseAddress,
              let states = j.states.baseAddress else { return false }
        let start = Int(part.constraintStart), n = Int(part.constraintCount)
        let kinds = UnsafePointer(layouts.kinds.baseAddress.unsafelyUnwrapped + start)
        let order = j.contactOrder, contacts = j.contacts, bodies = UnsafePointer(j.bodies.baseAddress.unsafelyUnwrapped)
        // What the quads' preparation reads is asked for here, in step order, where the records lie in order: the
        // quads read it in solve order, scattered, and missed the cache on nearly every touch record.
        guard lanes.pointee.adopt(count: n, order: layouts.order.baseAddress.unsafelyUnwrapped + start, kinds: kinds,
                                  ends: layouts.ends.baseAddress.unsafelyUnwrapped + start, states: j.states,
                                  link: { k in
                                      let c = order[start + k]
                                      let link = contacts[Int(c)].link(c)
                                      ContactPrefetch.preparation(link, touches: touches, bodies: bodies,
                                                                  states: states)
                                      return link
                                  }) else { return false }
        let written = lanes.pointee.withQuadBuffers { quads, sources, links in
            let unprepared = BlockQuad.Unprepared(kinds: kinds, links: links.baseAddress.unsafelyUnwrapped, makes: true,
                                                  touches: UnsafePointer(touches), bodies: j.bodies, states: j.states,
                                                  contactSoftness: j.contactSoftness, staticSoftness: j.staticSoftness,
                                                  softness: BlockQuad.SoftnessFloats(contact: j.contactSoftness,
                                                                                     static: j.staticSoftness))
            return ContactLanes.writeQuads(quads.indices, quads, sources, constraints + start, states: states,
                                           unprepared)
        }
        guard written != .kindChanged else { return false }
        lanes.pointee.nameSolverBodies(states: j.states)
        return true
    }

    /// Prepares and solves partition `p`, whose inputs are `inputs`, through the whole step, keeps its impulses and
    /// writes its motion back; returns what the write-back found (`FinalizeMark` bits).
    private static func solve(_ p: Int, _ job: UnsafeMutablePointer<PartitionJob>,
                              lanes: UnsafeMutablePointer<ContactLanes>, colouring: UnsafeMutablePointer<JointColouring>,
                              inputs: some Sequence<VelocityInput>) -> UInt8 {
        let j = job.pointee, part = j.partitions[p]
        let states = j.states, bodies = j.bodies, joints = j.joints
        let bouncing = UnsafeBufferPointer(rebasing: j.bouncing[range(part.bouncingStart, part.bouncingCount)])
        let watches = UnsafeMutableBufferPointer(rebasing: j.watches[range(part.watchStart, part.watchCount)])
        let gains = j.gains
        let rows = arrange(p, job, lanes: lanes, colouring: colouring, writingQuads: true)
        var impactPass: Int32 = 0
        let inverseH = Float(j.inverseH)
        lanes.pointee.withSchedule { schedule in
            for _ in 0..<j.substeps {
                if !bouncing.isEmpty { VelocityChange.startMeasuring(gains, inputs: inputs, states: states) }
                PhysicsWorld.integrateVelocities(inputs, states: states, maxAngularSpeed: j.maxAngularSpeed)
                if !bouncing.isEmpty {
                    VelocityChange.finishMeasuring(gains, inputs: inputs, states: states)
                    ContactImpact.resolve(bouncing, j.constraints, states: states, gains: UnsafeBufferPointer(gains),
                                          changed: j.impactChanged, pass: &impactPass,
                                          threshold: j.restitutionThreshold, h: j.h, passLimit: j.impactPassLimit)
                }
                for k in rows.indices { rows[k].warmStart(joints: joints, states: states) }
                schedule.warmStart(states: states, keepsBodies: rows.isEmpty)
                for k in rows.indices {
                    rows[k].solve(joints: joints, states: states, context: j.jointContext, useBias: true)
                }
                schedule.solve(states: states, inverseH: inverseH, useBias: true, bodiesKept: rows.isEmpty)
                PhysicsWorld.integratePositions(inputs, states: states, h: j.h, maxAngularSpeed: j.maxAngularSpeed)
                for k in rows.indices {
                    rows[k].solve(joints: joints, states: states, context: j.jointContext, useBias: false)
                }
                schedule.solve(states: states, inverseH: inverseH, useBias: false)
                if !watches.isEmpty { ImpulseWatch.accumulate(watches, quads: schedule.quads) }
            }
        }
        JointRow.storeImpulses(UnsafeBufferPointer(rows), into: joints)
        // What the stepping thread would do after the solve, done here while the partition is in the cache: its
        // constraints' impulses kept for the next step (straight from the quads into the touch records), its
        // bodies' motion written back. Both touch this partition's records only.
        lanes.pointee.storeImpulses(into: j.touches)
        return PhysicsWorld.finalizeBodies(of: inputs, bodies, states: states, dt: j.dt, sleepThreshold: j.sleepThreshold,
                                           marksFast: j.marksFast)
    }

    /// Makes and prepares one chunk of the constraints of the partitions prepared apart
    /// (`IslandPartitions.prepareChunks`): the constraints are the same whichever thread prepares them.
    static let prepare: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: PartitionJob.self)
        let bounds = job.pointee.prepareChunks[chunk]
        let chunkRange = Int(bounds.x)..<Int(bounds.y)
        makeAndPrepare(UnsafeMutableBufferPointer(rebasing: job.pointee.constraints[chunkRange]),
                       order: job.pointee.contactOrder[chunkRange], job.pointee)
    }

    /// Makes the constraints `cons` from their contacts, `order` (their part of `contactOrder`), and prepares them
    /// (`ContactSolver.prepare`), in order.
    @inline(__always)
    private static func makeAndPrepare(_ cons: UnsafeMutableBufferPointer<ContactConstraint>,
                                       order: Slice<UnsafeBufferPointer<Int32>>, _ j: PartitionJob) {
        guard let base = j.touches.baseAddress, let bodies = j.bodies.baseAddress,
              let states = j.states.baseAddress else { return }
        // The touch records, bodies and states of the constraint `ContactPrefetch.distance` places on are asked
        // for while this one is prepared: the contacts lie in order, what they name does not.
        let ahead = ContactPrefetch.distance, first = order.startIndex, n = cons.count
        @inline(__always) func prefetch(_ k: Int) {
            let c = order[first + k]
            ContactPrefetch.preparation(j.contacts[Int(c)].link(c), touches: base, bodies: bodies, states: states)
        }
        for k in 0..<min(ahead, n) { prefetch(k) }
        for (k, i) in cons.indices.enumerated() {
            if k + ahead < n { prefetch(k + ahead) }
            let c = order[first + k]
            cons[i] = ContactConstraint(c, of: j.contacts[Int(c)])
            ContactSolver.prepare(&cons[i], touch: base + Int(cons[i].touch), bodies: j.bodies, states: j.states,
                                  contactSoftness: j.contactSoftness, staticSoftness: j.staticSoftness)
        }
    }

    @inline(__always)
    static func range(_ start: Int32, _ count: Int32) -> Range<Int> {
        Int(start)..<Int(start) + Int(count)
    }
}
