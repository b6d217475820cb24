import Dynamics
import Foundation
import Testing
@testable import Pictures

/// Headless Chromium, found where Debian and others install it (or at $LUADYN_CHROMIUM).
enum HeadlessBrowser {
    static let path: String? = {
        var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"]
        if let custom = ProcessInfo.processInfo.environment["LUADYN_CHROMIUM"], !custom.isEmpty { candidates.insert(custom, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return !value.isEmpty && value != "false" && value != "0"
    }

    /// The test runs when there is a browser, and always under CI (where a missing browser is a failure).
    static var shouldRun: Bool { path != nil || isCI }

    /// Runs the browser with `arguments` after the common headless flags; its standard output.
    static func run(_ arguments: [String], profile: URL) throws -> String {
        guard let path else { throw BrowserError.missing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                             "--force-device-scale-factor=1", "--user-data-dir=\(profile.path)"] + arguments
        // Output goes to a file, not a pipe, so a browser that hangs can be stopped instead of blocking a read.
        let outputURL = profile.deletingLastPathComponent().appendingPathComponent("browser-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close(); try? FileManager.default.removeItem(at: outputURL) }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A guard against a wedged browser, not a measurement: two minutes is far beyond a normal run.
        var waited = 0
        while process.isRunning && waited < 1200 { usleep(100_000); waited += 1 }
        if process.isRunning { process.terminate(); process.waitUntilExit(); throw BrowserError.hung }
        return String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    }

    enum BrowserError: Error, CustomStringConvertible {
        case missing, hung
        var description: String {
            switch self {
            case .missing: return "chromium is not installed (scripts/setup installs it); CI requires this test"
            case .hung: return "chromium did not finish within two minutes"
            }
        }
    }
}

/// Opens the HTML replay in a real browser at two instants and checks what it drew.
@Suite(.serialized, .enabled(if: HeadlessBrowser.shouldRun, "no chromium here and CI is not set"))
struct BrowserReplayTests {
    /// The sliding red box: centre (40 + 100 t, 60) in a 320 x 120 world, on a 640-pixel canvas (2 px a point).
    private func writeReplay(in directory: URL) throws -> URL {
        var recording = Recording()
        for i in 0...60 { recording.append(Scenes.slidingBox(at: Double(i) / 60)) }
        var options = HTMLReplay.Options()
        options.labels = false
        options.autoplay = false
        let url = directory.appendingPathComponent("replay.html")
        try HTMLReplay(options: options).write(recording, to: url.path)
        return url
    }

    private func scratchDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("luadyn-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Count and centroid of the pure-red pixels of a screenshot.
    private func redPixels(_ image: PNGImage) -> (count: Int, x: Double, y: Double) {
        var n = 0, sx = 0.0, sy = 0.0
        for y in 0..<image.height { for x in 0..<image.width {
            let p = image.pixel(x: x, y: y)
            if p.r > 240 && p.g < 20 && p.b < 20 { n += 1; sx += Double(x); sy += Double(y) }
        } }
        return n == 0 ? (0, 0, 0) : (n, sx / Double(n), sy / Double(n))
    }

    @Test func screenshotsShowTheBoxMoving() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writeReplay(in: dir)
        var reds: [(count: Int, x: Double, y: Double)] = []
        for t in ["0", "1"] {
            let shot = dir.appendingPathComponent("t\(t).png")
            _ = try HeadlessBrowser.run(["--window-size=700,400", "--screenshot=\(shot.path)", page.absoluteString + "#t=\(t)"],
                                        profile: dir.appendingPathComponent("profile"))
            let bytes = try [UInt8](Data(contentsOf: shot))
            let image = try #require(PNGImage(bytes: bytes), "screenshot at t=\(t) is not a PNG this reader decodes")
            #expect(image.width == 700 && image.height == 400)
            // The grey floor line is drawn too.
            var grey = 0
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == (128, 128, 128) { grey += 1 } }
            #expect(grey > 500, "floor at t=\(t)")
            reds.append(redPixels(image))
        }
        // A 40-point box at 2 px a point is 80 x 80 pixels; its dark outline and anti-aliased edge take a little.
        for red in reds { #expect(red.count > 5000 && red.count <= 6400, "red pixels: \(red.count)") }
        // In one second it moved 100 points right, 200 pixels, and not at all down.
        #expect(abs(reds[1].x - reds[0].x - 200) < 2, "moved \(reds[1].x - reds[0].x) px")
        #expect(abs(reds[1].y - reds[0].y) < 1)
    }

    @Test func pageReportsWhatItsCanvasShows() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writeReplay(in: dir)
        for (t, expectedX) in [(0.25, 65.0), (1.0, 140.0)] {
            let dom = try HeadlessBrowser.run(["--dump-dom", page.absoluteString + "#t=\(t)"], profile: dir.appendingPathComponent("profile"))
            guard let open = dom.range(of: "<title>replay "), let close = dom.range(of: "</title>", range: open.upperBound..<dom.endIndex) else {
                Issue.record("no replay summary in the title at t=\(t)")
                continue
            }
            let summary = try #require(MiniJSON.parse(String(dom[open.upperBound..<close.lowerBound])))
            #expect(summary["t"]?.number == t)
            let red = try #require(summary["colors"]?["#ff0000"])
            #expect((red["n"]?.number ?? 0) > 5000)
            #expect(abs((red["x"]?.number ?? 0) - expectedX) < 0.5)
            #expect(abs((red["y"]?.number ?? 0) - 60) < 0.5)
        }
    }
}

extension BrowserReplayTests {
    @Test func autoplayRunsToTheEndAndStops() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var recording = Recording()
        for i in 0...60 { recording.append(Scenes.slidingBox(at: Double(i) / 60)) }
        let page = dir.appendingPathComponent("autoplay.html")
        try HTMLReplay().write(recording, to: page.path)
        // Virtual time: the browser fast-forwards its clock by the budget, far more than the 1 s replay needs.
        let dom = try HeadlessBrowser.run(["--virtual-time-budget=5000", "--dump-dom", page.absoluteString],
                                          profile: dir.appendingPathComponent("profile"))
        #expect(dom.contains("data-frame=\"60\""), "the player did not reach the last frame")
        #expect(dom.contains(">Play</button>"), "the player did not stop at the end")
        #expect(dom.contains(">1.00 s</span>"))
    }
}

@Suite struct InflateTests {
    @Test func storedBlock() {
        // zlib header 0x78 0x01, one final stored block of "abc", Adler-32 of "abc" = 0x024d0127.
        let stream: [UInt8] = [0x78, 0x01, 0x01, 0x03, 0x00, 0xfc, 0xff, 0x61, 0x62, 0x63, 0x02, 0x4d, 0x01, 0x27]
        #expect(Inflate.zlib(stream) == Array("abc".utf8))
        var corrupt = stream
        corrupt[13] ^= 1
        #expect(Inflate.zlib(corrupt) == nil)
    }

