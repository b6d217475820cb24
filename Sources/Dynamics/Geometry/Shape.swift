// The seam between the collision half (Geometry/, Collision/) and the solver half (Solver/, Behaviors/).
// A shape is a small value whose points live in one block made with it and never changed after: copies share the
// block, and the narrowphase reads it in place through a plain pointer, so it neither allocates nor counts references.

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

/// The points of one shape in one heap block: its vertices, then its edge normals. Written only while the shape is
/// made, then read-only, so every copy of the shape shares it (immutable, hence safe to share between threads).
final class ShapePointBuffer: ManagedBuffer<Int, Vector> {
    /// A block of `count` points, all zero.
    static func make(count: Int) -> ShapePointBuffer {
        let buffer = unsafeDowncast(ShapePointBuffer.create(minimumCapacity: count) { _ in count },
                                    to: ShapePointBuffer.self)
        buffer.withUnsafeMutablePointerToElements { $0.initialize(repeating: .zero, count: count) }
        return buffer
    }

    /// The first point; valid while the buffer lives (the elements never move).
    var start: UnsafeMutablePointer<Vector> { withUnsafeMutablePointerToElements { $0 } }
}

/// The geometry of one collision shape in its body's local frame (origin at the body's origin).
///
/// - A circle keeps its centre in vertex 0 and its radius in `radius`.
/// - A capsule (`Shape.capsule`) is a rounded polygon of two vertices, its two centres.
/// - A polygon keeps 3...`Shape.maxPolygonVertices` vertices in counter-clockwise order of the math convention
///   (every turn has a positive cross product), their outward edge normals, and an optional rounding `radius`.
/// - A segment keeps its two end points (vertices 0 and 1) and is two-sided; a segment cut from a chain also keeps
///   the chain's neighbouring points (`ghost1` before vertex 0, `ghost2` after vertex 1) so that shapes sliding along
///   the chain do not catch on its internal vertices (see `collide`).
///
/// Sendable by hand: the pointer `points` reads the block `pointStorage` owns, which nothing writes after `init`.
public struct Shape: @unchecked Sendable {
    /// The most vertices a polygon keeps; enough for a smooth ellipse. Bigger convex outlines are simplified to this many.
    public static let maxPolygonVertices = 24

    /// Circle, polygon or segment.
    public let kind: ShapeKind
    /// Bit 0 set when the block holds `ghost1`, bit 1 when it holds `ghost2` (after the normals); bit 2 set for an
    /// axis rectangle (`isAxisRectangle`), kept here so a shape is no bigger.
    private var ghostMask: UInt8
    /// A four-vertex polygon whose edges run along its frame's axes, in `Shape.box`'s order (bottom, right, top,
    /// left in math axes: normals exactly (0, -1), (1, 0), (0, 1), (-1, 0)). The narrowphase then reads its faces'
    /// separations off the other shape's extent (see `collideRectangleAndPolygon`).
    var isAxisRectangle: Bool { ghostMask & 4 != 0 }
    /// `count`, in 16 bits beside the other small fields: a shape is then 48 bytes, not 56.
    @usableFromInline let storedCount: UInt16
    /// For a polygon of a static body: bit i set when edge i lies flush against a neighbouring static polygon's edge
    /// that covers it (abutting tiles). Nothing can touch such an edge from outside, so contacts never use its
    /// normal (see `collidePolygonsAvoidingCovered`).
    /// Beside `kind` and `count`, which the narrowphase reads first anyway, so testing it touches no more memory.
    public internal(set) var coveredEdges: UInt32 = 0
    /// How many entries of the vertex storage are used (1 circle, 2 segment, 3... polygon).
    @inlinable public var count: Int { Int(storedCount) }
    /// The vertices (`count` of them), then the outward unit normals of the edges (edge i runs from vertex i to
    /// vertex i+1; polygons and segments only; zero for a circle), then a chain segment's ghosts: the block
    /// `pointStorage` owns, read through a plain pointer so hot loops touch no reference count. A shape was 864
    /// bytes with inline room for 24 vertices and normals; now it is 56, and a box's block holds 8 points.
    @usableFromInline let points: UnsafeMutablePointer<Vector>
    /// Keeps `points` alive; shared by every copy of this shape.
    private let pointStorage: ShapePointBuffer
    /// The circle radius, or the rounding radius of a polygon (0 for a sharp one and for segments).
    public var radius: Double
    /// The area centroid of a polygon (the centre of a circle, the midpoint of a segment).
    public private(set) var centroid: Vector
    /// The chain point before vertex 0 of a chain segment, if any.
    public var ghost1: Vector? { ghostMask & 1 != 0 ? points[2 * max(count, 1)] : nil }
    /// The chain point after vertex 1 of a chain segment, if any.
    public var ghost2: Vector? { ghostMask & 2 != 0 ? points[2 * max(count, 1) + 1] : nil }

    /// The vertices as an array (allocates: for drawing and set-up, not for hot loops; use `vertex(_:)` there).
    public var vertices: [Vector] { (0..<count).map { points[$0] } }
    /// Vertex `i` (0 ..< count).
    @inlinable public func vertex(_ i: Int) -> Vector { points[i] }
    /// Outward normal of edge `i` (0 ..< count) of a polygon or segment.
    @inlinable public func normal(_ i: Int) -> Vector { points[count + i] }
    /// The centre of a circle.
    @inlinable public var center: Vector { points[0] }
    /// The normals as a pointer to `count` of them (the narrowphase reads them in place).
    @inlinable var normals: UnsafeMutablePointer<Vector> { points + count }

