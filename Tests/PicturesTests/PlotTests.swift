import Dynamics
import Testing
@testable import Pictures

@Suite struct PlotTests {
    private func rows(_ chart: String) -> [String] { chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func labelsFallOnRoundSteps() throws {
        let values = (0...50).map { Double($0) * 0.2 - 3 }  // -3 ... 7
        let chart = try plot(PlotSeries(name: "line", values: values))
        let lines = rows(chart)
        #expect(lines.count == 12 + 3)
        // The range widens to whole steps of 2: -4 ... 8.
        #expect(lines[0].hasPrefix(" 8 ┤"))
        #expect(lines[11].hasPrefix("-4 ┤"))
        let labels = lines.prefix(12).filter { $0.contains("┤") }.compactMap { line -> Double? in
            Double(String(line.prefix { $0 != "┤" }).trimmingSpaces)
        }
        #expect(labels == [8, 6, 4, 2, 0, -2, -4])
        #expect(lines[12].contains("└"))
        #expect(lines[13].split(separator: " ") == ["0", "10", "20", "30", "40", "50"])
        #expect(lines[14].contains("line"))
    }

    @Test func roundStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(roundStep(10, count: 5) == 2)
        #expect(roundStep(99, count: 6) == 20)
        #expect(roundStep(0.2, count: 6) == 0.05)
        #expect(roundStep(7, count: 2) == 5)
        #expect(roundStep(0, count: 3) == nil && roundStep(.infinity, count: 3) == nil)
        #expect(ticks(from: 0.1, to: 0.3, step: 0.05).map { NumberText.compact($0) } == ["0.1", "0.15", "0.2", "0.25", "0.3"])
    }

    @Test func aRisingLineGoesFromBottomLeftToTopRight() throws {
        var options = PlotOptions()
        options.width = 23  // gutter "10 " (3) + axis (1) + 19 columns... checked below from the text itself
        options.height = 4
        let chart = try plot(PlotSeries(name: "up", values: (0...10).map(Double.init)), options: options)
        let lines = rows(chart)
        // The plot area is everything after the axis character.
        let area = lines[0..<4].map { line -> [Character] in
            let chars = Array(line)
            guard let axis = chars.firstIndex(where: { $0 == "┤" || $0 == "│" }) else { return [] }
            return Array(chars[(axis + 1)...])
        }
        // Top row: only the right end is lit; bottom row: the left end.
        #expect(area[0].first == " " && area[0].last != " ")
        #expect(area[3].first != " " && area[3].first != nil)
        #expect(area[3].count < area[0].count)
    }

    @Test func fixedRangeAndFlatSeries() throws {
        var options = PlotOptions()
        options.yRange = 0...100
        let chart = try plot(PlotSeries(name: "flat", values: [5, 5, 5]), options: options)
        #expect(rows(chart)[0].hasPrefix("100 ┤"))
        #expect(rows(chart)[11].hasPrefix("  0 ┤"))
        // A flat series with no fixed range is centred in a range around its value.
        let flat = try plot(PlotSeries(name: "flat", values: [5, 5, 5]))
        #expect(rows(flat)[0].trimmingSpaces.hasPrefix("6 ┤") && rows(flat)[11].trimmingSpaces.hasPrefix("4 ┤"))
    }

    @Test func severalSeriesAreNumberedWhenPlain() throws {
        let chart = try plot(PlotSeries(name: "speed", values: [0, 1, 2]), PlotSeries(name: "energy", values: [2, 1, 0]))
        let legend = rows(chart).last ?? ""
        #expect(legend.contains("1 speed") && legend.contains("2 energy"))
        #expect(!chart.contains("\u{1B}"))
        var options = PlotOptions()
        options.colorMode = .trueColor
        let coloured = try plot(PlotSeries(name: "speed", values: [0, 1, 2]), options: options)
        #expect(coloured.contains("\u{1B}[38;2;70;130;180m"))
    }

    @Test func nonFiniteAndEmptyInputsDoNotTrap() throws {
        let chart = try plot(PlotSeries(name: "gaps", values: [1, .nan, 3, .infinity, 2]))
        #expect(rows(chart)[0].trimmingSpaces.hasPrefix("3 ┤") && rows(chart)[11].trimmingSpaces.hasPrefix("1 ┤"))
        _ = try plot([])
        #expect(throws: PictureError.self) { var o = PlotOptions(); o.width = 5; return try plot([], options: o) }
        #expect(throws: PictureError.self) { var o = PlotOptions(); o.yRange = 0...Double.infinity; return try plot([], options: o) }
    }
}

@Suite struct PlotExtremesTests {
    @Test func valuesAcrossTheWholeDoubleRangeDoNotTrap() throws {
        let chart = try plot(PlotSeries(name: "wild", x: [-1e308, 0, 1e308], y: [-1e308, 1, 1e308]))
        #expect(chart.contains("wild"))
    }

    @Test func aNeedleThinViewIsCappedNotTrapped() throws {
        var options = TerminalCanvas.Options()
        options.view = AABB(lower: .zero, upper: Vector(1e-200, 1e200))
        let size = try TerminalCanvas(options: options).gridSize(for: options.view!)
        #expect(size.rows == 4000)
    }
}
