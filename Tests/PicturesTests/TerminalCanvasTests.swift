import Dynamics
import Testing
@testable import Pictures

@Suite struct TerminalCanvasTests {
    @Test func roomMatchesTheReferenceDrawing() throws {
        let text = try TerminalCanvas(width: 40).draw(Scenes.room)
        #expect(text == TerminalReference.room40, "got:\n\(text)")
    }

    @Test func aspectRatioIsKept() throws {
        // 320 x 240 points at 80 cells: 160 dots across, so 120 dots down = 30 braille rows.
        let canvas = TerminalCanvas(width: 80)
        let size = try canvas.gridSize(for: AABB(lower: .zero, upper: Vector(320, 240)))
        #expect(size.columns == 80 && size.rows == 30)
        // Blocks have 2 x 2 dots: 160 x 60 dots, still 30 rows of cells twice as tall as wide.
        let blocks = TerminalCanvas(width: 80, glyphs: .blocks)
        #expect(try blocks.gridSize(for: AABB(lower: .zero, upper: Vector(320, 240))).rows == 30)
    }

    @Test func maxHeightNarrowsThePicture() throws {
        var options = TerminalCanvas.Options()
        options.width = 80
        options.maxHeight = 15
        let size = try TerminalCanvas(options: options).gridSize(for: AABB(lower: .zero, upper: Vector(320, 240)))
        #expect(size.rows <= 15 && size.columns == 40)
    }