    /// Stores up to `maxPolygonVertices` of `points`, and a chain segment's ghosts; callers have validated them.
    init(kind: ShapeKind, points source: [Vector], radius: Double, ghost1: Vector? = nil, ghost2: Vector? = nil) {
        self.init(kind: kind, count: source.count, radius: radius, ghost1: ghost1, ghost2: ghost2) { vertices, count in
            for i in 0..<count { vertices[i] = source[i] }
        }
    }

    /// Stores up to `maxPolygonVertices` vertices, which `place` writes straight into the shape's block (given it and
    /// how many to write), and a chain segment's ghosts; callers have validated them. Placing shapes (a group's
    /// members) this way makes no list of points first.
    init(kind: ShapeKind, count requested: Int, radius: Double, ghost1: Vector? = nil, ghost2: Vector? = nil,
         placing place: (UnsafeMutablePointer<Vector>, Int) -> Void) {
        self.kind = kind
        let count = min(requested, Shape.maxPolygonVertices)
        self.storedCount = UInt16(count)
        self.radius = radius
        self.ghostMask = (ghost1 == nil ? 0 : 1) | (ghost2 == nil ? 0 : 2)
        // Room for at least one vertex and its normal, so a circle's centre (vertex 0) always exists; then room for
        // the ghosts of a chain segment that has any.
        let ghostStart = 2 * max(count, 1)
        let storage = ShapePointBuffer.make(count: ghostStart + (ghostMask == 0 ? 0 : 2))
        self.pointStorage = storage
        self.points = storage.start
        self.centroid = .zero
        place(storage.start, count)
        if let ghost1 { self.points[ghostStart] = ghost1 }
        if let ghost2 { self.points[ghostStart + 1] = ghost2 }
        computeNormalsAndCentroid()
        if kind == .polygon && count == 4 && Self.isAxisRectangle(points) { ghostMask |= 4 }
    }

    /// Whether four vertices (then their normals) at `p` outline a rectangle along the axes, in `Shape.box`'s order.
    private static func isAxisRectangle(_ p: UnsafeMutablePointer<Vector>) -> Bool {
        let n = p + 4
        return n[0] == Vector(0, -1) && n[1] == Vector(1, 0) && n[2] == Vector(0, 1) && n[3] == Vector(-1, 0)
            && p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
            && p[0].x < p[1].x && p[0].y < p[2].y
    }

    /// Fills the normals and centroid from the vertices; the vertices must already be validated. Only `init` calls
    /// it: afterwards the point block is never written.
    private mutating func computeNormalsAndCentroid() {
        let vertices = points, normals = points + count
        switch kind {
        case .circle:
            centroid = vertices[0]
        case .segment:
            let e = vertices[1] - vertices[0]
            let n = e.rightPerp.normalized
            normals[0] = n
            normals[1] = -n
            centroid = 0.5 * (vertices[0] + vertices[1])
        case .polygon:
            for i in 0..<count {
                let e = vertices[i + 1 < count ? i + 1 : 0] - vertices[i]
                normals[i] = e.rightPerp.normalized
            }
            centroid = polygonCentroid()
        }
    }

    /// The area centroid of the polygon's vertices (triangle fan about the first vertex, for accuracy far from the origin).
    private func polygonCentroid() -> Vector {
        let origin = points[0]
        // A capsule's core is its segment; it is symmetric about the midpoint.
        if count == 2 { return 0.5 * (points[0] + points[1]) }
        guard count >= 3 else { return origin }
        var area = 0.0
        var c = Vector.zero
        for i in 1..<(count - 1) {
            let e1 = points[i] - origin
            let e2 = points[i + 1] - origin
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
        // Placed as they are listed: one array, not a list of corners and its placed copy (every box item's shape).
        let corners = [q.rotate(Vector(-halfWidth, -halfHeight)) + center, q.rotate(Vector(halfWidth, -halfHeight)) + center,
                       q.rotate(Vector(halfWidth, halfHeight)) + center, q.rotate(Vector(-halfWidth, halfHeight)) + center]
        return Shape(kind: .polygon, points: corners, radius: 0)
    }

    /// `box(halfWidth:halfHeight:)` placed by `xf` (a group member's box in its group's frame): the same corners,
    /// each mapped by `xf` as `transformed(by:)` would, written straight into the shape's block.
    static func box(halfWidth: Double, halfHeight: Double, placedBy xf: Transform) -> Shape {
        Shape(kind: .polygon, count: 4, radius: 0) { corners, _ in
            corners[0] = xf.apply(Vector(-halfWidth, -halfHeight)); corners[1] = xf.apply(Vector(halfWidth, -halfHeight))
            corners[2] = xf.apply(Vector(halfWidth, halfHeight)); corners[3] = xf.apply(Vector(-halfWidth, halfHeight))
        }
    }

    /// A two-sided segment (boundaries).
    public static func segment(_ a: Vector, _ b: Vector) -> Shape { Shape(kind: .segment, points: [a, b], radius: 0) }

    /// A two-sided segment cut from a chain (a flattened boundary path), knowing the chain's neighbouring points.
    /// `ghost1` precedes `a` and `ghost2` follows `b` along the chain; nil at an open end. Shapes then slide across
    /// the chain's internal vertices without catching on them (see `collide`).
    public static func chainSegment(_ a: Vector, _ b: Vector, ghost1: Vector?, ghost2: Vector?) -> Shape {
        Shape(kind: .segment, points: [a, b], radius: 0, ghost1: ghost1, ghost2: ghost2)
    }
}
