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
    /// Where the constraint is solved: quad index x 4 + lane in `ContactLanes.quads`.
    var slot: Int32 = -1
    /// Mass x pt/s so far.
    var total: Double = 0
}

extension ImpulseWatch {
    /// A watch for every "began" event whose contact is among `constraints` (which are in contact order).
    static func collect(_ watches: inout ContiguousArray<ImpulseWatch>, events: [ContactEvent],
                        constraints: ContiguousArray<ContactConstraint>) {
        collect(&watches, events: events, count: constraints.count) { constraints[$0].contact }
    }

    /// A watch for every "began" event whose contact is in `contacts` (in contact order); a watch's `constraint`
    /// is then the contact's place in `contacts`.
    static func collect(_ watches: inout ContiguousArray<ImpulseWatch>, events: [ContactEvent],
                        contacts: UnsafeBufferPointer<Int32>) {
        collect(&watches, events: events, count: contacts.count) { contacts[$0] }
    }

    /// A watch for every "began" event whose contact is among the `count` contacts `contactAt` gives, in contact
    /// order (a binary search for each event).
    private static func collect(_ watches: inout ContiguousArray<ImpulseWatch>, events: [ContactEvent], count: Int,
                                contactAt: (Int) -> Int32) {
        for e in events.indices where events[e].began {
            let contact = events[e].contact
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                if contactAt(mid) < contact { lo = mid + 1 } else { hi = mid }
            }
            if lo < count && contactAt(lo) == contact {
                watches.append(ImpulseWatch(event: Int32(e), constraint: Int32(lo)))
            }
        }
    }

    /// Adds each watched constraint's accumulated normal impulse, from the quad it is solved in (after a sub-step).
    @inline(__always)
    static func accumulate(_ watches: inout ContiguousArray<ImpulseWatch>, quads: UnsafeMutableBufferPointer<WideContact>) {
        watches.withUnsafeMutableBufferPointer { accumulate($0, quads: quads) }
    }

    /// Adds each watched constraint's accumulated normal impulse (see above), for watches in a buffer.
    @inline(__always)
    static func accumulate(_ watches: UnsafeMutableBufferPointer<ImpulseWatch>, quads: UnsafeMutableBufferPointer<WideContact>) {
        for k in watches.indices {
            let slot = Int(watches[k].slot), lane = slot & 3
            // A one-point constraint's second point has zero masses, so its impulse stays zero.
            watches[k].total += Double(quads[slot >> 2].p1.normalImpulse[lane])
                + Double(quads[slot >> 2].p2.normalImpulse[lane])
        }
    }
}

extension ContactLanes {
    /// Tells each watch where its constraint is solved (see `ImpulseWatch.slot`).
    mutating func locate(_ watches: inout ContiguousArray<ImpulseWatch>, constraintCount: Int) {
        watches.withUnsafeMutableBufferPointer { locate($0, firstConstraint: 0, constraintCount: constraintCount) }
    }

    /// Tells each watch where its constraint is solved, when these lanes hold the `constraintCount` constraints
    /// from `firstConstraint` on (a partition's, `PartitionJob`).
    mutating func locate(_ watches: UnsafeMutableBufferPointer<ImpulseWatch>, firstConstraint: Int, constraintCount: Int) {
        slotOfConstraint.removeAll(keepingCapacity: true)
        slotOfConstraint.append(contentsOf: repeatElement(-1, count: constraintCount))
        slotOfConstraint.withUnsafeMutableBufferPointer { slotOf in
            sources.withUnsafeBufferPointer { sources in
                for k in sources.indices {
                    for lane in 0..<4 where sources[k][lane] >= 0 { slotOf[Int(sources[k][lane])] = Int32(4 * k + lane) }
                }
            }
            for k in watches.indices { watches[k].slot = slotOf[Int(watches[k].constraint) - firstConstraint] }
        }
    }
}
