/// A command line that lua.c would reject, worded as lua.c words it.
public struct LaunchError: Error, Equatable, CustomStringConvertible, Sendable {
    /// lua.c's wording, e.g. `unrecognized option '-x'`.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The command line of `luadyn`, read with lua.c's rules: options are handled in the order given, up to the
/// first argument that is not an option (the script; `-` means standard input); everything after the script
/// belongs to it. `-e` and `-l` take their argument attached (`-eprint(1)`) or as the next word, which must not
/// start with `-`. `--` ends the options. `--help` is ours.
///
/// swift-argument-parser does not fit here: it reorders options and cannot leave a script's arguments alone.
public struct LaunchOptions: Equatable, Sendable {
    /// What the options before the script ask for, in order.
    public enum Action: Equatable, Sendable {
        /// `-e chunk`: run the chunk.
        case execute(String)
        /// `-l mod` or `-l g=mod`: `g = require(mod)`.
        case require(global: String, module: String)
        /// `-W`: turn warnings on.
        case enableWarnings
    }

    /// `-e`, `-l` and `-W`, in command-line order.
    public var actions: [Action] = []
    /// `-i`: the REPL after the script.
    public var interactive = false
    /// `-v` (or `-i`, which implies it): print the version.
    public var showVersion = false
    /// `-E`: ignore LUA_INIT, LUA_PATH and LUA_CPATH.
    public var ignoreEnvironment = false
    /// Whether some `-e` came before the script.
    public var hasExecute: Bool { actions.contains { if case .execute = $0 { true } else { false } } }
    /// `--help`: print the usage and stop.
    public var showHelp = false
    /// `--sandbox`: run with no way out (no programs, C modules, debug library or binary chunks; files written
    /// only under `outputFolder`).
    public var sandbox = false
    /// `--output DIR`: where a sandboxed run may write (default `luadyn-out`).
    public var outputFolder = "luadyn-out"
    /// `--max-time SECONDS`: the run stops with an error once this much real time has passed.
    public var maxTime: Double?
    /// `--max-memory MB`: Lua, with the worlds its animators build, may hold at most this many megabytes.
    public var maxMemory: Double?
    /// `--serve`: serve the scene's animator live in a browser until Ctrl-C.
    public var serve = false
    /// `--port N`: the port `--serve` listens on (default 0: a free one).
    public var port: Int?
    /// The position of the script in the command line (lua.c's `script`), or nil when there is none.
    public var scriptIndex: Int?
    /// The script's path; nil with a script index means standard input (`-`).
    public var scriptPath: String?
    /// The words after the script: its `arg[1...]` and its `...`.
    public var scriptArguments: [String] = []

    /// No options: the REPL.
    public init() {}

    /// Whether there is nothing to do but read standard input: no script, no `-e`, no `-v`, no `-i`. Then lua
    /// starts its REPL on a terminal and runs standard input as a file otherwise.
    public var readsStandardInput: Bool {
        !interactive && scriptIndex == nil && !showVersion && !hasExecute
    }

