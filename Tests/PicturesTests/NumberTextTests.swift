import Testing
@testable import Pictures

@Suite struct NumberTextTests {
    @Test func fixedRoundsAndTrims() {
        #expect(NumberText.fixed(1.5, digits: 3) == "1.5")
        #expect(NumberText.fixed(-3, digits: 3) == "-3")
        #expect(NumberText.fixed(0.0004, digits: 3) == "0")
        #expect(NumberText.fixed(-0.0004, digits: 3) == "0")
        #expect(NumberText.fixed(0.05, digits: 2) == "0.05")
        #expect(NumberText.fixed(-12.345678, digits: 4) == "-12.3457")
        #expect(NumberText.fixed(7.0625, digits: 3) == "7.063" || NumberText.fixed(7.0625, digits: 3) == "7.062")
        #expect(NumberText.fixed(.nan, digits: 2) == "0")
        #expect(NumberText.fixed(1e300, digits: 3) == (1e300).description)
    }

    @Test func roundTripReadsBackExactly() {
        for v in [0.1, 1.0 / 3.0, -2.5e-12, 123456789.123, Double.pi, 1e300, -0.0] {
            let text = NumberText.roundTrip(v)
            #expect(text.flatMap(Double.init) == v)
        }
        #expect(NumberText.roundTrip(.infinity) == nil)
        #expect(NumberText.roundTrip(.nan) == nil)
    }

    @Test func compactKeepsAboutFourDigits() {
        #expect(NumberText.compact(1234.5678) == "1235")
        #expect(NumberText.compact(12.345678) == "12.35")
        #expect(NumberText.compact(0.0123456) == "0.01235")
        #expect(NumberText.compact(-7) == "-7")
        #expect(NumberText.compact(0) == "0")
    }
}
