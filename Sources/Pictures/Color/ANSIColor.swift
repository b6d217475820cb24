/// How a terminal picture uses colour.
public enum TerminalColorMode: Sendable, Equatable {
    /// Plain text, no escape codes: for pipes, files and tests.
    case none
    /// The xterm 256-colour palette (`ESC[38;5;Nm`), for terminals without true colour.
    case palette256
    /// 24-bit colour (`ESC[38;2;R;G;Bm`).
    case trueColor
}

/// ANSI SGR escape sequences for foreground colours.
public enum ANSIColor {
    /// The sequence that resets every attribute.
    public static let reset = "\u{1B}[0m"

    /// The sequence that sets the foreground to `color` in `mode` (empty for `.none`).
    public static func foreground(_ color: RGBColor, mode: TerminalColorMode) -> String {
        switch mode {
        case .none: return ""
        case .trueColor: return "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
        case .palette256: return "\u{1B}[38;5;\(paletteIndex(color))m"
        }
    }

    /// The nearest xterm-256 palette entry: the better of the 6x6x6 cube and the 24-step grey ramp.
    /// The 16 system colours are skipped because terminals redefine them.
    public static func paletteIndex(_ color: RGBColor) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: Int) -> Int {
            var best = 0
            for i in 1..<levels.count where abs(levels[i] - v) < abs(levels[best] - v) { best = i }
            return best
        }
        let r = Int(color.red), g = Int(color.green), b = Int(color.blue)
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = (levels[ri], levels[gi], levels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi

        // Grey ramp entries 232...255 are 8, 18, ..., 238.
        let mean = (r + g + b) / 3
        let greyStep = max(0, min(23, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        func distance(_ c: (Int, Int, Int)) -> Int {
            (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
        }
        return distance((grey, grey, grey)) < distance(cube) ? 232 + greyStep : cubeIndex
    }
}

extension TerminalColorMode {
    /// The colour mode a terminal most likely supports, from the usual environment conventions:
    /// none when output is not a terminal or `NO_COLOR` is set, true colour when `COLORTERM` says so,
    /// 256 colours when `TERM` names them or is any other colour-capable terminal, none for `dumb`.
    public static func detect(environment: [String: String], isTerminal: Bool) -> TerminalColorMode {
        guard isTerminal else { return .none }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        return .palette256
    }
}
