/// One contact event routed to a collision behaviour, gathered before any callback runs so callbacks that change the
/// world cannot disturb the delivery of the others.
struct Delivery {
    var behavior: CollisionBehavior
    var item1: DynamicItem
    var item2: DynamicItem?
    var boundary: BoundaryIdentifier?
    var began: Bool
    var point: Vector
    /// The contact's shapes, lower handle first: with the behaviour they name the contact across steps.
    var shapes: (Int32, Int32)
}

extension Animator {
    /// The frame itself: sync, forces, the world step, write-back. No callbacks run here.
    func advance(_ dt: Double) {
        syncWorld()
        applyPushes()
        world.step(dt: dt, substeps: substeps)
        elapsedTime += dt
        writeBackItems()
    }

    /// Collision delegates, then actions in tree order, then the pause check and `didPause`.
    func runCallbacks(_ failures: inout [CallbackFailure]) {
        for d in closingOpenContacts(deliveries()) where d.behavior.animator === self {
            guard let delegate = d.behavior.delegate else { continue }
            let c = d.behavior
            switch (d.item2, d.began) {
            case (let other?, true):
                call("beganContact", &failures) { try delegate.collisionBehavior(c, beganContactFor: d.item1, with: other, at: d.point) }
            case (let other?, false):
                call("endedContact", &failures) { try delegate.collisionBehavior(c, endedContactFor: d.item1, with: other) }
            case (nil, true):
                call("beganBoundaryContact", &failures) {
                    try delegate.collisionBehavior(c, beganContactFor: d.item1, withBoundaryIdentifier: d.boundary, at: d.point)
                }
            case (nil, false):
                call("endedBoundaryContact", &failures) {
                    try delegate.collisionBehavior(c, endedContactFor: d.item1, withBoundaryIdentifier: d.boundary)
                }
            }
        }
        for b in behaviors.flatMap(\.subtree) where b.animator === self {
            guard let action = b.action else { continue }
            call("action", &failures) { try action(b) }
        }
        if isRunning && !needsSync && handMovedItems.isEmpty && !world.hasAwakeBodies {
            isRunning = false
            if let delegate { call("didPause", &failures) { try delegate.dynamicAnimatorDidPause(self) } }
        }
    }

    /// Runs one callback, keeping its error instead of letting it through.
    func call(_ name: String, _ failures: inout [CallbackFailure], _ body: () throws -> Void) {
        do { try body() } catch { failures.append(CallbackFailure(callback: name, error: error)) }
    }

    /// The last step's contact events, each sent to every collision behaviour it concerns: an item pair to each
    /// behaviour holding both that lets items collide, a boundary contact to the boundary's behaviour.
    /// Membership is read from the shapes' collision filters (sorted group lists, set by the sync before the step),
    /// not by searching the behaviours' item lists, which costs the item count per event.
    func deliveries() -> [Delivery] {
        var out: [Delivery] = []
        // Only delegates hear events; with none, nothing needs routing (open contacts still need their endings).
        guard openContacts.count > 0 || synced.collisions.contains(where: { $0.delegate != nil }) else { return out }
        for e in world.events {
            let shapeA = Int(e.shapeA), shapeB = Int(e.shapeB)
            let itemA = item(ofBody: world.shapes[shapeA].body), itemB = item(ofBody: world.shapes[shapeB].body)
            let pair = (min(e.shapeA, e.shapeB), max(e.shapeA, e.shapeB))
            if let a = itemA, let b = itemB {
                for c in synced.collisions where c.delegate != nil && c.collidesItems
                    && world.shapes[shapeA].filter.itemGroups.contains(c.group)
                    && world.shapes[shapeB].filter.itemGroups.contains(c.group) {
                    out.append(Delivery(behavior: c, item1: a, item2: b, boundary: nil, began: e.began, point: e.point, shapes: pair))
                }
            } else if let it = itemA ?? itemB {
                let boundaryShape = itemA == nil ? e.shapeA : e.shapeB
                let itemShape = itemA == nil ? shapeB : shapeA
                guard let owner = synced.boundaryOfShape[boundaryShape],
                      world.shapes[itemShape].filter.boundaryGroups.contains(owner.behavior.group) else { continue }
                out.append(Delivery(behavior: owner.behavior, item1: it, item2: nil, boundary: owner.id, began: e.began, point: e.point,
                                shapes: pair))
            }
        }
        return out
    }

    private func item(ofBody body: Int32) -> DynamicItem? {
        guard body > 0, Int(body) < synced.itemOfBody.count else { return nil }
        return synced.itemOfBody[Int(body)]
    }
}
