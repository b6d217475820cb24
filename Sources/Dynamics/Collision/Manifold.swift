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
    /// The high byte names a feature of shape A and the low byte one of shape B (see `featureID`).
    public var id: UInt32
    /// A point from its parts.
    public init(anchorA: Vector, anchorB: Vector, point: Vector, separation: Double, id: UInt32) {
        self.anchorA = anchorA; self.anchorB = anchorB; self.point = point; self.separation = separation; self.id = id
    }
}

/// Up to two contact points between two convex shapes, with the normal pointing from A to B.
///
/// Stored compactly, since every contact keeps its latest one: the two points' geometry in place, their ids in 16
/// bits each (all `featureID` makes: a manifold keeps the low 16 bits of a point's id) and which points exist in
/// one byte, 133 bytes, where two optional points took 141 and left the contact record's flags a slot of their own.
public struct Manifold: Sendable {
    /// Unit normal from A to B in world coordinates (zero when there are no points).
    public var normal: Vector = .zero
    private var geometry1 = ManifoldPointGeometry.zero
    private var geometry2 = ManifoldPointGeometry.zero
    private var id1: UInt16 = 0
    private var id2: UInt16 = 0
    /// Bit 0 set when the first point exists, bit 1 when the second does.
    private var present: UInt8 = 0

    /// The first point, if any.
    public var point1: ManifoldPoint? {
        get { present & 1 != 0 ? geometry1.point(id: id1) : nil }
        set {
            if let p = newValue {
                geometry1 = ManifoldPointGeometry(p); id1 = UInt16(truncatingIfNeeded: p.id); present |= 1
            } else {
                present &= ~1
            }
        }
    }
    /// The second point, if any (only when point1 exists).
    public var point2: ManifoldPoint? {
        get { present & 2 != 0 ? geometry2.point(id: id2) : nil }
        set {
            if let p = newValue {
                geometry2 = ManifoldPointGeometry(p); id2 = UInt16(truncatingIfNeeded: p.id); present |= 2
            } else {
                present &= ~2
            }
        }
    }
    /// The id of the first point, if it exists (no point is assembled to read it).
    var id1IfPresent: UInt32? { present & 1 != 0 ? UInt32(id1) : nil }
    /// The id of the second point, if it exists.
    var id2IfPresent: UInt32? { present & 2 != 0 ? UInt32(id2) : nil }
    /// How many points there are (0, 1 or 2).
    public var pointCount: Int { Int(present & 1) + Int(present >> 1 & 1) }
    /// An empty manifold (no contact).
    public init() {}

    /// Adds a point in the first free slot (a manifold holds two).
    @inline(__always)
    mutating func append(_ p: ManifoldPoint) {
        if present & 1 == 0 {
            geometry1 = ManifoldPointGeometry(p); id1 = UInt16(truncatingIfNeeded: p.id); present |= 1
        } else {
            geometry2 = ManifoldPointGeometry(p); id2 = UInt16(truncatingIfNeeded: p.id); present |= 2
        }
    }

    /// The same contact seen from the other shape: normal reversed, anchors and feature halves swapped.
    func flipped() -> Manifold {
        var m = Manifold()
        m.normal = -normal
        func flip(_ p: ManifoldPoint) -> ManifoldPoint {
            ManifoldPoint(anchorA: p.anchorB, anchorB: p.anchorA, point: p.point, separation: p.separation,
                          id: (p.id & 0xFF) << 8 | (p.id >> 8) & 0xFF)
        }
        m.point1 = point1.map(flip)
        m.point2 = point2.map(flip)
        return m
    }
}

/// A manifold point less its id, as a manifold stores it.
struct ManifoldPointGeometry: Sendable {
    var anchorA: Vector
    var anchorB: Vector
    var point: Vector
    var separation: Double

    static let zero = ManifoldPointGeometry(anchorA: .zero, anchorB: .zero, point: .zero, separation: 0)

    init(anchorA: Vector, anchorB: Vector, point: Vector, separation: Double) {
        self.anchorA = anchorA; self.anchorB = anchorB; self.point = point; self.separation = separation
    }

    @inline(__always)
    init(_ p: ManifoldPoint) {
        self.init(anchorA: p.anchorA, anchorB: p.anchorB, point: p.point, separation: p.separation)
    }

    @inline(__always)
    func point(id: UInt16) -> ManifoldPoint {
        ManifoldPoint(anchorA: anchorA, anchorB: anchorB, point: point, separation: separation, id: UInt32(id))
    }
}

/// The id of a contact made by feature `a` (a vertex or edge index) of shape A and feature `b` of shape B.
@inlinable func featureID(_ a: Int, _ b: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: a & 0xFF) << 8 | UInt32(truncatingIfNeeded: b & 0xFF)
}

/// A manifold point from a point given in A's local frame.
@inlinable func manifoldPoint(local: Vector, separation: Double, id: UInt32,
                              _ xfA: Transform, _ xfB: Transform) -> ManifoldPoint {
    let anchorA = xfA.q.rotate(local)
    let world = anchorA + xfA.p
    return ManifoldPoint(anchorA: anchorA, anchorB: world - xfB.p, point: world, separation: separation, id: id)
}

