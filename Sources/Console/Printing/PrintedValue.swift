/// A value as the printer will show it, before it is laid out on one line or several.
indirect enum PrintedValue {
    /// Shown as this text wherever it appears.
    case atom(String)
    /// A table: its entries (each already with its `key = ` prefix, or none in the array part) and how many
    /// entries were left out.
    case table(entries: [(prefix: String, value: PrintedValue)], omitted: Int)

    /// The whole value on one line: `{ 1, 2, x = "a" }`.
    var flat: String {
        switch self {
        case .atom(let text):
            return text
        case .table(let entries, let omitted):
            var parts = entries.map { $0.prefix + $0.value.flat }
            if omitted > 0 { parts.append("...(\(omitted) more)") }
            return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    /// The value laid out to fit `width` columns where it can: a table that does not fit on the rest of its line
    /// puts each entry on a line of its own, indented two spaces deeper.
    func layout(width: Int, indent: Int, used: Int) -> String {
        let oneLine = flat
        guard case .table(let entries, let omitted) = self, used + oneLine.count > width else { return oneLine }
        let pad = String(repeating: " ", count: indent + 2)
        var lines: [String] = []
        for entry in entries {
            let start = indent + 2 + entry.prefix.count
            lines.append(pad + entry.prefix + entry.value.layout(width: width, indent: indent + 2, used: start) + ",")
        }
        if omitted > 0 { lines.append(pad + "...(\(omitted) more)") }
        return "{\n" + lines.joined(separator: "\n") + "\n" + String(repeating: " ", count: indent) + "}"
    }
}
