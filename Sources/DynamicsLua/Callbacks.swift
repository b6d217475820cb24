import LuaKit

/// A Lua function or table kept alive from Swift: an `action` block or a delegate.
/// Holding it in Swift (not in a Lua table) means an animator keeps its callbacks alive whether or not Lua does.
final class Callback {
    let ref: LuaRef
    init(ref: LuaRef) { self.ref = ref }

    /// The value at `index` as a callback when it is a function or a table, nil when it is nil;
    /// anything else is a `bad argument` at `site` (`what` says what was expected).
    static func check(_ s: LuaStack, _ index: Int32, _ site: Site, expecting what: LuaType) throws(LuaError) -> Callback? {
        if s.isNil(at: index) { return nil }
        guard s.type(at: index) == what else {
            throw site.error("\(what.name) or nil expected, got \(s.typeName(at: index))")
        }
        s.pushCopy(of: index)
        return Callback(ref: s.popReference())
    }
}

/// Runs callbacks after a step, each under protection, so that an error in one is reported (with a traceback and the
/// callback's name) and the rest still run.
enum CallbackRunner {
    /// Looks the method up with ordinary indexing (so delegate objects built with metatables work) and calls it as a
    /// method; all of it inside one protected call, because indexing may run metamethods that raise.
    private static let methodCaller = """
        local target, name = ...
        local f = target[name]
        if f == nil then return end
        return f(target, select(3, ...))
        """

    /// Pushes the compiled method caller, compiling it once per state (kept by the host).
    private static func pushMethodCaller(_ s: LuaStack) throws(LuaError) {
        if let ref = DynamicsHost.of(s)?.methodCaller {
            ref.push(on: s)
            return
        }
        try s.load(methodCaller, name: "=(luadyn delegate call)")
        s.pushCopy(of: -1)
        DynamicsHost.of(s)?.methodCaller = s.popReference()
    }

    /// Calls `action(behaviour)`. `pushArguments` pushes the arguments and returns how many.
    static func callFunction(_ s: LuaStack, _ callback: Callback, label: String, pushArguments: () -> Int32) {
        let base = s.top
        defer { s.top = base }
        callback.ref.push(on: s)
        let n = pushArguments()
        do throws(LuaError) {
            try s.call(arguments: n, results: 0)
        } catch {
            DynamicsHost.of(s)?.reportCallbackError("error in \(label): \(error.message)")
        }
    }

    /// Calls `delegate:name(...)` when the delegate has such a method. `pushArguments` pushes the arguments after self.
    static func callMethod(_ s: LuaStack, _ delegate: Callback, _ name: String, label: String, pushArguments: () -> Int32) {
        let base = s.top
        defer { s.top = base }
        do throws(LuaError) {
            try pushMethodCaller(s)
            delegate.ref.push(on: s)
            s.push(name)
            let n = pushArguments()
            try s.call(arguments: n + 2, results: 0)
        } catch {
            DynamicsHost.of(s)?.reportCallbackError("error in \(label) '\(name)': \(error.message)")
        }
    }
}
