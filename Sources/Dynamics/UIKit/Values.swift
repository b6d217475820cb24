/// Insets of the reference bounds, as UIEdgeInsets: positive values move the boundary inward.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    /// Insets in points; positive moves inward.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset.
    public static let zero = EdgeInsets()
}

/// A closed range of values, as UIFloatRange; either end may be infinite (an unlimited range).
public struct FloatRange: Sendable, Equatable {
    public var minimum: Double
    public var maximum: Double
    /// The range from `minimum` to `maximum`.
    public init(minimum: Double, maximum: Double) { self.minimum = minimum; self.maximum = maximum }
    /// No limit at either end.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// Whether either end actually limits.
    public var isLimited: Bool { minimum.isFinite || maximum.isFinite }
}

/// The identifier of a collision boundary: a string or a number, as in UIKit (where it is any NSCopying object).
public enum BoundaryIdentifier: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)
    /// A whole number too large for a Double to hold exactly (beyond 2^53), kept exact so that two of them never
    /// stand for one boundary.
    case integer(Int64)
    /// A whole number prints without a fraction, as Lua prints integers.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .number(let x):
            if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
            return "\(x)"
        case .integer(let i): return String(i)
        }
    }
}

/// One piece of a boundary: a polyline in world coordinates, closed when its last point joins its first. It is the
/// same value as a flattened Path's subpath, so a Path's `subpaths` can be given to `addBoundary` as they are.
public typealias Polyline = Subpath

/// The unit vector at angle `a`: exact at whole quarter turns (cos(pi/2) is 6e-17 in floating point, which would tilt
/// "straight down" by that much), cos and sin elsewhere.
func unitVector(atAngle a: Double) -> Vector {
    let quarter = Double.pi / 2
    let turns = (a / quarter).rounded()
    if turns * quarter == a, abs(turns) < 1e15 {
        switch Int(turns) % 4 {
        case 0: return Vector(1, 0)
        case 1, -3: return Vector(0, 1)
        case 2, -2: return Vector(-1, 0)
        default: return Vector(0, -1)
        }
    }
    return Vector(cos(a), sin(a))
}
