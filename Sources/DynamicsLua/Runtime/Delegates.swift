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
    /// The contact table's keys, held like the method names: one "began" event makes one table.
    private let normalKey, impulseKey, speedKey: DelegateMethodName

    init(table: Callback, host: DynamicsHost, stack s: LuaStack) {
        self.table = table
        context = host.callbacks
        began = DelegateMethodName("beganContact", s)
        ended = DelegateMethodName("endedContact", s)
        beganBoundary = DelegateMethodName("beganBoundaryContact", s)
        endedBoundary = DelegateMethodName("endedBoundaryContact", s)
        normalKey = DelegateMethodName("normal", s)
        impulseKey = DelegateMethodName("impulse", s)
        speedKey = DelegateMethodName("speed", s)
    }

    /// Pushes the contact table a "began" method gets: `{ normal = Point, impulse = number, speed = number }`.
    private func push(_ contact: ContactInfo, on s: LuaStack) {
        s.newTable(record: 3)
        let table = s.absolute(-1)
        normalKey.ref.push(on: s); s.push(point: contact.normal); s.rawSetPair(table)
        impulseKey.ref.push(on: s); s.push(contact.impulse); s.rawSetPair(table)
        speedKey.ref.push(on: s); s.push(contact.speed); s.rawSetPair(table)
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
            self.push(contact, on: s)
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
            self.push(contact, on: s)
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
