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

    /// Pushes the compiled method caller, compiling it once per state (kept by the callback context).
    private static func pushMethodCaller(_ s: LuaStack, _ context: CallbackContext) throws(LuaError) {
        if let ref = context.methodCaller {
            ref.push(on: s)
            return
        }
        try s.load(methodCaller, name: "=(luadyn delegate call)")
        s.pushCopy(of: -1)
        context.methodCaller = s.popReference()
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
            // Ctrl-C raised inside the callback is not the callback's error: hand it on to stop the run.
            if LuaInterrupt.isInterruption(error) { return LuaInterrupt.carry() }
            DynamicsHost.of(s)?.reportCallbackError("error in \(label): \(error.message)")
        }
    }

    /// Calls `delegate:name(...)` when the delegate has such a method. `name` is the method name as a Lua string
    /// (`text` spells it for messages). `pushArguments` pushes the arguments after self and returns how many; it gets
    /// the stack index of the identity cache, for `push(object:className:cache:)`.
    ///
    /// Most delegates are plain tables of functions. For those, `delegate[name]` is a raw get that cannot raise, so it
    /// is done here: a missing method costs no call and no arguments, and a present one is called directly. A
    /// delegate with a metatable, or a method that is not a function, goes through the Lua method caller so that
    /// metamethods and errors behave exactly as `target[name]` and `f(target, ...)` do in Lua.
    static func callMethod(_ s: LuaStack, _ context: CallbackContext, _ delegate: Callback, _ name: LuaRef,
                           _ text: String, label: String, pushArguments: (_ cache: Int32) -> Int32) {
        let base = s.top
        defer { s.top = base }
        switch s.prepareMethodCall(on: delegate.ref, named: name) {
        case .missing:
            return
        case .ready:
            // [handler, cache, method, delegate]: handler and cache stay below the call and go with `base`.
            call(s, context, text, label, handler: base + 1, arguments: 1 + pushArguments(base + 2))
            return
        case .general:
            break
        }
        s.pushTracebackHandler()
        let handler = s.top
        let cache = s.pushObjectCache()
        do throws(LuaError) {
            try pushMethodCaller(s, context)
        } catch {
            if LuaInterrupt.isInterruption(error) { return LuaInterrupt.carry() }
            context.report("error in \(label) '\(text)': \(error.message)")
            return
        }
        delegate.ref.push(on: s)
        name.push(on: s)
        call(s, context, text, label, handler: handler, arguments: 2 + pushArguments(cache))
    }

    /// Calls the function below `arguments` arguments in protected mode with the traceback handler at `handler`,
    /// reporting an error through the host.
    private static func call(_ s: LuaStack, _ context: CallbackContext, _ text: String, _ label: String,
                             handler: Int32, arguments: Int32) {
        do throws(LuaError) {
            try s.call(arguments: arguments, results: 0, handler: handler)
        } catch {
            if LuaInterrupt.isInterruption(error) { return LuaInterrupt.carry() }
            context.report("error in \(label) '\(text)': \(error.message)")
        }
    }
}
