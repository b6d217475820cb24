#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of a chart: y values against x values, with a name for the legend.
public struct PlotSeries: Sendable {
    /// The legend's name for the line.
    public var name: String
    /// Horizontal values, paired with `y` by index.
    public var x: [Double]
    /// Vertical values.
    public var y: [Double]
    /// The line's colour when the chart is coloured; nil: the next colour of the default palette.
    public var color: RGBColor?

    /// A series of `values` against their index (0, 1, 2, ...).
    public init(name: String, values: [Double], color: RGBColor? = nil) {
        self.name = name; self.y = values; self.x = values.indices.map(Double.init); self.color = color
    }

    /// A series of `y` against `x`; extra values of the longer array are ignored.
    public init(name: String, x: [Double], y: [Double], color: RGBColor? = nil) {
        let n = min(x.count, y.count)
        self.name = name; self.x = Array(x.prefix(n)); self.y = Array(y.prefix(n)); self.color = color
    }
}

/// How a chart is laid out.
public struct PlotOptions: Sendable {
    /// Total width in cells, labels included (20...1000).
    public var width: Int = 60
    /// Height of the plotting area in lines (2...500).
    public var height: Int = 12
    /// Plain text or ANSI colours (one colour per series).
    public var colorMode: TerminalColorMode = .none
    /// A line above the chart.
    public var title: String?
    /// What the x axis measures, with its unit (`time (s)`): written under the x labels, at the right.
    public var xTitle: String?
    /// What the y axis measures, with its unit (`speed (pt/s)`): written above the y axis.
    public var yTitle: String?
    /// Fixed y range; nil: from the data. Points outside it are clipped.
    public var yRange: ClosedRange<Double>?

    /// Options with every default: 60 x 12, plain.
    public init() {}
}

/// The colours given to series that name none, in order.
let plotPalette: [RGBColor] = [0x4682b4, 0xdc143c, 0x2e8b57, 0xff8c00, 0x9370db, 0xdaa520].map { RGBColor(hex: $0) }

/// A braille line chart of `series` as text: axes labelled at round steps (1, 2 or 5 times a power of ten, the
/// ranges widened to whole steps unless the y range is fixed), optional axis titles, and a legend. Non-finite points are skipped (the line breaks there). With no colour and several series,
/// each line's last point is marked with its number from the legend, since braille dots cannot be told apart.
public func plot(_ series: PlotSeries..., options: PlotOptions = PlotOptions()) throws(PictureError) -> String {
    try plot(series, options: options)
}

