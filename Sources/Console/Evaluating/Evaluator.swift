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

    /// An evaluator for `state` writing to `output`.
    public init(state: LuaState, output: Output = .standard, printer: ValuePrinter = ValuePrinter(), errorPrefix: String = "") {
        self.state = state
        self.output = output
        self.printer = printer
        self.errorPrefix = errorPrefix
    }

    /// Calls the function below its `arguments` on the stack, protected and interruptible, leaving all its results;
    /// returns how many there are. Errors carry a traceback.
    public func call(arguments: Int32) throws(LuaError) -> Int32 {
        let base = state.stack.top - arguments - 1
        try InterruptGuard.run(state) { () throws(LuaError) in
            try state.stack.call(arguments: arguments, results: -1)
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
            if count > 0 { output.line(printer.render(results: count, on: state.stack)) }
            return true
        } catch {
            report(error)
            return false
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
