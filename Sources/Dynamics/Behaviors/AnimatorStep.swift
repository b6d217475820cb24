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
        var routing = routeContacts()
        closeOpenContacts(&routing)
        for d in routing.deliveries { deliver(d, routing, &failures) }
        for b in behaviors.flatMap(\.subtree) where b.animator === self {
            guard let action = b.action else { continue }
            call("action", &failures) { try action(b) }
        }
        if isRunning && !needsSync && handMovedItems.isEmpty && !world.hasAwakeBodies {
            isRunning = false
            if let delegate { call("didPause", &failures) { try delegate.dynamicAnimatorDidPause(self) } }
        }
    }

    /// Sends one delivery to its behaviour's delegate, if the behaviour is still here and still has one.
    private func deliver(_ d: Delivery, _ r: ContactRouting, _ failures: inout [CallbackFailure]) {
        if d.ending >= 0 {
            let o = r.endings[Int(d.ending)]
            deliver(o.behavior, o.item1, o.item2, o.boundary, began: false, at: .zero, &failures)
            return
        }
        guard let item1 = r.itemOfBody[Int(d.body1)] else { return }
        let boundary = d.boundary >= 0 ? r.boundaries[Int(d.boundary)] : nil
        if d.body2 >= 0 {
            guard let item2 = r.itemOfBody[Int(d.body2)] else { return }
            deliver(r.behaviors[Int(d.behavior)], item1, item2, nil, began: d.began, at: d.point, &failures)
        } else {
            deliver(r.behaviors[Int(d.behavior)], item1, nil, boundary, began: d.began, at: d.point, &failures)
        }
    }

    private func deliver(_ c: CollisionBehavior, _ item1: DynamicItem, _ item2: DynamicItem?, _ boundary: BoundaryIdentifier?,
                         began: Bool, at point: Vector, _ failures: inout [CallbackFailure]) {
        guard c.animator === self, let delegate = c.delegate else { return }
        switch (item2, began) {
        case (let other?, true):
            call("beganContact", &failures) { try delegate.collisionBehavior(c, beganContactFor: item1, with: other, at: point) }
        case (let other?, false):
            call("endedContact", &failures) { try delegate.collisionBehavior(c, endedContactFor: item1, with: other) }
        case (nil, true):
            call("beganBoundaryContact", &failures) {
                try delegate.collisionBehavior(c, beganContactFor: item1, withBoundaryIdentifier: boundary, at: point)
            }
        case (nil, false):
            call("endedBoundaryContact", &failures) {
                try delegate.collisionBehavior(c, endedContactFor: item1, withBoundaryIdentifier: boundary)
            }
        }
    }

    /// Runs one callback, keeping its error instead of letting it through.
    func call(_ name: String, _ failures: inout [CallbackFailure], _ body: () throws -> Void) {
        do { try body() } catch { failures.append(CallbackFailure(callback: name, error: error)) }
    }

}
