import CLua
import LuaKit

/// Runs Lua for the console and reports the outcome: results through the printer, errors (with their
/// tracebacks) to the error output. Ctrl-C interrupts whatever it runs.
public final class Evaluator {
    /// The interpreter.
    public let state: LuaState
    /// Where results and errors go.
    public let output: Output
    /// How results are shown.
    public var printer: ValuePrinter
    /// Put before every error: `luadyn: ` for scripts and options (as lua.c puts its program name), empty in the REPL.
    public var errorPrefix: String
    /// Whether results are shown by `printer` (at a terminal). Otherwise, or whenever the global `print` is not
    /// the standard one, results go through the global `print`, as lua.c shows them.
    public var prettyPrints = true

    /// An evaluator for `state` writing to `output`.
    public init(state: LuaState, output: Output = .standard, printer: ValuePrinter = ValuePrinter(), errorPrefix: String = "") {
        self.state = state
        self.output = output
        self.printer = printer
        self.errorPrefix = errorPrefix
        Evaluator.rememberStandardPrint(state)
    }

    /// The registry field keeping the `print` of the standard library, to tell whether a script replaced it.
    private static let standardPrintField = "luadyn.standard-print"

    private static func rememberStandardPrint(_ state: LuaState) {
        let L = state.L
        defer { lua_settop(L, lua_gettop(L) - 1) }
        guard lua_getfield(L, clua_registryindex(), standardPrintField) == LUA_TNIL else { return }
        lua_getglobal(L, "print")
        lua_setfield(L, clua_registryindex(), standardPrintField)
    }

    /// Whether the global `print` is still the standard library's.
    private var printIsStandard: Bool {
        let L = state.L
        lua_getglobal(L, "print")
        lua_getfield(L, clua_registryindex(), Evaluator.standardPrintField)
        defer { lua_settop(L, lua_gettop(L) - 2) }
        return lua_rawequal(L, -1, -2) != 0
    }

    /// Calls the function below its `arguments` on the stack, protected and interruptible, leaving all its results;
    /// returns how many there are. Errors carry a traceback.
    public func call(arguments: Int32) throws(LuaError) -> Int32 {
        let base = state.stack.top - arguments - 1
        try LuaInterrupt.guarding(state) { () throws(LuaError) in
            try state.stack.callAsMain(arguments: arguments)
        }
        return state.stack.top - base
    }

    /// Calls the function on top of the stack and prints its results (one line, separated by tabs) or its error.
    /// Returns false when it failed.
    @discardableResult
    public func callAndPrint() -> Bool {
        do {
            let count = try call(arguments: 0)
            defer { state.stack.pop(count) }
            if count > 0 { show(results: count) }
            return true
        } catch {
            report(error)
            return false
        }
    }

    /// Shows the top `count` values: pretty-printed, or through the global `print`. Either way an error (a failing
    /// `__tostring`, a `print` that is not a function) is reported as an error and nothing is half-printed.
    public func show(results count: Int32) {
        let stack = state.stack
        if prettyPrints && printIsStandard {
            do {
                output.line(try printer.render(results: count, on: stack))
            } catch {
                report(error)
            }
            return
        }
        guard stack.ensureSpace(count + 2) else {
            report("error calling 'print' (too many results to print)")
            return
        }
        let first = stack.top - count + 1
        stack.getGlobal("print")
        for i in 0..<count { stack.pushCopy(of: first + i) }
        do {
            stack.pop(try call(arguments: count))
        } catch {
            let message = error.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? error.message
            report("error calling 'print' (\(message))")
        }
    }

    /// Compiles and runs `source` (named as Lua names chunks: `=stdin`, `@file.lua`), printing its results.
    @discardableResult
    public func evaluate(_ source: String, name: String) -> Bool {
        do {
            try state.stack.load(source, name: name)
        } catch {
            report(error)
            return false
        }
        return callAndPrint()
    }

    /// Runs the file at `path` in this state, printing what it returns. Returns false when it failed.
    @discardableResult
    public func runFile(_ path: String) -> Bool {
        do {
            try state.stack.loadFile(path)
        } catch {
            report(error)
            return false
        }
        return callAndPrint()
    }

    /// Prints an error message (with the prefix) to the error output.
    public func report(_ error: LuaError) { report(error.message) }

    /// Prints a message (with the prefix) to the error output.
    public func report(_ message: String) { output.error(errorPrefix + message) }
}
