// The seam between the collision half (Geometry/, Collision/) and the solver half (Solver/, Behaviors/).
// A shape is a plain value with fixed-capacity inline storage, so the narrowphase never allocates.

/// Why a shape or path could not be made; the message is what a user should read.
public struct GeometryError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words for the person who wrote the script.
    public var message: String
    /// An error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message itself.
    public var description: String { message }
}

/// Mass properties of a shape at a given density (mass per square point).
public struct MassData: Sendable, Equatable {
    /// Mass (density times area).
    public var mass: Double
    /// Centre of mass in the shape's local frame.
    public var center: Vector
    /// Rotational inertia about the centre of mass.
    public var rotationalInertia: Double
    /// Mass properties from their parts.
    public init(mass: Double, center: Vector, rotationalInertia: Double) {
        self.mass = mass; self.center = center; self.rotationalInertia = rotationalInertia
    }
}

/// What kind of geometry a shape is.
public enum ShapeKind: Sendable { case circle, polygon, segment }

/// The fixed-capacity vertex storage of a shape: inline, so copying a shape or reading it allocates nothing.
public typealias ShapeVertices = InlineArray<24, Vector>

/// The geometry of one collision shape in its body's local frame (origin at the body's origin).
///
/// - A circle keeps its centre in vertex 0 and its radius in `radius`.
/// - A polygon keeps 3...`Shape.maxPolygonVertices` vertices in counter-clockwise order of the math convention
///   (every turn has a positive cross product), their outward edge normals, and an optional rounding `radius`.
/// - A segment keeps its two end points (vertices 0 and 1) and is two-sided; a segment cut from a chain also keeps
///   the chain's neighbouring points (`ghost1` before vertex 0, `ghost2` after vertex 1) so that shapes sliding along
///   the chain do not catch on its internal vertices (see `collide`).
public struct Shape: Sendable {
    /// The most vertices a polygon keeps; enough for a smooth ellipse. Bigger convex outlines are simplified to this many.
    public static let maxPolygonVertices = 24

    /// Circle, polygon or segment.
    public let kind: ShapeKind
    /// How many entries of the vertex storage are used (1 circle, 2 segment, 3... polygon).
    public private(set) var count: Int
    /// For a polygon of a static body: bit i set when edge i lies flush against a neighbouring static polygon's edge
    /// that covers it (abutting tiles). Nothing can touch such an edge from outside, so contacts never use its
    /// normal (see `collidePolygonsAvoidingCovered`).
    /// Beside `kind` and `count`, which the narrowphase reads first anyway, so testing it touches no more memory.
    public internal(set) var coveredEdges: UInt32 = 0
    /// The vertex storage; only the first `count` entries mean anything.
    public private(set) var storedVertices: ShapeVertices
    /// Outward unit normals of the edges (edge i runs from vertex i to vertex i+1); polygons and segments only.
    public private(set) var storedNormals: ShapeVertices
    /// The circle radius, or the rounding radius of a polygon (0 for a sharp one and for segments).
    public var radius: Double
    /// The area centroid of a polygon (the centre of a circle, the midpoint of a segment).
    public private(set) var centroid: Vector
    /// The chain point before vertex 0 of a chain segment, if any.
    public private(set) var ghost1: Vector?
    /// The chain point after vertex 1 of a chain segment, if any.
    public private(set) var ghost2: Vector?

    /// The vertices as an array (allocates: for drawing and set-up, not for hot loops; use `vertex(_:)` there).
    public var vertices: [Vector] { (0..<count).map { storedVertices[$0] } }
    // Reading through a span avoids copying the whole inline array to read one element.
    /// Vertex `i` (0 ..< count).
    @inlinable public func vertex(_ i: Int) -> Vector { storedVertices.span[i] }
    /// Outward normal of edge `i` (0 ..< count) of a polygon or segment.
    @inlinable public func normal(_ i: Int) -> Vector { storedNormals.span[i] }
    /// The centre of a circle.
    @inlinable public var center: Vector { storedVertices.span[0] }

    /// Stores up to `maxPolygonVertices` of `points`; callers have validated them.
    init(kind: ShapeKind, points: [Vector], radius: Double) {
        self.kind = kind
        self.count = min(points.count, Shape.maxPolygonVertices)
        self.radius = radius
        self.storedVertices = ShapeVertices(repeating: .zero)
        self.storedNormals = ShapeVertices(repeating: .zero)
        self.centroid = .zero
        for i in 0..<count { storedVertices[i] = points[i] }
        computeNormalsAndCentroid()
    }

    /// Fills the normals and centroid from the vertices; the vertices must already be validated.
    private mutating func computeNormalsAndCentroid() {
        switch kind {
        case .circle:
            centroid = storedVertices[0]
        case .segment:
            let e = storedVertices[1] - storedVertices[0]
            let n = e.rightPerp.normalized
            storedNormals[0] = n
            storedNormals[1] = -n
            centroid = 0.5 * (storedVertices[0] + storedVertices[1])
        case .polygon:
            for i in 0..<count {
                let e = storedVertices[i + 1 < count ? i + 1 : 0] - storedVertices[i]
                storedNormals[i] = e.rightPerp.normalized
            }
            centroid = polygonCentroid()
        }
    }

    /// The area centroid of the polygon's vertices (triangle fan about the first vertex, for accuracy far from the origin).
    private func polygonCentroid() -> Vector {
        let origin = storedVertices[0]
        guard count >= 3 else { return origin }
        var area = 0.0
        var c = Vector.zero
        for i in 1..<(count - 1) {
            let e1 = storedVertices[i] - origin
            let e2 = storedVertices[i + 1] - origin
            let a = 0.5 * cross(e1, e2)
            area += a
            c += (a / 3) * (e1 + e2)
        }
        return area > 0 ? origin + c / area : origin
    }

    /// A circle (also used for round items).
    public static func circle(center: Vector = .zero, radius: Double) -> Shape {
        Shape(kind: .circle, points: [center], radius: radius)
    }

    /// A rectangle centred on `center`, turned by `angle`.
    public static func box(halfWidth: Double, halfHeight: Double, center: Vector = .zero, angle: Double = 0) -> Shape {
        let q = Rotation(angle: angle)
        let corners = [Vector(-halfWidth, -halfHeight), Vector(halfWidth, -halfHeight),
                       Vector(halfWidth, halfHeight), Vector(-halfWidth, halfHeight)]
        return Shape(kind: .polygon, points: corners.map { q.rotate($0) + center }, radius: 0)
    }

    /// A two-sided segment (boundaries).
    public static func segment(_ a: Vector, _ b: Vector) -> Shape { Shape(kind: .segment, points: [a, b], radius: 0) }

    /// A two-sided segment cut from a chain (a flattened boundary path), knowing the chain's neighbouring points.
    /// `ghost1` precedes `a` and `ghost2` follows `b` along the chain; nil at an open end. Shapes then slide across
    /// the chain's internal vertices without catching on them (see `collide`).
    public static func chainSegment(_ a: Vector, _ b: Vector, ghost1: Vector?, ghost2: Vector?) -> Shape {
        var s = Shape(kind: .segment, points: [a, b], radius: 0)
        s.ghost1 = ghost1
        s.ghost2 = ghost2
        return s
    }
}
