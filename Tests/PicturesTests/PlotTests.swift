import Dynamics
import Testing
@testable import Pictures

@Suite struct PlotTests {
    private func rows(_ chart: String) -> [String] { chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func labelsShowTheDataRangeWidenedToRoundNumbers() throws {
        let values = (0...50).map { Double($0) * 0.2 - 3 }  // -3 ... 7, against 1 ... 51
        let chart = try plot(PlotSeries(name: "line", values: values))
        let lines = rows(chart)
        #expect(lines.count == 12 + 3)
        // Ticks every 2: the range widens from -3...7 to -4...8, and each tick labels a line of its own.
        #expect(lines[0].hasPrefix(" 8 ┤"))
        #expect(lines[11].hasPrefix("-4 ┤"))
        let labels = lines[0..<12].compactMap { line -> String? in
            let label = line.split(separator: "┤", maxSplits: 1).first.map(String.init)?.trimmingSpaces
            return line.contains("┤") ? label : nil
        }
        #expect(labels == ["8", "6", "4", "2", "0", "-2", "-4"])
        #expect(lines[12].contains("└") && lines[12].contains("┬"))
        #expect(lines[13].trimmingSpaces.hasPrefix("1 ") && lines[13].hasSuffix("51"))
        #expect(lines[13].contains(" 10 ") && lines[13].contains(" 40 "))
        #expect(lines[14].contains("line"))
    }

    @Test func ticksAreRoundAndTitlesNameTheAxes() throws {
        var options = PlotOptions()
        options.height = 8
        options.width = 56
        options.xTitle = "t (s)"
        options.yTitle = "y (pt)"
        let t = [0, 0.1, 0.2, 0.3, 0.4, 0.5], y = [60.0, 65, 80, 105, 140, 185]
        let lines = rows(try plot(PlotSeries(name: "fall", x: t, y: y), options: options))
        #expect(lines[0].hasSuffix("↑ y (pt)"))
        // 60 ... 185 in steps of 50: 50 ... 200.
        #expect(lines[1].hasPrefix("200 ┤") && lines[8].hasPrefix(" 50 ┤"))
        #expect(lines[10].split(separator: " ").map(String.init) == ["0", "0.1", "0.2", "0.3", "0.4", "0.5"])
        #expect(lines[11].trimmingSpaces == "t (s) →")
        // No label reads like a rounding error.
        #expect(!lines.joined().contains("0.30000") && !lines.joined().contains("99999"))
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
        #expect(rows(flat)[0].hasPrefix("  6 ┤") && rows(flat)[11].hasPrefix("  4 ┤"))
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
        #expect(rows(chart)[0].hasPrefix("  3 ┤") && rows(chart)[11].hasPrefix("  1 ┤"))
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
