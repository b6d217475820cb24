// SEAM (see Geometry/Shape.swift): contact manifolds.

/// One contact point of a manifold.
public struct ManifoldPoint: Sendable {
    /// The contact point relative to body A's origin, in world orientation.
    public var anchorA: Vector
    /// The contact point relative to body B's origin, in world orientation.
    public var anchorB: Vector
    /// The contact point in world coordinates (midway between the surfaces).
    public var point: Vector
    /// Signed distance between the surfaces along the normal; negative when overlapping.
    public var separation: Double
    /// Identifies the pair of features that made this point, stable from step to step for warm starting.
    public var id: UInt32
    public init(anchorA: Vector, anchorB: Vector, point: Vector, separation: Double, id: UInt32) {
        self.anchorA = anchorA; self.anchorB = anchorB; self.point = point; self.separation = separation; self.id = id
    }
}

/// Up to two contact points between two convex shapes, with the normal pointing from A to B.
public struct Manifold: Sendable {
    public var normal: Vector = .zero
    public var point1: ManifoldPoint? = nil
    public var point2: ManifoldPoint? = nil
    public var pointCount: Int { (point1 == nil ? 0 : 1) + (point2 == nil ? 0 : 1) }
    public init() {}
}

/// The manifold between shape `a` placed by `xfA` and shape `b` placed by `xfB`, including speculative points
/// up to `Tolerance.speculativeDistance` apart. Segment-segment gives an empty manifold.
public func collide(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold { fatalError("STUB") }
