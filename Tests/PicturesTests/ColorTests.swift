import Testing
@testable import Pictures

@Suite struct ColorTests {
    @Test func namedColoursAreTheCSSValues() {
        #expect(RGBColor(css: "red") == RGBColor(red: 255, green: 0, blue: 0))
        #expect(RGBColor(css: "rebeccapurple") == RGBColor(red: 0x66, green: 0x33, blue: 0x99))
        #expect(RGBColor(css: "cornflowerblue")?.hexString == "#6495ed")
        #expect(RGBColor(css: "aliceblue")?.hexString == "#f0f8ff")
        #expect(RGBColor(css: "yellowgreen")?.hexString == "#9acd32")
        // The grey/gray spellings are the same colours.
        #expect(RGBColor(css: "darkslategrey") == RGBColor(css: "darkslategray"))
        #expect(RGBColor(css: "  SteelBlue ") == RGBColor(hex: 0x4682b4))
    }

    @Test func tableHasEveryNameOnceInOrder() {
        let names = CSSColorNames.all
        #expect(names.count == 148)
        #expect(zip(names, names.dropFirst()).allSatisfy { $0.0.utf8.lexicographicallyPrecedes($0.1.utf8) })
        // Every entry is reachable through the binary search.
        for name in names { #expect(RGBColor(css: name) != nil, "\(name)") }
    }

    @Test func hexForms() {
        #expect(RGBColor(css: "#ff8800") == RGBColor(red: 255, green: 136, blue: 0))
        #expect(RGBColor(css: "#F80") == RGBColor(red: 255, green: 136, blue: 0))
        #expect(RGBColor(css: "#000") == RGBColor(red: 0, green: 0, blue: 0))
        #expect(RGBColor(css: "#123456")?.hexString == "#123456")
    }

    @Test(arguments: ["", "#", "#12", "#1234", "#12345g", "#ggg", "notacolour", "red!", "#ff00ff00", "ｒed"])
    func badColoursAreNil(_ text: String) {
        #expect(RGBColor(css: text) == nil)
    }

    @Test func unknownItemColourFallsBackToTheDefault() {
        #expect(RGBColor.item("nope") == RGBColor.defaultItem)
        #expect(RGBColor.item(nil) == RGBColor.defaultItem)
        #expect(RGBColor.item("lime") == RGBColor(hex: 0x00ff00))
    }

    @Test func palette256PicksTheNearestEntry() {
        #expect(ANSIColor.paletteIndex(RGBColor(hex: 0xff0000)) == 196)  // cube (5,0,0)
        #expect(ANSIColor.paletteIndex(RGBColor(hex: 0x0000ff)) == 21)   // cube (0,0,5)
        #expect(ANSIColor.paletteIndex(RGBColor(hex: 0x000000)) == 16)
        #expect(ANSIColor.paletteIndex(RGBColor(hex: 0x808080)) == 244) // grey ramp 8 + 10 * 12 = 128
        #expect(ANSIColor.foreground(RGBColor(hex: 0x102030), mode: .trueColor) == "\u{1B}[38;2;16;32;48m")
        #expect(ANSIColor.foreground(RGBColor(hex: 0x102030), mode: .none) == "")
    }
}

@Suite struct ColorModeDetectionTests {
    @Test func followsTheEnvironmentConventions() {
        #expect(TerminalColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"], isTerminal: false) == .none)
        #expect(TerminalColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"], isTerminal: true) == .trueColor)
        #expect(TerminalColorMode.detect(environment: ["COLORTERM": "24bit", "NO_COLOR": "1"], isTerminal: true) == .none)
        #expect(TerminalColorMode.detect(environment: ["TERM": "xterm-256color"], isTerminal: true) == .palette256)
        #expect(TerminalColorMode.detect(environment: ["TERM": "dumb"], isTerminal: true) == .none)
        #expect(TerminalColorMode.detect(environment: [:], isTerminal: true) == .none)
    }
}
