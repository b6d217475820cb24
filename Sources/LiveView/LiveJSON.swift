/// A JSON text written by hand: frames go out 60 times a second with hundreds of items, so numbers are written
/// with at most three decimals (a thousandth of a point is far below a pixel) and no encoder walks a tree.
struct LiveJSON {
    private(set) var text = ""

    init(capacity: Int = 256) { text.reserveCapacity(capacity) }

    mutating func raw(_ s: String) { text += s }

    /// `x` with at most three decimals, trailing zeros dropped; a non-finite number is written as 0 (JSON has none).
    mutating func number(_ x: Double) {
        guard x.isFinite, abs(x) < 1e15 else { text += "0"; return }
        let scaled = Int((x * 1000).rounded())
        if scaled < 0 { text += "-" }
        let magnitude = scaled.magnitude
        text += String(magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let written = String(fraction)
        text += "." + String(repeating: "0", count: digits - written.count) + written
    }

    mutating func numbers(_ xs: [Double]) {
        text += "["
        for (i, x) in xs.enumerated() {
            if i > 0 { text += "," }
            number(x)
        }
        text += "]"
    }

    mutating func bool(_ b: Bool) { text += b ? "true" : "false" }

    /// A JSON string: quotes, backslashes and control characters escaped.
    mutating func string(_ s: String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// `"key":` (keys are ours and plain).
    mutating func key(_ k: String) { text += "\"" + k + "\":" }
}