    @Test func fixedHuffmanBlockWithABackReference() {
        // "aaaaaaaaaa" as a literal 'a' then a copy of length 9 at distance 1, in one fixed-Huffman block.
        var bits: [Int] = [1, 1, 0]  // final, type 01 (least significant bit first)
        func code(_ value: Int, _ length: Int) { for i in stride(from: length - 1, through: 0, by: -1) { bits.append((value >> i) & 1) } }
        code(0x30 + 0x61, 8)       // literal 'a': 8-bit codes start at 00110000
        code(263 - 256, 7)         // length symbol 263 = length 9: 7-bit codes start at 0000000 for 256
        code(0, 5)                 // distance symbol 0 = distance 1
        code(0, 7)                 // end of block
        var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (i, b) in bits.enumerated() where b == 1 { bytes[i / 8] |= UInt8(1 << (i % 8)) }
        #expect(Inflate.deflate(bytes) == Array("aaaaaaaaaa".utf8))
        #expect(Inflate.deflate([0x07]) == nil)  // reserved block type 3
    }
}

extension BrowserReplayTests {
    /// A world far taller than wide, or wider than tall, shot in a laptop's window and a phone's: the picture and the
    /// box of controls (painted green by `&marks=1`) are wholly in the screenshot, the controls below the picture.
    @Test(arguments: [(800, 600), (390, 844)])
    func thePageFitsTheWindow(width: Int, height: Int) throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, world) in [("tall", Vector(300, 1200)), ("wide", Vector(2000, 150))] {
            var recording = Recording()
            for i in 0...10 {
                let t = Double(i) / 10
                recording.append(WorldSnapshot(
                    time: t, referenceBounds: AABB(lower: .zero, upper: world),
                    items: [Scenes.box("mover", color: "red", center: Vector(world.x / 2, 40 + 10 * t), size: Vector(40, 40))],
                    boundaries: [], joints: [], contactPoints: []))
            }
            let page = dir.appendingPathComponent("\(name).html")
            // Every overlay on, so the bar of controls is as full as it gets.
            var options = HTMLReplay.Options()
            options.trails = true; options.velocities = true; options.forces = true; options.energy = true; options.grid = true
            try HTMLReplay(options: options).write(recording, to: page.path)
            let shot = dir.appendingPathComponent("\(name)-\(width).png")
            _ = try HeadlessBrowser.run(["--window-size=\(width),\(height)", "--screenshot=\(shot.path)",
                                         page.absoluteString + "#t=0.5&marks=1"], profile: dir.appendingPathComponent("profile"))
            let image = try #require(PNGImage(bytes: try [UInt8](Data(contentsOf: shot))))
            #expect(image.width == width && image.height == height)
            // Bounding boxes of the green controls, then of the red box and the world's white background above them
            // (the controls have white parts of their own).
            var boxes: [String: (x0: Int, y0: Int, x1: Int, y1: Int, n: Int)] = [:]
            func add(_ key: String, _ x: Int, _ y: Int) {
                let b = boxes[key] ?? (x, y, x, y, 0)
                boxes[key] = (min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y), b.n + 1)
            }
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == (0, 255, 0) { add("controls", x, y) } }
            let top = boxes["controls"]?.y0 ?? image.height
            for y in 0..<top { for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p == (255, 255, 255) { add("world", x, y) } else if p.r > 240 && p.g < 20 && p.b < 20 { add("box", x, y) }
            } }
            let where_ = "\(name) world at \(width)x\(height)"
            let world_ = try #require(boxes["world"], "\(where_): no picture")
            let controls = try #require(boxes["controls"], "\(where_): no controls")
            #expect(boxes["box"] != nil, "\(where_): the red box is not drawn")
            // Wholly inside: nothing reaches the window's edges (the page keeps a margin).
            for (what, b) in [("picture", world_), ("controls", controls)] {
                #expect(b.x0 > 0 && b.y0 > 0 && b.x1 < width - 1 && b.y1 < height - 1, "\(where_): the \(what) \(b) is cut off")
            }
            #expect(controls.y1 - controls.y0 >= 20, "\(where_): the controls are \(controls.y1 - controls.y0) px tall")
            // The picture keeps the world's aspect ratio (a pixel of rounding either way).
            let drawn = Double(world_.x1 - world_.x0 + 1) / Double(world_.y1 - world_.y0 + 1)
            #expect(abs(drawn - world.x / world.y) < 0.05 * world.x / world.y, "\(where_): aspect \(drawn)")
        }
    }
}

