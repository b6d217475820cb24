/// A small strict JSON reader for the tests. Foundation's JSONSerialization on Linux does not read every double
/// back exactly, and the traces promise exact round trips, so numbers here go through `Double(String)`.
enum MiniJSON: Equatable {
    case null, bool(Bool), number(Double), string(String), array([MiniJSON]), object([(String, MiniJSON)])

    static func == (a: MiniJSON, b: MiniJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    subscript(key: String) -> MiniJSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }
    subscript(index: Int) -> MiniJSON? {
        if case .array(let values) = self, values.indices.contains(index) { return values[index] }
        return nil
    }
    var number: Double? { if case .number(let v) = self { return v }; return nil }
    var string: String? { if case .string(let v) = self { return v }; return nil }
    var count: Int? {
        switch self { case .array(let v): return v.count; case .object(let m): return m.count; default: return nil }
    }

    /// Parses one JSON value that fills the whole text (surrounding white space allowed); nil if malformed.
    static func parse(_ text: String) -> MiniJSON? {
        var reader = Reader(chars: Array(text.unicodeScalars))
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.at == reader.chars.count ? value : nil
    }

    private struct Reader {
        let chars: [Unicode.Scalar]
        var at = 0
        mutating func skipSpace() { while at < chars.count, " \t\n\r".unicodeScalars.contains(chars[at]) { at += 1 } }
        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.unicodeScalars)
            guard at + w.count <= chars.count, Array(chars[at..<at + w.count]) == w else { return false }
            at += w.count
            return true
        }
        mutating func value() -> MiniJSON? {
            skipSpace()
            guard at < chars.count else { return nil }
            switch chars[at] {
            case "{":
                at += 1
                var members: [(String, MiniJSON)] = []
                skipSpace()
                if at < chars.count, chars[at] == "}" { at += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard at < chars.count, chars[at] == ":" else { return nil }
                    at += 1
                    guard let v = value() else { return nil }
                    members.append((key, v))
                    skipSpace()
                    guard at < chars.count else { return nil }
                    if chars[at] == "," { at += 1; continue }
                    if chars[at] == "}" { at += 1; return .object(members) }
                    return nil
                }
            case "[":
                at += 1
                var values: [MiniJSON] = []
                skipSpace()
                if at < chars.count, chars[at] == "]" { at += 1; return .array(values) }
                while true {
                    guard let v = value() else { return nil }
                    values.append(v)
                    skipSpace()
                    guard at < chars.count else { return nil }
                    if chars[at] == "," { at += 1; continue }
                    if chars[at] == "]" { at += 1; return .array(values) }
                    return nil
                }
            case "\"": return string().map(MiniJSON.string)
            case "n": return literal("null") ? .null : nil
            case "t": return literal("true") ? .bool(true) : nil
            case "f": return literal("false") ? .bool(false) : nil
            default:
                var text = ""
                while at < chars.count, "-+.eE0123456789".unicodeScalars.contains(chars[at]) { text.unicodeScalars.append(chars[at]); at += 1 }
                return Double(text).map(MiniJSON.number)
            }
        }
        mutating func string() -> String? {
            guard at < chars.count, chars[at] == "\"" else { return nil }
            at += 1
            var out = ""
            while at < chars.count {
                let c = chars[at]; at += 1
                if c == "\"" { return out }
                if c != "\\" { out.unicodeScalars.append(c); continue }
                guard at < chars.count else { return nil }
                let e = chars[at]; at += 1
                switch e {
                case "\"", "\\", "/": out.unicodeScalars.append(e)
                case "n": out += "\n"
                case "r": out += "\r"
                case "t": out += "\t"
                case "b": out += "\u{8}"
                case "f": out += "\u{c}"
                case "u":
                    guard at + 4 <= chars.count, let v = UInt32(String(String.UnicodeScalarView(chars[at..<at + 4])), radix: 16),
                          let s = Unicode.Scalar(v) else { return nil }
                    out.unicodeScalars.append(s); at += 4
                default: return nil
                }
            }
            return nil
        }
    }
}
