/// A contact that began touching this step, followed through the solve so its event can tell the whole normal
/// impulse of the impact.
///
/// In the soft step each sub-step first applies the impulse the previous sub-step ended with (warm starting) and
/// then corrects it, so a point receives its accumulated impulse once per sub-step: the step's total is the sum of
/// the accumulated impulses at the end of every sub-step, plus what the impacts apply (`ContactImpact`). The impulse kept
/// for warm starting is only the last sub-step's share, a small part of a hard impact.
struct ImpulseWatch {
    /// The event in `PhysicsWorld.events` that gets the total.
    var event: Int32
    /// The contact constraint, by index in the step's constraints.
    var constraint: Int32
    /// Where the constraint is solved: pair index x 2 + lane in `ContactLanes.pairs`, or -1 when it is solved alone.
    var slot: Int32 = -1
    /// Mass x pt/s so far.
    var total: Double = 0
}

extension ImpulseWatch {
    /// A watch for every "began" event whose contact is among `constraints` (which are in contact order).
    static func collect(_ watches: inout ContiguousArray<ImpulseWatch>, events: [ContactEvent],
                        constraints: ContiguousArray<ContactConstraint>) {
        for e in events.indices where events[e].began {
            let contact = events[e].contact
            var lo = 0, hi = constraints.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if constraints[mid].contact < contact { lo = mid + 1 } else { hi = mid }
            }
            if lo < constraints.count && constraints[lo].contact == contact {
                watches.append(ImpulseWatch(event: Int32(e), constraint: Int32(lo)))
            }
        }
    }

    /// Adds each watched constraint's accumulated normal impulse, wherever it is being solved (after a sub-step).
    @inline(__always)
    static func accumulate(_ watches: inout ContiguousArray<ImpulseWatch>, pairs: UnsafeMutableBufferPointer<WideContact>,
                           constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        for k in watches.indices {
            let slot = Int(watches[k].slot)
            if slot >= 0 {
                let lane = slot & 1
                // A one-point constraint's second point has zero masses, so its impulse stays zero.
                watches[k].total += pairs[slot >> 1].p1.normalImpulse[lane] + pairs[slot >> 1].p2.normalImpulse[lane]
            } else {
                watches[k].total += normalImpulse(constraints[Int(watches[k].constraint)])
            }
        }
    }

    /// The sum of a constraint's accumulated normal impulses.
    @inline(__always)
    static func normalImpulse(_ c: borrowing ContactConstraint) -> Double {
        c.pointCount > 1 ? c.p1.normalImpulse + c.p2.normalImpulse : c.pointCount == 1 ? c.p1.normalImpulse : 0
    }
}

extension ContactLanes {
    /// Tells each watch where its constraint is solved (see `ImpulseWatch.slot`).
    mutating func locate(_ watches: inout ContiguousArray<ImpulseWatch>, constraintCount: Int) {
        slotOfConstraint.removeAll(keepingCapacity: true)
        slotOfConstraint.append(contentsOf: repeatElement(-1, count: constraintCount))
        slotOfConstraint.withUnsafeMutableBufferPointer { slotOf in
            sources.withUnsafeBufferPointer { sources in
                for k in sources.indices {
                    slotOf[Int(sources[k].0)] = Int32(2 * k)
                    slotOf[Int(sources[k].1)] = Int32(2 * k + 1)
                }
            }
            for k in watches.indices { watches[k].slot = slotOf[Int(watches[k].constraint)] }
        }
    }
}
