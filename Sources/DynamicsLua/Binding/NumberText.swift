#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dynamics

/// Text for numbers and points as the bindings show them to a person.
enum NumberText {
    /// `value` through a printf format with one double (Foundation-free, so the module stays light).
    static func format(_ format: String, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, 64, format, $0) }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A short form: integral values without a fraction (`160`), others with at most two decimals
    /// (`160.25`), and small non-zero values with three significant digits so they do not read as 0.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if value == value.rounded(), abs(value) < 1e15 { return format("%.0f", value == 0 ? 0 : value) }
        var text = format("%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        if text == "0" || text == "-0" { text = format("%.3g", value) }
        return text
    }

    /// A fixed number of decimals, with negative zero shown as zero (a tostring should not flicker `-0.0`).
    static func fixed(_ value: Double, decimals: Int) -> String {
        let text = format("%.\(decimals)f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
        return text
    }

    /// `(160, 443)`: the form `tostring(Point)` uses.
    static func point(_ v: Vector) -> String { "(\(short(v.x)), \(short(v.y)))" }

    /// `(160.0, 443.0)`: the one-decimal form used inside `tostring(view)`.
    static func point(_ v: Vector, decimals: Int) -> String {
        "(\(fixed(v.x, decimals: decimals)), \(fixed(v.y, decimals: decimals)))"
    }
}
