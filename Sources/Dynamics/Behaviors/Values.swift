/// Insets of the reference bounds, as UIEdgeInsets: positive values move the boundary inward.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

/// A closed range of values, as UIFloatRange; either end may be infinite (an unlimited range).
public struct FloatRange: Sendable, Equatable {
    public var minimum: Double
    public var maximum: Double
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
    /// A whole number prints without a fraction, as Lua prints integers.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .number(let x):
            if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
            return "\(x)"
        }
    }
}

/// One piece of a boundary: a polyline in world coordinates, closed when its last point joins its first.
public struct Polyline: Sendable, Equatable {
    public var points: [Vector]
    public var isClosed: Bool
    public init(points: [Vector], isClosed: Bool) { self.points = points; self.isClosed = isClosed }
}
