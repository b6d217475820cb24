/// Who a shape collides with, in UIKit's terms. Collision behaviours are numbered by the animator; an item shape lists
/// the behaviours in which it meets other items and those in which it meets boundaries, a boundary shape names its owner.
struct CollisionFilter {
    /// Sorted ids of behaviours (mode items or everything) holding this item.
    var itemGroups: [Int32] = []
    /// Sorted ids of behaviours (mode boundaries or everything) holding this item.
    var boundaryGroups: [Int32] = []
    /// For a boundary segment, the behaviour that owns it; -1 for an item.
    var owner: Int32 = -1

    var isBoundary: Bool { owner >= 0 }
    /// Whether the shape can touch anything at all (an item in no collision behaviour cannot).
    var isEmpty: Bool { owner < 0 && itemGroups.isEmpty && boundaryGroups.isEmpty }

    /// The UIKit rule: two items collide when one behaviour holding both lets items collide; an item meets a boundary
    /// when it is in the boundary's behaviour with a mode that lets boundaries collide.
    func shouldCollide(with other: CollisionFilter) -> Bool {
        switch (isBoundary, other.isBoundary) {
        case (true, true): return false
        case (true, false): return other.boundaryGroups.contains(owner)
        case (false, true): return boundaryGroups.contains(other.owner)
        case (false, false): return sortedIntersect(itemGroups, other.itemGroups)
        }
    }
}

/// Whether two ascending arrays share an element.
private func sortedIntersect(_ a: [Int32], _ b: [Int32]) -> Bool {
    var i = 0, j = 0
    while i < a.count && j < b.count {
        if a[i] == b[j] { return true }
        if a[i] < b[j] { i += 1 } else { j += 1 }
    }
    return false
}

/// A shape placed in the world: the geometry, what it is attached to and its broadphase proxy.
/// 104 bytes: the 32-bit fields follow the filter, whose last field is one too, so none takes an 8-byte slot.
struct ShapeRecord {
    var shape: Shape
    var friction: Double
    var restitution: Double
    var filter: CollisionFilter
    var body: Int32
    /// The broadphase proxy, or -1 when the shape has none (it collides with nothing).
    var proxy: Int32 = -1
    var inUse = true
    /// Whether the body is static, as the broadphase was told (static pairs are never made).
    var isStatic = false
    /// The next shape of the same body, or -1 (see `Body.shape`).
    var nextOnBody: Int32 = -1
}

/// The boxes of a shape that the contact scan reads for every contact every step, kept in an array of their own
/// beside the shape records (`PhysicsWorld.bounds`, same handles): a record is most of a kilobyte, and reading two
/// boxes at its end for each of thousands of contacts touched a scattered cache line per shape.
struct ShapeBounds {
    /// The fattened box the broadphase holds.
    var fatAABB = AABB(lower: .zero, upper: .zero)
    /// The tight box where the body was last placed (after each step, on a move by hand, on a new proxy), so the
    /// narrowphase can tell shapes too far apart for any contact point without computing a manifold.
    var aabb = AABB(lower: .zero, upper: .zero)
    /// Whether `collide` gives this shape no point farther than `Tolerance.speculativeDistance` from the other
    /// shape. True for circles and polygons; chain segments may report a point on their face's line beyond their
    /// ends, so their pairs are always collided.
    var isBoxSeparable = true
}
