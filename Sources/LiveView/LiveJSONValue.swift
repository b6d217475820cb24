/// A JSON value read from a page's message by `LiveJSONValue.parse`.
///
/// The reader is strict (RFC 8259 and nothing more): no comments, no trailing commas, no single quotes, no
/// leading zeros or `+`, no `NaN`, no raw control characters in strings, no lone surrogates, no repeated keys, no
/// text after the value. A page sends only what `JSON.stringify` writes, so anything looser is a page that is
/// not ours and its message is dropped. It exists so the live view needs no Foundation (`JSONDecoder`): that
/// library, with what it brings, cost every start of luadyn, served or not, about 8 ms and 11 MB resident
/// (docs/performance.md).
enum LiveJSONValue: Equatable {
    case object([String: LiveJSONValue])
    case array([LiveJSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Why a text is not JSON, with the byte offset where reading stopped.
    struct SyntaxError: Error, Equatable {
        var offset: Int
        var reason: String
    }

    /// Arrays and objects nest at most this deep: a message of ten thousand `[` is refused rather than
    /// read by ten thousand nested calls.
    static let maxDepth = 64

    /// The value `text` holds, or why it holds none.
    static func parse(_ text: String) throws(SyntaxError) -> LiveJSONValue {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.at == reader.bytes.count else { throw reader.error("text after the value") }
        return value
    }

    /// The number when this is a whole number a JavaScript page can write exactly (|n| ≤ 2^53), else nil.
    var integer: Int? {
        guard case .number(let x) = self, x.rounded() == x, abs(x) <= 9_007_199_254_740_992 else { return nil }
        return Int(x)
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        func error(_ reason: String) -> SyntaxError { SyntaxError(offset: at, reason: reason) }

        var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipWhitespace() {
            // JSON's four whitespace characters only (no form feed, no vertical tab, no Unicode spaces).
            while let b = next, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { at += 1 }
        }

        mutating func expect(_ word: String) throws(SyntaxError) {
            for b in word.utf8 {
                guard next == b else { throw error("expected '\(word)'") }
                at += 1
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> LiveJSONValue {
            guard let b = next else { throw error("expected a value, found the end") }
            switch b {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a value")
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> LiveJSONValue {
            guard depth <= LiveJSONValue.maxDepth else { throw error("nested deeper than \(LiveJSONValue.maxDepth)") }
            at += 1
            var fields: [String: LiveJSONValue] = [:]
            skipWhitespace()
            if next == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipWhitespace()
                guard next == UInt8(ascii: "\"") else { throw error("expected a key") }
                let keyStart = at
                let key = try string()
                // A repeated key means two readers could disagree on which one counts: refuse to guess.
                guard fields[key] == nil else { throw SyntaxError(offset: keyStart, reason: "key '\(key)' repeated") }
                skipWhitespace()
                guard next == UInt8(ascii: ":") else { throw error("expected ':'") }
                at += 1
                skipWhitespace()
                fields[key] = try value(depth: depth)
                skipWhitespace()
                switch next {
                case UInt8(ascii: ","): at += 1
                case UInt8(ascii: "}"): at += 1; return .object(fields)
                default: throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> LiveJSONValue {
            guard depth <= LiveJSONValue.maxDepth else { throw error("nested deeper than \(LiveJSONValue.maxDepth)") }
            at += 1
            var elements: [LiveJSONValue] = []
            skipWhitespace()
            if next == UInt8(ascii: "]") { at += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                switch next {
                case UInt8(ascii: ","): at += 1
                case UInt8(ascii: "]"): at += 1; return .array(elements)
                default: throw error("expected ',' or ']'")
                }
            }
        }

        /// A string, the reader on its opening quote.
        mutating func string() throws(SyntaxError) -> String {
            at += 1
            var out: [UInt8] = []
            while true {
                guard let b = next else { throw error("unterminated string") }
                switch b {
                case UInt8(ascii: "\""):
                    at += 1
                    // The bytes came from a Swift string and escapes are written as UTF-8: always valid.
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    at += 1
                    try escape(into: &out)
                case 0..<0x20:
                    throw error("control character in a string")
                default:
                    out.append(b)
                    at += 1
                }
            }
        }

        /// One escape, the reader just past its backslash.
        mutating func escape(into out: inout [UInt8]) throws(SyntaxError) {
            guard let b = next else { throw error("unterminated escape") }
            at += 1
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(b)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    // A high surrogate must be followed by an escaped low one; together they name one scalar.
                    guard next == UInt8(ascii: "\\") else { throw error("lone surrogate") }
                    at += 1
                    guard next == UInt8(ascii: "u") else { throw error("lone surrogate") }
                    at += 1
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("lone surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("lone surrogate")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("bad \\u escape") }
                out.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw error("unknown escape")
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard let b = next else { throw error("short \\u escape") }
                let digit: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
                default: throw error("bad \\u escape")
                }
                code = code << 4 | UInt32(digit)
                at += 1
            }
            return code
        }

        /// A number: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?, read by the standard library
        /// once its shape is checked (Double's own parser accepts more: hex, `inf`, a leading `+`).
        mutating func number() throws(SyntaxError) -> Double {
            let start = at
            if next == UInt8(ascii: "-") { at += 1 }
            if next == UInt8(ascii: "0") {
                at += 1
            } else {
                guard digits() > 0 else { throw error("expected a digit") }
            }
            if next == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { throw error("expected a digit after '.'") }
            }
            if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                at += 1
                if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw error("expected a digit in the exponent") }
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            // Too large a magnitude reads as infinity, which JSON cannot mean.
            guard let x = Double(text), x.isFinite else { throw SyntaxError(offset: start, reason: "number out of range") }
            return x
        }

        mutating func digits() -> Int {
            var count = 0
            while let b = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { at += 1; count += 1 }
            return count
        }
    }
}