/// The same chart for an array of series.
public func plot(_ series: [PlotSeries], options: PlotOptions = PlotOptions()) throws(PictureError) -> String {
    guard (20...1000).contains(options.width) else { throw .invalidOption("plot width must be 20...1000 cells, got \(options.width)") }
    guard (2...500).contains(options.height) else { throw .invalidOption("plot height must be 2...500 lines, got \(options.height)") }
    if let r = options.yRange, !(r.lowerBound.isFinite && r.upperBound.isFinite) {
        throw .invalidOption("plot y range must be finite")
    }

    var xs: [Double] = [], ys: [Double] = []
    for s in series {
        for (x, y) in zip(s.x, s.y) where x.isFinite && y.isFinite { xs.append(x); ys.append(y) }
    }
    var xMin = xs.min() ?? 0, xMax = xs.max() ?? 1
    var yMin = options.yRange?.lowerBound ?? ys.min() ?? 0, yMax = options.yRange?.upperBound ?? ys.max() ?? 1
    // A flat series still needs a range to divide by; centre it.
    if xMax - xMin <= 0 { xMin -= 1; xMax += 1 }
    if yMax - yMin <= 0 {
        let pad = max(abs(yMin) * 0.1, 1)
        yMin -= pad; yMax += pad
    }

    // Round steps: about one y label every other line (2 to 6 of them) and one x label every ten columns.
    let yStep = roundStep(yMax - yMin, count: max(2, min(6, options.height / 2)))
    if options.yRange == nil, let yStep {
        let low = (yMin / yStep).rounded(.down) * yStep, high = (yMax / yStep).rounded(.up) * yStep
        if low.isFinite && high.isFinite && high > low { yMin = low; yMax = high }
    }
    var yLabels: [Int: String] = [:]
    // Spans beyond Double's range give no position (nil): such ticks are left out rather than trapped on.
    func yRow(_ y: Double) -> Int? {
        let row = ((yMax - y) / (yMax - yMin) * Double(options.height - 1)).rounded()
        return row.isFinite ? Int(row) : nil
    }
    yLabels[0] = NumberText.compact(yMax)
    yLabels[options.height - 1] = NumberText.compact(yMin)
    for v in ticks(from: yMin, to: yMax, step: yStep) {
        if let row = yRow(v), row >= 0, row < options.height, yLabels[row] == nil { yLabels[row] = NumberText.compact(v) }
    }
    let gutter = (yLabels.values.map(\.count).max() ?? 1) + 1
    let columns = max(1, options.width - gutter - 1)
    let xStep = roundStep(xMax - xMin, count: max(2, columns / 10))
    if let xStep {
        let low = (xMin / xStep).rounded(.down) * xStep, high = (xMax / xStep).rounded(.up) * xStep
        if low.isFinite && high.isFinite && high > low { xMin = low; xMax = high }
    }
    var grid = DotGrid(columns: columns, rows: options.height, glyphs: .braille)
    let w = Double(grid.dotWidth), h = Double(grid.dotHeight)
    func dot(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        // Dot centres span the whole area: the first x at the left column, the top of the range on the top row.
        ((x - xMin) / (xMax - xMin) * (w - 1) + 0.5, (yMax - y) / (yMax - yMin) * (h - 1) + 0.5)
    }
    var lastCells: [(column: Int, row: Int)?] = []
    for (index, s) in series.enumerated() {
        let color = s.color ?? plotPalette[index % plotPalette.count]
        var previous: (x: Double, y: Double)?
        var lastCell: (column: Int, row: Int)?
        for (x, y) in zip(s.x, s.y) {
            guard x.isFinite, y.isFinite else { previous = nil; continue }
            let p = dot(x, y)
            // Values spanning most of Double's range overflow the scale; skip what cannot be placed.
            guard p.x.isFinite, p.y.isFinite else { previous = nil; continue }
            grid.line(from: previous ?? p, to: p, color: color)
            previous = p
            if p.y >= 0, p.y < h, p.x >= 0, p.x < w { lastCell = (Int(p.x) / 2, Int(p.y) / 4) }
        }
        lastCells.append(lastCell)
    }

    var body = grid.lines(colorMode: options.colorMode)
    let markSeries = options.colorMode == .none && series.count > 1
    if markSeries {
        for (index, cell) in lastCells.enumerated() {
            guard let cell, cell.row < body.count, index < 9 else { continue }
            var chars = Array(body[cell.row])
            while chars.count <= cell.column { chars.append(" ") }
            chars[cell.column] = Character(String(index + 1))
            body[cell.row] = String(chars)
        }
    }

    func padLeft(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
    var out: [String] = []
    if let title = options.title { out.append(title) }
    if let yTitle = options.yTitle {
        let line: String = String(repeating: " ", count: gutter) + "↑ " + yTitle
        out.append(String(line.prefix(options.width)))
    }
    for (row, line) in body.enumerated() {
        let label = yLabels[row] ?? ""
        let tick = label.isEmpty ? "│" : "┤"
        out.append(padLeft(label, gutter - 1) + " " + tick + line)
    }
    out.append(String(repeating: " ", count: gutter) + "└" + String(repeating: "─", count: columns))
    // x labels under their columns (index 0 is the corner), each at least a space from the one before.
    var xLine = [Character](repeating: " ", count: columns + 1)
    var free = 0
    var xValues = [xMin] + ticks(from: xMin, to: xMax, step: xStep) + [xMax]
    if xValues.count > 2 { xValues = Array(xValues.dropFirst().dropLast()) }
    for v in xValues {
        let text = Array(NumberText.compact(v))
        let place = ((v - xMin) / (xMax - xMin) * Double(columns - 1)).rounded()
        guard place.isFinite, abs(place) < 1e6 else { continue }
        let column = 1 + Int(place)
        let start = min(max(0, column - text.count / 2), xLine.count - text.count)
        guard start >= free, start >= 0 else { continue }
        for (i, c) in text.enumerated() { xLine[start + i] = c }
        free = start + text.count + 1
    }
    out.append(String(repeating: " ", count: gutter) + String(String(xLine).reversed().drop { $0 == " " }.reversed()))
    if let xTitle = options.xTitle {
        let text = String((xTitle + " →").suffix(columns + 1))
        out.append(String(repeating: " ", count: gutter + max(0, columns + 1 - text.count)) + text)
    }
    let legend = series.enumerated().map { index, s -> String in
        let color = s.color ?? plotPalette[index % plotPalette.count]
        let marker = markSeries ? "\(index + 1)" : "━━"
        if options.colorMode == .none { return marker + " " + s.name }
        return ANSIColor.foreground(color, mode: options.colorMode) + marker + ANSIColor.reset + " " + s.name
    }
    if !legend.isEmpty { out.append(String(repeating: " ", count: gutter) + legend.joined(separator: "   ")) }
    return out.joined(separator: "\n")
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts; nil when the span is
/// not a finite positive number.
func roundStep(_ span: Double, count: Int) -> Double? {
    guard span.isFinite, span > 0, count > 0 else { return nil }
    let raw = span / Double(count)
    let magnitude = pow(10, log10(raw).rounded(.down))
    guard magnitude.isFinite, magnitude > 0 else { return nil }
    for m in [1.0, 2, 5, 10] where m * magnitude >= raw * (1 - 1e-9) { return m * magnitude }
    return 10 * magnitude
}

/// The multiples of `step` from `low` to `high` (at most 1000 of them), written from whole multiples so that
/// 0.1 + 0.2 never shows as 0.30000000000000004.
func ticks(from low: Double, to high: Double, step: Double?) -> [Double] {
    guard let step, (high - low) / step <= 1000 else { return [] }
    let first = (low / step - 1e-9).rounded(.up), last = (high / step + 1e-9).rounded(.down)
    guard first.isFinite, last.isFinite, first <= last else { return [] }
    return stride(from: first, through: last, by: 1).map { k in
        let v = k * step
        return abs(v) < step * 1e-9 ? 0 : (v * 1e12).rounded() / 1e12
    }
}
