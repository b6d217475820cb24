/// One contact event for one collision behaviour, in plain numbers that name entries of its `ContactRouting`.
///
/// Deliveries are made for every event of every frame a delegate listens to. Holding class references here cost a
/// retain and a release per reference each time one was made or copied, more than the rest of the routing; the
/// routing holds the references once instead.
struct Delivery {
    /// Position in `ContactRouting.behaviors`; unused for an ending (see `ending`).
    var behavior: Int32
    /// Body handles of the items: `body2` is -1 for a boundary contact.
    var body1: Int32
    var body2: Int32
    /// Position in `ContactRouting.boundaries` for a boundary contact, else -1.
    var boundary: Int32
    /// Position in `ContactRouting.endings` for the "ended" of an open contact that a change outside the step took
    /// away, else -1: its items may have left the world, so it is told by the references it kept.
    var ending: Int32 = -1
    var began: Bool
    var point: Vector
    /// The contact's shapes, lower handle first: with the behaviour they name the contact across steps.
    var shapes: (Int32, Int32)
    /// For a "began": the normal from item 1 to the other side, the step's normal impulse, the approach speed.
    var contact = ContactInfo.none

    /// The "ended" of `routing.endings[index]`.
    static func ending(_ index: Int, shapes: (Int32, Int32)) -> Delivery {
        Delivery(behavior: -1, body1: -1, body2: -1, boundary: -1, ending: Int32(index), began: false, point: .zero, shapes: shapes)
    }
}

/// A frame's contact events, each sent to every collision behaviour it concerns, with what the deliveries name.
///
/// The tables are the animator's own (copies share their storage), taken before any delegate runs: a delegate that
/// removes an item or a behaviour changes the animator's tables, not these, so every later delivery still finds
/// what it names and nothing is freed under it.
struct ContactRouting {
    var behaviors: [CollisionBehavior]
    /// The identity of each behaviour, for the open-contact keys.
    var behaviorIDs: [UInt]
    /// Whether each behaviour had a delegate when the events were routed (no callback has run yet then).
    var hasDelegate: [Bool]
    /// The animator's `changeCount` when the routing was made: while it is unchanged, every behaviour here is still
    /// the animator's and need not be asked.
    var changeCount: UInt64
    var itemOfBody: [DynamicItem?]
    var boundaries: [BoundaryIdentifier?] = []
    var endings: [OpenContact] = []
    var deliveries: [Delivery] = []

    /// The key of the contact `d` (not an ending) names.
    func key(_ d: Delivery) -> OpenContactKey { OpenContactKey(behavior: behaviorIDs[Int(d.behavior)], shapes: d.shapes) }
}

extension Animator {
    /// The last step's contact events routed to the behaviours that hear them: an item pair to each behaviour with
    /// a delegate holding both that lets items collide, a boundary contact to the boundary's behaviour if it has a
    /// delegate. Events of a behaviour without a delegate go nowhere: its open contacts stay open until a delegate
    /// returns, whose setting has them checked against the world.
    /// Membership is read from the shapes' collision filters (sorted group lists, set by the sync before the step),
    /// not by searching the behaviours' item lists, which costs the item count per event.
    func routeContacts() -> ContactRouting {
        let collisions = synced.collisions
        // Only delegates hear events; with none, nothing needs routing (open contacts still need their endings).
        guard !openContacts.isEmpty || collisions.contains(where: { $0.delegate != nil }) else {
            return ContactRouting(behaviors: [], behaviorIDs: [], hasDelegate: [], changeCount: changeCount, itemOfBody: [])
        }
        let hasDelegate = collisions.map { $0.delegate != nil }
        var r = ContactRouting(behaviors: collisions, behaviorIDs: collisions.map { UInt(bitPattern: ObjectIdentifier($0)) },
                               hasDelegate: hasDelegate, changeCount: changeCount, itemOfBody: synced.itemOfBody)
        let listening = collisions.indices.filter { hasDelegate[$0] && collisions[$0].collidesItems }
        let groups = listening.map { collisions[$0].group }
        r.deliveries.reserveCapacity(world.events.count)
        for e in world.events {
            let shapeA = Int(e.shapeA), shapeB = Int(e.shapeB)
            let bodyA = itemBody(ofShape: shapeA), bodyB = itemBody(ofShape: shapeB)
            let pair = (min(e.shapeA, e.shapeB), max(e.shapeA, e.shapeB))
            if bodyA >= 0 && bodyB >= 0 {
                for (k, c) in listening.enumerated() where world.shapes[shapeA].filter.itemGroups.contains(groups[k])
                    && world.shapes[shapeB].filter.itemGroups.contains(groups[k]) {
                    r.deliveries.append(Delivery(behavior: Int32(c), body1: bodyA, body2: bodyB, boundary: -1,
                                                 began: e.began, point: e.point, shapes: pair,
                                                 contact: ContactInfo(normal: e.normal, impulse: e.impulse, speed: e.speed)))
                }
            } else if bodyA >= 0 || bodyB >= 0 {
                let boundaryShape = bodyA < 0 ? e.shapeA : e.shapeB
                let itemShape = bodyA < 0 ? shapeB : shapeA
                guard let owner = synced.boundaryOfShape[boundaryShape],
                      let c = collisions.firstIndex(where: { $0 === owner.behavior }), hasDelegate[c],
                      world.shapes[itemShape].filter.boundaryGroups.contains(owner.behavior.group) else { continue }
                r.boundaries.append(owner.id)
                // The world's normal points from shape A to shape B; the delegate's from the item to the boundary.
                let normal = bodyA < 0 ? -e.normal : e.normal
                r.deliveries.append(Delivery(behavior: Int32(c), body1: max(bodyA, bodyB), body2: -1,
                                             boundary: Int32(r.boundaries.count - 1), began: e.began, point: e.point,
                                             shapes: pair, contact: ContactInfo(normal: normal, impulse: e.impulse, speed: e.speed)))
            }
        }
        return r
    }

    /// The body of the shape when an item owns it, else -1 (a boundary, the ground).
    private func itemBody(ofShape shape: Int) -> Int32 {
        let body = world.shapes[shape].body
        return body > 0 && Int(body) < synced.itemOfBody.count && synced.itemOfBody[Int(body)] != nil ? body : -1
    }
}
