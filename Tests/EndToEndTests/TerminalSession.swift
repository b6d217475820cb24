import Foundation

/// luadyn in a real terminal: a tmux server of its own (unique socket), driven by keys and read back from the
/// screen. Every wait polls the screen until what is expected appears, with a generous limit so a slow machine
/// only waits longer; nothing sleeps a fixed time.
final class TerminalSession {
    let socket = "luadyn-test-\(UUID().uuidString.prefix(8))"
    let home: URL

    /// Starts `luadyn arguments` with `$HOME` at `home` and the variables of `environment` set. When luadyn ends,
    /// the pane shows `[exited N]`.
    init(home: URL, arguments: [String] = [], environment: [String: String] = [:]) throws {
        self.home = home
        let command = ([LuaDyn.binary] + arguments).map(TerminalSession.shellQuoted).joined(separator: " ")
        let variables = environment.keys.sorted().map { "\($0)=\(TerminalSession.shellQuoted(environment[$0]!)) " }
        let script = "HOME=\(TerminalSession.shellQuoted(home.path)) \(variables.joined())\(command); echo \"[exited $?]\"; sleep 600"
        try tmux(["new-session", "-d", "-x", "100", "-y", "40", "-s", "main", script])
    }

    deinit { close() }

    /// Ends the tmux server and everything in it.
    func close() {
        _ = try? tmux(["kill-server"], check: false)
    }

    /// Types `text` as it is.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "main", "-l", text]) }

    /// Presses keys by tmux's names: `Enter`, `Tab`, `C-c`, `C-d`, `Up`, `Left`, `BSpace`, `C-a`.
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "main"] + keys) }

    /// Types `text` and presses Enter.
    func enter(_ text: String) throws {
        try type(text)
        try press("Enter")
    }

    /// The visible screen, trailing blank lines removed.
    func screen() -> String {
        let text = (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Waits until the screen satisfies `condition`; true if it did in time.
    @discardableResult
    func waitFor(_ condition: (String) -> Bool) -> Bool {
        LuaDyn.waitUntil(seconds: 20) { condition(screen()) }
    }

    /// Waits until `text` is on the screen.
    @discardableResult
    func waitFor(_ text: String) -> Bool { waitFor { $0.contains(text) } }

    /// Waits until the last line of the screen is the prompt `>` (and, when given, it appeared `count` times).
    @discardableResult
    func waitForPrompt(count: Int? = nil) -> Bool {
        waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.last.map({ $0.trimmingCharacters(in: .whitespaces) == ">" }) == true else { return false }
            return count.map { n in lines.filter { $0.hasPrefix(">") }.count >= n } ?? true
        }
    }

    @discardableResult
    private func tmux(_ arguments: [String], check: Bool = true) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputPath) }
        let status = try Spawn.run(["tmux", "-L", socket] + arguments, outputPath: outputPath.path)
        if check && status != 0 { throw TmuxError(arguments: arguments, status: status) }
        return (try? String(contentsOf: outputPath, encoding: .utf8)) ?? ""
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

struct TmuxError: Error {
    var arguments: [String]
    var status: Int32
}

/// Whether tmux is installed (scripts/setup installs it; without it the terminal tests are skipped).
let tmuxAvailable: Bool = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
}
