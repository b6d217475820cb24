import Foundation
import Testing

/// The REPL on a real terminal (through tmux): line editing, completion, history, Ctrl-C and Ctrl-D.
@Suite(.serialized, .enabled(if: tmuxAvailable, "tmux is not installed"))
struct TerminalTests {
    @Test func greetsOnceAndPrintsValues() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        let greeting = session.screen().split(separator: "\n").first.map(String.init) ?? ""
        #expect(greeting.contains(".help") && greeting.contains(".demo"))
        try session.enter("1 + 1")
        #expect(session.waitFor("> 1 + 1\n2\n>"))
    }

    @Test func editsTheLineBeforeRunningIt() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        // Delete the 3 of 1234, then go to the start of the line and put `x = ` there.
        try session.type("1234")
        try session.press("Left", "BSpace", "C-a")
        try session.type("x = ")
        try session.press("Enter")
        try session.enter("x")
        #expect(session.waitFor("> x = 124\n> x\n124\n>"))
    }

    @Test func tabCompletesGlobalsFieldsAndMethods() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.type("string.fo")
        try session.press("Tab")
        #expect(session.waitFor("> string.format"))
        try session.enter("('%d', 7)")
        #expect(session.waitFor("\"7\""))

        try session.enter("obj = setmetatable({}, { __index = { greet = function() return 'hi' end } })")
        try session.type("obj:gr")
        try session.press("Tab")
        #expect(session.waitFor("> obj:greet"))
        try session.enter("()")
        #expect(session.waitFor("\"hi\""))

        // Several candidates and nothing in common to add: they are listed, and the line is kept.
        try session.type("string.")
        try session.press("Tab")
        #expect(session.waitFor { $0.contains("gmatch") && $0.contains("packsize") && $0.hasSuffix("> string.") })
    }

    /// The physics types are built on first use; completion reads their tables, so it must find them built.
    @Test func tabCompletesTheFieldsOfATypeNotUsedYet() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.type("Attachment.fi")
        try session.press("Tab")
        #expect(session.waitFor("> Attachment.fixed"))
    }

    @Test func historyPersistsAcrossSessions() throws {
        let home = try LuaDyn.temporaryDirectory()
        let first = try TerminalSession(home: home)
        #expect(first.waitForPrompt())
        try first.enter("answer = 42")
        #expect(first.waitForPrompt(count: 2))
        try first.press("C-d")
        #expect(first.waitFor("[exited 0]"))
        first.close()
        let saved = try String(contentsOf: home.appendingPathComponent(".luadyn_history"), encoding: .utf8)
        #expect(saved.contains("answer"))

        let second = try TerminalSession(home: home)
        defer { second.close() }
        #expect(second.waitForPrompt())
        try second.press("Up")
        #expect(second.waitFor("> answer = 42"))
        try second.press("Enter")
        try second.enter("answer + 1")
        #expect(second.waitFor("43"))
    }

    @Test func ctrlCInterruptsRunningCodeAndKeepsTheState() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.enter("x = 5")
        try session.enter("io.write('spinning\\n') while true do end")
        #expect(session.waitFor("spinning"))
        try session.press("C-c")
        #expect(session.waitFor("interrupted!"))
        #expect(session.waitForPrompt())
        try session.enter("x + 1")
        #expect(session.waitFor("> x + 1\n6\n>"))
    }

    @Test func ctrlCClearsALineAndOnAnEmptyLineQuits() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.type("print('never run')")
        try session.press("C-c")
        #expect(session.waitForPrompt(count: 2))
        // Inside an unfinished chunk Ctrl-C abandons the chunk rather than quitting.
        try session.enter("for i = 1, 2 do")
        #expect(session.waitFor(">>"))
        try session.press("C-c")
        #expect(session.waitForPrompt(count: 3))
        try session.press("C-c")
        #expect(session.waitFor("[exited 0]"))
        #expect(!session.screen().contains("never run\n"))
    }

    @Test func ctrlDQuits() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.press("C-d")
        #expect(session.waitFor("[exited 0]"))
    }

    @Test func unfinishedChunksShowTheContinuationPrompt() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.enter("function sq(x)")
        #expect(session.waitFor(">>"))
        // Tab at the start of a line indents instead of listing every global.
        try session.press("Tab")
        try session.enter("return x * x")
        try session.enter("end")
        try session.enter("sq(9)")
        #expect(session.waitFor(">>   return x * x\n>> end\n> sq(9)\n81"), "\(session.screen())")
    }
}

extension TerminalTests {
    /// `.draw` fits the terminal's height as well as its width: the demo's tall world, drawn in a 40-line terminal,
    /// shows whole, with the command above it and the prompt below it on the same screen.
    @Test func drawFitsTheTerminalsHeight() throws {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.enter(".demo")
        #expect(session.waitForPrompt())
        try session.press("C-l")
        try session.enter(".draw")
        #expect(session.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let command = lines.lastIndex(where: { $0.hasPrefix("> .draw") }) else { return false }
            let drawing = lines[(command + 1)...].filter { line in line.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
            return drawing.count >= 10 && lines[(command + 1)...].contains { $0.hasPrefix(">") }
        }, "\(session.screen())")
    }
}

extension TerminalTests {
    /// libedit is opened when the REPL starts, not when luadyn starts: a script never maps it (or libtinfo under it),
    /// the REPL on a terminal does.
    @Test func libeditIsMappedOnlyOnceTheREPLStarts() throws {
        let mapsLibedit = "io.write(tostring(io.open('/proc/self/maps'):read('a'):find('libedit', 1, true) ~= nil))"
        let script = try LuaDyn.run(["-e", mapsLibedit])
        #expect(script.stdout == "false", "\(script.stderr)")

        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        defer { session.close() }
        #expect(session.waitForPrompt())
        try session.enter("print(" + mapsLibedit.dropFirst("io.write(".count))
        #expect(session.waitFor("\ntrue\n>"), "\(session.screen())")
    }

    /// Without a loadable libedit the REPL says what is missing and goes on with plain lines. Empty files named
    /// like the library, first on the loader's path, stand for a broken or missing one.
    @Test func withoutLibeditTheREPLSaysSoAndReadsPlainLines() throws {
        let home = try LuaDyn.temporaryDirectory()
        let libraries = home.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        for name in ["libedit.so.2", "libedit.so"] {
            try Data().write(to: libraries.appendingPathComponent(name))
        }
        let session = try TerminalSession(home: home, environment: ["LD_LIBRARY_PATH": libraries.path])
        defer { session.close() }
        // The message is longer than the terminal is wide: read it with the wrapped lines joined and without
        // spaces, since a line that wraps at a space loses it (the screen keeps no trailing blanks), and where the
        // lines wrap depends on how long the program's and the folder's paths are.
        let message = "no line editing, history or completion: " + libraries.path + "/libedit.so.2"
        let squeezed = { (text: String) in text.filter { $0 != "\n" && $0 != " " } }
        #expect(session.waitFor { squeezed($0).contains(squeezed(message)) }, "\(session.screen())")
        #expect(session.waitForPrompt())
        try session.enter("6 * 7")
        #expect(session.waitFor("> 6 * 7\n42\n>"), "\(session.screen())")
    }
}