/// The manifold between shape `a` placed by `xfA` and shape `b` placed by `xfB`, including speculative points
/// up to `Tolerance.speculativeDistance` apart. Segment-segment gives an empty manifold.
///
/// Polygons (and segments, as two-vertex polygons) use the separating axis test and clip the incident edge against
/// the reference edge, so a box resting on a box gets two points whose ids (reference edge end, incident vertex)
/// stay the same while the contact persists. Chain segments (`Shape.chainSegment`) only accept contact normals
/// their own part of the chain can produce: the face normal, the normals of an open end, and at a convex joint the
/// fan between their face and the next segment's face (the joint belongs to the segment before it). Anything else,
/// such as a box's side face meeting an internal vertex of a flattened curve, is replaced by a contact on the
/// segment's face, which is how a box slides along a chain without catching on its joints.
public func collide(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collide(pa, xfA, pb, xfB) } }
}

/// `collide` for shapes read in place (the world's shape storage): no shape is copied.
func collide(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform) -> Manifold {
    var hint = SeparatingFace.none
    return collide(a, xfA, b, xfB, hint: &hint)
}

/// `collide` with a contact's remembered separating face for polygon pairs (see `collidePolygons(_:_:_:_:hint:)`).
func collide(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform,
             hint: inout UInt8) -> Manifold {
    var m = Manifold()
    collide(a, xfA, b, xfB, into: &m, hint: &hint)
    return m
}

/// `collide` writing the manifold into `m`, whatever it held. The contact update points `m` at the manifold the
/// contact keeps: pairs of polygons, most of every pile, build theirs there, instead of returning 136 bytes through
/// each caller and copying them in.
func collide(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform,
             into m: inout Manifold, hint: inout UInt8) {
    if a.pointee.kind == .polygon && b.pointee.kind == .polygon && (a.pointee.count != 2 || b.pointee.count != 2)
        && a.pointee.coveredEdges == 0 && b.pointee.coveredEdges == 0 {
        if a.pointee.isAxisRectangle {
            if b.pointee.isAxisRectangle {
                collideRectangles(a, xfA, b, xfB, into: &m, hint: &hint)
            } else {
                collideRectangleAndPolygon(a, xfA, b, xfB, into: &m, hint: &hint)
            }
        } else {
            collidePolygons(a, xfA, b, xfB, into: &m, hint: &hint)
        }
        return
    }
    m = collideOthers(a, xfA, b, xfB, hint: &hint)
}

/// `collide` for every pair but two polygons without covered edges (at most one of them a capsule).
private func collideOthers(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform,
                           hint: inout UInt8) -> Manifold {
    switch (a.pointee.kind, b.pointee.kind) {
    case (.circle, .circle): return collideCircles(a.pointee, xfA, b.pointee, xfB)
    case (.polygon, .circle):
        // A capsule is a segment with a radius and no chain neighbours.
        if a.pointee.count == 2 { return collideSegmentAndCircle(a.pointee, xfA, b.pointee, xfB) }
        if a.pointee.coveredEdges != 0 { return collidePolygonAndCircleAvoidingCovered(a.pointee, xfA, b.pointee, xfB) }
        return collidePolygonAndCircle(a.pointee, xfA, b.pointee, xfB)
    case (.circle, .polygon):
        if b.pointee.count == 2 { return collideSegmentAndCircle(b.pointee, xfB, a.pointee, xfA).flipped() }
        if b.pointee.coveredEdges != 0 {
            return collidePolygonAndCircleAvoidingCovered(b.pointee, xfB, a.pointee, xfA).flipped()
        }
        return collidePolygonAndCircle(b.pointee, xfB, a.pointee, xfA).flipped()
    case (.polygon, .polygon):
        // Two capsules have no inside between them for the separating-axis test (see `collideCapsules`).
        if a.pointee.count == 2 && b.pointee.count == 2 { return collideCapsules(a, xfA, b, xfB) }
        if b.pointee.coveredEdges != 0 { return collidePolygonsAvoidingCovered(b, xfB, a, xfA).flipped() }
        if a.pointee.coveredEdges != 0 { return collidePolygonsAvoidingCovered(a, xfA, b, xfB) }
        // Not reached: `collide(into:)` takes the other pairs of polygons itself.
        return collidePolygons(a, xfA, b, xfB, hint: &hint)
    case (.segment, .circle): return collideSegmentAndCircle(a.pointee, xfA, b.pointee, xfB)
    case (.circle, .segment): return collideSegmentAndCircle(b.pointee, xfB, a.pointee, xfA).flipped()
    case (.segment, .polygon): return collideSegmentAndPolygon(a, xfA, b, xfB)
    case (.polygon, .segment): return collideSegmentAndPolygon(b, xfB, a, xfA).flipped()
    case (.segment, .segment): return Manifold()
    }
}
