#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dynamics
import LuaKit

/// The bindings' state for one interpreter: where callback errors go, how many there were, and the animator
/// the REPL's dot-commands act on. `openDynamics` makes it; `DynamicsHost.of(state)` finds it again.
public final class DynamicsHost {
    /// Called with the message (with traceback) of each error raised inside a delegate or action.
    /// The default writes it to standard error; `luadyn` may route it elsewhere.
    public var onCallbackError: (String) -> Void {
        get { callbacks.onError }
        set { callbacks.onError = newValue }
    }

    /// How many callback errors were reported since the state was opened (or since `resetCallbackErrors`).
    /// `luadyn FILE.lua` exits 1 when this is not zero after the script has run.
    public var callbackErrorCount: Int { callbacks.errorCount }

    /// True when some callback raised an error.
    public var hadCallbackErrors: Bool { callbackErrorCount > 0 }

    /// Forgets earlier callback errors.
    public func resetCallbackErrors() { callbacks.errorCount = 0 }


    /// The stack of the Lua thread that is stepping an animator right now: callbacks run on it.
    var activeStack: LuaStack? {
        get { callbacks.activeStack }
        set { callbacks.activeStack = newValue }
    }

    /// What callbacks read on every event, held strongly by them (see `CallbackContext`).
    let callbacks = CallbackContext()

    /// The picture sessions of the same interpreter (also in the registry), reached from here so that a frame
    /// stepped from Lua looks up only the host.
    let pictures = PictureSessions()

    /// The Swift storage of this interpreter's worlds, counted against its memory limit.
    let worldMemory = WorldMemory()

    /// The animators served live (`animator:serve`).
    let liveViews = LiveViews()

    /// How `animator:serve` starts a live view; `luadyn` sets it (the bindings know no server).
    public var startLiveView: ((Animator, Int) throws(LiveViewStartError) -> LiveViewServing)? {
        get { liveViews.start }
        set { liveViews.start = newValue }
    }

    /// Whether some animator is served live now.
    public var isServing: Bool { liveViews.isServing }

    /// An idle moment of the Lua thread (the REPL waiting for a key, `luadyn --serve` between frames): what pages
    /// asked for is applied and the frames real time asks for are stepped, callbacks running here. Callback errors
    /// are reported as usual; an interrupt is thrown.
    public func serveTick(_ state: LuaState) throws(LuaError) { try liveViews.tick(state.stack) }

    /// Serves the animator on top of the stack (a scene's result), else the current one (the one `use` chose or
    /// the one made last) on `port`; returns the URL. `luadyn --serve`.
    public func serveScene(_ state: LuaState, port: Int) throws(LuaError) -> String {
        let s = state.stack
        let animator = s.object(at: -1, as: Animator.self) ?? CurrentAnimator.get(s)
        guard let animator else {
            throw LuaError("the scene made no animator to serve (return one, or make one with Animator{...})", kind: .raw)
        }
        return try liveViews.serve(animator, port: port)
    }

    /// Stops every live view.
    public func stopServing() { liveViews.stopAll() }


    /// Views made without a name are called view1, view2, ... in the order made (deterministic, unlike addresses).
    private var viewCount = 0

    /// The Lua action of each behaviour, for reading `b.action` back. Held weakly: the behaviour's own action closure
    /// holds the callback, so it lives exactly as long as the behaviour keeps it.
    private var actions: [ObjectIdentifier: WeakAction] = [:]

    func nextViewName() -> String {
        viewCount += 1
        return "view\(viewCount)"
    }

    /// Groups made without a name are called group1, group2, ...
    private var groupCount = 0

    func nextGroupName() -> String {
        groupCount += 1
        return "group\(groupCount)"
    }

    func setAction(_ callback: Callback?, of behavior: DynamicBehavior) {
        actions[ObjectIdentifier(behavior)] = callback.map { WeakAction(behavior: behavior, callback: $0) }
    }

    func action(of behavior: DynamicBehavior) -> Callback? {
        guard let entry = actions[ObjectIdentifier(behavior)], entry.behavior === behavior else { return nil }
        return entry.callback
    }

    init() { liveViews.host = self }

    /// Reports an error from a callback and counts it.
    func reportCallbackError(_ message: String) { callbacks.report(message) }

    /// The host's key: it is attached to the state (found on every step) and kept in the registry under it.
    static let registryKey = LuaKey("luadyn.host")
    static let className = "luadyn.Host"

    /// The host of a state opened with `openDynamics`, or nil.
    public static func of(_ state: LuaState) -> DynamicsHost? { of(state.stack) }

    /// The host of the interpreter `stack` belongs to.
    static func of(_ stack: LuaStack) -> DynamicsHost? {
        stack.state.attachment(for: registryKey) as? DynamicsHost
    }
}

/// What callbacks need on every event, and where their errors go: shared strongly by the host and by the delegates
/// and actions. Nothing refers to the host weakly: loading a weak reference costs a runtime call, and an object
/// that is weakly referenced has every retain and release take the runtime's slow path, which the host, used on
/// every step, would pay all the time.
final class CallbackContext {
    /// The stack of the Lua thread that is stepping an animator right now, nil between steps.
    /// Written only around a step, never while a callback reads it, so the dynamic exclusivity check is left out.
    @exclusivity(unchecked) var activeStack: LuaStack?

    /// See `DynamicsHost.onCallbackError`.
    var onError: (String) -> Void = { message in
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// See `DynamicsHost.callbackErrorCount`.
    var errorCount = 0

    /// The compiled Lua helper that calls a delegate's method (see CallbackRunner).
    var methodCaller: LuaRef?

    /// Reports an error from a callback and counts it.
    func report(_ message: String) {
        errorCount += 1
        onError(message)
    }
}

/// A behaviour's action as the host remembers it, without keeping either alive.
struct WeakAction {
    weak var behavior: DynamicBehavior?
    weak var callback: Callback?
}
