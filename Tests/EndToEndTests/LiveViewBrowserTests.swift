import Foundation
import Testing

/// The live view as a person uses it: `luadyn --serve` (or `.serve` at the REPL) and a real headless Chromium
/// clicking, dragging and reading the page. Each test starts its own server and browser and stops both.
@Suite(.serialized) struct LiveViewBrowserTests {
    /// A box in a 400 x 300 world, on the floor or falling to it; a ball that bounces.
    static let scene = """
        animator = Animator{ width = 400, height = 300 }
        box = View{ center = {200, 60}, size = {40, 40}, name = "box", color = "tomato" }
        ball = View{ center = {100, 60}, size = {30, 30}, shape = "ellipse", name = "ball" }
        gravity = Gravity{ box, ball }
        animator:addBehavior(gravity)
        animator:addBehavior(Collision{ box, ball, translatesReferenceBoundsIntoBoundary = true })
        animator:addBehavior(ItemBehavior{ box, friction = 0.5 })
        animator.allowsSleep = false
        return animator
        """

    /// A served scene: the process, its URL, and the folder it runs in.
    final class Served {
        let folder: URL
        let running: LuaDyn.Running
        let url: String
        var port: Int { Int(url.split(separator: ":").last!.prefix { $0.isNumber })! }

        init(scene: String = LiveViewBrowserTests.scene, arguments: [String] = []) throws {
            folder = try LuaDyn.temporaryDirectory()
            try scene.write(to: folder.appendingPathComponent("scene.lua"), atomically: true, encoding: .utf8)
            running = try LuaDyn.start(["--serve"] + arguments + ["scene.lua"], input: "", in: folder, scratch: folder)
            let running = self.running
            LuaDyn.waitUntil { running.output().contains("\n") || !running.process.isRunning }
            url = running.output().split(separator: "\n").first.map(String.init) ?? ""
            guard url.hasPrefix("http://127.0.0.1:") else {
                throw HeadlessChromium.Failure(description: "no URL: \(running.result().stderr)")
            }
        }

        /// Ctrl-C once; returns how the process ended.
        func interrupt() -> LuaDyn.Result {
            running.process.interrupt()
            if !LuaDyn.waitUntil(seconds: 10, { !running.process.isRunning }) {
                kill(running.process.processIdentifier, SIGKILL)
            }
            running.process.waitUntilExit()
            return running.result()
        }

        deinit {
            if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL); running.process.waitUntilExit() }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Opens the page and waits for the scene and some frames.
    private func open(_ served: Served, width: Int = 800, height: Int = 600) throws -> HeadlessChromium {
        let browser = try HeadlessChromium(url: served.url, width: width, height: height)
        #expect(browser.waitUntil("!!(window.liveView && liveView.scene && liveView.latest() && liveView.latest().frame > 2)"))
        return browser
    }

    /// A wheel that spins for ever (no gravity, no resistance, no sleep): the world moves whenever it is looked at.
    static let spinner = """
        animator = Animator{ width = 200, height = 200 }
        animator.allowsSleep = false
        wheel = View{ center = {100, 100}, size = {80, 20}, name = "wheel" }
        spin = ItemBehavior{ wheel }
        animator:addBehavior(spin)
        spin:addAngularVelocity(wheel, 2)
        return animator
        """

    @Test func thePageLoadsFromServeAndTheWorldMoves() throws {
        let served = try Served(scene: Self.spinner)
        let browser = try open(served)
        #expect(try browser.evaluate("document.title") as? String == "luadyn live view")
        #expect(try browser.evaluate("liveView.scene.items.map(i => i.name).join(',')") as? String == "wheel")
        // Time and angle of one frame, read together (frames keep arriving between two reads).
        let first = try #require(try browser.evaluate("[liveView.latest().frame, liveView.latest().time, liveView.latest().items[2]]") as? [Double])
        #expect(browser.waitUntil("liveView.latest().frame > \(first[0] + 20)"))
        let later = try #require(try browser.evaluate("[liveView.latest().frame, liveView.latest().time, liveView.latest().items[2]]") as? [Double])
        #expect(later[1] > first[1])
        // Angles may be reported within one turn: compare modulo 2π.
        let turned = remainder((later[2] - first[2]) - 2 * (later[1] - first[1]), 2 * Double.pi)
        #expect(abs(turned) < 0.01, "it turns at 2 rad/s")
        let status = try #require(try browser.evaluate("document.getElementById('status').textContent") as? String)
        #expect(status.contains("live"))
        _ = served.interrupt()
    }

