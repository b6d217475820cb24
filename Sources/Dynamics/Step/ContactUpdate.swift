extension PhysicsWorld {
    /// New pairs from the broadphase become contacts; every contact with a moving body gets a new manifold, and
    /// changes of touching become events. With a pool, the manifolds are computed across its threads first (see
    /// `refreshContactsInParallel`).
    mutating func updateContacts(pool: WorkerPool? = nil, tuning: ParallelTuning = ParallelTuning()) {
        finishProxyMoves()
        finishPairRemovals()
        // First, what the last step's growth (and the sync's, before this step) left with the allocator.
        trimFreedMemoryAfterGrowth()
        var pairs = ContiguousArray<(Int32, Int32)>()
        swap(&pairs, &scratchPairs)
        pairs.removeAll(keepingCapacity: true)
        if proxyCount > 0 {
            // A copy of the table for the query only; it is gone before contacts are made, so making them does not
            // copy the table's storage.
            do {
                let known = contactOfPair
                broadPhase.updatePairs(known: known, pool: pool, tuning: tuning) { a, b in pairs.append((a, b)) }
            }
        }
        // Pairs that may touch are kept in place, in order; the first step of a world built at once finds thousands,
        // and their contacts then get their room at once.
        let found = pairs.count
        var admittedCount = 0
        let ahead = PairMap.prefetchDistance
        for k in pairs.indices {
            if k + ahead < pairs.count { prefetchShapes(of: pairs[k + ahead]) }
            let (a, b) = pairs[k]
            guard a >= 0, b >= 0, Int(a) < shapes.count, Int(b) < shapes.count else { continue }
            let i = Int(a), j = Int(b)
            // The broadphase left out the pairs that have a contact and reports each pair once.
            // Read in place through pointers: a record is large, and a copy of one costs more than the test.
            let admitted = shapes.withUnsafeBufferPointer { sp in
                let base = sp.baseAddress.unsafelyUnwrapped
                let ra = base + i, rb = base + j
                // Only a dynamic body can be pushed: kinematic bodies meet neither each other nor static ones.
                return ra.pointee.inUse && rb.pointee.inUse && ra.pointee.body != rb.pointee.body
                    && (bodies[Int(ra.pointee.body)].isDynamic || bodies[Int(rb.pointee.body)].isDynamic)
                    && Self.shouldCollide(ra, rb)
            }
            if admitted {
                pairs[admittedCount] = (a, b)
                admittedCount += 1
            }
        }
        pairs.removeLast(pairs.count - admittedCount)
        contacts.reserveForBatch(adding: admittedCount - freeContacts.count)
        contactOfPair.reserve(adding: admittedCount)
        // The pairs' slots in the table, a few ahead: a burst of new pairs otherwise misses the cache at every one.
        for k in pairs.indices {
            if k + ahead < pairs.count {
                let (a, b) = pairs[k + ahead]
                contactOfPair.prefetch(Contact.key(a, b))
            }
            createContact(pairs[k].0, pairs[k].1)
        }
        pairs.releaseBurstRoom(used: found)
        swap(&pairs, &scratchPairs)

        // Most contacts only get a new manifold; they are updated on raw buffers, and the scan stops at the rare
        // contact that must be destroyed or must wake a body, which is handled here, in the same order as a plain
        // loop would (a woken body can change what later contacts do).
        if separatingFaces.count < contacts.count {
            separatingFaces.append(contentsOf: repeatElement(SeparatingFace.none, count: contacts.count - separatingFaces.count))
        }
        if let pool, contacts.count >= tuning.minimumContacts {
            refreshContactsInParallel(pool, tuning)
            return
        }
        var c = 0
        var stop = ContactScanStop(index: 0, action: .none)
        while c < contacts.count {
            do {
                let shapeStore = shapes, boundStore = bounds, bodyStore = bodies
                var found = events, freed = freeTouches
                events = []
                freeTouches = []
                var faces = ContiguousArray<UInt8>()
                swap(&faces, &separatingFaces)
                defer { swap(&faces, &separatingFaces) }
                contacts.withUnsafeMutableBufferPointer { cb in touches.withUnsafeMutableBufferPointer { tb in
                    faces.withUnsafeMutableBufferPointer { fb in
                        shapeStore.withUnsafeBufferPointer { sp in
                            boundStore.withUnsafeBufferPointer { xp in
                                bodyStore.withUnsafeBufferPointer { bp in
                                    Self.scanContacts(cb, touches: tb, faces: fb, shapes: sp, bounds: xp, bodies: bp, from: c,
                                                      events: &found, freeTouches: &freed, stop: &stop)
                                }
                            }
                        }
                    }
                } }
                swap(&found, &events)
                swap(&freed, &freeTouches)
            }
            guard stop.index < contacts.count else { break }
            let i = stop.index
            switch stop.action {
            case .destroy:
                if contacts[i].touching {
                    events.append(ContactEvent(shapeA: contacts[i].shapeA, shapeB: contacts[i].shapeB, began: false, point: .zero))
                }
                destroyContact(Int32(i))
            case .begin:
                // The touch record is made here, where the array of them may grow.
                beginTouch(Int32(i), stop.manifold)
                let event = bodies.withUnsafeBufferPointer { Self.beganEvent(contacts[i], touches, index: i, bodies: $0) }
                events.append(event)
                wakeIfNeeded(i)
            case .wake:
                wakeIfNeeded(i)
            case .none:
                break
            }
            c = i + 1
        }
    }

    /// Asks for the shape records of a pair the broadphase found, a few pairs before they are read (a record is 104
    /// bytes, two lines, and the pairs of a burst lie all over the shapes). A hint: out-of-range indices are skipped.
    @inline(__always)
    private func prefetchShapes(of pair: (Int32, Int32)) {
        shapes.withUnsafeBufferPointer { sp in
            let (a, b) = pair
            guard a >= 0, b >= 0, Int(a) < sp.count, Int(b) < sp.count else { return }
            let base = sp.baseAddress.unsafelyUnwrapped
            ContactPrefetch.record(base + Int(a))
            ContactPrefetch.record(base + Int(b))
        }
    }

    /// Wakes the bodies of contact `i` when it touches and one of them is not awake: a moving body touching a
    /// sleeping one wakes its island, as they must be solved together.
    private mutating func wakeIfNeeded(_ i: Int) {
        guard bodies.withUnsafeBufferPointer({ Self.needsWake(contacts[i], $0) }) else { return }
        let ia = contacts[i].bodyA, ib = contacts[i].bodyB
        if !bodies[Int(ia)].isAwake { wakeBody(ia) }
        if !bodies[Int(ib)].isAwake { wakeBody(ib) }
    }

    /// Updates the manifolds of contacts from `first` on, appending touching changes to `events` and the touch
    /// records of contacts that stopped touching to `freeTouches`, until a contact must be destroyed (its fat boxes
    /// no longer overlap; left untouched), begins touching (its manifold in `stop`, its touch record and event left
    /// to the caller) or touches a body that is not awake (updated, its wake left to the caller). Sets `stop` to
    /// where it stopped, or to the contact count when it got through.
    private static func scanContacts(_ contacts: UnsafeMutableBufferPointer<Contact>,
                                     touches: UnsafeMutableBufferPointer<ContactTouch>, faces: UnsafeMutableBufferPointer<UInt8>,
                                     shapes: UnsafeBufferPointer<ShapeRecord>,
                                     bounds: UnsafeBufferPointer<ShapeBounds>, bodies: UnsafeBufferPointer<Body>, from first: Int,
                                     events: inout [ContactEvent], freeTouches: inout [Int32], stop: inout ContactScanStop) {
        for c in first..<contacts.count where contacts[c].inUse {
            switch refresh(c, contacts, touches: touches, faces: faces, shapes: shapes, bounds: bounds, bodies: bodies,
                           beginning: &stop.manifold) {
            case .idle, .kept: continue
            case .updated, .updatedWaking: break
            case .destroy: stop.index = c; stop.action = .destroy; return
            case .began: stop.index = c; stop.action = .begin; return
            case .ended:
                freeTouches.append(contacts[c].touch)
                contacts[c].touch = -1
                events.append(ContactEvent(shapeA: contacts[c].shapeA, shapeB: contacts[c].shapeB, began: false, point: .zero))
            }
            if needsWake(contacts[c], bodies) { stop.index = c; stop.action = .wake; return }
        }
        stop.index = contacts.count
        stop.action = .none
    }

    /// Whether contact `c`, just updated, touches a body that is not awake (which must then wake).
    @inline(__always)
    fileprivate static func needsWake(_ c: borrowing Contact, _ bodies: UnsafeBufferPointer<Body>) -> Bool {
        let touching = c.touching, a = Int(c.bodyA), b = Int(c.bodyB)
        return touching && (!bodies[a].isAwake || !bodies[b].isAwake)
    }

    /// The event of a contact that just began touching, from its new manifold.
    private static func beganEvent(_ c: borrowing Contact, _ touches: ContiguousArray<ContactTouch>, index: Int,
                                   bodies: UnsafeBufferPointer<Body>) -> ContactEvent {
        let manifold = touches[Int(c.touch)].manifold
        let point = manifold.point1?.point ?? manifold.point2?.point ?? .zero
        let base = bodies.baseAddress.unsafelyUnwrapped
        return ContactEvent(shapeA: c.shapeA, shapeB: c.shapeB, began: true, point: point, contact: Int32(index),
                            normal: manifold.normal,
                            speed: approachSpeed(manifold, base + Int(c.bodyA), base + Int(c.bodyB)))
    }

    /// Gives contact `c` (in use) its new manifold when one of its bodies moves, and says what happened. A contact
    /// that still touches gets the manifold in its touch record; one that stops (`.ended`) leaves the record for the
    /// caller to give back; one that begins touching has no record yet, and its manifold goes to `beginning` for the
    /// caller to make one (`beginning` is scratch otherwise). Touches contact `c`'s touch record and its face hint
    /// only, so different contacts can be refreshed on different threads.
    @inline(__always)
    static func refresh(_ c: Int, _ contacts: UnsafeMutableBufferPointer<Contact>,
                        touches: UnsafeMutableBufferPointer<ContactTouch>, faces: UnsafeMutableBufferPointer<UInt8>,
                        shapes: UnsafeBufferPointer<ShapeRecord>, bounds: UnsafeBufferPointer<ShapeBounds>,
                        bodies: UnsafeBufferPointer<Body>, beginning: inout Manifold) -> ContactRefresh {
        let ia = Int(contacts[c].bodyA), ib = Int(contacts[c].bodyB)
        guard bodies[ia].isSimulated || bodies[ib].isSimulated || bodies[ia].isMovingKinematic
            || bodies[ib].isMovingKinematic else { return .idle }
        let sa = Int(contacts[c].shapeA), sb = Int(contacts[c].shapeB)
        if !bounds[sa].fatAABB.overlaps(bounds[sb].fatAABB) { return .destroy }
        let touch = Int(contacts[c].touch)
        if tooFarForPoints(bounds, sa, sb) {
            // `collide` would find no point; a contact that does not touch stays as it is.
            return touch < 0 ? .kept : .ended
        }
        let pa = shapePointer(shapes, sa), pb = shapePointer(shapes, sb)
        let xfA = bodies[ia].transform, xfB = bodies[ib].transform
        if touch >= 0 {
            // Built where the touch record keeps it (a record that stops touching is given back, and what it then
            // holds is never read), its impulses carried over from the old points' ids read first.
            let kept = touches[touch].keptImpulses
            collide(pa, xfA, pb, xfB, into: &touches[touch].manifold, hint: &faces[c])
            guard touches[touch].manifold.pointCount > 0 else { return .ended }
            touches[touch].carry(kept)
            return .updated
        }
        collide(pa, xfA, pb, xfB, into: &beginning, hint: &faces[c])
        return beginning.pointCount > 0 ? .began : .updated
    }

    /// Refreshes every contact across the pool's threads, then walks the contacts in order on this thread to make
    /// the events, destroy contacts whose boxes parted and wake what a touching contact reaches, exactly as the
    /// serial scan does. A refresh touches nothing but its contact, and a wake changes only which contacts are
    /// refreshed: one whose bodies were all asleep when the threads ran, but woke earlier in the walk, is refreshed
    /// in the walk, where the serial scan would have refreshed it.
    ///
    /// Most contacts only get a new manifold and touch awake bodies: the walk steps over their outcomes eight at a
    /// time (`ContactRefresh.needingWalk`) without reading the contacts or their bodies. The threads tell apart the
    /// updated contacts that touch a body not awake (`updatedWaking`); a wake only makes bodies awake, so a contact
    /// whose bodies were awake when the threads ran still has them awake. Until the walk wakes a body, an idle
    /// contact stays idle and is stepped over too.
    private mutating func refreshContactsInParallel(_ pool: WorkerPool, _ tuning: ParallelTuning) {
        var outcome = ContiguousArray<ContactRefresh>()
        swap(&outcome, &scratchRefresh)
        defer { swap(&outcome, &scratchRefresh) }
        // Room for whole words: the walk reads the outcomes eight at a time, and those past the contacts are never
        // written after this (`.updated`, nothing to do).
        let words = (contacts.count + 7) / 8
        if outcome.count < 8 * words {
            outcome.append(contentsOf: repeatElement(.updated, count: 8 * words - outcome.count))
        }
        do {
            let shapeStore = shapes, boundStore = bounds, bodyStore = bodies
            var faces = ContiguousArray<UInt8>()
            swap(&faces, &separatingFaces)
            defer { swap(&faces, &separatingFaces) }
            contacts.withUnsafeMutableBufferPointer { cb in touches.withUnsafeMutableBufferPointer { tb in
            faces.withUnsafeMutableBufferPointer { fb in
            outcome.withUnsafeMutableBufferPointer { ob in
            shapeStore.withUnsafeBufferPointer { sp in boundStore.withUnsafeBufferPointer { xp in
            bodyStore.withUnsafeBufferPointer { bp in
                var job = ContactRefreshJob(contacts: cb, touches: tb, faces: fb, shapes: sp, bounds: xp, bodies: bp,
                                            outcome: ob,
                                            chunkSize: max(tuning.contactChunk,
                                                           (cb.count + 4 * pool.participants - 1) / (4 * pool.participants)))
                let chunks = (cb.count + job.chunkSize - 1) / job.chunkSize
                withUnsafeMutablePointer(to: &job) { pool.run(ContactRefreshJob.refresh, $0, chunks: chunks) }
            } } } } } } }
        }
        var woke = false
        var beginning = Manifold()
        let count = contacts.count
        var word = 0
        // The outcomes of contacts 8 * w ..< 8 * w + 8, the first in the lowest byte.
        func outcomes(_ w: Int) -> UInt64 {
            outcome.withUnsafeBufferPointer {
                UInt64(littleEndian: UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped)
                    .loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self))
            }
        }
        while word < words {
            // The contacts a few words on that the walk will visit, asked for now: they were written by whichever
            // thread refreshed them, and each visit otherwise waits for its line (another processor's, half the
            // time).
            if word + Self.walkAhead < words,
               ContactRefresh.needingWalk(outcomes(word + Self.walkAhead), afterWake: false) != 0 {
                prefetchContacts(8 * (word + Self.walkAhead), count: 8)
            }
            var left = outcomes(word)
            let base = 8 * word
            word += 1
            while true {
                // Idle contacts need nothing until a body wakes (which may happen within these eight).
                let live = ContactRefresh.needingWalk(left, afterWake: woke)
                guard live != 0 else { break }
                let byte = live.trailingZeroBitCount / 8
                let c = base + byte
                // Done with it: a byte of `.updated` (zero) needs nothing.
                left &= ~(UInt64(0xFF) << UInt64(8 * byte))
                guard c < count, contacts[c].inUse else { continue }
                var result = outcome[c]
                if result == .idle {
                    // Bodies woken earlier in this walk may make the contact one to refresh now.
                    guard woke else { continue }
                    result = refreshHere(c, beginning: &beginning)
                } else if result == .began {
                    // The thread had nowhere to keep the new manifold: the same call gives it again here (the face
                    // hint it left changes how fast, never what).
                    result = refreshHere(c, beginning: &beginning)
                }
                switch result {
                case .idle, .kept:
                    continue
                case .destroy:
                    let touching = contacts[c].touching
                    if touching {
                        events.append(ContactEvent(shapeA: contacts[c].shapeA, shapeB: contacts[c].shapeB, began: false,
                                                   point: .zero))
                        // Destroying a touching contact wakes its bodies; only a body not awake yet changes anything.
                        if !woke { woke = bodies.withUnsafeBufferPointer { Self.anyAsleep(contacts[c], $0) } }
                    }
                    // The pair's key leaves the table while the workers prepare the constraints.
                    destroyContact(Int32(c), defersPairRemoval: true)
                    continue
                case .began:
                    beginTouch(Int32(c), beginning)
                    let event = bodies.withUnsafeBufferPointer { Self.beganEvent(contacts[c], touches, index: c, bodies: $0) }
                    events.append(event)
                case .ended:
                    endTouch(Int32(c))
                    events.append(ContactEvent(shapeA: contacts[c].shapeA, shapeB: contacts[c].shapeB, began: false, point: .zero))
                case .updated, .updatedWaking:
                    break
                }
                if bodies.withUnsafeBufferPointer({ Self.needsWake(contacts[c], $0) }) {
                    let ia = contacts[c].bodyA, ib = contacts[c].bodyB
                    if !bodies[Int(ia)].isAwake { wakeBody(ia) }
                    if !bodies[Int(ib)].isAwake { wakeBody(ib) }
                    woke = true
                }
            }
        }
    }

    /// How many words of outcomes ahead the walk after a parallel refresh asks for the contacts it will visit.
    private static let walkAhead = 4

    /// Asks for the lines of contacts `first ..< first + count` that exist.
    @inline(__always)
    private func prefetchContacts(_ first: Int, count: Int) {
        contacts.withUnsafeBufferPointer { cb in
            guard first < cb.count else { return }
            ContactPrefetch.records(cb.baseAddress.unsafelyUnwrapped + first, count: min(count, cb.count - first),
                                    write: true)
        }
    }

    /// Whether a dynamic body of contact `c` is not awake (destroying the touching contact would wake it).
    @inline(__always)
    private static func anyAsleep(_ c: borrowing Contact, _ bodies: UnsafeBufferPointer<Body>) -> Bool {
        let a = Int(c.bodyA), b = Int(c.bodyB)
        return (bodies[a].isDynamic && !bodies[a].isAwake) || (bodies[b].isDynamic && !bodies[b].isAwake)
    }

    /// `refresh` of contact `c` on this thread, on the world's own storage.
    private mutating func refreshHere(_ c: Int, beginning: inout Manifold) -> ContactRefresh {
        let shapeStore = shapes, boundStore = bounds, bodyStore = bodies
        var faces = ContiguousArray<UInt8>()
        swap(&faces, &separatingFaces)
        defer { swap(&faces, &separatingFaces) }
        return contacts.withUnsafeMutableBufferPointer { cb in touches.withUnsafeMutableBufferPointer { tb in
            faces.withUnsafeMutableBufferPointer { fb in
                shapeStore.withUnsafeBufferPointer { sp in boundStore.withUnsafeBufferPointer { xp in
                    bodyStore.withUnsafeBufferPointer { bp in
                        Self.refresh(c, cb, touches: tb, faces: fb, shapes: sp, bounds: xp, bodies: bp, beginning: &beginning)
                    }
                } }
            }
        } }
    }

    /// The fastest approach along the normal of the manifold's points, from the bodies' velocities as the step
    /// begins (pt/s; 0 when they separate). Bodies are read in place: they are large records.
    private static func approachSpeed(_ m: Manifold, _ a: UnsafePointer<Body>, _ b: UnsafePointer<Body>) -> Double {
        func approach(_ mp: ManifoldPoint?) -> Double {
            guard let mp else { return 0 }
            // Anchors are relative to the body frames; velocities are those of the centres of mass.
            let rA = mp.anchorA - (a.pointee.center - a.pointee.origin)
            let rB = mp.anchorB - (b.pointee.center - b.pointee.origin)
            let dv = b.pointee.v + cross(b.pointee.w, rB) - a.pointee.v - cross(a.pointee.w, rA)
            return -dot(dv, m.normal)
        }
        return max(0, approach(m.point1), approach(m.point2))
    }

    /// Whether the filters of two records let them collide, read in place.
    @inline(__always)
    private static func shouldCollide(_ a: UnsafePointer<ShapeRecord>, _ b: UnsafePointer<ShapeRecord>) -> Bool {
        withUnsafePointer(to: a.pointee.filter) { fa in withUnsafePointer(to: b.pointee.filter) { fb in
            fa.pointee.shouldCollide(with: fb.pointee)
        } }
    }

    /// Whether two shapes' tight boxes are farther apart than any manifold point can be: the shapes are then more
    /// than `Tolerance.speculativeDistance` apart, and `collide` gives no point for circles and polygons (their
    /// points are never farther apart than the shapes' true distance). A linear slop of room absorbs rounding.
    @inline(__always)
    static func tooFarForPoints(_ bounds: UnsafeBufferPointer<ShapeBounds>, _ a: Int, _ b: Int) -> Bool {
        guard bounds[a].isBoxSeparable && bounds[b].isBoxSeparable else { return false }
        return !bounds[a].aabb.expanded(by: Tolerance.speculativeDistance + Tolerance.linearSlop).overlaps(bounds[b].aabb)
    }

    /// The shape of record `i`, in place in the world's storage (valid while `records` is); `i` must be in range.
    @inline(__always)
    static func shapePointer(_ records: UnsafeBufferPointer<ShapeRecord>, _ i: Int) -> UnsafePointer<Shape> {
        // A stored property of a struct always has an offset; `shape` is the first, so it is 0 in practice.
        let offset = MemoryLayout<ShapeRecord>.offset(of: \ShapeRecord.shape) ?? 0
        let record = UnsafeRawPointer(records.baseAddress.unsafelyUnwrapped + i)
        return (record + offset).assumingMemoryBound(to: Shape.self)
    }
}

