/// Round numbers for a chart's axes: steps of 1, 2 or 5 times a power of ten, and labels with just the decimals
/// the step needs (0.25 shows as 0.25, 10 as 10, never 9.999).
enum PlotTicks {
    /// The round step giving about `ticks` intervals over `span`; nil when the span is not a finite positive number.
    static func step(for span: Double, ticks: Int) -> Double? {
        guard span.isFinite, span > 0, ticks > 0 else { return nil }
        let raw = span / Double(ticks)
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        guard power.isFinite, power > 0 else { return nil }
        for factor in [1.0, 2.0, 5.0, 10.0] where factor * power >= raw { return factor * power }
        return 10 * power
    }

    /// The multiples of `step` from `low` to `high`, ends included when they are multiples (at most 1000 of them).
    static func values(from low: Double, to high: Double, step: Double) -> [Double] {
        let first = (low / step).rounded(.up), last = (high / step).rounded(.down)
        guard first.isFinite, last.isFinite, last - first < 1000 else { return [] }
        var out: [Double] = []
        var k = first
        while k <= last {
            // Multiplying the count (not adding steps) keeps 0.1 steps from drifting to 0.30000000000000004.
            out.append(k * step)
            k += 1
        }
        return out
    }

    /// `value` with as many decimals as `step` needs; compact spelling when there is no step.
    static func label(_ value: Double, step: Double?) -> String {
        guard let step, value.isFinite, abs(value) < 1e9, step >= 1e-6 else { return NumberText.compact(value) }
        var digits = 0
        var scaled = step
        while digits < 6, (scaled - scaled.rounded()).magnitude > 1e-9 * max(1, scaled.magnitude) {
            scaled *= 10
            digits += 1
        }
        // A tick that is an exact multiple of the step is shown with the step's decimals; an end of a fixed range
        // that is not may need more.
        let text = NumberText.fixed(value, digits: digits)
        return text == "-0" ? "0" : text
    }
}