extension BrowserReplayTests {
    /// The replay draws velocity and force arrows from the items' centres, in their colours, only when asked.
    @Test func arrowsAreDrawnFromTheCentres() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var recording = Recording()
        for i in 0...10 {
            let t = Double(i) / 10
            // A quarter point off the pixel grid (2 px a point), so a line's middle row is whole pixels of its colour.
            var mover = Scenes.box("mover", color: "red", center: Vector(60.25 + 100 * t, 60.25), size: Vector(20, 20),
                                   velocity: Vector(200, 0))
            mover.force = Vector(0, 600)
            // Items outside the picture in the arrows' colours, so the page's summary counts the arrows' pixels.
            let v = Scenes.box("v", color: ItemArrows.velocityColor.hexString, center: Vector(2000, 2000), size: Vector(1, 1))
            let f = Scenes.box("f", color: ItemArrows.forceColor.hexString, center: Vector(2000, 2100), size: Vector(1, 1))
            recording.append(WorldSnapshot(time: t, referenceBounds: AABB(lower: .zero, upper: Vector(320, 120)),
                                           items: [mover, v, f], boundaries: [], joints: [], contactPoints: []))
        }
        func colors(velocities: Bool, forces: Bool) throws -> MiniJSON? {
            var options = HTMLReplay.Options()
            options.labels = false
            options.autoplay = false
            options.velocities = velocities
            options.forces = forces
            let page = dir.appendingPathComponent("arrows-\(velocities)-\(forces).html")
            try HTMLReplay(options: options).write(recording, to: page.path)
            let dom = try HeadlessBrowser.run(["--dump-dom", page.absoluteString + "#t=0.5"], profile: dir.appendingPathComponent("profile"))
            guard let open = dom.range(of: "<title>replay "), let close = dom.range(of: "</title>", range: open.upperBound..<dom.endIndex)
            else { return nil }
            return MiniJSON.parse(String(dom[open.upperBound..<close.lowerBound]))?["colors"]
        }
        let shown = try #require(try colors(velocities: true, forces: true))
        // At t = 0.5 the centre is (110.25, 60.25): the velocity arrow 200 · 0.1 = 20 pt right, the force 600 · 0.05
        // = 30 pt down; each one's pixels lie along it, their middle past its midpoint (the head is at the tip).
        let velocity = try #require(shown[ItemArrows.velocityColor.hexString])
        #expect((velocity["n"]?.number ?? 0) > 20)
        let vx = velocity["x"]?.number ?? 0, vy = velocity["y"]?.number ?? 0
        #expect(vx > 110.25 + 9 && vx < 110.25 + 20 && abs(vy - 60.25) < 1, "velocity arrow pixels around (\(vx), \(vy))")
        let force = try #require(shown[ItemArrows.forceColor.hexString])
        #expect((force["n"]?.number ?? 0) > 30)
        let fx = force["x"]?.number ?? 0, fy = force["y"]?.number ?? 0
        #expect(abs(fx - 110.25) < 1 && fy > 60.25 + 14 && fy < 60.25 + 30, "force arrow pixels around (\(fx), \(fy))")

        let plain = try #require(try colors(velocities: false, forces: false))
        #expect(plain[ItemArrows.velocityColor.hexString]?["n"]?.number == 0)
        #expect(plain[ItemArrows.forceColor.hexString]?["n"]?.number == 0)
    }
}
