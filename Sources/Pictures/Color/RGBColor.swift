/// An opaque sRGB colour, 8 bits a channel: what every picture paints with.
public struct RGBColor: Hashable, Sendable {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8

    /// Makes a colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    /// Makes a colour from a 24-bit `0xRRGGBB` value; bits above 24 are ignored.
    public init(hex: UInt32) {
        red = UInt8(truncatingIfNeeded: hex >> 16)
        green = UInt8(truncatingIfNeeded: hex >> 8)
        blue = UInt8(truncatingIfNeeded: hex)
    }

    /// Parses a CSS colour: any of the 148 CSS named colours (any letter case), `#rgb` or `#rrggbb`.
    /// Surrounding spaces are allowed; anything else gives nil, never a trap, so scripts can report a bad colour.
    public init?(css text: String) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if trimmed.first == "#" {
            guard let parsed = RGBColor.parseHex(trimmed.dropFirst()) else { return nil }
            self = parsed
            return
        }
        guard let value = CSSColorTable.lookup(trimmed.lowercased()) else { return nil }
        self.init(hex: value)
    }

    /// The CSS colour names `init(css:)` knows, in ascending order (for suggestions).
    public static var names: [String] { CSSColorTable.entries.map(\.name) }

    /// The `#rrggbb` spelling, lower case, as SVG, HTML and CSS accept it.
    public var hexString: String {
        "#" + RGBColor.twoHexDigits(red) + RGBColor.twoHexDigits(green) + RGBColor.twoHexDigits(blue)
    }

    /// Relative brightness in 0...1 (Rec. 709 weights on the raw channels); enough to pick a readable label colour.
    public var brightness: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }

    private static func parseHex(_ digits: Substring) -> RGBColor? {
        var nibbles: [UInt8] = []
        for ch in digits.unicodeScalars {
            guard let n = hexValue(ch) else { return nil }
            nibbles.append(n)
        }
        switch nibbles.count {
        case 3:
            // #rgb doubles each digit: #f80 is #ff8800.
            return RGBColor(red: nibbles[0] * 17, green: nibbles[1] * 17, blue: nibbles[2] * 17)
        case 6:
            return RGBColor(red: nibbles[0] << 4 | nibbles[1], green: nibbles[2] << 4 | nibbles[3],
                            blue: nibbles[4] << 4 | nibbles[5])
        default:
            return nil
        }
    }

    private static func hexValue(_ ch: Unicode.Scalar) -> UInt8? {
        switch ch.value {
        case 0x30...0x39: return UInt8(ch.value - 0x30)
        case 0x41...0x46: return UInt8(ch.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(ch.value - 0x61 + 10)
        default: return nil
        }
    }

    private static func twoHexDigits(_ v: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
        return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }
}

extension RGBColor {
    /// The colour of an item that names none.
    public static let defaultItem = RGBColor(hex: 0x4682b4)  // steelblue
    /// Boundaries are drawn in a neutral grey so items stand out against them.
    public static let boundary = RGBColor(hex: 0x808080)
    /// Joints: a warm colour distinct from the usual item colours.
    public static let joint = RGBColor(hex: 0xff8c00)  // darkorange
    /// Contact points.
    public static let contact = RGBColor(hex: 0xdc143c)  // crimson

    /// The colour an item snapshot asks for, or the default when it names none or an unknown one.
    public static func item(_ css: String?) -> RGBColor {
        guard let css, let parsed = RGBColor(css: css) else { return defaultItem }
        return parsed
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (Foundation-free).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