    @Test func pauseStopsTimeAndStepAdvancesExactlyOneFrame() throws {
        let served = try Served()
        let browser = try open(served)
        try browser.click(id: "pause")
        #expect(browser.waitUntil("liveView.latest().paused === true"))
        let frame = try #require(try browser.number("liveView.latest().frame"))
        let time = try #require(try browser.number("liveView.latest().time"))
        // Frames keep coming while paused (a REPL change would show); time must not move.
        let messages = try #require(try browser.number("liveView.messages"))
        #expect(browser.waitUntil("liveView.messages > \(messages + 3)"))
        #expect(try browser.number("liveView.latest().frame") == frame)
        #expect(try browser.number("liveView.latest().time") == time)
        try browser.click(id: "step")
        #expect(browser.waitUntil("liveView.latest().frame === \(Int(frame) + 1)"))
        let stepped = try #require(try browser.number("liveView.latest().time"))
        #expect(abs(stepped - time - 1.0 / 60) < 0.0015, "one frame of the time step (times are sent to a thousandth)")
        #expect(browser.waitUntil("liveView.messages > \(try browser.number("liveView.messages")! + 3)"))
        #expect(try browser.number("liveView.latest().frame") == frame + 1, "exactly one")
        try browser.click(id: "pause")
        #expect(browser.waitUntil("liveView.latest().paused === false && liveView.latest().frame > \(Int(frame) + 5)"))
        _ = served.interrupt()
    }

    @Test func scrubbingShowsAnEarlierFrame() throws {
        let served = try Served()
        let browser = try open(served)
        #expect(browser.waitUntil("liveView.frames.length > 30"))
        try browser.evaluate("(() => { const s = document.getElementById('scrub'); s.value = 5; "
                             + "s.dispatchEvent(new Event('input')); })()")
        #expect(try browser.evaluate("liveView.live") as? Bool == false)
        let shown = try #require(try browser.number("liveView.shown.frame"))
        let latest = try #require(try browser.number("liveView.latest().frame"))
        #expect(shown < latest - 20)
        #expect(browser.waitUntil("liveView.latest().paused === true"), "scrubbing pauses the world")
        #expect(browser.waitUntil("document.getElementById('status').textContent.includes('scrubbing')"))
        _ = served.interrupt()
    }

