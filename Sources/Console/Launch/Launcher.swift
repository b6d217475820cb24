#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
import LuaKit

/// What `luadyn` does with its command line, in lua.c's order: the `arg` table, then `-e`, `-l` and `-W` in the
/// order given, then the script with its arguments, then the REPL when asked for or when there was nothing else.
/// A failure stops there with exit status 1 and the error on stderr as `luadyn: message` with its traceback.
public struct Launcher {
    /// The interpreter, with every library already open.
    public let state: LuaState
    /// The REPL's dot-commands.
    public let registry: CommandRegistry
    /// Where values and errors go.
    public var output: Output = .standard
    /// The REPL's history file (`$HOME/.luadyn_history`), when there is a home.
    public var historyPath: String?
    /// Whether code run so far raised errors that were reported without stopping it (errors in callbacks the
    /// physics runs after a step): a script or `-e` chunk that caused any then ends the run with status 1.
    public var hadReportedErrors: () -> Bool = { false }

    /// A launcher over `state` whose REPL offers `registry`'s commands.
    public init(state: LuaState, registry: CommandRegistry) {
        self.state = state
        self.registry = registry
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            historyPath = home + "/.luadyn_history"
        }
    }

    /// Runs the command line `argv` (program name first) and returns the exit status.
    public func run(_ argv: [String]) -> Int32 {
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(argv)
        } catch {
            output.error("luadyn: \(error)")
            output.error(LaunchOptions.usage, newline: false)
            return 1
        }
        if options.showHelp {
            output.write(LaunchOptions.usage)
            return 0
        }
        if options.showVersion { output.line(Launcher.version(of: state)) }
        setArgTable(argv, options: options)

        let evaluator = Evaluator(state: state, output: output, errorPrefix: "luadyn: ")
        for action in options.actions {
            guard perform(action, with: evaluator), !hadReportedErrors() else { return 1 }
        }
        if options.scriptIndex != nil {
            guard runScript(options, with: evaluator), !hadReportedErrors() else { return 1 }
        }
        if options.startsREPL { runREPL() }
        output.flush()
        return 0
    }

    /// `luadyn 0.1 (Lua 5.4)`.
    public static func version(of state: LuaState) -> String {
        let stack = state.stack
        defer { stack.pop() }
        let lua = stack.getGlobal("_VERSION") == .string ? stack.string(at: -1) ?? "Lua" : "Lua"
        return "luadyn 0.1 (\(lua))"
    }

    private func setArgTable(_ argv: [String], options: LaunchOptions) {
        let stack = state.stack
        let entries = LaunchOptions.argTable(argv, scriptIndex: options.scriptIndex)
        stack.newTable(array: Int32(max(0, options.scriptArguments.count)), record: 2)
        for (index, value) in entries {
            stack.push(value)
            stack.rawSet(-2, index: index)
        }
        stack.setGlobal("arg")
    }

    private func perform(_ action: LaunchOptions.Action, with evaluator: Evaluator) -> Bool {
        let stack = state.stack
        switch action {
        case .execute(let chunk):
            do {
                try stack.load(chunk, name: "=(command line)")
                stack.pop(try evaluator.call(arguments: 0))
            } catch {
                evaluator.report(error)
                return false
            }
        case .require(let global, let module):
            stack.getGlobal("require")
            stack.push(module)
            do {
                let count = try evaluator.call(arguments: 1)
                stack.pop(count - 1)
                stack.setGlobal(global)
            } catch {
                evaluator.report(error)
                return false
            }
        case .enableWarnings:
            do {
                try stack.load("warn('@on')", name: "=(command line)")
                stack.pop(try evaluator.call(arguments: 0))
            } catch {
                evaluator.report(error)
                return false
            }
        }
        return true
    }

    private func runScript(_ options: LaunchOptions, with evaluator: Evaluator) -> Bool {
        let stack = state.stack
        do {
            try stack.loadFile(options.scriptPath)
            for argument in options.scriptArguments { stack.push(argument) }
            stack.pop(try evaluator.call(arguments: Int32(options.scriptArguments.count)))
            return true
        } catch {
            evaluator.report(error)
            return false
        }
    }

    private func runREPL() {
        let terminal = isatty(0) != 0 && isatty(1) != 0
        var printer = ValuePrinter()
        let evaluator = Evaluator(state: state, output: output, printer: printer)
        let reader: LineReader
        if terminal, let editor = EditLineReader(historyPath: historyPath) {
            let columns = Int(luadyn_terminal_columns(1))
            if columns > 20 { printer.width = columns }
            evaluator.printer = printer
            reader = editor
            let completer = Completer(state: state)
            let repl = REPL(evaluator: evaluator, registry: registry, reader: reader)
            editor.complete = { [unowned repl] text in repl.complete(text, using: completer) }
            output.line(REPL.greeting)
            repl.run()
            editor.complete = nil
            return
        }
        reader = PlainLineReader(output: output, showsPrompts: isatty(0) != 0)
        if isatty(0) != 0 { output.line(REPL.greeting) }
        REPL(evaluator: evaluator, registry: registry, reader: reader).run()
    }
}
