import Pictures

/// A JSON text written by hand into bytes: frames go out 60 times a second with hundreds of items, so numbers are
/// written digit by digit with at most three decimals (a thousandth of a point is far below a pixel), and no
/// encoder walks a tree or makes a string per number.
struct LiveJSON {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// `x` with at most three decimals, trailing zeros dropped; a non-finite number is written as 0 (JSON has none).
    mutating func number(_ x: Double) {
        guard x.isFinite, abs(x) < 1e15 else { bytes.append(UInt8(ascii: "0")); return }
        let scaled = Int((x * 1000).rounded())
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        digits(magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return }
        var count = 3
        while fraction % 10 == 0 { fraction /= 10; count -= 1 }
        bytes.append(UInt8(ascii: "."))
        // Leading zeros of the fraction: 0.005 is "005" cut to its `count` digits.
        var divisor: UInt = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    private mutating func digits(_ n: UInt) {
        if n >= 10 { digits(n / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    mutating func numbers(_ xs: [Double]) {
        bytes.append(UInt8(ascii: "["))
        for (i, x) in xs.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            number(x)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func bool(_ b: Bool) { raw(b ? "true" : "false") }

    /// A JSON string, escaped as the pictures escape theirs.
    mutating func string(_ s: String) { raw(Escaping.jsonString(s)) }

    /// `"key":` (keys are ours and plain).
    mutating func key(_ k: String) { raw("\"" + k + "\":") }
}
