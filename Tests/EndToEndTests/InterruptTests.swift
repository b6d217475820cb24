import Foundation
import Testing

/// Ctrl-C in a script: wherever it lands (Lua code, a run of frames, a callback inside one, a loop over `play`), the
/// script ends as lua ends it: `interrupted!` with a traceback on stderr and exit status 1.
@Suite struct InterruptTests {
    /// Starts `script`, waits for it to print `ready`, sends SIGINT and returns how it ended.
    private func interrupt(_ script: String) throws -> LuaDyn.Result {
        let scratch = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("scene.lua")
        try script.write(to: path, atomically: true, encoding: .utf8)
        let running = try LuaDyn.start([path.path], input: "", in: scratch, scratch: scratch)
        #expect(LuaDyn.waitUntil { running.output().contains("ready") })
        running.process.interrupt()
        // Never hang the suite: a process that ignores the interrupt is killed, and the checks below fail.
        if !LuaDyn.waitUntil({ !running.process.isRunning }) { kill(running.process.processIdentifier, SIGKILL) }
        running.process.waitUntilExit()
        return running.result()
    }

    private static let scene = """
        local a = Animator{ width = 100, height = 100 }
        a.allowsSleep = false
        local v = View{ center = {50, 10}, size = {10, 10} }
        local g = Gravity{ v }
        a:addBehavior(g)

        """

    private func expectInterrupted(_ result: LuaDyn.Result) {
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(LuaDyn.prefix))
        #expect(result.stderr.contains("interrupted!\nstack traceback:"))
        #expect(result.stderr.hasSuffix("\t[C]: in ?\n"))
        #expect(!result.stderr.contains("error in"), "the interrupt is not reported as a callback's error")
        #expect(!result.stdout.contains("not reached"))
    }

    @Test func ctrlCInsideAnActionCallbackEndsTheRun() throws {
        let result = try interrupt(Self.scene + """
            local told = false
            g.action = function()
              if not told then told = true io.write('ready\\n') io.flush() end
              while true do end
            end
            a:run(1000)
            print('not reached')
            """)
        expectInterrupted(result)
    }

    @Test func ctrlCInsideADelegateMethodEndsTheRun() throws {
        let result = try interrupt(Self.scene + """
            a:addBehavior(Collision{ v, translatesReferenceBoundsIntoBoundary = true, delegate = {
              beganBoundaryContact = function()
                io.write('ready\\n') io.flush()
                while true do end
              end,
            } })
            a:run(1000)
            print('not reached')
            """)
        expectInterrupted(result)
    }

    @Test func ctrlCInsideAnActionEndsALuaLoopOfSteps() throws {
        let result = try interrupt(Self.scene + """
            local told = false
            g.action = function()
              if not told then told = true io.write('ready\\n') io.flush() end
              while true do end
            end
            while true do a:step() end
            print('not reached')
            """)
        expectInterrupted(result)
    }

    @Test func ctrlCEndsARunOfFramesThatRunsNoLua() throws {
        let result = try interrupt(Self.scene + """
            io.write('ready\\n') io.flush()
            a:run(1e6)
            print('not reached')
            """)
        expectInterrupted(result)
    }

    @Test func ctrlCEndsRunUntilRestOnAWorldThatNeverRests() throws {
        let result = try interrupt(Self.scene + """
            io.write('ready\\n') io.flush()
            a:runUntilRest(1e6)
            print('not reached')
            """)
        expectInterrupted(result)
    }

    @Test func ctrlCEndsAScriptLoopingOverPlay() throws {
        let result = try interrupt(Self.scene + """
            print = function() end
            io.write('ready\\n') io.flush()
            while true do a:play(1) end
            io.write('not reached')
            """)
        expectInterrupted(result)
    }

    @Test func aCaughtInterruptLetsTheScriptGoOnAsInLua() throws {
        let result = try interrupt(Self.scene + """
            local ok, message = pcall(function() io.write('ready\\n') io.flush() a:run(1e6) end)
            print(ok, message)
            a:run(0.5)
            print('stepped on', a.time > 0.5)
            """)
        #expect(result.status == 0)
        // As lua's hook words it: the position of the Lua line that was running, then `interrupted!`.
        #expect(result.stdout.contains("scene.lua:6: interrupted!\n"))
        #expect(result.stdout.contains("\nfalse\t"))
        #expect(result.stdout.contains("stepped on\ttrue\n"))
    }
}
