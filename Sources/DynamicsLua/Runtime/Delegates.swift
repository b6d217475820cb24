import Dynamics
import LuaKit

/// A delegate method's name, held as a Lua string by registry reference: pushing it per event is an array read,
/// where pushing Swift text would hash it and search Lua's string table every time.
struct DelegateMethodName {
    let text: String
    let ref: LuaRef

    init(_ text: String, _ s: LuaStack) {
        self.text = text
        s.push(text)
        ref = s.popReference()
    }
}

/// A Lua table as a collision behaviour's delegate: each contact event calls the table's method of the same name
/// (`beganContact`, `endedContact`, `beganBoundaryContact`, `endedBoundaryContact`), if it has one.
final class LuaCollisionDelegate: CollisionBehaviorDelegate {
    let table: Callback
    private let context: CallbackContext
    private let began, ended, beganBoundary, endedBoundary: DelegateMethodName

    init(table: Callback, host: DynamicsHost, stack s: LuaStack) {
        self.table = table
        context = host.callbacks
        began = DelegateMethodName("beganContact", s)
        ended = DelegateMethodName("endedContact", s)
        beganBoundary = DelegateMethodName("beganBoundaryContact", s)
        endedBoundary = DelegateMethodName("endedBoundaryContact", s)
    }

    private func call(_ name: DelegateMethodName, _ behavior: CollisionBehavior, _ push: (LuaStack, Int32) -> Int32) {
        guard let s = context.activeStack else { return }
        CallbackRunner.callMethod(s, context, table, name.ref, name.text, label: "Collision delegate") { cache in
            s.push(behavior: behavior, cache: cache)
            return 1 + push(s, cache)
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                           at point: Vector, contact: ContactInfo) throws {
        call(began, behavior) { s, cache in
            s.push(view: item1, cache: cache); s.push(view: item2, cache: cache); s.push(point: point)
            s.push(contact: contact)
            return 4
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {
        call(ended, behavior) { s, cache in s.push(view: item1, cache: cache); s.push(view: item2, cache: cache); return 2 }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector,
                           contact: ContactInfo) throws {
        call(beganBoundary, behavior) { s, cache in
            s.push(view: item, cache: cache); s.push(boundaryIdentifier: identifier); s.push(point: point)
            s.push(contact: contact)
            return 4
        }
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {
        call(endedBoundary, behavior) { s, cache in
            s.push(view: item, cache: cache); s.push(boundaryIdentifier: identifier); return 2
        }
    }
}

extension LuaStack {
    /// Pushes the contact table a "began" delegate method gets: `{ normal = Point, impulse = number, speed = number }`.
    func push(contact: ContactInfo) {
        newTable(record: 3)
        push(point: contact.normal)
        rawSet(-2, field: "normal")
        push(contact.impulse)
        rawSet(-2, field: "impulse")
        push(contact.speed)
        rawSet(-2, field: "speed")
    }
}

/// A Lua table as an animator's delegate: `didPause(self, animator)` and `willResume(self, animator)`.
final class LuaAnimatorDelegate: AnimatorDelegate {
    let table: Callback
    private let context: CallbackContext
    private let didPause, willResume: DelegateMethodName

    init(table: Callback, host: DynamicsHost, stack s: LuaStack) {
        self.table = table
        context = host.callbacks
        didPause = DelegateMethodName("didPause", s)
        willResume = DelegateMethodName("willResume", s)
    }

    private func call(_ name: DelegateMethodName, _ animator: Animator) {
        guard let s = context.activeStack else { return }
        CallbackRunner.callMethod(s, context, table, name.ref, name.text, label: "Animator delegate") { _ in
            s.push(animator: animator)
            return 1
        }
    }

    func dynamicAnimatorDidPause(_ animator: Animator) throws { call(didPause, animator) }
    func dynamicAnimatorWillResume(_ animator: Animator) throws { call(willResume, animator) }
}
