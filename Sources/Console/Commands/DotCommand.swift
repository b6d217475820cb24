import LuaKit

/// What the session does after a dot-command.
public enum CommandOutcome: Sendable {
    /// Read the next line.
    case proceed
    /// End the session (as Ctrl-D does).
    case quit
}

/// An error a dot-command reports; the session prints it and carries on.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, shown after the command's name.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// What a dot-command is given when it runs.
public struct CommandContext {
    /// The interpreter of the session.
    public let state: LuaState
    /// Everything after the command's name, trimmed (`.load scenes/a.lua` gives `scenes/a.lua`).
    public let arguments: String
    /// Runs Lua (Ctrl-C interrupts it) and reports what it gives, as the session does for typed lines.
    public let evaluator: Evaluator
    /// The commands of the session (for `.help`).
    public let registry: CommandRegistry

    /// Where to write what the command shows.
    public var output: Output { evaluator.output }

    /// The arguments split at white space.
    public var words: [String] { arguments.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
}

/// A line command such as `.help` or `.load FILE`, recognised when a line starts with `.` and a letter.
public struct DotCommand {
    /// Runs the command; a thrown error is printed and the session goes on.
    public typealias Handler = (CommandContext) throws -> CommandOutcome

    /// The name without its dot (`load`).
    public let name: String
    /// The arguments it takes, as `.help` shows them (`FILE`, `[N]`, or empty).
    public let synopsis: String
    /// One line saying what it does.
    public let help: String
    /// What it does.
    public let handler: Handler

    /// A command `.name synopsis` that `.help` describes with `help`.
    public init(name: String, synopsis: String = "", help: String, handler: @escaping Handler) {
        self.name = name
        self.synopsis = synopsis
        self.help = help
        self.handler = handler
    }
}

/// The dot-commands of a session, in the order they were registered; other modules add their own
/// (`.step`, `.draw`, `.demo`) through `register`.
public final class CommandRegistry {
    /// Every command, in registration order (`.help` lists them so).
    public private(set) var commands: [DotCommand] = []

    /// An empty registry (see `standard()` for one with `.help`, `.load` and `.quit`).
    public init() {}

    /// Adds `command`, replacing any command of the same name in place.
    public func register(_ command: DotCommand) {
        if let i = commands.firstIndex(where: { $0.name == command.name }) {
            commands[i] = command
        } else {
            commands.append(command)
        }
    }

    /// The command called `name` (without the dot).
    public func command(named name: String) -> DotCommand? {
        commands.first { $0.name == name }
    }

    /// The registered name closest to `name` by edit distance, when it is close enough to be a likely typo.
    public func nearestName(to name: String) -> String? {
        var best: (name: String, distance: Int)? = nil
        for command in commands {
            let distance = editDistance(name, command.name)
            if distance < (best?.distance ?? Int.max) { best = (command.name, distance) }
        }
        guard let best else { return nil }
        let shorter = min(name.count, best.name.count)
        return best.distance <= max(1, shorter / 2) || best.name.hasPrefix(name) ? best.name : nil
    }

    /// Splits a line into a command name and its arguments when the line is a dot-command (`.` then a letter).
    public static func parse(_ line: String) -> (name: String, arguments: String)? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.first == ".", let second = trimmed.dropFirst().first, second.isASCII, second.isLetter else {
            return nil
        }
        let body = trimmed.dropFirst()
        let name = body.prefix(while: { !$0.isWhitespace })
        let rest = body.dropFirst(name.count)
        return (String(name), rest.trimmingWhitespace())
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

/// Levenshtein distance between two names (both short: a plain two-row table).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
