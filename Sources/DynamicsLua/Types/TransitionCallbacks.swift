import Dynamics
import LuaKit

/// Calls the Lua functions of transitions and property animators (animations, completions, the animator table's
/// methods) in protected mode. An error comes back as a thrown `LuaError` naming the callback, so the core can
/// undo what it began (a failed `animateTransition`) or collect it (a completion), never a jump across Swift.
enum TransitionCalls {
    /// Looks the method up with ordinary indexing (tables built with metatables work) and calls it as a method.
    private static let methodCaller = """
        local target, name = ...
        local f = target[name]
        if f == nil then return false end
        return true, f(target, select(3, ...))
        """

    /// The stack callbacks run on now: the one stepping, else the one the object was made on.
    static func stack(_ host: DynamicsHost?, _ fallback: LuaStack) -> LuaStack { host?.activeStack ?? fallback }

    /// `target:name(...)`; false when the target has no such method. `read` gets the index of the first of
    /// `results` results.
    @discardableResult
    static func callMethod(_ s: LuaStack, _ target: Callback, _ name: String, results: Int32 = 0, named: Bool = true,
                           arguments push: (LuaStack) -> Int32 = { _ in 0 },
                           read: (LuaStack, Int32) throws(LuaError) -> Void = { _, _ throws(LuaError) in }) throws(LuaError) -> Bool {
        let base = s.top
        defer { s.top = base }
        try s.load(methodCaller, name: "=(luadyn transition call)")
        target.ref.push(on: s)
        s.push(name)
        let n = push(s)
        do throws(LuaError) {
            try s.call(arguments: 2 + n, results: 1 + results)
        } catch {
            if LuaInterrupt.isInterruption(error) || !named { throw error }
            throw LuaError("error in \(name): \(error.message)")
        }
        guard s.boolean(at: base + 1) else { return false }
        try read(s, base + 2)
        return true
    }

    /// Calls a function with the pushed arguments, no results.
    /// A nil `label` leaves naming the callback to the caller (the core names completions in its failures).
    static func callFunction(_ s: LuaStack, _ function: Callback, label: String?,
                             arguments push: (LuaStack) -> Int32 = { _ in 0 }) throws(LuaError) {
        let base = s.top
        defer { s.top = base }
        function.ref.push(on: s)
        let n = push(s)
        do throws(LuaError) {
            try s.call(arguments: n, results: 0)
        } catch {
            guard let label, !LuaInterrupt.isInterruption(error) else { throw error }
            throw LuaError("error in \(label): \(error.message)")
        }
    }
}

/// A Lua table as a transition's animator (UIViewControllerAnimatedTransitioning): its `transitionDuration`,
/// `animateTransition`, `animationEnded` and `interruptibleAnimator` are called as methods.
final class LuaTransitionAnimator: AnimatedTransitioning {
    let table: Callback
    private weak var host: DynamicsHost?
    private let fallback: LuaStack

    init(table: Callback, host: DynamicsHost?, stack: LuaStack) {
        self.table = table; self.host = host; fallback = stack
    }

    private var s: LuaStack { TransitionCalls.stack(host, fallback) }

    func transitionDuration(_ context: TransitionContext) throws -> Double {
        var duration = 0.0
        try TransitionCalls.callMethod(s, table, "transitionDuration", results: 1,
                                       arguments: { s in s.push(context: context); return 1 }) { s, i throws(LuaError) in
            guard s.type(at: i) == .number, let x = s.number(at: i) else {
                throw LuaError("transitionDuration must return a number of seconds, got \(s.typeName(at: i))")
            }
            duration = x
        }
        return duration
    }

    func animateTransition(_ context: TransitionContext) throws {
        try TransitionCalls.callMethod(s, table, "animateTransition", arguments: { s in s.push(context: context); return 1 })
    }

    func animationEnded(_ completed: Bool) throws {
        // The transition reports a failure here as the animationEnded callback's, so the message names it once.
        try TransitionCalls.callMethod(s, table, "animationEnded", named: false, arguments: { s in s.push(completed); return 1 })
    }

    func interruptibleAnimator(_ context: TransitionContext) throws -> PropertyAnimator? {
        var result: PropertyAnimator?
        try TransitionCalls.callMethod(s, table, "interruptibleAnimator", results: 1,
                                       arguments: { s in s.push(context: context); return 1 }) { s, i throws(LuaError) in
            if s.isNil(at: i) { return }
            guard let pa = s.object(at: i, as: PropertyAnimator.self) else {
                throw LuaError("interruptibleAnimator must return a PropertyAnimator or nil, got \(s.typeName(at: i))")
            }
            result = pa
        }
        return result
    }
}
