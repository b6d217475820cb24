/// How a terminal cell is split into dots, and the character that shows each pattern of lit dots.
public enum CellGlyphs: Sendable, Equatable {
    /// Unicode braille, 2 x 4 dots a cell: the finest resolution.
    case braille
    /// Unicode quadrant blocks, 2 x 2 dots a cell: bolder, for fonts with poor braille.
    case blocks
    /// Plain ASCII, 1 x 2 dots a cell (`'`, `.`, `:`): for any terminal or log.
    case ascii

    /// Dots across one cell.
    public var columnsPerCell: Int {
        switch self {
        case .braille, .blocks: return 2
        case .ascii: return 1
        }
    }

    /// Dots down one cell.
    public var rowsPerCell: Int {
        switch self {
        case .braille: return 4
        case .blocks, .ascii: return 2
        }
    }

    /// The bit for the dot at column `dx`, row `dy` of a cell; patterns are ORs of these bits.
    /// Braille follows the Unicode dot numbering (dots 1-2-3 down the left, 4-5-6 down the right, then 7 and 8
    /// on the bottom row), so the pattern is directly the offset from U+2800.
    public func bit(column dx: Int, row dy: Int) -> UInt8 {
        switch self {
        case .braille:
            return CellGlyphs.brailleBits[(dy & 3) * 2 + (dx & 1)]
        case .blocks:
            return UInt8(1) << UInt8((dy & 1) * 2 + (dx & 1))
        case .ascii:
            return UInt8(1) << UInt8(dy & 1)
        }
    }

    /// The character that shows `pattern`; an empty pattern is a space.
    public func character(for pattern: UInt8) -> Character {
        switch self {
        case .braille:
            if pattern == 0 { return " " }
            return Character(Unicode.Scalar(0x2800 + UInt32(pattern)) ?? " ")
        case .blocks:
            return CellGlyphs.quadrants[Int(pattern & 15)]
        case .ascii:
            return CellGlyphs.asciiHalves[Int(pattern & 3)]
        }
    }

    /// Braille bits by (row * 2 + column).
    private static let brailleBits: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
    /// Quadrant blocks by pattern: bits 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right.
    private static let quadrants: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
    /// ASCII by pattern: bit 1 the upper half, bit 2 the lower.
    private static let asciiHalves: [Character] = [" ", "'", ".", ":"]
}
