import Testing
import Dynamics
@testable import DynamicsLua

/// Help's quantities in points, read in metres.
@Suite struct HelpUnitsTests {
    @Test func numbersWithAPointUnitGetTheirValueInMetres() {
        #expect(HelpUnits.inMetres("1 = 1000 pt/s^2", pointsPerMetre: 100) == "1 = 1000 pt/s^2 = 10 m/s^2")
        #expect(HelpUnits.inMetres("features about 50 pt across, 1 about 500 pt", pointsPerMetre: 100)
                == "features about 50 pt = 0.5 m across, 1 about 500 pt = 5 m")
        #expect(HelpUnits.inMetres("(distance / 100 pt)^-falloff", pointsPerMetre: 100) == "(distance / 100 pt = 1 m)^-falloff")
        #expect(HelpUnits.inMetres("mass per 10000 pt^2", pointsPerMetre: 100) == "mass per 10000 pt^2 = 1 m^2")
        #expect(HelpUnits.inMetres("2.5 pt/s", pointsPerMetre: 10) == "2.5 pt/s = 0.25 m/s")
    }

    @Test func otherWordsAndUnitsAreLeftAlone() {
        for text in ["10 pts", "100 pt/min", "Point, pt", "a 100x100 item", "v2 pt", "pi/2 is down", "3 ptx"] {
            #expect(HelpUnits.inMetres(text, pointsPerMetre: 100) == text)
        }
    }

    @Test func plainUnitsLeaveHelpAsItIs() {
        #expect(HelpUnits.shown("1000 pt/s^2", in: DisplayUnits()) == "1000 pt/s^2")
        #expect(HelpUnits.shown("1000 pt/s^2", in: nil) == "1000 pt/s^2")
        var up = DisplayUnits()
        up.yUp = true
        up.floor = 400
        let text = HelpUnits.shown("1000 pt/s^2", in: up)
        #expect(text.hasPrefix("1000 pt/s^2\n") && text.contains("y up from the floor (y = 400 pt)"))
    }
}
