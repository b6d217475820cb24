/// A raster of on/off dots grouped into terminal cells, with one colour per cell (the last one painted there).
/// Drawing clips to the grid and ignores non-finite coordinates, so any snapshot draws without trapping.
public struct DotGrid: Sendable {
    /// Cells across.
    public let columns: Int
    /// Cells down (lines).
    public let rows: Int
    /// How dots map to cells and characters.
    public let glyphs: CellGlyphs
    /// Lit-dot bit patterns, one byte per cell, row by row.
    public private(set) var patterns: [UInt8]
    /// The colour of each cell, or nil where nothing coloured was drawn.
    public private(set) var colors: [RGBColor?]
    /// Text written over cells (labels), or nil where the dots show.
    public private(set) var overlay: [Character?]

    /// An empty grid of `columns` x `rows` cells (each at least 1).
    public init(columns: Int, rows: Int, glyphs: CellGlyphs) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.glyphs = glyphs
        patterns = Array(repeating: 0, count: self.columns * self.rows)
        colors = Array(repeating: nil, count: self.columns * self.rows)
        overlay = Array(repeating: nil, count: self.columns * self.rows)
    }

    /// Writes `text` over the cells from (`column`, `row`) rightwards, clipped to the grid; the cells keep
    /// their colour, or take `color` when given.
    public mutating func write(_ text: String, column: Int, row: Int, color: RGBColor?) {
        guard row >= 0, row < rows else { return }
        for (offset, ch) in text.enumerated() {
            let c = column + offset
            guard c >= 0 else { continue }
            guard c < columns else { break }
            overlay[row * columns + c] = ch
            if let color { colors[row * columns + c] = color }
        }
    }

    /// Dots across the whole grid.
    public var dotWidth: Int { columns * glyphs.columnsPerCell }
    /// Dots down the whole grid.
    public var dotHeight: Int { rows * glyphs.rowsPerCell }

    /// Lights the dot at (`x`, `y`) in dot coordinates; outside the grid it does nothing.
    public mutating func plot(x: Int, y: Int, color: RGBColor?) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cpc = glyphs.columnsPerCell, rpc = glyphs.rowsPerCell
        let cell = (y / rpc) * columns + x / cpc
        patterns[cell] |= glyphs.bit(column: x % cpc, row: y % rpc)
        if let color { colors[cell] = color }
    }

    /// Whether the dot at (`x`, `y`) is lit (false outside the grid).
    public func isLit(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        let cpc = glyphs.columnsPerCell, rpc = glyphs.rowsPerCell
        return patterns[(y / rpc) * columns + x / cpc] & glyphs.bit(column: x % cpc, row: y % rpc) != 0
    }

    /// Lights the dots along the segment between two points in continuous dot coordinates
    /// (dot (i, j) covers [i, i+1) x [j, j+1)).
    public mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), color: RGBColor?) {
        guard let (p, q) = clip(a, b) else { return }
        let dx = q.x - p.x, dy = q.y - p.y
        // Half-dot steps never skip a dot; the clip keeps the count bounded by the grid size.
        let steps = Int((max(abs(dx), abs(dy)) * 2).rounded(.up))
        for i in 0...max(steps, 0) {
            let t = steps == 0 ? 0 : Double(i) / Double(steps)
            plot(x: Int((p.x + t * dx).rounded(.down)), y: Int((p.y + t * dy).rounded(.down)), color: color)
        }
    }

    /// Lights every dot whose centre lies inside the polygon (even-odd rule), row by row.
    public mutating func fill(polygon: [(x: Double, y: Double)], color: RGBColor?) {
        guard polygon.count >= 3, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let minY = polygon.map(\.y).min() ?? 0, maxY = polygon.map(\.y).max() ?? 0
        // Clamp in floating point first: converting a far-off coordinate to Int would trap.
        let firstRow = Int(max(0, (minY - 0.5).rounded(.up)).clamped(to: Double(dotHeight)))
        let lastRow = Int(min(Double(dotHeight - 1), (maxY - 0.5).rounded(.down)).clamped(to: Double(dotHeight)))
        guard firstRow <= lastRow else { return }
        var crossings: [Double] = []
        for row in firstRow...lastRow {
            let yc = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                // Half-open in y so a vertex shared by two edges counts once.
                if (p.y <= yc && yc < q.y) || (q.y <= yc && yc < p.y) {
                    crossings.append(p.x + (yc - p.y) / (q.y - p.y) * (q.x - p.x))
                }
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                let limit = Double(dotWidth)
                let from = Int(max(0, (crossings[k] - 0.5).rounded(.up)).clamped(to: limit))
                let to = Int(min(limit - 1, (crossings[k + 1] - 0.5).rounded(.up) - 1).clamped(to: limit))
                if from <= to { for x in from...to { plot(x: x, y: row, color: color) } }
                k += 2
            }
        }
    }

    /// The grid as text lines: one character per cell, each line without trailing spaces, and with colour
    /// escapes (set when the colour changes, reset at the end of a line) unless `colorMode` is `.none`.
    public func lines(colorMode: TerminalColorMode) -> [String] {
        var result: [String] = []
        result.reserveCapacity(rows)
        for row in 0..<rows {
            let base = row * columns
            var lastUsed = columns - 1
            while lastUsed >= 0 && patterns[base + lastUsed] == 0 && overlay[base + lastUsed] == nil { lastUsed -= 1 }
            var line = ""
            var current: RGBColor?
            if lastUsed >= 0 {
                for column in 0...lastUsed {
                    let pattern = patterns[base + column]
                    let text = overlay[base + column]
                    if colorMode != .none, pattern != 0 || text != nil, let color = colors[base + column], color != current {
                        line += ANSIColor.foreground(color, mode: colorMode)
                        current = color
                    }
                    line.append(text ?? glyphs.character(for: pattern))
                }
            }
            if current != nil { line += ANSIColor.reset }
            result.append(line)
        }
        return result
    }

    /// Clips a segment to the grid widened by one dot (Liang-Barsky); nil when it misses or is not finite.
    private func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double))
        -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let lo = -1.0, hiX = Double(dotWidth + 1), hiY = Double(dotHeight + 1)
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - lo), (dx, hiX - a.x), (-dy, a.y - lo), (dy, hiY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return nil }
            }
        }
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
    }
}

extension Double {
    /// This value limited to -1...`bound`, so it converts to Int safely.
    fileprivate func clamped(to bound: Double) -> Double { Swift.min(Swift.max(self, -1), bound) }
}
