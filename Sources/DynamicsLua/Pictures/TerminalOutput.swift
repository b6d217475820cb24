#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LuaKit
import Pictures

/// What the bindings know about standard output: whether it is a terminal, its size and colours, and how to
/// write to it in step with Lua's own `print` and `io.write` (which buffer through C's stdout).
enum TerminalOutput {
    /// Whether standard output is a terminal (not a pipe or a file).
    static var isTerminal: Bool { isatty(1) != 0 }

    /// The colour mode for pictures on standard output: none when piped or when `NO_COLOR` is set, else what
    /// `TERM` and `COLORTERM` say (Pictures' TerminalColorMode.detect).
    static var colorMode: TerminalColorMode {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM", "COLORTERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return TerminalColorMode.detect(environment: environment, isTerminal: isTerminal)
    }

    /// The terminal's size in cells, or nil when standard output is not a terminal or does not say.
    static var size: (columns: Int, rows: Int)? {
        guard isTerminal else { return nil }
        var ws = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// Prints `text` and a line break through Lua's `print`, so a script that redirects `print` gets it too.
    static func print(_ text: String, on s: LuaStack) throws(LuaError) {
        try HelpBinding.print(text, on: s)
    }

    /// Writes `text` as it is (escape codes, no added line break) through `io.write`, then flushes, so a live
    /// frame shows at once and lands after anything the script printed before it.
    static func writeNow(_ text: String, on s: LuaStack) throws(LuaError) {
        let base = s.top
        defer { s.top = base }
        guard s.getGlobal("io") == .table else { return }
        let io = s.top
        if s.rawGet(io, field: "write") == .function {
            s.push(text)
            try s.call(arguments: 1, results: 0)
        } else {
            s.pop()
        }
        if s.rawGet(io, field: "flush") == .function {
            try s.call(arguments: 0, results: 0)
        }
    }
}