    /// Reads `argv` (with the program name first).
    public static func parse(_ argv: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var i = 1
        while i < argv.count {
            let word = argv[i]
            guard word.hasPrefix("-") else { break }
            let flag = word.dropFirst()
            if word == "--help" {
                options.showHelp = true
                i += 1
                continue
            }
            if word == "--sandbox" {
                options.sandbox = true
                i += 1
                continue
            }
            if word == "--max-time" {
                guard i + 1 < argv.count, let seconds = Double(argv[i + 1]), seconds.isFinite, seconds > 0 else {
                    throw LaunchError("'--max-time' needs a positive number of seconds")
                }
                options.maxTime = seconds
                i += 2
                continue
            }
            if word == "--max-memory" {
                guard i + 1 < argv.count, let megabytes = Double(argv[i + 1]), megabytes.isFinite, megabytes > 0 else {
                    throw LaunchError("'--max-memory' needs a positive number of megabytes")
                }
                options.maxMemory = megabytes
                i += 2
                continue
            }
            if word == "--serve" {
                options.serve = true
                i += 1
                continue
            }
            if word == "--port" {
                guard i + 1 < argv.count, let port = Int(argv[i + 1]), (0...65535).contains(port) else {
                    throw LaunchError("'--port' needs a port number from 0 to 65535 (0: a free one)")
                }
                options.port = port
                i += 2
                continue
            }
            if word == "--output" {
                guard i + 1 < argv.count, !argv[i + 1].isEmpty else { throw LaunchError("'--output' needs argument") }
                options.outputFolder = argv[i + 1]
                i += 2
                continue
            }
            if word.hasPrefix("--") {
                guard word == "--" else { throw LaunchError("unrecognized option '\(word)'") }
                i += 1
                break
            }
            if word == "-" { break }
            switch flag.first {
            case "i", "v", "W", "E":
                guard flag.count == 1 else { throw LaunchError("unrecognized option '\(word)'") }
                if flag == "i" { options.interactive = true; options.showVersion = true }
                if flag == "v" { options.showVersion = true }
                if flag == "E" { options.ignoreEnvironment = true }
                if flag == "W" { options.actions.append(.enableWarnings) }
            case "e", "l":
                var value = String(flag.dropFirst())
                if value.isEmpty {
                    i += 1
                    guard i < argv.count, !argv[i].hasPrefix("-") else {
                        throw LaunchError("'\(word)' needs argument")
                    }
                    value = argv[i]
                }
                options.actions.append(flag.first == "e" ? .execute(value) : require(value))
            default:
                throw LaunchError("unrecognized option '\(word)'")
            }
            i += 1
        }
        if options.port != nil && !options.serve { throw LaunchError("'--port' is for '--serve'") }
        if i < argv.count {
            options.scriptIndex = i
            // `-` is standard input, unless `--` came just before it (then it is a file named `-`).
            let isStandardInput = argv[i] == "-" && argv[i - 1] != "--"
            options.scriptPath = isStandardInput ? nil : argv[i]
            options.scriptArguments = Array(argv[(i + 1)...])
        }
        return options
    }

    /// `-l g=mod` binds `g`; `-l mod` binds `mod` cut at its first `-` (`-l lpeg-1.2` binds `lpeg`), as lua 5.4.6.
    private static func require(_ value: String) -> Action {
        if let equals = value.firstIndex(of: "=") {
            return .require(global: String(value[..<equals]), module: String(value[value.index(after: equals)...]))
        }
        let global = value.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        return .require(global: global ?? value, module: value)
    }

    /// The `arg` table lua.c builds: the script at 0, its arguments at 1, 2, ..., the interpreter and the options
    /// before it at negative indices. Without a script the program name is at 0 and every option follows it.
    public static func argTable(_ argv: [String], scriptIndex: Int?) -> [(index: Int, value: String)] {
        let zero = scriptIndex ?? 0
        return argv.enumerated().map { ($0.offset - zero, $0.element) }
    }

    /// The text of `--help`, and of a bad command line after its error, naming the program as it was called.
    public static func usage(program: String = "luadyn") -> String {
        usageTemplate.replacingFirst("luadyn", with: program)
    }

    private static let usageTemplate = """
        usage: luadyn [options] [script [args]]
        Available options are:
          -e stat   execute string 'stat'
          -i        enter interactive mode after executing 'script'
          -l mod    require library 'mod' into global 'mod'
          -l g=mod  require library 'mod' into global 'g'
          -v        show version information
          -E        ignore environment variables
          -W        turn warnings on
          --sandbox run a scene you do not trust: no programs, C modules, debug
                    library or binary chunks; files written only under --output
          --output DIR  where a sandboxed run writes (default luadyn-out)
          --max-time S  stop with an error after S seconds
          --serve   serve the scene's animator live at http://127.0.0.1:PORT/
                    (its URL is the first line printed) until Ctrl-C
          --port N  the port --serve listens on (default: a free one)
          --max-memory MB  let Lua and its worlds hold at most MB megabytes
          --help    show this help
          --        stop handling options
          -         stop handling options and execute stdin
        With no script and no -e or -v, luadyn starts its REPL (type .help there).

        """
}

extension String {
    /// The text with its first `target` replaced (without Foundation, which luadyn keeps out of its start-up).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