    @Test func aCircleIsAsTallAsItIsWide() throws {
        let snapshot = WorldSnapshot(time: 0, referenceBounds: AABB(lower: .zero, upper: Vector(200, 200)),
                                     items: [Scenes.ball("b", color: nil, center: Vector(100, 100), radius: 80)],
                                     boundaries: [], joints: [], contactPoints: [])
        let grid = try TerminalCanvas(width: 50).raster(snapshot)  // 100 x 100 dots
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<grid.dotHeight { for x in 0..<grid.dotWidth where grid.isLit(x: x, y: y) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        // Diameter 160 of 200 points = 80 dots both ways, centred at 50.
        #expect(abs((maxX - minX + 1) - 80) <= 2)
        #expect(abs((maxY - minY + 1) - 80) <= 2)
        #expect(abs(Double(minX + maxX + 1) / 2 - 50) <= 1)
        #expect(abs(Double(minY + maxY + 1) / 2 - 50) <= 1)
    }

    @Test func positiveAngleTurnsClockwiseOnScreen() throws {
        // A long thin bar turned by +45 degrees: with y down, its right end goes down, so dots lie
        // along the x = y diagonal through the centre, not the other one.
        let bar = Scenes.box("bar", color: nil, center: Vector(50, 50), size: Vector(100, 4), angle: Double.pi / 4)
        let snapshot = WorldSnapshot(time: 0, referenceBounds: AABB(lower: .zero, upper: Vector(100, 100)),
                                     items: [bar], boundaries: [], joints: [], contactPoints: [])
        let grid = try TerminalCanvas(width: 50).raster(snapshot)
        #expect(grid.isLit(x: 20, y: 20) && grid.isLit(x: 80, y: 80))
        #expect(!grid.isLit(x: 80, y: 20) && !grid.isLit(x: 20, y: 80))
    }

    @Test func outlinedItemsAreHollow() throws {
        var options = TerminalCanvas.Options()
        options.width = 50
        options.filled = false
        let snapshot = WorldSnapshot(time: 0, referenceBounds: AABB(lower: .zero, upper: Vector(100, 100)),
                                     items: [Scenes.box("b", color: nil, center: Vector(50, 50), size: Vector(60, 60))],
                                     boundaries: [], joints: [], contactPoints: [])
        let hollow = try TerminalCanvas(options: options).raster(snapshot)
        #expect(hollow.isLit(x: 20, y: 50) && !hollow.isLit(x: 50, y: 50))
        options.filled = true
        #expect(try TerminalCanvas(options: options).raster(snapshot).isLit(x: 50, y: 50))
    }

    @Test func viewWithoutReferenceBoundsFitsEverything() {
        var snapshot = Scenes.room
        snapshot.referenceBounds = nil
        snapshot.boundaries = []
        snapshot.joints = []
        snapshot.contactPoints = []
        let view = SceneBounds.view(of: snapshot)
        for item in snapshot.items {
            for p in ItemOutline.world(item) { #expect(view.contains(point: p)) }
        }
        // The margin is 5% of the larger side of the content box: not wildly more.
        let content = SceneBounds.contentBox(of: snapshot)!
        #expect(abs(view.width - content.width * 1.1) < 1e-9)
    }

    @Test func colourModesPaintItemsInTheirColours() throws {
        let plain = try TerminalCanvas(width: 40).draw(Scenes.room)
        #expect(!plain.contains("\u{1B}"))
        let coloured = try TerminalCanvas(width: 40, colorMode: .trueColor).draw(Scenes.room)
        #expect(coloured.contains("\u{1B}[38;2;255;0;0m"))  // red box
        #expect(coloured.contains("\u{1B}[38;2;0;0;255m"))  // blue ball
        #expect(coloured.contains("\u{1B}[38;2;0;128;0m"))  // green triangle
        let palette = try TerminalCanvas(width: 40, colorMode: .palette256).draw(Scenes.room)
        #expect(palette.contains("\u{1B}[38;5;196m"))
        // Stripping the escapes leaves the plain picture.
        #expect(stripEscapes(coloured) == plain)
    }

    @Test func sameSnapshotSameText() throws {
        let canvas = TerminalCanvas(width: 63, glyphs: .blocks)
        #expect(try canvas.draw(Scenes.room) == canvas.draw(Scenes.room))
    }

    @Test func badOptionsAreErrorsNotTraps() {
        #expect(throws: PictureError.self) { try TerminalCanvas(width: 0).draw(Scenes.room) }
        #expect(throws: PictureError.self) { try TerminalCanvas(width: 100_000).draw(Scenes.room) }
        var options = TerminalCanvas.Options()
        options.view = AABB(lower: .zero, upper: Vector(.nan, 3))
        #expect(throws: PictureError.self) { try TerminalCanvas(options: options).draw(Scenes.room) }
    }

    @Test func nonFiniteItemsDrawWithoutTrapping() throws {
        var snapshot = Scenes.room
        snapshot.items.append(Scenes.box("nan", color: "red", center: Vector(.nan, 3), size: Vector(10, 10)))
        snapshot.items.append(Scenes.box("far", color: "red", center: Vector(1e300, -1e300), size: Vector(1e299, 10)))
        snapshot.contactPoints.append(Vector(.infinity, 0))
        let text = try TerminalCanvas(width: 40).draw(snapshot)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 15)
    }

    @Test func liveFrameRedrawsInPlace() {
        let frame = LiveFrame.frame(["ab", "c"], status: "t=1.00")
        #expect(frame.hasPrefix("\u{1B}[H"))
        #expect(frame == "\u{1B}[Hab\u{1B}[K\nc\u{1B}[K\nt=1.00\u{1B}[K\n\u{1B}[J")
        #expect(LiveFrame.frame("ab\nc") == LiveFrame.frame(["ab", "c"]))
    }

    private func stripEscapes(_ s: String) -> String {
        var out = ""
        var inEscape = false
        for ch in s.unicodeScalars {
            if inEscape { if ch == "m" { inEscape = false }; continue }
            if ch == "\u{1B}" { inEscape = true; continue }
            out.unicodeScalars.append(ch)
        }
        return out
    }
}

@Suite struct TerminalLabelTests {
    @Test func namesAreWrittenOnItemsWideEnough() throws {
        var options = TerminalCanvas.Options()
        options.width = 40
        options.showLabels = true
        let lines = try TerminalCanvas(options: options).lines(Scenes.room)
        // The ball (70 points = 8.75 cells wide) is centred at (230, 120): cell column 28, row 7.
        let row = Array(lines[7])
        #expect(String(row[27..<31]) == "blue")
        // The triangle is 40 points = 5 cells wide at its widest: "green" plus a margin does not fit.
        #expect(!lines.joined().contains("green"))
        var coloured = options
        coloured.colorMode = .trueColor
        #expect(try TerminalCanvas(options: coloured).draw(Scenes.room).contains("blue"))
    }
}
