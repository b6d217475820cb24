/// Lua source spellings of strings and table keys, for the printer: what it shows can be pasted back into Lua.
public enum LuaQuoting {
    /// Lua's reserved words, which cannot be used as `name = ` keys.
    public static let keywords: [String] = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// True when `name` can be written bare in Lua (`t.name`, `{name = 1}`): an identifier that is not a keyword.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !isDigit(first) else { return false }
        return name.utf8.allSatisfy(isIdentifierByte) && !keywords.contains(name)
    }

    /// ASCII letters, digits and underscore: the bytes of a Lua name.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// `bytes` as a double-quoted Lua string literal. Valid UTF-8 is kept as it is (so text stays readable);
    /// control characters and bytes that are not UTF-8 become escapes.
    public static func quote(_ bytes: [UInt8]) -> String {
        var out = "\""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                offset += encoded.count
                appendEscaped(scalar, to: &out)
            case .error(let length):
                for byte in bytes[offset..<min(offset + length, bytes.count)] { out += hexEscape(byte) }
                offset += length
            case .emptyInput:
                return out + "\""
            }
        }
    }

    /// `text` as a double-quoted Lua string literal.
    public static func quote(_ text: String) -> String { quote(Array(text.utf8)) }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{07}": out += "\\a"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case "\u{0B}": out += "\\v"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += hexEscape(UInt8(scalar.value))
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// `\xNN`: unlike a decimal escape it cannot run into a digit that follows.
    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}
