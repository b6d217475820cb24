import Dynamics
import Pictures

/// Help read by someone whose animator shows other units than scripts use. Help describes the script API, which is
/// always in points with y down, so its words stay; but with `animator.units = "metres"` every quantity help quotes in
/// points ("1000 pt/s^2") gets its value in metres beside it ("1000 pt/s^2 = 10 m/s^2"), and a last line says what the
/// animator shows and that scripts still use points. Plain units (points, y down) leave help as it is.
enum HelpUnits {
    /// `text` for an animator showing `units` (nil: no animator yet, help as it is).
    static func shown(_ text: String, in units: DisplayUnits?) -> String {
        guard let units, !units.isPlain else { return text }
        let converted = units.metres ? inMetres(text, pointsPerMetre: units.pointsPerMetre) : text
        return converted + "\n" + note(units)
    }

    /// What the current animator shows, in one line.
    static func note(_ units: DisplayUnits) -> String {
        var shows: [String] = []
        if units.metres { shows.append("metres (\(number(units.pointsPerMetre)) pt = 1 m, energies in J)") }
        if units.yUp { shows.append("y up from the floor (y = \(number(units.floor)) pt), angles counter-clockwise") }
        return "Display units: the animator shows " + shows.joined(separator: ", ")
            + "; scripts still read and write points, y down, as written above."
    }

    /// The units help quotes, longest first so "pt/s^2" is not read as "pt/s"; each with its metre unit and power.
    private static let quoted: [(points: String, metres: String, power: Int)] = [
        ("pt/s^2", "m/s^2", 1), ("pt^2", "m^2", 2), ("pt/s", "m/s", 1), ("pt", "m", 1),
    ]

    /// Every "NUMBER UNIT" in points followed by " = VALUE METRE-UNIT".
    static func inMetres(_ text: String, pointsPerMetre: Double) -> String {
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
            // A number starts at a digit that does not continue a word or another number.
            let startsNumber = chars[i].isNumber && (i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "."))
            guard startsNumber else { out.append(chars[i]); i += 1; continue }
            var j = i
            while j < chars.count, chars[j].isNumber || (chars[j] == "." && j + 1 < chars.count && chars[j + 1].isNumber) { j += 1 }
            let numberText = String(chars[i..<j])
            out += numberText
            i = j
            guard j < chars.count, chars[j] == " ", let value = Double(numberText) else { continue }
            for unit in quoted {
                let u = Array(unit.points), end = j + 1 + u.count
                guard end <= chars.count, Array(chars[(j + 1)..<end]) == u else { continue }
                // The unit must end there ("pt" and not "pts" or "pt/min").
                if end < chars.count, chars[end].isLetter || chars[end] == "/" || chars[end] == "^" { continue }
                var scale = 1.0
                for _ in 0..<unit.power { scale *= pointsPerMetre }
                out += " " + unit.points + " = " + number(value / scale) + " " + unit.metres
                i = end
                break
            }
        }
        return out
    }

    private static func number(_ x: Double) -> String { Pictures.NumberText.compact(x, significant: 6) }
}
