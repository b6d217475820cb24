import Foundation
import Testing

// Nested in the serialized browser suite: one live view server and browser at a time.
extension LiveViewBrowserTests {
/// What goes wrong around a live view is said plainly, and what pages send never disturbs the world.
@Suite struct LiveViewBadInputTests {
    private func runScene(_ scene: String, _ arguments: [String]) throws -> LuaDyn.Result {
        let folder = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try scene.write(to: folder.appendingPathComponent("scene.lua"), atomically: true, encoding: .utf8)
        return try LuaDyn.run(arguments + ["scene.lua"], in: folder)
    }

    @Test func aBusyPortIsNamed() throws {
        let holder = try Served()
        let result = try runScene(LiveViewBrowserTests.scene, ["--serve", "--port", String(holder.port)])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == LuaDyn.prefix + "port \(holder.port) is busy (another program listens on "
                + "127.0.0.1:\(holder.port)); choose another port, or 0 for a free one\n")
        _ = holder.interrupt()
    }

    @Test(arguments: ["70000", "-1", "http", "8080.5"])
    func aPortOutOfRangeIsRefused(_ port: String) throws {
        let result = try runScene(LiveViewBrowserTests.scene, ["--serve", "--port", port])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(LuaDyn.prefix + "'--port' needs a port number from 0 to 65535 (0: a free one)\n"))
    }

    @Test func serveWithoutAnAnimatorSaysSo() throws {
        let result = try runScene("x = 1", ["--serve"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == LuaDyn.prefix
                + "the scene made no animator to serve (return one, or make one with Animator{...})\n")
    }

    @Test func serveWithoutAScene() throws {
        let result = try LuaDyn.run(["--serve"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'--serve' needs a scene"))
    }

    @Test func serveFromLuaChecksItsArgumentsAndRefusesASecondServe() throws {
        let script = """
            local a = Animator{ width = 100, height = 100 }
            print(pcall(function() return a:serve{ port = 70000 } end))
            print(pcall(function() return a:serve{ port = 1.5 } end))
            print(pcall(function() return a:serve{ prot = 1 } end))
            print(pcall(function() return a:serve(8080) end))
            local url = a:serve()
            print(url:match("^http://127%.0%.0%.1:%d+/$") ~= nil)
            local ok, message = pcall(a.serve, a)
            print(ok, message == "this animator is already served at " .. url .. "; call animator:stopServing() first")
            print(a:stopServing(), a:stopServing())
            local again = a:serve()
            print(again ~= nil)
            print(a:stopServing())
            """
        let result = try LuaDyn.run(["-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 9)
        guard lines.count == 9 else { return }
        #expect(lines[0] == "false\t(command line):2: bad argument #1 to 'serve' (port must be a whole number from 0 to 65535 (0: a free one), got 70000)")
        #expect(lines[1] == "false\t(command line):3: bad argument #1 to 'serve' (port must be a whole number from 0 to 65535 (0: a free one), got 1.5)")
        #expect(lines[2] == "false\t(command line):4: bad argument #1 to 'serve' (serve has no option 'prot' (did you mean 'port'?))", "\(lines[2])")
        #expect(lines[3] == "false\t(command line):5: bad argument #1 to 'serve' (table expected, got number)")
        #expect(lines[4] == "true")
        #expect(lines[5] == "false\ttrue")
        #expect(lines[6] == "true\tfalse")
        #expect(lines[7] == "true")
        #expect(lines[8] == "true")
    }

    @Test func severalTabsWatchOneWorld() throws {
        let served = try Served(scene: LiveViewBrowserTests.spinner)
        let tabs = try (0..<3).map { _ in try TestWebSocket(port: served.port, path: "/live") }
        /// The next frame a tab receives, as JSON.
        func frame(_ tab: TestWebSocket) throws -> [String: Any]? {
            for _ in 0..<100 {
                guard let text = try tab.receive(timeout: 5) else { return nil }
                if text.hasPrefix("{\"type\":\"frame\""),
                   let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] { return json }
            }
            return nil
        }
        for tab in tabs { #expect(try frame(tab) != nil) }
        // One tab pauses; every tab sees the same paused frame.
        try tabs[0].send("{\"cmd\":\"pause\"}")
        var seen: [Int] = []
        for tab in tabs {
            var f = try frame(tab)
            while let current = f, current["paused"] as? Bool != true { f = try frame(tab) }
            // Frames sent while paused repeat the frame it stopped at.
            let paused = try #require(try frame(tab))
            seen.append(paused["frame"] as? Int ?? -1)
        }
        #expect(Set(seen).count == 1 && seen[0] > 0, "\(seen)")
        _ = served.interrupt()
    }

    @Test func malformedMessagesAndClosedTabsNeverDisturbTheWorld() throws {
        let served = try Served(scene: LiveViewBrowserTests.spinner)
        let watcher = try TestWebSocket(port: served.port, path: "/live")
        let scene = try #require(try watcher.receive())
        #expect(scene.hasPrefix("{\"type\":\"scene\""))
        // A rude page: garbage text, wrong types, a binary frame, an unknown opcode, then it vanishes mid-message.
        let rude = try TestWebSocket(port: served.port, path: "/live")
        for text in ["", "hello", "{\"cmd\":\"drag\",\"scene\":1,\"item\":99,\"x\":0,\"y\":0}", "{\"cmd\":\"gravity\",\"value\":\"a\"}",
                     "{\"cmd\":\"item\",\"scene\":1,\"item\":0,\"property\":\"density\",\"value\":-5}",
                     String(repeating: "[", count: 10000)] {
            try rude.send(text)
        }
        try rude.sendFrame(opcode: 2, payload: [0, 1, 2, 3])
        try rude.sendFrame(opcode: 1, payload: Array("{\"cmd\":".utf8), fin: false)
        rude.drop()
        // A tab that closes properly, and one that never finishes its handshake.
        let polite = try TestWebSocket(port: served.port, path: "/live")
        try polite.sendFrame(opcode: 8, payload: [0x03, 0xe8])
        // The world goes on turning at 2 rad/s for the watcher.
        func latestFrame() throws -> (time: Double, angle: Double)? {
            for _ in 0..<200 {
                guard let text = try watcher.receive(timeout: 5) else { return nil }
                guard text.hasPrefix("{\"type\":\"frame\""),
                      let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                      let time = json["time"] as? Double, let items = json["items"] as? [Double] else { continue }
                return (time, items[2])
            }
            return nil
        }
        let first = try #require(try latestFrame())
        usleep(300_000)
        var later = try #require(try latestFrame())
        while let next = try latestFrame(), next.time < first.time + 0.5 { later = next }
        #expect(later.time > first.time)
        #expect(abs(remainder((later.angle - first.angle) - 2 * (later.time - first.time), 2 * Double.pi)) < 0.01)
        #expect(served.running.process.isRunning)
        let result = served.interrupt()
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// A page's garbage and a tab closed mid-message reach neither the world nor the REPL serving it: the prompt
    /// answers, and what is typed still changes the world.
    @Test func malformedMessagesNeverDisturbTheREPL() throws {
        let folder = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (terminal, port) = try LiveViewBrowserTests.replServingTheScene(in: folder)
        defer { terminal.close() }
        let rude = try TestWebSocket(port: port, path: "/live")
        for text in ["", "nonsense", "{\"cmd\":\"eval\",\"code\":\"os.exit(3)\"}", "{\"cmd\":\"pause\",\"scene\":\"x\"}",
                     String(repeating: "{", count: 5000)] {
            try rude.send(text)
        }
        try rude.sendFrame(opcode: 1, payload: Array("{\"cmd\":\"st".utf8), fin: false)
        rude.drop()
        try terminal.enter("gravity.magnitude = 0.5")
        try terminal.enter("print(gravity.magnitude * 246)")
        #expect(terminal.waitFor("\n123"), "the REPL still answers")
        try terminal.enter(".serve stop")
        #expect(terminal.waitFor("stopped serving"))
        try terminal.press("C-d")
        #expect(terminal.waitFor("[exited 0]"))
    }
}
}
