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
            let admitted = shapes.withUnsafeBufferPointer { sp in
                sp[i].inUse && sp[j].inUse && sp[i].body != sp[j].body && !(sp[i].isStatic && sp[j].isStatic)
                    && sp[i].filter.shouldCollide(with: sp[j].filter)
            }
            if admitted { createContact(a, b) }
        }
        swap(&pairs, &scratchPairs)

        // Shapes and bodies are large structs: fields are read in place rather than copying whole records.
        for c in contacts.indices where contacts[c].inUse {
            let ia = Int(contacts[c].bodyA), ib = Int(contacts[c].bodyB)
            guard bodies[ia].isSimulated || bodies[ib].isSimulated else { continue }
            let sa = Int(contacts[c].shapeA), sb = Int(contacts[c].shapeB)
            let wasTouching = contacts[c].touching
            if !shapes[sa].fatAABB.overlaps(shapes[sb].fatAABB) {
                if wasTouching {
                    events.append(ContactEvent(shapeA: Int32(sa), shapeB: Int32(sb), began: false, point: .zero))
                }
                destroyContact(Int32(c))
                continue
            }
            let manifold: Manifold
            if Self.tooFarForPoints(shapes[sa], shapes[sb]) {
                // `collide` would find no point; an untouched contact without points stays as it is.
                if !wasTouching && contacts[c].manifold.pointCount == 0 { continue }
                manifold = Manifold()
            } else {
                let xfA = bodies[ia].transform, xfB = bodies[ib].transform
                manifold = shapes.withUnsafeBufferPointer { sp in
                    collide(Self.shapePointer(sp, sa), xfA, Self.shapePointer(sp, sb), xfB)
                }
            }
            contacts[c].update(with: manifold)
            let touching = contacts[c].touching
            if touching && !wasTouching {
                let point = manifold.point1?.point ?? manifold.point2?.point ?? .zero
                events.append(ContactEvent(shapeA: Int32(sa), shapeB: Int32(sb), began: true, point: point))
            } else if !touching && wasTouching {
                events.append(ContactEvent(shapeA: Int32(sa), shapeB: Int32(sb), began: false, point: .zero))
            }
            if touching {
                // A moving body touching a sleeping one wakes its island: they must be solved together.
                if !bodies[ia].isAwake { wakeBody(Int32(ia)) }
                if !bodies[ib].isAwake { wakeBody(Int32(ib)) }
            }
        }
    }

    /// Whether two shapes' tight boxes are farther apart than any manifold point can be: the shapes are then more
    /// than `Tolerance.speculativeDistance` apart, and `collide` gives no point for circles and polygons (their
    /// points are never farther apart than the shapes' true distance). A linear slop of room absorbs rounding.
    @inline(__always)
    static func tooFarForPoints(_ a: borrowing ShapeRecord, _ b: borrowing ShapeRecord) -> Bool {
        guard a.isBoxSeparable && b.isBoxSeparable else { return false }
        return !a.aabb.expanded(by: Tolerance.speculativeDistance + Tolerance.linearSlop).overlaps(b.aabb)
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
