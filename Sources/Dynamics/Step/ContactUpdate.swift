extension PhysicsWorld {
    /// New pairs from the broadphase become contacts; every contact with a moving body gets a new manifold, and
    /// changes of touching become events.
    mutating func updateContacts() {
        var pairs = ContiguousArray<(Int32, Int32)>()
        swap(&pairs, &scratchPairs)
        pairs.removeAll(keepingCapacity: true)
        if proxyCount > 0 {
            // A copy of the table for the query only; it is gone before contacts are made, so making them does not
            // copy the table's storage.
            do {
                let known = contactOfPair
                broadPhase.updatePairs(skipping: { a, b in known[Contact.key(a, b)] != nil }) { a, b in pairs.append((a, b)) }
            }
        }
        for (a, b) in pairs {
            guard a >= 0, b >= 0, Int(a) < shapes.count, Int(b) < shapes.count else { continue }
            let i = Int(a), j = Int(b)
            guard contactOfPair[Contact.key(a, b)] == nil else { continue }
            // Read in place through pointers: a record is large, and a copy of one costs more than the test.
            let admitted = shapes.withUnsafeBufferPointer { sp in
                let base = sp.baseAddress.unsafelyUnwrapped
                let ra = base + i, rb = base + j
                // Only a dynamic body can be pushed: kinematic bodies meet neither each other nor static ones.
                return ra.pointee.inUse && rb.pointee.inUse && ra.pointee.body != rb.pointee.body
                    && (bodies[Int(ra.pointee.body)].isDynamic || bodies[Int(rb.pointee.body)].isDynamic)
                    && Self.shouldCollide(ra, rb)
            }
            if admitted { createContact(a, b) }
        }
        swap(&pairs, &scratchPairs)

        // Most contacts only get a new manifold; they are updated on raw buffers, and the scan stops at the rare
        // contact that must be destroyed or must wake a body, which is handled here, in the same order as a plain
        // loop would (a woken body can change what later contacts do).
        if separatingFaces.count < contacts.count {
            separatingFaces.append(contentsOf: repeatElement(SeparatingFace.none, count: contacts.count - separatingFaces.count))
        }
        var c = 0
        while c < contacts.count {
            var stop = ContactScanStop(index: contacts.count, action: .none)
            do {
                let shapeStore = shapes, boundStore = bounds, bodyStore = bodies
                var found = events
                events = []
                var faces = ContiguousArray<UInt8>()
                swap(&faces, &separatingFaces)
                defer { swap(&faces, &separatingFaces) }
                stop = contacts.withUnsafeMutableBufferPointer { cb in faces.withUnsafeMutableBufferPointer { fb in
                    shapeStore.withUnsafeBufferPointer { sp in
                        boundStore.withUnsafeBufferPointer { xp in
                            bodyStore.withUnsafeBufferPointer { bp in
                                Self.scanContacts(cb, faces: fb, shapes: sp, bounds: xp, bodies: bp, from: c, events: &found)
                            }
                        }
                    }
                } }
                swap(&found, &events)
            }
            guard stop.index < contacts.count else { break }
            let i = stop.index
            let ia = contacts[i].bodyA, ib = contacts[i].bodyB
            switch stop.action {
            case .destroy:
                if contacts[i].touching {
                    events.append(ContactEvent(shapeA: contacts[i].shapeA, shapeB: contacts[i].shapeB, began: false, point: .zero))
                }
                destroyContact(Int32(i))
            case .wake:
                // A moving body touching a sleeping one wakes its island: they must be solved together.
                if !bodies[Int(ia)].isAwake { wakeBody(ia) }
                if !bodies[Int(ib)].isAwake { wakeBody(ib) }
            case .none:
                break
            }
            c = i + 1
        }
    }

    /// Updates the manifolds of contacts from `first` on, appending touching changes to `events`, until a contact
    /// must be destroyed (its fat boxes no longer overlap; left untouched) or touches a body that is not awake
    /// (updated, its wake left to the caller). Returns where it stopped, or the contact count when it got through.
    private static func scanContacts(_ contacts: UnsafeMutableBufferPointer<Contact>, faces: UnsafeMutableBufferPointer<UInt8>,
                                     shapes: UnsafeBufferPointer<ShapeRecord>,
                                     bounds: UnsafeBufferPointer<ShapeBounds>, bodies: UnsafeBufferPointer<Body>, from first: Int,
                                     events: inout [ContactEvent]) -> ContactScanStop {
        for c in first..<contacts.count where contacts[c].inUse {
            let ia = Int(contacts[c].bodyA), ib = Int(contacts[c].bodyB)
            guard bodies[ia].isSimulated || bodies[ib].isSimulated || bodies[ia].isMovingKinematic
                || bodies[ib].isMovingKinematic else { continue }
            let sa = Int(contacts[c].shapeA), sb = Int(contacts[c].shapeB)
            if !bounds[sa].fatAABB.overlaps(bounds[sb].fatAABB) { return ContactScanStop(index: c, action: .destroy) }
            let wasTouching = contacts[c].touching
            let manifold: Manifold
            if tooFarForPoints(bounds, sa, sb) {
                // `collide` would find no point; an untouched contact without points stays as it is.
                if !wasTouching && contacts[c].manifold.pointCount == 0 { continue }
                manifold = Manifold()
            } else {
                manifold = collide(shapePointer(shapes, sa), bodies[ia].transform, shapePointer(shapes, sb), bodies[ib].transform,
                                   hint: &faces[c])
            }
            contacts[c].update(with: manifold)
            let touching = contacts[c].touching
            if touching && !wasTouching {
                let point = manifold.point1?.point ?? manifold.point2?.point ?? .zero
                events.append(ContactEvent(shapeA: Int32(sa), shapeB: Int32(sb), began: true, point: point, contact: Int32(c),
                                           normal: manifold.normal,
                                           speed: approachSpeed(manifold, bodies.baseAddress.unsafelyUnwrapped + ia,
                                                                bodies.baseAddress.unsafelyUnwrapped + ib)))
            } else if !touching && wasTouching {
                events.append(ContactEvent(shapeA: Int32(sa), shapeB: Int32(sb), began: false, point: .zero))
            }
            if touching && (!bodies[ia].isAwake || !bodies[ib].isAwake) { return ContactScanStop(index: c, action: .wake) }
        }
        return ContactScanStop(index: contacts.count, action: .none)
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
    enum Action { case none, destroy, wake }
    var index: Int
    var action: Action
}