/// Where `scanContacts` stopped and what the contact there still needs.
private struct ContactScanStop {
    enum Action { case none, destroy, begin, wake }
    var index: Int
    var action: Action
    /// For `begin`, the contact's first manifold with points.
    var manifold = Manifold()
}

/// What refreshing a contact did (see `PhysicsWorld.refresh`). The raw values let the walk after a parallel refresh
/// find the contacts it must visit eight at a time (`needingWalk`): nothing to do is 0 and 1, idle is 2, the rest
/// above.
enum ContactRefresh: UInt8 {
    /// A new manifold (or, for a contact that does not touch, none with points); touching as before.
    case updated = 0
    /// Too far apart for points and without any: left as it was.
    case kept = 1
    /// Neither body moves: left as it was.
    case idle = 2
    /// Its fat boxes no longer overlap: it must be destroyed (left as it was).
    case destroy = 3
    /// A new manifold, and it began touching: the manifold is the caller's to keep (see `PhysicsWorld.refresh`).
    case began = 4
    /// A new manifold without points: it stopped touching, and its touch record is the caller's to give back.
    case ended = 5
    /// `updated`, touching a body that was not awake when the parallel refresh looked (only it says this): the
    /// walk after may have to wake it.
    case updatedWaking = 6

    /// Of eight outcomes in a word (one a byte, all below 128), a word with the high bit set in the bytes of those
    /// the walk after a parallel refresh must visit: every one above `idle`, and `idle` too once the walk woke a body.
    @inline(__always)
    static func needingWalk(_ word: UInt64, afterWake: Bool) -> UInt64 {
        // Adding 128 - k to a byte below 128 sets its high bit exactly when it is at least k, and never carries
        // into the next byte.
        let lowest: UInt64 = afterWake ? 0x7E7E_7E7E_7E7E_7E7E : 0x7D7D_7D7D_7D7D_7D7D
        return (word &+ lowest) & 0x8080_8080_8080_8080
    }
}

