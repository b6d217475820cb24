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
    /// `--serve`: starts serving what the script made, the script's first result on top of the stack (nil when
    /// it returned nothing); returns the URL, or throws the reason it cannot serve.
    public var startServing: ((_ port: Int) throws(LuaError) -> String)?
    /// `--serve` without `-i`: serves until one Ctrl-C; returns the exit status.
    public var serveUntilInterrupted: (() -> Int32)?
    /// Called once, before the REPL first completes a name: libraries that make their tables on first use make
    /// them all, since completion reads tables raw.
    public var willComplete: (() -> Void)?
    /// Work for the REPL's idle moments (a live view stepping its world); returns whether it wants more calls.
    public var idle: (() -> Bool)?

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
        // lua.c names itself by argv[0] in its messages (`lua: ...`, `/usr/bin/lua5.4: ...`).
        let program = argv.first.flatMap { $0.isEmpty ? nil : $0 } ?? "luadyn"
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(argv)
        } catch {
            output.error("\(program): \(error)")
            output.error(LaunchOptions.usage(program: program), newline: false)
            return 1
        }
        if options.showHelp {
            output.write(LaunchOptions.usage(program: program))
            return 0
        }
        if options.showVersion { output.line(Launcher.version) }
        setArgTable(argv, options: options)
        state.useGenerationalCollector()
        if let seconds = options.maxTime { LuaInterrupt.limitTime(seconds: seconds) }
        if let megabytes = options.maxMemory { state.limitMemory(bytes: Int(min(megabytes, 1e12) * 1_048_576)) }
        if options.sandbox {
            do throws(LuaError) {
                try Sandbox.apply(to: state, outputFolder: options.outputFolder)
            } catch {
                output.error("\(program): \(error.message)")
                return 1
            }
        }

        let evaluator = Evaluator(state: state, output: output, errorPrefix: program + ": ")
        if !options.ignoreEnvironment {
            guard runInitialization(with: evaluator), !hadReportedErrors() else { return 1 }
        }
        for action in options.actions {
            guard perform(action, with: evaluator), !hadReportedErrors() else { return 1 }
        }
        if options.serve {
            guard options.scriptIndex != nil else {
                output.error("\(program): '--serve' needs a scene: luadyn --serve [--port N] scene.lua")
                return 1
            }
            guard runScript(options, with: evaluator, keepingResult: true), !hadReportedErrors() else { return 1 }
            defer { state.stack.pop() }
            do throws(LuaError) {
                guard let startServing else { throw LuaError("this program cannot serve", kind: .raw) }
                output.line(try startServing(options.port ?? 0))
                output.flush()
            } catch {
                output.error("\(program): \(error.message)")
                return 1
            }
            if !options.interactive { return serveUntilInterrupted?() ?? 0 }
        } else if options.scriptIndex != nil {
            guard runScript(options, with: evaluator), !hadReportedErrors() else { return 1 }
        }
        if options.interactive {
            runREPL(terminal: isatty(0) != 0 && isatty(1) != 0, program: program)
        } else if options.readsStandardInput {
            if isatty(0) != 0 {
                runREPL(terminal: isatty(1) != 0, program: program)
            } else {
                // Standard input that is not a terminal is a script, as lua runs it (`luadyn < scene.lua`).
                guard runFile(nil, arguments: 0, with: evaluator), !hadReportedErrors() else { return 1 }
            }
        }
        output.flush()
        return 0
    }

    /// What `-v` prints: luadyn's version, then the release and copyright line of its Lua as `lua -v` prints it.
    public static var version: String { "luadyn 0.1 with " + LuaState.copyright }

    /// lua.c's `arg`: built from `argv` before anything runs; scripts may change it, and the script's arguments
    /// are read back from it when the script starts.
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

    /// LUA_INIT_5_4, else LUA_INIT: a chunk to run, or `@file` to run a file, before the options.
    private func runInitialization(with evaluator: Evaluator) -> Bool {
        var name = "LUA_INIT_5_4"
        var value = getenv(name)
        if value == nil {
            name = "LUA_INIT"
            value = getenv(name)
        }
        guard let value else { return true }
        let text = String(cString: value)
        if text.hasPrefix("@") { return runFile(String(text.dropFirst()), arguments: 0, with: evaluator) }
        return runChunk(text, name: "=" + name, with: evaluator)
    }

    private func perform(_ action: LaunchOptions.Action, with evaluator: Evaluator) -> Bool {
        let stack = state.stack
        switch action {
        case .execute(let chunk):
            return runChunk(chunk, name: "=(command line)", with: evaluator)
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
            state.enableWarnings()
        }
        return true
    }

    private func runChunk(_ chunk: String, name: String, with evaluator: Evaluator) -> Bool {
        let stack = state.stack
        do {
            try stack.load(chunk, name: name)
            stack.pop(try evaluator.call(arguments: 0))
            return true
        } catch {
            evaluator.report(error)
            return false
        }
    }

    /// Loads the file (standard input when nil) and calls it with the `arguments` values on top of the stack.
    /// With `keepingResult`, the file's first result (or nil) stays on top of the stack when it succeeds.
    private func runFile(_ path: String?, arguments: Int32, with evaluator: Evaluator, keepingResult: Bool = false) -> Bool {
        let stack = state.stack
        do {
            try stack.loadFile(path)
        } catch {
            // The arguments are still on the stack: nothing was called.
            stack.pop(arguments)
            evaluator.report(error)
            return false
        }
        do {
            if arguments > 0 { stack.insert(at: stack.top - arguments) }
            let results = try evaluator.call(arguments: arguments)
            if keepingResult {
                // The first result is the lowest of them: the others go.
                if results == 0 { stack.pushNil() } else { stack.pop(results - 1) }
            } else {
                stack.pop(results)
            }
            return true
        } catch {
            // The call took the chunk and its arguments with it, whether it ran or failed.
            evaluator.report(error)
            return false
        }
    }

    /// The script with its arguments read back from `arg[1..#arg]`, which code before it may have changed.
    private func runScript(_ options: LaunchOptions, with evaluator: Evaluator, keepingResult: Bool = false) -> Bool {
        let stack = state.stack
        guard stack.getGlobal("arg") == .table else {
            stack.pop()
            evaluator.report("'arg' is not a table")
            return false
        }
        let count = stack.rawLength(-1)
        guard stack.ensureSpace(Int32(clamping: count + 3)) else {
            stack.pop()
            evaluator.report("too many arguments to script")
            return false
        }
        let table = stack.top
        for i in 0..<count { stack.rawGet(table, index: i + 1) }
        stack.remove(at: table)
        return runFile(options.scriptPath, arguments: Int32(count), with: evaluator, keepingResult: keepingResult)
    }

    /// The REPL: on a terminal with line editing, pretty-printed results and the greeting; otherwise (`-i` with
    /// piped input) plain lines with lua's prompts, and results shown by `print` as lua shows them. A terminal
    /// without libedit gets the plain lines too, after a message naming what is missing.
    private func runREPL(terminal: Bool, program: String) {
        var printer = ValuePrinter()
        let evaluator = Evaluator(state: state, output: output, printer: printer)
        if terminal, let problem = EditLineReader.libraryProblem() {
            output.error("\(program): no line editing, history or completion: \(problem) (install libedit)")
        }
        if terminal, let editor = EditLineReader(historyPath: historyPath) {
            let columns = Int(luadyn_terminal_columns(1))
            if columns > 20 { printer.width = columns }
            evaluator.printer = printer
            let completer = Completer(state: state)
            let repl = REPL(evaluator: evaluator, registry: registry, reader: editor)
            var prepare = willComplete
            editor.complete = { [unowned repl] text in
                if let first = prepare {
                    prepare = nil
                    first()
                }
                return repl.complete(text, using: completer)
            }
            editor.idle = idle
            output.line(REPL.greeting)
            repl.run()
            editor.complete = nil
            return
        }
        evaluator.prettyPrints = isatty(1) != 0
        let reader = PlainLineReader(output: output, showsPrompts: true, echoes: !terminal)
        REPL(evaluator: evaluator, registry: registry, reader: reader).run()
    }
}
