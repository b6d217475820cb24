/// Locale-free number spelling for pictures and traces (no Foundation, no `printf`).
public enum NumberText {
    /// The shortest text that reads back as exactly `value` (Swift's own round-trip spelling),
    /// e.g. `0.1`, `5.0`, `1e-05`; nil for NaN and infinities, which CSV and JSON readers disagree on.
    public static func roundTrip(_ value: Double) -> String? {
        value.isFinite ? value.description : nil
    }

    /// `value` rounded to at most `digits` decimals with trailing zeros dropped (`1.5`, `-3`, `0.25`):
    /// short coordinates for SVG paths and replay data. Non-finite values spell as `0` so a document stays valid.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "0" }
        let d = max(0, min(9, digits))
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Past 2^53 the decimals carry no information anyway; fall back to the round-trip spelling.
        guard abs(scaled) < 9.0e15 else { return value.description }
        let integer = Int64(scaled)
        if integer == 0 { return "0" }
        let magnitude = integer.magnitude
        let divisor = UInt64(scale)
        let whole = magnitude / divisor
        var fraction = magnitude % divisor
        var text = integer < 0 ? "-" : ""
        text += String(whole)
        if fraction > 0 {
            var width = d
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            let fractionDigits = String(fraction)
            text += "." + String(repeating: "0", count: width - fractionDigits.count) + fractionDigits
        }
        return text
    }

    /// About `significant` significant digits, for axis labels: `0.0123`, `12.3`, `1235`, and the
    /// round-trip spelling for very large or very small magnitudes.
    public static func compact(_ value: Double, significant: Int = 4) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        guard magnitude < 1e9, magnitude >= 1e-4 else { return value.description }
        var exponent = 0
        var m = magnitude
        while m >= 10 { m /= 10; exponent += 1 }
        while m < 1 { m *= 10; exponent -= 1 }
        return fixed(value, digits: max(0, significant - 1 - exponent))
    }
}