    @Test func draggingPullsTheItemTowardThePointer() throws {
        let served = try Served()
        let browser = try open(served)
        // Wait for the box to land, then grab it and pull it up and to the right.
        #expect(browser.waitUntil("Math.abs(liveView.latest().items[4]) < 1 && liveView.latest().items[1] > 270"))
        // The page places the world once its view is laid out: wait for finite screen coordinates before using them.
        #expect(browser.waitUntil("liveView.toScreen(liveView.latest().items[0], liveView.latest().items[1]).every(Number.isFinite)"))
        let start = try #require(try browser.evaluate("liveView.toScreen(liveView.latest().items[0], liveView.latest().items[1])") as? [NSNumber])
        let goal = try #require(try browser.evaluate("liveView.toScreen(300, 100)") as? [NSNumber])
        try browser.mouse("mousePressed", x: start[0].doubleValue, y: start[1].doubleValue)
        for k in 1...5 {
            let f = Double(k) / 5
            try browser.mouse("mouseMoved", x: start[0].doubleValue + (goal[0].doubleValue - start[0].doubleValue) * f,
                              y: start[1].doubleValue + (goal[1].doubleValue - start[1].doubleValue) * f)
        }
        #expect(browser.waitUntil("liveView.latest().drag !== null && liveView.latest().drag[0] === 0"))
        #expect(browser.waitUntil("Math.hypot(liveView.latest().items[0] - 300, liveView.latest().items[1] - 100) < 30"),
                "the box comes to the pointer")
        try browser.mouse("mouseReleased", x: goal[0].doubleValue, y: goal[1].doubleValue)
        #expect(browser.waitUntil("liveView.latest().drag === null"))
        #expect(browser.waitUntil("liveView.latest().items[1] > 250"), "let go, it falls again")
        _ = served.interrupt()
    }

    @Test func slidersReachTheWorld() throws {
        let served = try Served()
        let browser = try open(served)
        try browser.evaluate("(() => { const g = document.getElementById('gravity'); g.value = 0.25; "
                             + "g.dispatchEvent(new Event('input')); })()")
        #expect(browser.waitUntil("liveView.latest().gravity === 0.25"), "the world's gravity says 0.25")
        // Select the box by clicking it, then move its friction slider.
        let box = try #require(try browser.evaluate("liveView.toScreen(liveView.latest().items[0], liveView.latest().items[1])") as? [NSNumber])
        try browser.mouse("mousePressed", x: box[0].doubleValue, y: box[1].doubleValue)
        try browser.mouse("mouseReleased", x: box[0].doubleValue, y: box[1].doubleValue)
        #expect(try browser.evaluate("liveView.selected") as? Int == 0)
        #expect(try browser.evaluate("document.getElementById('friction').value") as? String == "0.5",
                "the slider shows the box's friction")
        try browser.evaluate("(() => { const f = document.getElementById('friction'); f.value = 1.25; "
                             + "f.dispatchEvent(new Event('input')); })()")
        #expect(browser.waitUntil("liveView.scene.items[0].friction === 1.25"), "the world's material for the box")
        #expect(try browser.evaluate("liveView.scene.items[1].friction") as? Int == 0, "the ball keeps its own")
        _ = served.interrupt()
    }

    @Test func tracedQuantitiesAreGraphedLive() throws {
        let scene = Self.scene.replacingOccurrences(of: "return animator",
            with: "animator:trace{ file = \"box.csv\", items = { box }, fields = { \"center\" } }\nreturn animator")
        let served = try Served(scene: scene)
        let browser = try open(served)
        #expect(try browser.evaluate("[...document.getElementById('quantity').options].filter(o => o.dataset.traced).map(o => o.textContent).join('|')")
                as? String == "box center.x (traced)|box center.y (traced)")
        #expect(try browser.evaluate("document.getElementById('quantity').value") as? String == "t:0:center.x",
                "the trace's first quantity is graphed")
        try browser.evaluate("(() => { const q = document.getElementById('quantity'); q.value = 't:0:center.y'; q.dispatchEvent(new Event('change')); })()")
        // The graph's value is the box's y in the frame (points, y down: the scene's own units).
        #expect(try browser.evaluate("(() => { const f = liveView.latest(); return quantity(f, 't:0:center.y') === f.items[1]; })()") as? Bool == true)
        _ = served.interrupt()
    }

    /// A 100x100 item of density 1 (mass 1) gliding at 300 pt/s with nothing acting on it has kinetic energy
    /// ½·1·300² = 45,000 mass·pt²/s², which is 4.5 J at 100 points per metre; without gravity its potential is 0.
    @Test(arguments: [("points", "45000", "mass·pt²/s²"), ("metres", "4.5", "J")])
    func theEnergyBarsShowTheirValuesInDisplayUnits(units: String, kinetic: String, unit: String) throws {
        let served = try Served(scene: """
            animator = Animator{ width = 4000, height = 300 }
            animator.units = "\(units)"
            animator.allowsSleep = false
            glider = View{ center = {100, 150}, size = {100, 100} }
            glide = ItemBehavior{ glider, resistance = 0 }
            animator:addBehavior(glide)
            glide:addLinearVelocity(glider, {300, 0})
            return animator
            """)
        let browser = try open(served)
        #expect(browser.waitUntil("liveView.energyLabels !== undefined && liveView.latest().time > 0.1"))
        let labels = try #require(try browser.evaluate("liveView.energyLabels.join('|')") as? String)
        #expect(labels == "kinetic \(kinetic) \(unit)|potential 0 \(unit)|total \(kinetic) \(unit)")
        _ = served.interrupt()
    }

    @Test func oneCtrlCEndsTheServerEvenInsideACallbackThatNeverReturns() throws {
        let served = try Served(scene: """
            animator = Animator{ width = 100, height = 100 }
            v = View{ center = {50, 10}, size = {10, 10} }
            g = Gravity{ v }
            animator:addBehavior(g)
            g.action = function() if animator.elapsedTime > 0.2 then print("stuck") io.stdout:flush() while true do end end end
            return animator
            """)
        #expect(LuaDyn.waitUntil { served.running.output().contains("stuck") })
        let result = served.interrupt()
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "the interrupt is the way out, not the callback's error: \(result.stderr)")
    }

    @Test func oneCtrlCEndsTheServer() throws {
        let served = try Served()
        let probe = try TestWebSocket(port: served.port, path: "/live")
        #expect(try probe.receive() != nil)
        let result = served.interrupt()
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect((try? TestWebSocket(port: served.port, path: "/live")) == nil, "the port is closed")
    }
}

