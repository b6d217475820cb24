import Dynamics
import LuaKit

/// A Lua table as a collision behaviour's delegate: each contact event calls the table's method of the same name
/// (`beganContact`, `endedContact`, `beganBoundaryContact`, `endedBoundaryContact`), if it has one.
final class LuaCollisionDelegate: CollisionBehaviorDelegate {
    let table: Callback
    private weak var host: DynamicsHost?

    init(table: Callback, host: DynamicsHost) { self.table = table; self.host = host }

    private func call(_ name: String, _ behavior: CollisionBehavior, _ push: (LuaStack) -> Int32) {
        guard let host, let s = host.activeStack else { return }
        CallbackRunner.callMethod(s, table, name, label: "Collision delegate") {
            s.push(behavior: behavior)
            return 1 + push(s)
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                           at point: Vector) throws {
        call("beganContact", behavior) { s in s.push(view: item1); s.push(view: item2); s.push(point: point); return 3 }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {
        call("endedContact", behavior) { s in s.push(view: item1); s.push(view: item2); return 2 }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {
        call("beganBoundaryContact", behavior) { s in
            s.push(view: item); s.push(boundaryIdentifier: identifier); s.push(point: point); return 3
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {
        call("endedBoundaryContact", behavior) { s in s.push(view: item); s.push(boundaryIdentifier: identifier); return 2 }
    }
}

/// A Lua table as an animator's delegate: `didPause(self, animator)` and `willResume(self, animator)`.
final class LuaAnimatorDelegate: AnimatorDelegate {
    let table: Callback
    private weak var host: DynamicsHost?

    init(table: Callback, host: DynamicsHost) { self.table = table; self.host = host }

    private func call(_ name: String, _ animator: Animator) {
        guard let host, let s = host.activeStack else { return }
        CallbackRunner.callMethod(s, table, name, label: "Animator delegate") {
            s.push(animator: animator)
            return 1
        }
    }

    func dynamicAnimatorDidPause(_ animator: Animator) throws { call("didPause", animator) }
    func dynamicAnimatorWillResume(_ animator: Animator) throws { call("willResume", animator) }
}
