/// Where a field acts, UIKit's UIRegion: a shape placed at the field's position, combined with others by set
/// operations. Only items whose centre lies inside feel the field. Immutable: every operation makes a new region.
public indirect enum Region: Sendable, Equatable {
    /// Everywhere (the default).
    case infinite
    /// A disc of this radius around the origin.
    case circle(radius: Double)
    /// A rectangle of this size centred on the origin.
    case rectangle(size: Vector)
    /// Everywhere the region is not.
    case inverse(Region)
    /// Points in either.
    case union(Region, Region)
    /// Points in the first and not in the second.
    case difference(Region, Region)
    /// Points in both.
    case intersection(Region, Region)

    /// A disc of `radius` (finite, not negative).
    public static func radius(_ radius: Double) throws(DynamicsError) -> Region {
        try checkNonNegative(radius, "radius")
        return .circle(radius: radius)
    }

    /// A rectangle of `size` (finite, not negative), centred on the origin.
    public static func size(_ size: Vector) throws(DynamicsError) -> Region {
        try checkNonNegative(size.x, "width")
        try checkNonNegative(size.y, "height")
        return .rectangle(size: size)
    }

    /// Whether `p`, relative to the region's origin, lies inside (boundaries included).
    public func contains(_ p: Vector) -> Bool {
        switch self {
        case .infinite: return true
        case let .circle(r): return p.lengthSquared <= r * r
        case let .rectangle(size): return abs(p.x) <= 0.5 * size.x && abs(p.y) <= 0.5 * size.y
        case let .inverse(a): return !a.contains(p)
        case let .union(a, b): return a.contains(p) || b.contains(p)
        case let .difference(a, b): return a.contains(p) && !b.contains(p)
        case let .intersection(a, b): return a.contains(p) && b.contains(p)
        }
    }

    /// `contains`, with the plain shapes tested inline: fields ask once per item per frame, and most regions are one
    /// disc or one rectangle.
    @inline(__always)
    func quicklyContains(_ p: Vector) -> Bool {
        switch self {
        case .infinite: return true
        case let .circle(r): return p.lengthSquared <= r * r
        case let .rectangle(size): return abs(p.x) <= 0.5 * size.x && abs(p.y) <= 0.5 * size.y
        default: return contains(p)
        }
    }

    /// Whether the region is everywhere, so no test is needed.
    var isInfinite: Bool { if case .infinite = self { true } else { false } }

    /// `Region(50)`, `Region{ size = {40, 20} }`, `Region.infinite`, `(a ∪ b)` and so on, for printing.
    public var description: String {
        switch self {
        case .infinite: return "infinite"
        case let .circle(r): return "radius \(shortNumber(r))"
        case let .rectangle(s): return "size \(shortNumber(s.x))x\(shortNumber(s.y))"
        case let .inverse(a): return "not (\(a.description))"
        case let .union(a, b): return "(\(a.description)) or (\(b.description))"
        case let .difference(a, b): return "(\(a.description)) minus (\(b.description))"
        case let .intersection(a, b): return "(\(a.description)) and (\(b.description))"
        }
    }
}

/// A number without a trailing ".0" when it is whole.
private func shortNumber(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}
