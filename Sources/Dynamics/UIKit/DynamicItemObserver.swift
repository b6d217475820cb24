/// Hears each frame's new state of an item: how an item that lives outside Dynamics (a custom item, such as a Lua
/// table with `center` and `bounds`) takes its centre and angle after every frame, as UIKit assigns them into a
/// UIDynamicItem.
public protocol DynamicItemObserver: AnyObject {
    /// Called after each frame the animator stepped, before the collision delegates and actions run. A thrown error
    /// is reported by `Animator.step` like a callback's; the frame has completed.
    func dynamicItemDidMove(_ item: DynamicItem) throws
}

extension Animator {
    /// The items (and members of groups) with an observer, in the order of `items`, members after their group.
    func observedItems(_ items: [DynamicItem]) -> [DynamicItem] {
        var out: [DynamicItem] = []
        for it in items {
            if it.observer != nil { out.append(it) }
            if let g = it.groupParts { out += g.members.filter { $0.observer != nil } }
        }
        return out
    }

    /// Tells each observed item's observer of the frame, keeping errors as callback failures.
    func notifyObservers(_ failures: inout [CallbackFailure]) {
        for it in synced.observedItems {
            guard let observer = it.observer else { continue }
            call("item '\(it.name)'", &failures) { try observer.dynamicItemDidMove(it) }
        }
    }
}
