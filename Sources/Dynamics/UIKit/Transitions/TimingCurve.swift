/// How an animation's progress follows its time (UIKit's UIViewAnimationCurve, UICubicTimingParameters and
/// UISpringTimingParameters): `progress(at:)` maps the fraction of the duration that has passed, 0...1, to the
/// fraction of the way from the start values to the end values (a spring may overshoot past 1 on its way).
public enum TimingCurve: Sendable, Equatable {
    case linear
    /// Cubic Bezier (0.42, 0) (1, 1).
    case easeIn
    /// Cubic Bezier (0, 0) (0.58, 1).
    case easeOut
    /// Cubic Bezier (0.42, 0) (0.58, 1).
    case easeInOut
    /// A cubic Bezier from (0, 0) to (1, 1) with these two control points (x within 0...1).
    case cubic(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A spring released from the start with no initial velocity, tuned so that it settles within the duration:
    /// its oscillations die down to a thousandth by the end, whatever the damping ratio (0 < ratio <= 1).
    case spring(dampingRatio: Double)

    /// The names Lua uses for the four standard curves.
    public static let names = ["easeInOut", "linear", "easeIn", "easeOut"]

    /// The standard curve of that name, or nil.
    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut": self = .easeInOut
        default: return nil
        }
    }

    /// The Lua name of a standard curve; "cubic" or "spring" otherwise.
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .cubic: return "cubic"
        case .spring: return "spring"
        }
    }

    /// The fraction of the way at `fraction` of the time. Exactly 0 at 0 and 1 at 1.
    public func progress(at fraction: Double) -> Double {
        let t = min(max(fraction, 0), 1)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(t, 0.42, 0, 1, 1)
        case .easeOut: return Self.bezier(t, 0, 0, 0.58, 1)
        case .easeInOut: return Self.bezier(t, 0.42, 0, 0.58, 1)
        case let .cubic(x1, y1, x2, y2): return Self.bezier(t, x1, y1, x2, y2)
        case let .spring(zeta): return Self.spring(t, zeta)
        }
    }

    /// y where the curve's x equals `x`: x(s) is increasing for control x within 0...1, so Newton's method from
    /// s = x, kept inside a shrinking bracket, finds s to machine precision in a few steps.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        // B(s) = 3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3, written as a cubic in s.
        func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
            let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
            return (a, b, c)
        }
        let (ax, bx, cx) = coefficients(x1, x2)
        let (ay, by, cy) = coefficients(y1, y2)
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<60 {
            let value = ((ax * s + bx) * s + cx) * s - x
            if abs(value) < 1e-14 { break }
            if value > 0 { hi = s } else { lo = s }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            var next = slope > 1e-12 ? s - value / slope : (lo + hi) / 2
            if next <= lo || next >= hi { next = (lo + hi) / 2 }
            s = next
        }
        return ((ay * s + by) * s + cy) * s
    }

    /// A unit step response of a damped oscillator in time normalised to the duration: the decay rate is chosen so
    /// the envelope falls to 1/1000 at the end.
    static func spring(_ t: Double, _ zeta: Double) -> Double {
        let decay = 6.907755278982137  // ln(1000)
        let omega = decay / zeta
        if zeta >= 1 {
            return 1 - exp(-omega * t) * (1 + omega * t)
        }
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega * t)
        return 1 - envelope * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
    }
}
