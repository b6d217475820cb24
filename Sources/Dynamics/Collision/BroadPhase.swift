// SEAM (see Geometry/Shape.swift): the broadphase.

/// Finds pairs of shapes whose fattened boxes overlap. Proxies are identified by an Int32 the broadphase hands out;
/// each carries the caller's `shapeIndex`. Pairs come out in a deterministic order.
public struct BroadPhase: Sendable {
    public init() {}
    /// Adds a shape's box; static proxies are never paired with each other.
    public mutating func createProxy(aabb: AABB, shapeIndex: Int32, isStatic: Bool) -> Int32 { fatalError("STUB") }
    public mutating func destroyProxy(_ proxy: Int32) { fatalError("STUB") }
    /// Moves a proxy when its tight box has left its fattened box.
    public mutating func moveProxy(_ proxy: Int32, aabb: AABB) { fatalError("STUB") }
    /// Calls `body` with the shape indices (lower first) of every overlapping pair that involves a moved proxy since the last call.
    public mutating func updatePairs(_ body: (Int32, Int32) -> Void) { fatalError("STUB") }
    /// Calls `body` with the shapeIndex of every proxy whose box overlaps `aabb`; return false to stop.
    public func query(_ aabb: AABB, _ body: (Int32) -> Bool) { fatalError("STUB") }
}