// Nested, so that one browser runs at a time across every live view suite (the parent is serialized).
extension LiveViewBrowserTests {
/// The live view while a person types at the REPL: the world steps between keys, and what is typed shows in the
/// page at the next frame.
@Suite struct LiveViewREPLTests {
    @Test func aREPLCommandIsSeenInThePage() throws {
        let folder = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (terminal, port) = try LiveViewBrowserTests.replServingTheScene(in: folder)
        defer { terminal.close() }
        let url = "http://127.0.0.1:\(port)/"
        let browser = try HeadlessChromium(url: url)
        #expect(browser.waitUntil("!!(window.liveView && liveView.latest() && liveView.latest().frame > 5)"),
                "the world steps while the prompt waits")
        try browser.click(id: "pause")
        #expect(browser.waitUntil("liveView.latest().paused === true"))
        try terminal.enter("box.center = {321, 99}")
        #expect(browser.waitUntil("liveView.latest().items[0] === 321 && liveView.latest().items[1] === 99"))
        try terminal.enter("box.center.x")
        #expect(terminal.waitFor("\n321"), "the REPL still answers")
        try terminal.enter(".serve stop")
        #expect(terminal.waitFor("stopped serving"))
        #expect(browser.waitUntil("liveView.connected === false"))
        try terminal.press("C-d")
        #expect(terminal.waitFor("[exited 0]"))
    }
}

}

// Nested, so that one browser runs at a time across every live view suite (the parent is serialized).
extension LiveViewBrowserTests {
/// The page fits a laptop window and a phone: every control inside the window, the world drawn in what is left.
@Suite struct LiveViewLayoutTests {
    /// Every control's box, and whether it lies inside the window with a size of its own.
    static let outsideControls = """
        (() => { const w = innerWidth, h = innerHeight, out = [];
          document.querySelectorAll('button, input, select, canvas').forEach(el => { const r = el.getBoundingClientRect();
            if (r.width < 1 || r.height < 1 || r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
              out.push((el.id || el.tagName) + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',')); });
          return out.join('; '); })()
        """

