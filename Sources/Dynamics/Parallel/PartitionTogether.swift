/// The solve of a partition too heavy for one thread's share, by all the threads at once.
///
/// A partition is solved whole by one thread (`PartitionJob.solve`), which keeps its bodies in that thread's cache;
/// but one that holds most of the step (the tumbler's drum with the pile resting in it) then leaves the other
/// threads idle once the small partitions are gone. Such a partition (`IslandPartition.togetherSlot`) is arranged in
/// the partitions' job by the thread that takes it, beside the small partitions the others solve, and solved after
/// the job as a step of its own on the groups path (`ParallelStep`): its quads written across the threads, then
/// every sub-step's passes group by group (`LaneGroup`: a level, or a colour of a large island), each large group
/// split across the threads with a barrier after it, the velocities and positions integrated in chunks, and the
/// impulses kept and the motion written back in chunks.
///
/// Its bodies meet their constraints in the order one thread solving the partition gives them: joints first, on the
/// stepping thread, in their solve order; then the contacts group after group, and a group's constraints share no
/// moving body. So the bits are those of one thread.
extension PartitionJob {
    /// Solves partition `p`, arranged in the partitions' job, with the threads of `pool`; what writing its motion
    /// back found goes into `finalizeMarks[p]`. `marks` holds one mark per chunk of the write-back (at least
    /// `pool.participants * ParallelStep.chunksPerThread`).
    /// Returns whether its sub-steps were one pool job of stages (`ContactStageJob`).
    static func solveTogether(_ p: Int, _ job: UnsafeMutablePointer<PartitionJob>, pool: WorkerPool,
                              tuning: ParallelTuning, marks: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let j = job.pointee, part = j.partitions[p]
        let slot = Int(part.togetherSlot)
        let lanes = j.togetherLanes + slot
        let states = j.states, joints = j.joints, gains = j.gains
        let cons = UnsafeMutableBufferPointer(rebasing: j.constraints[range(part.constraintStart, part.constraintCount)])
        let bouncing = UnsafeBufferPointer(rebasing: j.bouncing[range(part.bouncingStart, part.bouncingCount)])
        let watches = UnsafeMutableBufferPointer(rebasing: j.watches[range(part.watchStart, part.watchCount)])
        // The rows `arrange` prepared: one per joint of the partition, in their solve order.
        let rows = UnsafeMutableBufferPointer(start: j.jointRows + Int(part.jointStart), count: Int(part.jointCount))
        var impactPass: Int32 = 0
        // Nothing runs between the passes but the joints' rows and the watches' sums: the sub-steps, the impulses
        // kept and the motion written back are one pool job (`ContactStageJob`).
        let staged = bouncing.isEmpty
        j.togetherInputs[slot].withUnsafeBufferPointer { inputs in
            var step = StepJob(bodies: j.bodies, states: states, constraints: cons, touches: j.touches, inputs: inputs,
                               h: j.h, inverseH: j.inverseH, maxAngularSpeed: j.maxAngularSpeed,
                               contactSoftness: j.contactSoftness, staticSoftness: j.staticSoftness)
            step.dt = j.dt
            step.sleepThreshold = j.sleepThreshold
            step.marksFast = j.marksFast
            step.joints = joints
            step.jointContext = j.jointContext
            withUnsafeMutablePointer(to: &step) { step in
                let parallel = ParallelStep(pool: pool, job: step, tuning: tuning)
                parallel.writeQuads(&lanes.pointee)
                if staged {
                    j.finalizeMarks[p] = lanes.pointee.withSchedule { schedule, sources, links in
                        parallel.runSubsteps(schedule, sources: sources, links: links, rows: rows, substeps: j.substeps,
                                             marks: marks, watches: watches)
                    }
                    JointRow.storeImpulses(UnsafeBufferPointer(rows), into: joints)
                    return
                }
                lanes.pointee.withSchedule { schedule in
                    parallel.useContacts(schedule, splits: true)
                    for _ in 0..<j.substeps {
                        if !bouncing.isEmpty { VelocityChange.startMeasuring(gains, inputs: inputs, states: states) }
                        parallel.integrateVelocities()
                        if !bouncing.isEmpty {
                            VelocityChange.finishMeasuring(gains, inputs: inputs, states: states)
                            ContactImpact.resolve(bouncing, j.constraints, states: states,
                                                  gains: UnsafeBufferPointer(gains), changed: j.impactChanged,
                                                  pass: &impactPass, threshold: j.restitutionThreshold, h: j.h,
                                                  passLimit: j.impactPassLimit)
                        }
                        for k in rows.indices { rows[k].warmStart(joints: joints, states: states) }
                        parallel.warmStartContacts(schedule, keepsBodies: rows.isEmpty)
                        for k in rows.indices {
                            rows[k].solve(joints: joints, states: states, context: j.jointContext, useBias: true)
                        }
                        parallel.solveContacts(schedule, useBias: true, bodiesKept: rows.isEmpty)
                        parallel.integratePositions()
                        for k in rows.indices {
                            rows[k].solve(joints: joints, states: states, context: j.jointContext, useBias: false)
                        }
                        parallel.solveContacts(schedule, useBias: false)
                        if !watches.isEmpty { ImpulseWatch.accumulate(watches, quads: schedule.quads) }
                    }
                }
                JointRow.storeImpulses(UnsafeBufferPointer(rows), into: joints)
                j.finalizeMarks[p] = parallel.finishSolve(lanes.pointee, marks: marks)
            }
        }
        return staged
    }
}
