import Testing
@testable import Pictures

@Suite struct DotGridTests {
    @Test func brailleDotsFollowTheUnicodeNumbering() {
        let g = CellGlyphs.braille
        // Dots 1, 2, 3 down the left column; 4, 5, 6 down the right; 7 and 8 on the bottom row.
        #expect(g.character(for: g.bit(column: 0, row: 0)) == "⠁")  // U+2801 dot 1
        #expect(g.character(for: g.bit(column: 0, row: 1)) == "⠂")  // dot 2
        #expect(g.character(for: g.bit(column: 0, row: 2)) == "⠄")  // dot 3
        #expect(g.character(for: g.bit(column: 1, row: 0)) == "⠈")  // dot 4
        #expect(g.character(for: g.bit(column: 1, row: 2)) == "⠠")  // dot 6
        #expect(g.character(for: g.bit(column: 0, row: 3)) == "⡀")  // dot 7
        #expect(g.character(for: g.bit(column: 1, row: 3)) == "⢀")  // dot 8
        #expect(g.character(for: 0xff) == "⣿")
        #expect(g.character(for: 0) == " ")
        // All eight bits are distinct.
        var all: UInt8 = 0
        for dy in 0..<4 { for dx in 0..<2 { all |= g.bit(column: dx, row: dy) } }
        #expect(all == 0xff)
    }

    @Test func blockAndASCIIPatterns() {
        let b = CellGlyphs.blocks
        #expect(b.character(for: b.bit(column: 0, row: 0) | b.bit(column: 1, row: 0)) == "▀")
        #expect(b.character(for: b.bit(column: 0, row: 1) | b.bit(column: 1, row: 1)) == "▄")
        #expect(b.character(for: b.bit(column: 0, row: 0) | b.bit(column: 0, row: 1)) == "▌")
        #expect(b.character(for: 15) == "█")
        let a = CellGlyphs.ascii
        #expect(a.character(for: a.bit(column: 0, row: 0)) == "'")
        #expect(a.character(for: a.bit(column: 0, row: 1)) == ".")
        #expect(a.character(for: 3) == ":")
    }

    @Test func plotLightsOneDotInTheRightCell() {
        var grid = DotGrid(columns: 3, rows: 2, glyphs: .braille)
        grid.plot(x: 3, y: 5, color: nil)  // cell (1, 1), dot column 1, row 1 -> dot 5
        #expect(grid.lines(colorMode: .none) == ["", " ⠐"])
        #expect(grid.isLit(x: 3, y: 5))
        #expect(!grid.isLit(x: 2, y: 5))
        grid.plot(x: -1, y: 0, color: nil)
        grid.plot(x: 6, y: 0, color: nil)
        grid.plot(x: 0, y: 8, color: nil)
        #expect(grid.patterns.reduce(0) { $0 + $1.nonzeroBitCount } == 1)
    }

    @Test func horizontalAndDiagonalLines() {
        var grid = DotGrid(columns: 4, rows: 1, glyphs: .braille)
        grid.line(from: (0.5, 0.5), to: (7.5, 0.5), color: nil)
        #expect(grid.lines(colorMode: .none) == ["⠉⠉⠉⠉"])
        var diagonal = DotGrid(columns: 2, rows: 1, glyphs: .braille)
        diagonal.line(from: (0.5, 0.5), to: (3.5, 3.5), color: nil)
        for i in 0..<4 { #expect(diagonal.isLit(x: i, y: i)) }
        #expect(diagonal.patterns.reduce(0) { $0 + $1.nonzeroBitCount } == 4)
    }

    @Test func fillCoversExactlyTheDotCentresInside() {
        var grid = DotGrid(columns: 10, rows: 5, glyphs: .braille)  // 20 x 20 dots
        grid.fill(polygon: [(2, 3), (12, 3), (12, 9), (2, 9)], color: nil)
        var lit = 0
        for y in 0..<20 { for x in 0..<20 where grid.isLit(x: x, y: y) {
            lit += 1
            #expect((2..<12).contains(x) && (3..<9).contains(y))
        } }
        #expect(lit == 10 * 6)
    }

    @Test func fillOfATriangleHasAboutItsArea() {
        var grid = DotGrid(columns: 50, rows: 25, glyphs: .braille)  // 100 x 100 dots
        grid.fill(polygon: [(0, 0), (100, 0), (0, 100)], color: nil)
        let lit = grid.patterns.reduce(0) { $0 + $1.nonzeroBitCount }
        #expect(abs(lit - 5000) <= 100)
    }

    @Test func nonFiniteAndHugeCoordinatesDoNotTrap() {
        var grid = DotGrid(columns: 4, rows: 2, glyphs: .braille)
        grid.line(from: (.nan, 0), to: (3, 3), color: nil)
        grid.line(from: (-1e300, -1e300), to: (1e300, 1e300), color: nil)
        grid.fill(polygon: [(0, 0), (.infinity, 0), (0, 5)], color: nil)
        grid.fill(polygon: [(-1e300, -1e300), (1e300, -1e300), (0, 1e300)], color: nil)
        #expect(grid.lines(colorMode: .none).count == 2)
    }

    @Test func colourEscapesOnlyWhereTheColourChanges() {
        var grid = DotGrid(columns: 3, rows: 1, glyphs: .blocks)
        let red = RGBColor(hex: 0xff0000)
        grid.plot(x: 0, y: 0, color: red)
        grid.plot(x: 2, y: 0, color: red)
        grid.plot(x: 4, y: 0, color: RGBColor(hex: 0x0000ff))
        let line = grid.lines(colorMode: .trueColor)[0]
        #expect(line == "\u{1B}[38;2;255;0;0m▘▘\u{1B}[38;2;0;0;255m▘\u{1B}[0m")
    }
}
