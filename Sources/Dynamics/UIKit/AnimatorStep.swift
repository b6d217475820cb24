extension Animator {
    /// The frame itself: sync, forces, the world step, write-back. No callbacks run here. Throws, before the world
    /// has moved, when a custom field fails.
    func advance(_ dt: Double) throws {
        syncWorld()
        try prepareFrameForces()
        applyFrameForces()
        world.workerCount = workerCount
        // The pool is held over the step and the write-back together: given back between them, its workers parked
        // and woke after the write-back had begun, which the stepping thread then did mostly alone.
        let pool = (PhysicsWorld.sharesWork(workerCount: workerCount,
                                            items: world.bodies.count + world.contacts.count + world.joints.count,
                                            tuning: world.parallelTuning)
                    || writeBackShared)
            && WorkerPool.shared.tryAcquire(workers: workerCount) ? WorkerPool.shared : nil
        defer { if let pool { world.chunksSharedWithWorkers += pool.release() } }
        // A write-back split across the pool makes the step's proxy moves on this thread meanwhile
        // (`writeBackItems`): serial work that otherwise left the workers idle.
        world.step(dt: dt, substeps: substeps, pool: pool, defersProxyMoves: pool != nil && writeBackShared)
        elapsedTime += dt
        writeBackItems(frameDuration: dt, pool: pool)
    }

    /// Item observers, then collision delegates, then actions in tree order, then the pause check and `didPause`.
    func runCallbacks(_ failures: inout [CallbackFailure]) {
        notifyObservers(&failures)
        var routing = routeContacts()
        closeOpenContacts(&routing)
        for d in routing.deliveries { deliver(d, routing, &failures) }
        runActions(&failures)
        if isRunning && !needsSync && handMovedItems.isEmpty && !world.hasAwakeBodies {
            isRunning = false
            if let delegate { call("didPause", &failures) { try delegate.dynamicAnimatorDidPause(self) } }
        }
    }

    /// Every behaviour's action, in tree order: the tree as the step's sync left it, unless a callback changed it
    /// since (walking and copying the tree every frame cost a tenth of a frame of 19,800 pins), and in it only the
    /// behaviours that have an action (`SyncedState.actionPlaces`): reading every behaviour's `action` cost a cache
    /// miss a behaviour, a few percent of such a frame.
    private func runActions(_ failures: inout [CallbackFailure]) {
        guard !needsSync else {
            for b in behaviorTree { runAction(of: b, &failures) }
            return
        }
        let tree = synced.tree
        if synced.actionsStale {
            synced.actionPlaces = tree.indices.filter { tree[$0].action != nil }
            synced.actionsStale = false
        }
        for place in synced.actionPlaces {
            runAction(of: tree[place], &failures)
            // An action set or cleared by this one: the rest of the tree is walked as it is now, as a walk of the
            // whole tree would find it.
            if synced.actionsStale {
                for b in tree[(place + 1)...] { runAction(of: b, &failures) }
                return
            }
        }
    }

    @inline(__always)
    private func runAction(of b: DynamicBehavior, _ failures: inout [CallbackFailure]) {
        guard let action = b.action, b.animator === self else { return }
        call("action", &failures) { try action(b) }
    }

    /// Sends one delivery to its behaviour's delegate. A "began" goes only to a behaviour still in this animator
    /// (a callback may have taken it out); an "ended" goes to whichever delegate the behaviour has, in or out, since
    /// every "began" heard gets its "ended".
    private func deliver(_ d: Delivery, _ r: ContactRouting, _ failures: inout [CallbackFailure]) {
        if d.ending >= 0 {
            let o = r.endings[Int(d.ending)]
            _ = deliver(o.behavior, o.item1, o.item2, o.boundary, began: false, at: .zero, .none, r.changeCount, &failures)
            return
        }
        // `r` holds every behaviour and item strongly until the callbacks are over, so they are lent to the call
        // without a retain and release each: this runs once per contact event.
        guard let item1 = r.itemOfBody[Int(d.body1)].map(Unmanaged.passUnretained) else { return }
        let c = Unmanaged.passUnretained(r.behaviors[Int(d.behavior)])
        let generation = r.changeCount
        let heard: Bool
        if d.body2 >= 0 {
            guard let item2 = r.itemOfBody[Int(d.body2)].map(Unmanaged.passUnretained) else { return }
            heard = c._withUnsafeGuaranteedRef { c in item1._withUnsafeGuaranteedRef { item1 in item2._withUnsafeGuaranteedRef { item2 in
                deliver(c, item1, item2, nil, began: d.began, at: d.point, d.contact, generation, &failures)
            } } }
        } else {
            let boundary = d.boundary >= 0 ? r.boundaries[Int(d.boundary)] : nil
            heard = c._withUnsafeGuaranteedRef { c in item1._withUnsafeGuaranteedRef { item1 in
                deliver(c, item1, nil, boundary, began: d.began, at: d.point, d.contact, generation, &failures)
            } }
        }
        // A "began" nobody heard (an earlier callback removed the behaviour or its delegate) opens nothing.
        if d.began && !heard, let i = openContacts.find(r.key(d)) { openContacts.close(at: i) }
    }

    /// Whether the delegate was called.
    private func deliver(_ c: CollisionBehavior, _ item1: DynamicItem, _ item2: DynamicItem?, _ boundary: BoundaryIdentifier?,
                         began: Bool, at point: Vector, _ contact: ContactInfo, _ generation: UInt64,
                         _ failures: inout [CallbackFailure]) -> Bool {
        guard let delegate = c.delegate, !began || changeCount == generation || c.animator === self else { return false }
        // Called directly rather than through `call`: this runs once per contact event, and the closure's captures
        // cost retains of their own.
        do {
            if let other = item2 {
                if began {
                    try delegate.collisionBehavior(c, beganContactFor: item1, with: other, at: point, contact: contact)
                } else {
                    try delegate.collisionBehavior(c, endedContactFor: item1, with: other)
                }
            } else if began {
                try delegate.collisionBehavior(c, beganContactFor: item1, withBoundaryIdentifier: boundary, at: point,
                                                contact: contact)
            } else {
                try delegate.collisionBehavior(c, endedContactFor: item1, withBoundaryIdentifier: boundary)
            }
        } catch {
            let name = item2 == nil ? (began ? "beganBoundaryContact" : "endedBoundaryContact")
                                    : (began ? "beganContact" : "endedContact")
            failures.append(CallbackFailure(callback: name, error: error))
        }
        return true
    }

    /// Runs one callback, keeping its error instead of letting it through.
    func call(_ name: String, _ failures: inout [CallbackFailure], _ body: () throws -> Void) {
        do { try body() } catch { failures.append(CallbackFailure(callback: name, error: error)) }
    }

}
