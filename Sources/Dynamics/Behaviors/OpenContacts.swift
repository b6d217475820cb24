/// A contact whose "began" a collision delegate heard and whose "ended" it has not heard yet.
struct OpenContact {
    var behavior: CollisionBehavior
    var item1: DynamicItem
    var item2: DynamicItem?
    var boundary: BoundaryIdentifier?
    var shapes: (Int32, Int32)

    var key: OpenContactKey { OpenContactKey(behavior: ObjectIdentifier(behavior), lower: shapes.0, upper: shapes.1) }

    /// The "ended" delivery that closes it.
    var ended: Delivery {
        Delivery(behavior: behavior, item1: item1, item2: item2, boundary: boundary, began: false, point: .zero, shapes: shapes)
    }
}

/// Names a contact as one behaviour sees it. Used for look-up only, never iterated.
struct OpenContactKey: Hashable {
    var behavior: ObjectIdentifier
    var lower: Int32
    var upper: Int32
}

extension Delivery {
    var key: OpenContactKey { OpenContactKey(behavior: ObjectIdentifier(behavior), lower: shapes.0, upper: shapes.1) }
}

extension Animator {
    /// UIKit's promise that every "began" gets an "ended": the step's deliveries, preceded by an "ended" for every
    /// open contact that a change outside the step took away (an item or boundary removed, a behaviour removed, an
    /// item taken out of the behaviour, a filter change). The world drops such contacts silently, so they are found
    /// here by checking each open contact against the world after the step. Only behaviours with a delegate are
    /// tracked: nobody else would hear the events.
    ///
    /// Inside a step the world reports every contact that stops touching, so the check against the world is needed
    /// only after a change from outside (every such change goes through `markChanged`); a frame with no events and
    /// no such change costs nothing however many contacts are open.
    func closingOpenContacts(_ deliveries: [Delivery]) -> [Delivery] {
        let check = openContactsNeedCheck
        openContactsNeedCheck = false
        guard !deliveries.isEmpty || (check && !openContacts.isEmpty) else { return deliveries }
        var out: [Delivery] = []
        var endedThisStep = Set<OpenContactKey>()
        var keysThisStep = Set<OpenContactKey>()
        for d in deliveries {
            keysThisStep.insert(d.key)
            if !d.began { endedThisStep.insert(d.key) }
        }
        var open: [OpenContact] = []
        open.reserveCapacity(openContacts.count + deliveries.count)
        // Only this step's deliveries look open contacts up, so only those keys are indexed: a pile keeps thousands
        // of contacts open, and hashing every one of them every step was most of what a delegate cost per frame.
        var indexOf: [OpenContactKey: Int] = [:]
        for o in openContacts {
            let listed = !keysThisStep.isEmpty && keysThisStep.contains(o.key)
            // Those the step itself ended are closed by their own event below.
            if listed && endedThisStep.contains(o.key) { continue }
            if !check || isStillTouching(o) {
                if listed { indexOf[o.key] = open.count }
                open.append(o)
            } else {
                out.append(o.ended)
            }
        }
        var closed = [Bool](repeating: false, count: open.count)
        for d in deliveries {
            if d.began {
                // A contact dropped and made anew between two steps: the old one ends before the new one begins.
                if let i = indexOf[d.key], !closed[i] {
                    closed[i] = true
                    out.append(open[i].ended)
                }
                if d.behavior.delegate != nil {
                    indexOf[d.key] = open.count
                    open.append(OpenContact(behavior: d.behavior, item1: d.item1, item2: d.item2, boundary: d.boundary, shapes: d.shapes))
                    closed.append(false)
                }
            } else if let i = indexOf[d.key], !closed[i] {
                closed[i] = true
            }
            out.append(d)
        }
        openContacts = zip(open, closed).compactMap { $1 ? nil : $0 }
        return out
    }

    /// Whether the world still has the contact touching and the behaviour still holds both sides of it.
    private func isStillTouching(_ o: OpenContact) -> Bool {
        let group = o.behavior.group
        guard o.behavior.animator === self, group >= 0, o.item1.animator === self else { return false }
        let s1 = o.item1.shapeID
        guard s1 >= 0, Int(s1) < world.shapes.count, world.shapes[Int(s1)].inUse,
              s1 == o.shapes.0 || s1 == o.shapes.1 else { return false }
        let other = s1 == o.shapes.0 ? o.shapes.1 : o.shapes.0
        guard let c = world.contactOfPair[Contact.key(o.shapes.0, o.shapes.1)], world.contacts[Int(c)].inUse,
              world.contacts[Int(c)].touching else { return false }
        if let item2 = o.item2 {
            guard item2.animator === self, item2.shapeID == other,
                  world.shapes[Int(s1)].filter.itemGroups.contains(group),
                  world.shapes[Int(other)].filter.itemGroups.contains(group) else { return false }
            return true
        }
        guard let owner = synced.boundaryOfShape[other], owner.behavior === o.behavior, owner.id == o.boundary else { return false }
        return world.shapes[Int(s1)].filter.boundaryGroups.contains(group)
    }
}