/// What the threads refreshing contacts read (see `PhysicsWorld.refreshContactsInParallel`).
private struct ContactRefreshJob {
    var contacts: UnsafeMutableBufferPointer<Contact>
    var touches: UnsafeMutableBufferPointer<ContactTouch>
    var faces: UnsafeMutableBufferPointer<UInt8>
    var shapes: UnsafeBufferPointer<ShapeRecord>
    var bounds: UnsafeBufferPointer<ShapeBounds>
    var bodies: UnsafeBufferPointer<Body>
    /// Per contact, what its refresh did; a contact not in use is `kept` (the walk has nothing to do there).
    var outcome: UnsafeMutableBufferPointer<ContactRefresh>
    var chunkSize: Int

    static let refresh: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: ContactRefreshJob.self).pointee
        let lower = chunk * job.chunkSize, upper = min(job.contacts.count, lower + job.chunkSize)
        // A contact that begins touching is refreshed again in the walk after, which has room for its manifold.
        var beginning = Manifold()
        for c in lower..<upper {
            guard job.contacts[c].inUse else {
                job.outcome[c] = .kept
                continue
            }
            var result = PhysicsWorld.refresh(c, job.contacts, touches: job.touches, faces: job.faces, shapes: job.shapes,
                                              bounds: job.bounds, bodies: job.bodies, beginning: &beginning)
            if result == .updated && PhysicsWorld.needsWake(job.contacts[c], job.bodies) { result = .updatedWaking }
            job.outcome[c] = result
        }
    }
}
