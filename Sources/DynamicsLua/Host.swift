#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LuaKit

/// The bindings' state for one interpreter: where callback errors go, how many there were, and the animator
/// the REPL's dot-commands act on. `openDynamics` makes it; `DynamicsHost.of(state)` finds it again.
public final class DynamicsHost {
    /// Called with the message (with traceback) of each error raised inside a delegate or action.
    /// The default writes it to standard error; `luadyn` may route it elsewhere.
    public var onCallbackError: (String) -> Void = { message in
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// How many callback errors were reported since the state was opened (or since `resetCallbackErrors`).
    /// `luadyn FILE.lua` exits 1 when this is not zero after the script has run.
    public private(set) var callbackErrorCount = 0

    /// True when some callback raised an error.
    public var hadCallbackErrors: Bool { callbackErrorCount > 0 }

    /// Forgets earlier callback errors.
    public func resetCallbackErrors() { callbackErrorCount = 0 }

    /// The most recently made animator: what `.step`, `.run` and `.state` use when the global `animator` is not one.
    weak var latestAnimator: AnyObject?

    init() {}

    /// Reports an error from a callback and counts it.
    func reportCallbackError(_ message: String) {
        callbackErrorCount += 1
        onCallbackError(message)
    }

    static let registryKey = "luadyn.host"
    static let className = "luadyn.Host"

    /// The host of a state opened with `openDynamics`, or nil.
    public static func of(_ state: LuaState) -> DynamicsHost? { of(state.stack) }

    /// The host of the interpreter `stack` belongs to.
    static func of(_ stack: LuaStack) -> DynamicsHost? {
        stack.rawGet(LuaStack.registryIndex, field: registryKey)
        defer { stack.pop() }
        return stack.object(at: -1, as: DynamicsHost.self)
    }
}
