import Foundation

/// A text table printed as Markdown, so a run's output pastes straight into docs/performance.md.
public struct Table: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    /// Columns whose cells line up on the right (numbers).
    public var rightAligned: Set<Int>

    /// Makes a table; every column after the first is right-aligned unless told otherwise.
    public init(headers: [String], rows: [[String]] = [], rightAligned: Set<Int>? = nil) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned ?? Set(1..<max(1, headers.count))
    }

    /// The table as Markdown lines padded to line up in a terminal too.
    public func render() -> String {
        let columns = headers.count
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.prefix(columns).enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for i in 0..<columns {
                let cell = i < cells.count ? cells[i] : ""
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                parts.append(rightAligned.contains(i) ? pad + cell : cell + pad)
            }
            return "| " + parts.joined(separator: " | ") + " |"
        }
        let rule = "|" + (0..<columns).map { i in
            let dashes = String(repeating: "-", count: widths[i])
            return rightAligned.contains(i) ? "-" + dashes + ":" : ":" + dashes + "-"
        }.joined(separator: "|") + "|"
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Number formatting used in every table.
public enum Format {
    /// A value with a given number of decimals ("12.35").
    public static func fixed(_ value: Double, _ decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        return String(format: "%.\(decimals)f", value)
    }

    /// Milliseconds with three significant-ish digits: 0.123, 1.23, 12.3, 123.
    public static func milliseconds(_ value: Double) -> String {
        if value < 1 { return fixed(value, 3) }
        if value < 10 { return fixed(value, 2) }
        if value < 100 { return fixed(value, 1) }
        return fixed(value, 0)
    }

    /// A ratio such as "1.52x".
    public static func ratio(_ value: Double) -> String { fixed(value, 2) + "x" }

    /// A byte count in KiB or MiB.
    public static func bytes(_ value: Double) -> String {
        let mebi = 1_048_576.0, kibi = 1024.0
        if abs(value) >= mebi { return fixed(value / mebi, 1) + " MiB" }
        if abs(value) >= kibi { return fixed(value / kibi, 1) + " KiB" }
        return fixed(value, 0) + " B"
    }
}
