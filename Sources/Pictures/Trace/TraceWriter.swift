import Dynamics

/// A quantity a trace can record for each item.
public enum TraceField: String, Sendable, CaseIterable {
    case center, velocity, angle, angularVelocity

    /// Parses a field name as scripts spell it (`"center"`, `"angularVelocity"`); nil for anything else.
    public init?(name: String) { self.init(rawValue: name) }

    /// Column name suffixes: vectors take two columns.
    var components: [String] {
        switch self {
        case .center: return ["center.x", "center.y"]
        case .velocity: return ["velocity.x", "velocity.y"]
        case .angle: return ["angle"]
        case .angularVelocity: return ["angularVelocity"]
        }
    }

    func values(of item: ItemSnapshot) -> [Double] {
        switch self {
        case .center: return [item.center.x, item.center.y]
        case .velocity: return [item.velocity.x, item.velocity.y]
        case .angle: return [item.angle]
        case .angularVelocity: return [item.angularVelocity]
        }
    }
}

/// The text format of a trace.
public enum TraceFormat: Sendable {
    /// Comma-separated values with a header row: one row a frame, columns `time` then `label.field` per item.
    case csv
    /// JSON Lines: one object a frame, `{"time":..,"items":[{"name":..,"center":[x,y],...}]}`.
    case jsonLines
}

/// Turns frames into trace text, one line a frame, for a fixed list of items and fields.
/// Numbers use Swift's shortest round-trip spelling (never a locale's), so reading them back gives the same
/// Doubles. A NaN or infinity is an empty CSV field and a JSON `null`.
public struct TraceWriter: Sendable {
    /// The text format.
    public let format: TraceFormat
    /// The fields recorded for every item, in column order.
    public let fields: [TraceField]
    /// The items' labels, in column order; repeated labels get `#2`, `#3` suffixes so columns stay distinct.
    public let labels: [String]

    /// A writer for items labelled `labels` (the caller passes their snapshots in this order to `line`).
    public init(format: TraceFormat, fields: [TraceField] = [.center, .velocity, .angle, .angularVelocity],
                labels: [String]) throws(PictureError) {
        guard !fields.isEmpty else { throw .invalidOption("a trace needs at least one field") }
        var seenFields: [TraceField] = []
        for f in fields where !seenFields.contains(f) { seenFields.append(f) }
        self.format = format
        self.fields = seenFields
        var unique: [String] = []
        for label in labels {
            var candidate = label.isEmpty ? "item\(unique.count + 1)" : label
            var n = 2
            while unique.contains(candidate) { candidate = (label.isEmpty ? "item" : label) + "#\(n)"; n += 1 }
            unique.append(candidate)
        }
        self.labels = unique
    }

    /// The header line with its line break (CSV), or an empty string (JSON Lines has none).
    public var header: String {
        guard format == .csv else { return "" }
        var columns = ["time"]
        for label in labels { for f in fields { columns += f.components.map { label + "." + $0 } } }
        return columns.map(Escaping.csvField).joined(separator: ",") + "\n"
    }

    /// The line for one frame at `time`, with its line break. `items` are matched to the labels by position;
    /// a missing item (fewer snapshots than labels) leaves its columns empty, or `null` in JSON.
    public func line(time: Double, items: [ItemSnapshot]) -> String {
        switch format {
        case .csv:
            var cells = [csvNumber(time)]
            for index in labels.indices {
                for f in fields {
                    if index < items.count { cells += f.values(of: items[index]).map(csvNumber) }
                    else { cells += f.components.map { _ in "" } }
                }
            }
            return cells.joined(separator: ",") + "\n"
        case .jsonLines:
            var objects: [String] = []
            for (index, label) in labels.enumerated() {
                guard index < items.count else { objects.append("null"); continue }
                var members = ["\"name\":" + Escaping.jsonString(label)]
                for f in fields {
                    let values = f.values(of: items[index]).map(jsonNumber)
                    members.append(Escaping.jsonString(f.rawValue) + ":" + (values.count == 1 ? values[0] : "[" + values.joined(separator: ",") + "]"))
                }
                objects.append("{" + members.joined(separator: ",") + "}")
            }
            return "{\"time\":\(jsonNumber(time)),\"items\":[" + objects.joined(separator: ",") + "]}\n"
        }
    }

    private func csvNumber(_ v: Double) -> String { NumberText.roundTrip(v) ?? "" }
    private func jsonNumber(_ v: Double) -> String { NumberText.roundTrip(v) ?? "null" }
}
