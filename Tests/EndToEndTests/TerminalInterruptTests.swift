import Foundation
import Testing

/// One Ctrl-C brings the REPL back from whatever runs, with the world and the session intact; printing and
/// completion that fail are shown as errors. A real terminal through tmux.
@Suite(.serialized, .enabled(if: tmuxAvailable, "tmux is not installed"))
struct TerminalInterruptTests {
    private func session() throws -> TerminalSession {
        let session = try TerminalSession(home: try LuaDyn.temporaryDirectory())
        #expect(session.waitForPrompt())
        return session
    }

    /// Lines of the screen that are not pictures (the braille of `.play`).
    private func text(_ session: TerminalSession) -> String {
        session.screen().split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !($0.first.map { ("\u{2800}"..."\u{28FF}").contains($0) } ?? false) }
            .joined(separator: "\n")
    }

    @Test func ctrlCStopsAWaitingIoRead() throws {
        let session = try session()
        defer { session.close() }
        try session.enter("x = 1")
        // The line is echoed as it is typed, before luadyn has read it: a Ctrl-C sent then would be typed input,
        // not a signal. "reading" shows the line is running, and io.read follows at once.
        try session.enter("line = print('reading') or io.read()")
        #expect(session.waitFor("\nreading"))
        try session.press("C-c")
        #expect(session.waitFor("interrupted!"))
        #expect(session.waitFor("[C]: in function 'io.read'"))
        #expect(session.waitForPrompt())
        try session.enter("x + 1")
        #expect(session.waitFor("> x + 1\n2\n>"))
    }

    @Test func ctrlCInsideAnActionDuringDotRunStopsTheLoopNotJustTheCallback() throws {
        let session = try session()
        defer { session.close() }
        try session.enter(".demo")
        try session.enter("frames = 0 gravity.action = function() frames = frames + 1 print('spinning') while true do end end")
        try session.enter(".run 100")
        #expect(session.waitFor("> .run 100\nspinning"))
        try session.press("C-c")
        #expect(session.waitFor("> .run 100\nspinning\n^Cinterrupted!\n>"))
        #expect(!session.screen().contains("error in"), "not reported as the action's error")
        // The frame it stopped in is whole, and the world goes on stepping.
        try session.enter("gravity.action = nil")
        try session.enter("frames == 1 and animator.time == 1/60")
        #expect(session.waitFor("== 1/60\ntrue\n>"))
        try session.enter(".run 0.5")
        try session.enter("animator.time > 0.5")
        #expect(session.waitFor("> animator.time > 0.5\ntrue\n>"))
    }

    @Test func ctrlCStopsDotPlayAndALoopOverPlay() throws {
        let session = try session()
        defer { session.close() }
        try session.enter(".demo")
        try session.enter("animator.allowsSleep = false")
        try session.enter(".play 1000")
        #expect(session.waitFor("Ctrl-C stops"))
        try session.press("C-c")
        // One word on the stop: the last frame's status line, then the error; nothing printed twice.
        #expect(session.waitFor { _ in text(session).contains("stopped by Ctrl-C") && text(session).hasSuffix("interrupted!\n>") })
        #expect(!text(session).contains("stopped at t ="))
        #expect(text(session).components(separatedBy: "interrupted!").count == 2)
        try session.enter("clear = true n = 0 while true do animator:play(1) n = n + 1 end")
        #expect(session.waitFor("Ctrl-C stops"))
        try session.press("C-c")
        #expect(session.waitFor { _ in text(session).contains("stdin:1: interrupted!\nstack traceback:") })
        #expect(session.waitForPrompt())
        try session.enter("n < 1000")
        #expect(session.waitFor("> n < 1000\ntrue\n>"))
    }

    @Test func ctrlCStopsRunUntilRestAndTheNextCtrlCAtAnEmptyPromptQuits() throws {
        let session = try session()
        defer { session.close() }
        try session.enter(".demo")
        try session.enter("animator.allowsSleep = false")
        try session.enter("print('resting') animator:runUntilRest(1e6)")
        #expect(session.waitFor("\nresting"))
        try session.press("C-c")
        #expect(session.waitFor("interrupted!"))
        #expect(session.waitForPrompt())
        try session.press("C-c")
        #expect(session.waitFor("[exited 0]"))
    }

    @Test func failuresWhilePrintingAreErrorsAndTheSessionGoesOn() throws {
        let session = try session()
        defer { session.close() }
        try session.enter("setmetatable({}, { __tostring = function() error('bad tostring') end })")
        #expect(session.waitFor("stdin:1: bad tostring"))
        try session.enter("{ setmetatable({}, { __tostring = function() return {} end }) }")
        #expect(session.waitFor("'__tostring' must return a string"))
        try session.enter("setmetatable({ 1 }, { __pairs = function() error('p') end, __index = function() error('i') end })")
        #expect(session.waitFor("{ 1 }\n>"))
        try session.enter("gc = { __gc = function() error('gc') end }")
        try session.enter("do setmetatable({}, gc) collectgarbage() end return 7")
        #expect(session.waitFor("\n7\n>"))
        // History and the prompt are intact: Up brings back the last line.
        try session.press("Up")
        #expect(session.waitFor { $0.hasSuffix("> do setmetatable({}, gc) collectgarbage() end return 7") })
        try session.press("C-u")
        try session.enter("'still here'")
        #expect(session.waitFor("\"still here\"\n>"))
    }

    @Test func completionThroughAFailingIndexOffersNothingAndKeepsTheLine() throws {
        let session = try session()
        defer { session.close() }
        try session.enter("getmetatable(io.stdout).__index = function() error('no fields') end")
        try session.type("io.stdout.wr")
        try session.press("Tab")
        try session.type("x")
        #expect(session.waitFor { $0.hasSuffix("> io.stdout.wrx") })
        #expect(!session.screen().contains(": no fields"), "the failing __index is not shown")
        try session.press("C-u")
        try session.enter("1 + 1")
        #expect(session.waitFor("> 1 + 1\n2\n>"))
    }
}
