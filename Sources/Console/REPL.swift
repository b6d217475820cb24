import LuaKit

/// The read-eval-print loop: lines in, values and errors out, until the input ends or `.quit`.
///
/// - Each entry is compiled as `return <entry>` first, so expressions print their values, then as statements.
/// - An unfinished entry continues on the next line with the `>>` prompt.
/// - A line starting with `.` and a letter is a dot-command (see `CommandRegistry`).
/// - Results print on one line, separated by tabs; errors go to the error output. An error never ends the session.
/// - A first line starting with `=` is `return` and the rest (`=x` shows x), as in lua.c.
/// - Prompts are the globals `_PROMPT` and `_PROMPT2` through `tostring` when they are set, as in lua.c.
public final class REPL {
    /// The one line shown when the REPL starts on a terminal.
    public static let greeting = "luadyn (Lua 5.4 + UIKit-style dynamics): .help for help, .demo for a demo scene"

    /// Runs what is typed and prints what it gives.
    public let evaluator: Evaluator
    /// The dot-commands.
    public let registry: CommandRegistry
    /// Where lines come from.
    public let reader: LineReader
    private var state: LuaState { evaluator.state }

    /// A loop reading from `reader`, running through `evaluator`, with `registry`'s commands.
    public init(evaluator: Evaluator, registry: CommandRegistry, reader: LineReader) {
        self.evaluator = evaluator
        self.registry = registry
        self.reader = reader
    }

    /// Runs until the input ends or a command quits.
    public func run() {
        defer { reader.finish() }
        while true {
            switch reader.readLine(prompt: prompt("_PROMPT", default: "> "), continuing: false) {
            case .end:
                return
            case .cancelled:
                continue
            case .line(let line):
                if let (name, arguments) = CommandRegistry.parse(line) {
                    reader.remember(line)
                    if runCommand(name, arguments: arguments) == .quit { return }
                } else if readChunk(startingWith: line.first == "=" ? "return " + line.dropFirst() : line) {
                    evaluator.callAndPrint()
                }
            }
        }
    }

    /// Reads lines until the chunk compiles (leaving its function on the stack and returning true), cannot,
    /// or the user abandons it.
    private func readChunk(startingWith line: String) -> Bool {
        var source = line
        while true {
            switch ChunkCompiler.compile(source, name: "=stdin", on: state.stack) {
            case .complete:
                reader.remember(source)
                return true
            case .invalid(let message):
                reader.remember(source)
                evaluator.report(message)
                return false
            case .incomplete:
                switch reader.readLine(prompt: prompt("_PROMPT2", default: ">> "), continuing: true) {
                case .line(let more):
                    source += "\n" + more
                case .cancelled:
                    return false
                case .end:
                    // The input ended inside the chunk: say why it is unfinished, as lua.c does.
                    reader.remember(source)
                    evaluator.report(unfinishedMessage(source))
                    return false
                }
            }
        }
    }

    /// Lua's complaint about a chunk cut short: the one that reaches `<eof>` (statements first, then the expression).
    private func unfinishedMessage(_ source: String) -> String {
        var messages: [String] = []
        for candidate in [source, "return " + source] {
            do {
                try state.stack.load(candidate, name: "=stdin")
                state.stack.pop()
            } catch {
                messages.append(error.message)
            }
        }
        return messages.first(where: ChunkCompiler.endsAtEOF) ?? messages.first ?? "stdin: unfinished chunk"
    }

    /// Runs a dot-command; unknown names get the nearest known one suggested.
    public func runCommand(_ name: String, arguments: String) -> CommandOutcome {
        guard let command = registry.command(named: name) else {
            var message = "unknown command '.\(name)'"
            if let nearest = registry.nearestName(to: name) { message += " (did you mean '.\(nearest)'?)" }
            evaluator.report(message + "; .help lists the commands")
            return .proceed
        }
        let context = CommandContext(state: state, arguments: arguments, evaluator: evaluator, registry: registry)
        // Commands run frames and Lua code: Ctrl-C stops them as it stops code typed at the prompt.
        var outcome = CommandOutcome.proceed
        var failure: (any Error)?
        do {
            try LuaInterrupt.guarding(state) { () throws(LuaError) in
                do {
                    outcome = try command.handler(context)
                } catch let error as LuaError {
                    throw error
                } catch {
                    failure = error
                }
                try LuaInterrupt.check()
            }
        } catch {
            failure = error
        }
        if let failure {
            let text = "\(failure)"
            evaluator.report(text == LuaInterrupt.message ? text : ".\(name): \(text)")
        }
        return outcome
    }

    /// The completion for the text before the cursor: command names after a leading `.`, else Lua names.
    public func complete(_ text: String, using completer: Completer) -> Completion? {
        if text.first == ".", !text.contains(" ") {
            let partial = String(text.dropFirst())
            let names = registry.commands.map(\.name).filter { $0.hasPrefix(partial) }.sorted()
            return Completion(partial: partial, candidates: names)
        }
        return completer.complete(text)
    }

    /// `_PROMPT` or `_PROMPT2` through `tostring` (a table with `__tostring` works, as in lua.c), else the default.
    /// A `__tostring` that fails is reported and the default prompt used.
    private func prompt(_ global: String, default fallback: String) -> String {
        let stack = state.stack
        defer { stack.pop() }
        switch stack.getGlobal(global) {
        case .nil: return fallback
        case .string: return stack.string(at: -1) ?? fallback
        default:
            do {
                return try stack.tostring(-1)
            } catch {
                evaluator.report("error in \(global): \(error.message)")
                return fallback
            }
        }
    }
}
