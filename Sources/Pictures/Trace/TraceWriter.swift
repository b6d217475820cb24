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

    /// The item's values of this field, shown in `units`.
    func values(of item: ItemSnapshot, in units: DisplayUnits) -> [Double] {
        switch self {
        case .center: let p = units.position(item.center); return [p.x, p.y]
        case .velocity: let v = units.vector(item.velocity); return [v.x, v.y]
        case .angle: return [units.angle(item.angle)]
        case .angularVelocity: return [units.angle(item.angularVelocity)]
        }
    }

    /// The unit of this field's values in `units`, for CSV column names.
    func unit(in units: DisplayUnits) -> String {
        switch self {
        case .center: return units.lengthUnit
        case .velocity: return units.speedUnit
        case .angle: return "rad"
        case .angularVelocity: return "rad/s"
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
    /// How values are shown: points, y down (what scripts use) unless the animator says otherwise. With other
    /// units, CSV column names carry their unit (`red.center.y (m)`) and JSON lines a `units` member.
    public let units: DisplayUnits

    /// A writer for items labelled `labels` (the caller passes their snapshots in this order to `line`).
    public init(format: TraceFormat, fields: [TraceField] = [.center, .velocity, .angle, .angularVelocity],
                labels: [String], units: DisplayUnits = DisplayUnits()) throws(PictureError) {
        self.units = units
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
        var columns = [units.isPlain ? "time" : "time (s)"]
        for label in labels {
            for f in fields {
                columns += f.components.map { units.isPlain ? label + "." + $0 : label + "." + $0 + " (\(f.unit(in: units)))" }
            }
        }
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
                    if index < items.count { cells += f.values(of: items[index], in: units).map(csvNumber) }
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
                    let values = f.values(of: items[index], in: units).map(jsonNumber)
                    members.append(Escaping.jsonString(f.rawValue) + ":" + (values.count == 1 ? values[0] : "[" + values.joined(separator: ",") + "]"))
                }
                objects.append("{" + members.joined(separator: ",") + "}")
            }
            let shown = units.isPlain ? "" : ",\"units\":{\"length\":\"\(units.lengthUnit)\",\"yUp\":\(units.yUp)}"
            return "{\"time\":\(jsonNumber(time))\(shown),\"items\":[" + objects.joined(separator: ",") + "]}\n"
        }
    }

    private func csvNumber(_ v: Double) -> String { NumberText.roundTrip(v) ?? "" }
    private func jsonNumber(_ v: Double) -> String { NumberText.roundTrip(v) ?? "null" }
}
