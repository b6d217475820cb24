/// A contact whose "began" a collision delegate heard and whose "ended" it has not heard yet.
struct OpenContact {
    var behavior: CollisionBehavior
    var item1: DynamicItem
    var item2: DynamicItem?
    var boundary: BoundaryIdentifier?
    var shapes: (Int32, Int32)

    var key: OpenContactKey { OpenContactKey(behavior: UInt(bitPattern: ObjectIdentifier(behavior)), shapes: shapes) }
}

/// Names a contact as one behaviour sees it: the behaviour's identity and the contact's shapes, lower handle first.
struct OpenContactKey: Hashable {
    var behavior: UInt
    var shapes: UInt64

    init(behavior: UInt, shapes: (Int32, Int32)) {
        self.behavior = behavior
        self.shapes = UInt64(UInt32(bitPattern: shapes.0)) << 32 | UInt64(UInt32(bitPattern: shapes.1))
    }
}

extension Animator {
    /// UIKit's promise that every "began" gets an "ended", and an "ended" only follows a "began" that was heard: the
    /// step's deliveries, without the endings of contacts no delegate heard begin, preceded by an "ended" for every
    /// open contact that a change outside the step took away (an item or boundary removed, a behaviour removed, an
    /// item taken out of the behaviour, a filter change). The world drops such contacts silently, so they are found
    /// here by checking each open contact against the world. Only behaviours with a delegate are tracked: nobody
    /// else would hear the events.
    ///
    /// Inside a step the world reports every contact that stops touching, so the check against the world is needed
    /// only after a change from outside (every such change goes through `markChanged`). Otherwise the cost is one
    /// look-up per event, however many contacts stay open.
    func closeOpenContacts(_ r: inout ContactRouting) {
        let checking = openContactsNeedCheck && !openContacts.isEmpty
        openContactsNeedCheck = false
        guard !r.deliveries.isEmpty || checking else { return }
        // The step's deliveries go out as they are unless an ending has to go in among them; only then is a new
        // list made.
        var out: [Delivery]?
        if checking {
            // Those the step itself ended are closed by their own event below.
            var endedThisStep = Set<OpenContactKey>()
            for d in r.deliveries where !d.began { endedThisStep.insert(r.key(d)) }
            var endings: [Delivery] = []
            // A behaviour without a delegate now keeps its open contacts until one is set (which asks for this
            // check again): an ending nobody can hear would be lost.
            openContacts.closeAll(where: { $0.behavior.delegate != nil && !endedThisStep.contains($0.key)
                                           && !isStillTouching($0) }) { o in
                r.endings.append(o)
                endings.append(.ending(r.endings.count - 1, shapes: o.shapes))
            }
            if !endings.isEmpty { out = endings }
        }
        for k in r.deliveries.indices {
            let d = r.deliveries[k]
            let key = r.key(d)
            if d.began {
                // A contact dropped and made anew between two steps: the old one ends before the new one begins.
                if let i = openContacts.find(key) {
                    if let old = openContacts[i] {
                        if out == nil { out = Array(r.deliveries[..<k]) }
                        r.endings.append(old)
                        out?.append(.ending(r.endings.count - 1, shapes: old.shapes))
                    }
                    openContacts.close(at: i)
                }
                if r.hasDelegate[Int(d.behavior)], let item1 = r.itemOfBody[Int(d.body1)] {
                    openContacts.open(OpenContact(behavior: r.behaviors[Int(d.behavior)], item1: item1,
                                                  item2: d.body2 >= 0 ? r.itemOfBody[Int(d.body2)] : nil,
                                                  boundary: d.boundary >= 0 ? r.boundaries[Int(d.boundary)] : nil,
                                                  shapes: d.shapes))
                }
            } else if let i = openContacts.find(key) {
                openContacts.close(at: i)
            } else {
                // No delegate heard this contact begin (the delegate came later, or it was closed already):
                // nobody waits for its end.
                if out == nil { out = Array(r.deliveries[..<k]) }
                continue
            }
            out?.append(d)
        }
        if let out { r.deliveries = out }
    }

    private func isLiveShape(_ s: Int32) -> Bool { s >= 0 && Int(s) < world.shapes.count && world.shapes[Int(s)].inUse }

    /// Whether the world still has the contact touching and the behaviour still holds both sides of it.
    private func isStillTouching(_ o: OpenContact) -> Bool {
        let group = o.behavior.group
        guard o.behavior.animator === self, group >= 0, o.item1.animator === self else { return false }
        // The contact's shape on the first item's body (a group has several shapes on its one body).
        let body1 = o.item1.bodyID
        guard body1 >= 0, o.item1.shapeID >= 0, isLiveShape(o.shapes.0), isLiveShape(o.shapes.1) else { return false }
        let s1: Int32
        if world.shapes[Int(o.shapes.0)].body == body1 { s1 = o.shapes.0 }
        else if world.shapes[Int(o.shapes.1)].body == body1 { s1 = o.shapes.1 }
        else { return false }
        let other = s1 == o.shapes.0 ? o.shapes.1 : o.shapes.0
        guard let c = world.contactOfPair[Contact.key(o.shapes.0, o.shapes.1)], world.contacts[Int(c)].inUse,
              world.contacts[Int(c)].touching else { return false }
        if let item2 = o.item2 {
            guard item2.animator === self, item2.bodyID >= 0, world.shapes[Int(other)].body == item2.bodyID,
                  world.shapes[Int(s1)].filter.itemGroups.contains(group),
                  world.shapes[Int(other)].filter.itemGroups.contains(group) else { return false }
            return true
        }
        guard let owner = synced.boundaryOfShape[other], owner.behavior === o.behavior, owner.id == o.boundary else { return false }
        return world.shapes[Int(s1)].filter.boundaryGroups.contains(group)
    }
}
