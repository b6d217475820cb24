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

/// A braille line chart of `series` as text: y axis with max and min labels, x axis with first and last x,
/// and a legend. Non-finite points are skipped (the line breaks there). With no colour and several series,
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

    let topLabel = NumberText.compact(yMax), bottomLabel = NumberText.compact(yMin)
    let gutter = max(topLabel.count, bottomLabel.count) + 1
    let columns = max(1, options.width - gutter - 1)
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
        let label = row == 0 ? topLabel : (row == body.count - 1 ? bottomLabel : "")
        let tick = row == 0 || row == body.count - 1 ? "┤" : "│"
        out.append(padLeft(label, gutter - 1) + " " + tick + line)
    }
    out.append(String(repeating: " ", count: gutter) + "└" + String(repeating: "─", count: columns))
    let left = NumberText.compact(xMin), right = NumberText.compact(xMax)
    let gap = max(1, columns + 1 - left.count - right.count)
    out.append(String(repeating: " ", count: gutter) + left + String(repeating: " ", count: gap) + right)
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
