import Dynamics
import LuaKit

/// The delegate method names, interned once per state (see `LuaStack.push(string:)`): pushing them happens per event.
enum DelegateMethod {
    static let beganContact = LuaKey("beganContact")
    static let endedContact = LuaKey("endedContact")
    static let beganBoundaryContact = LuaKey("beganBoundaryContact")
    static let endedBoundaryContact = LuaKey("endedBoundaryContact")
    static let didPause = LuaKey("didPause")
    static let willResume = LuaKey("willResume")
}

/// A Lua table as a collision behaviour's delegate: each contact event calls the table's method of the same name
/// (`beganContact`, `endedContact`, `beganBoundaryContact`, `endedBoundaryContact`), if it has one.
final class LuaCollisionDelegate: CollisionBehaviorDelegate {
    let table: Callback
    private weak var host: DynamicsHost?

    init(table: Callback, host: DynamicsHost) { self.table = table; self.host = host }

    private func call(_ name: LuaKey, _ behavior: CollisionBehavior, _ push: (LuaStack) -> Int32) {
        guard let host, let s = host.activeStack else { return }
        CallbackRunner.callMethod(s, host, table, name, label: "Collision delegate") {
            s.push(behavior: behavior)
            return 1 + push(s)
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                           at point: Vector) throws {
        call(DelegateMethod.beganContact, behavior) { s in s.push(view: item1); s.push(view: item2); s.push(point: point); return 3 }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {
        call(DelegateMethod.endedContact, behavior) { s in s.push(view: item1); s.push(view: item2); return 2 }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {
        call(DelegateMethod.beganBoundaryContact, behavior) { s in
            s.push(view: item); s.push(boundaryIdentifier: identifier); s.push(point: point); return 3
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {
        call(DelegateMethod.endedBoundaryContact, behavior) { s in s.push(view: item); s.push(boundaryIdentifier: identifier); return 2 }
    }
}

/// A Lua table as an animator's delegate: `didPause(self, animator)` and `willResume(self, animator)`.
final class LuaAnimatorDelegate: AnimatorDelegate {
    let table: Callback
    private weak var host: DynamicsHost?

    init(table: Callback, host: DynamicsHost) { self.table = table; self.host = host }

    private func call(_ name: LuaKey, _ animator: Animator) {
        guard let host, let s = host.activeStack else { return }
        CallbackRunner.callMethod(s, host, table, name, label: "Animator delegate") {
            s.push(animator: animator)
            return 1
        }
    }

    func dynamicAnimatorDidPause(_ animator: Animator) throws { call(DelegateMethod.didPause, animator) }
    func dynamicAnimatorWillResume(_ animator: Animator) throws { call(DelegateMethod.willResume, animator) }
}