    @Test(arguments: [(800, 600), (390, 844)])
    func theHTMLReplayOfATallWorldFits(_ size: (Int, Int)) throws {
        let folder = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            local a = Animator{ width = 200, height = 1600 }
            local box = View{ center = {100, 100}, size = {40, 40}, name = "box" }
            a:addBehavior(Gravity{ box })
            a:record()
            a:run(0.5)
            a:exportHTML("tall.html")
            """
        let result = try LuaDyn.run(["-e", script], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let browser = try HeadlessChromium(url: folder.appendingPathComponent("tall.html").absoluteString,
                                           width: size.0, height: size.1)
        // The page first shown may be the blank one, already complete: wait for the replay's own canvas.
        #expect(browser.waitUntil("document.readyState === 'complete' && document.getElementById('scene') !== null"))
        #expect(try browser.evaluate(Self.outsideControls) as? String == "")
        #expect(try browser.evaluate("document.documentElement.scrollHeight <= innerHeight") as? Bool == true)
        // The picture is the canvas's drawing scaled down to fit its box (object-fit: scale-down keeps the shape):
        // smaller than drawn, and wholly inside the window.
        let fit = try #require(try browser.evaluate("(() => { const c = document.getElementById('scene'), r = c.getBoundingClientRect(); const s = Math.min(1, r.width / c.width, r.height / c.height); return [s, r.top + c.height * s, innerHeight, r.left + c.width * s, innerWidth]; })()") as? [Double])
        #expect(fit[0] < 1, "scaled down to fit")
        #expect(fit[1] <= fit[2] + 0.5 && fit[3] <= fit[4] + 0.5, "the picture is inside the window: \(fit)")
    }

    @Test(arguments: [(800, 600), (390, 844)])
    func everyControlIsVisible(_ size: (Int, Int)) throws {
        let served = try LiveViewBrowserTests.Served()
        let browser = try HeadlessChromium(url: served.url, width: size.0, height: size.1)
        #expect(browser.waitUntil("!!(window.liveView && liveView.shown && liveView.frames.length > 10)"))
        #expect(try browser.evaluate("[innerWidth, innerHeight]") as? [Int] == [size.0, size.1])
        #expect(try browser.evaluate(Self.outsideControls) as? String == "")
        #expect(try browser.evaluate("document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth") as? Bool == true)
        // The world's 400 x 300 box is drawn whole, as large as the stage allows.
        let corners = try #require(try browser.evaluate("[liveView.toScreen(0, 0), liveView.toScreen(400, 300)].flat()") as? [Double])
        #expect(corners[0] >= 0 && corners[1] >= 0 && corners[2] <= Double(size.0) && corners[3] <= Double(size.1))
        #expect(corners[2] - corners[0] > Double(size.0) * 0.6)
        let png = try browser.screenshot()
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == size.0 && height == size.1)
        if let folder = ProcessInfo.processInfo.environment["LUADYN_SCREENSHOTS"] {
            try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("live-\(size.0)x\(size.1).png"))
        }
        _ = served.interrupt()
    }
}

}

// Nested, so that one browser runs at a time across every live view suite (the parent is serialized).
extension LiveViewBrowserTests {
/// How long a frame takes from the end of its step to the page, at 60 frames per second with 500 items.
/// A benchmark: it runs only with `LUADYN_BENCH=1` (timing has no place in the ordinary suite), best against a
/// release build (`LUADYN_BINARY=.build/release/luadyn`); docs/performance.md has the figures.
@Suite struct LiveViewLatencyBenchmark {
    static let pile = """
        animator = Animator{ width = 1200, height = 900 }
        local views = {}
        for i = 0, 499 do
          views[#views + 1] = View{ center = {30 + (i % 25) * 45, 40 + (i // 25) * 40}, size = {20, 20},
                                    shape = (i % 2 == 0) and "rectangle" or "ellipse" }
        end
        animator:addBehavior(Gravity(views))
        local collision = Collision(views)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator:addBehavior(collision)
        animator.allowsSleep = false
        return animator
        """

    /// The same world read by a plain WebSocket client instead of a browser: the server's share of the latency.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LUADYN_BENCH"] == "1"))
    func stepToSocketLatencyWith500Items() throws {
        let served = try Served(scene: Self.pile)
        let client = try TestWebSocket(port: served.port, path: "/live")
        var latencies: [Double] = []
        let end = Date().addingTimeInterval(6)
        while Date() < end, let text = try client.receive(timeout: 5) {
            let arrival = Date().timeIntervalSince1970 * 1000
            guard text.hasPrefix("{\"type\":\"frame\""), let range = text.range(of: "\"stepped\":") else { continue }
            let stepped = Double(text[range.upperBound...].prefix { $0 != "," }) ?? arrival
            latencies.append(arrival - stepped)
        }
        latencies = Array(latencies.dropFirst(60)).sorted()
        try #require(latencies.count > 100)
        print("live view socket, 500 items: \(latencies.count) frames; step to socket median "
              + "\(latencies[latencies.count / 2]) ms, p95 \(latencies[latencies.count * 95 / 100]) ms, max \(latencies.last!) ms")
        #expect(latencies[latencies.count * 95 / 100] <= 50)
        _ = served.interrupt()
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LUADYN_BENCH"] == "1"))
    func stepToPageLatencyWith500Items() throws {
        let served = try LiveViewBrowserTests.Served(scene: Self.pile)
        let browser = try HeadlessChromium(url: served.url)
        #expect(browser.waitUntil("!!(window.liveView && liveView.scene && liveView.scene.items.length === 500 && liveView.frames.length > 30)"))
        // LUADYN_NOPAINT=1 stops the page painting, to see how much of the latency its painting causes.
        if ProcessInfo.processInfo.environment["LUADYN_NOPAINT"] == "1" { _ = try browser.evaluate("window.requestAnimationFrame = function () {}; 1") }
        try browser.evaluate("liveView.frames.length = 0; liveView.frames.splice(0)")
        usleep(5_000_000)
        let figures = try #require(try browser.evaluate("""
            (() => { const f = liveView.frames.slice(1), l = f.map(x => x.latency).sort((a, b) => a - b);
              const seconds = f[f.length - 1].time - f[0].time, wall = (f[f.length - 1].arrival - f[0].arrival) / 1000;
              return [l.length, l[Math.floor(l.length / 2)], l[Math.floor(l.length * 0.95)], l[l.length - 1],
                      (f[f.length - 1].frame - f[0].frame) / wall, seconds / wall, f.length / wall, liveView.drawMs]; })()
            """) as? [Double])
        print("live view, 500 items: \(Int(figures[0])) frames; step to page median \(figures[1]) ms, p95 \(figures[2]) ms, "
              + "max \(figures[3]) ms; \(figures[4]) frames stepped/s, simulated/real time \(figures[5]), "
              + "\(figures[6]) messages/s at the page; drawing takes \(figures[7]) ms")
        #expect(figures[2] <= 50, "95 % of frames reach the page within 50 ms of their step")
        #expect(figures[4] >= 55, "the world keeps 60 frames per second")
        _ = served.interrupt()
    }
}
}

extension LiveViewBrowserTests {
    /// A REPL in a pseudo-terminal that ran the scene (written into `folder`) and then `.serve`, and the port it
    /// serves on. The caller closes the terminal.
    static func replServingTheScene(in folder: URL) throws -> (terminal: TerminalSession, port: Int) {
        let scene = folder.appendingPathComponent("scene.lua")
        try LiveViewBrowserTests.scene.write(to: scene, atomically: true, encoding: .utf8)
        let terminal = try TerminalSession(home: folder, arguments: ["-i", scene.path])
        do {
            #expect(terminal.waitForPrompt())
            try terminal.enter(".serve")
            #expect(terminal.waitFor("serving at http://127.0.0.1:"))
            let screen = terminal.screen()
            let range = try #require(screen.range(of: "http://127.0.0.1:"))
            let port = try #require(Int(String(screen[range.upperBound...].prefix { $0.isNumber })))
            return (terminal, port)
        } catch {
            terminal.close()
            throw error
        }
    }
}
