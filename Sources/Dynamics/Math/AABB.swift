/// An axis-aligned bounding box.
public struct AABB: Hashable, Sendable {
    public var lower: Vector
    public var upper: Vector

    @inlinable public init(lower: Vector, upper: Vector) { self.lower = lower; self.upper = upper }

    @inlinable public var center: Vector { 0.5 * (lower + upper) }
    @inlinable public var extents: Vector { 0.5 * (upper - lower) }
    @inlinable public var width: Double { upper.x - lower.x }
    @inlinable public var height: Double { upper.y - lower.y }
    /// Half the perimeter's cost measure used by tree heuristics.
    @inlinable public var perimeter: Double { 2 * (upper.x - lower.x + upper.y - lower.y) }

    @inlinable public func union(_ b: AABB) -> AABB { AABB(lower: minVector(lower, b.lower), upper: maxVector(upper, b.upper)) }
    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inlinable public func contains(point v: Vector) -> Bool {
        v.x >= lower.x && v.x <= upper.x && v.y >= lower.y && v.y <= upper.y
    }
    @inlinable public func expanded(by margin: Double) -> AABB {
        AABB(lower: Vector(lower.x - margin, lower.y - margin), upper: Vector(upper.x + margin, upper.y + margin))
    }
}
