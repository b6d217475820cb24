/// A polygon (or a segment as a two-vertex polygon, or a circle as one point) expressed in one body's frame, for
/// the narrowphase. Shape A is read in place where it is stored (its point block); shape B, moved into A's frame,
/// lives in stack scratch memory owned by `withLocalPolygons`. Nothing here copies a shape, which would count a
/// reference to its point block.
struct LocalPolygon {
    var count: Int
    var vertices: UnsafeBufferPointer<Vector>
    var normals: UnsafeBufferPointer<Vector>
    var radius: Double

    @inline(__always) func next(_ i: Int) -> Int { i + 1 < count ? i + 1 : 0 }

    @inline(__always)
    init(count: Int, vertices: UnsafeBufferPointer<Vector>, normals: UnsafeBufferPointer<Vector>, radius: Double) {
        self.count = count; self.vertices = vertices; self.normals = normals; self.radius = radius
    }

    /// The shape at `p` as it is, reading its storage in place (valid while `p` is).
    @inline(__always)
    init(inPlace p: UnsafePointer<Shape>) {
        let n = min(p.pointee.count, Shape.maxPolygonVertices)
        let start = UnsafePointer(p.pointee.points)
        count = n
        vertices = UnsafeBufferPointer(start: start, count: n)
        normals = UnsafeBufferPointer(start: start + p.pointee.count, count: n)
        radius = p.pointee.radius
    }
}

/// Calls `body` with shape `a` read in place and shape `b` moved by `xf` (B's placement in A's frame) into stack
/// scratch memory that lives for the call only. The scratch stays under 1 KB, which Swift always puts on the stack
/// (bigger temporary allocations cost a stack-size check or a heap allocation per call).
@inline(__always)
func withLocalPolygons<R>(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, _ xf: Transform,
                          _ body: (LocalPolygon, LocalPolygon) -> R) -> R {
    let cap = Shape.maxPolygonVertices
    return withUnsafeTemporaryAllocation(of: Vector.self, capacity: 2 * cap) { scratch in
        let pa = LocalPolygon(inPlace: a)
        let source = LocalPolygon(inPlace: b)
        let nb = source.count
        if nb == 4 {
            // Boxes, the common case: every point read before any is written, so the compiler needs no check that
            // the scratch and the shape's block overlap (its loop tests that on every call).
            let v = source.vertices, n = source.normals
            let v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3], n0 = n[0], n1 = n[1], n2 = n[2], n3 = n[3]
            scratch.initializeElement(at: 0, to: xf.apply(v0))
            scratch.initializeElement(at: 1, to: xf.apply(v1))
            scratch.initializeElement(at: 2, to: xf.apply(v2))
            scratch.initializeElement(at: 3, to: xf.apply(v3))
            scratch.initializeElement(at: cap, to: xf.q.rotate(n0))
            scratch.initializeElement(at: cap + 1, to: xf.q.rotate(n1))
            scratch.initializeElement(at: cap + 2, to: xf.q.rotate(n2))
            scratch.initializeElement(at: cap + 3, to: xf.q.rotate(n3))
        } else {
            for i in 0..<nb {
                scratch.initializeElement(at: i, to: xf.apply(source.vertices[i]))
                scratch.initializeElement(at: cap + i, to: xf.q.rotate(source.normals[i]))
            }
        }
        let base = UnsafeBufferPointer(scratch)
        let pb = LocalPolygon(count: nb, vertices: UnsafeBufferPointer(rebasing: base[0..<nb]),
                              normals: UnsafeBufferPointer(rebasing: base[cap..<(cap + nb)]), radius: source.radius)
        // Vector is a trivial type: the scratch needs no deinitialisation.
        return body(pa, pb)
    }
}

/// `withLocalPolygons` for shapes held as values (tests, queries): they are borrowed for the call, not copied.
@inline(__always)
func withLocalPolygons<R>(_ a: Shape, _ b: Shape, _ xf: Transform, _ body: (LocalPolygon, LocalPolygon) -> R) -> R {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in withLocalPolygons(pa, pb, xf, body) } }
}

/// The edge of `p1` along whose normal `p2` sticks out least, and by how much: the best separating axis among
/// `p1`'s faces (negative when the cores overlap along every one of them). Returns as soon as an axis separates
/// them by more than `stopAbove`, since the caller then only needs to know that they are apart.
func maxSeparation(_ p1: LocalPolygon, _ p2: LocalPolygon, stopAbove: Double = .infinity) -> (edge: Int, separation: Double) {
    var bestEdge = 0
    var best = -Double.infinity
    let n1 = p1.normals, v1 = p1.vertices, v2 = p2.vertices
    for i in 0..<p1.count {
        let n = n1[i], v = v1[i]
        var deepest = Double.infinity
        for j in 0..<p2.count {
            deepest = min(deepest, dot(n, v2[j] - v))
            // This face can no longer beat the best one.
            if deepest <= best { break }
        }
        if deepest > best {
            best = deepest
            bestEdge = i
            if best > stopAbove { break }
        }
    }
    return (bestEdge, best)
}

/// Two convex (rounded) polygons, either of which may be a segment.
func collidePolygons(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform) -> Manifold {
    var hint = SeparatingFace.none
    return collidePolygons(a, xfA, b, xfB, hint: &hint)
}

/// `collidePolygons` with the face that last separated the pair by more than the speculative distance: tried
/// first, it usually still does, and then no other face needs testing. Any face separating by that much means no
/// manifold, so the hint changes how fast the answer comes, never the answer.
func collidePolygons(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform,
                     hint: inout UInt8) -> Manifold {
    var m = Manifold()
    collidePolygons(a, xfA, b, xfB, into: &m, hint: &hint)
    return m
}

/// `collidePolygons` writing the manifold into `m` (see `collide(into:)`).
func collidePolygons(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform,
                     into m: inout Manifold, hint: inout UInt8) {
    withLocalPolygons(a, b, xfA.inverseMultiplied(by: xfB)) { pa, pb in
        collideLocalPolygons(pa, pb, xfA, xfB, into: &m, hint: &hint)
    }
}

/// A face remembered by `collidePolygons` in one byte: 0 for none, 1 + i for face i of A, 129 + i for face i of B.
enum SeparatingFace {
    static let none: UInt8 = 0

    @inline(__always) static func ofA(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: 1 + i) }
    @inline(__always) static func ofB(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: 129 + i) }
}

/// How far `p2` lies beyond face `i` of `p1`, along its normal (its deepest vertex); `maxSeparation`'s measure.
@inline(__always)
func faceSeparation(_ p1: LocalPolygon, _ i: Int, _ p2: LocalPolygon) -> Double {
    let n = p1.normals[i], v = p1.vertices[i], v2 = p2.vertices
    var deepest = Double.infinity
    for j in 0..<p2.count { deepest = min(deepest, dot(n, v2[j] - v)) }
    return deepest
}

/// `collidePolygons` once both polygons are in A's frame.
private func collideLocalPolygons(_ pa: LocalPolygon, _ pb: LocalPolygon, _ xfA: Transform, _ xfB: Transform,
                                  into m: inout Manifold, hint: inout UInt8) {
    let limit = Tolerance.speculativeDistance + pa.radius + pb.radius
    if hint != SeparatingFace.none {
        let ofB = hint > 128, face = Int(hint & 0x7F) - 1
        if face < (ofB ? pb.count : pa.count) {
            let s = ofB ? faceSeparation(pb, face, pa) : faceSeparation(pa, face, pb)
            if s > limit { m = Manifold(); return }
        }
    }
    let (edgeA, sepA) = maxSeparation(pa, pb, stopAbove: limit)
    guard sepA <= limit else { hint = SeparatingFace.ofA(edgeA); m = Manifold(); return }
    let (edgeB, sepB) = maxSeparation(pb, pa, stopAbove: limit)
    guard sepB <= limit else { hint = SeparatingFace.ofB(edgeB); m = Manifold(); return }
    // Prefer A's face unless B's is clearly better, so the choice does not flicker between nearly equal axes.
    if sepB > sepA + 0.1 * Tolerance.linearSlop {
        clipPolygons(reference: pb, edge: edgeB, incident: pa, separation: sepB, flip: true, xfA, xfB, into: &m)
        return
    }
    clipPolygons(reference: pa, edge: edgeA, incident: pb, separation: sepA, flip: false, xfA, xfB, into: &m)
}

/// Builds the manifold from a reference edge: the incident edge (the other polygon's edge facing it most) is
/// clipped to the reference edge's span. When the cores are apart and the nearest points of those two edges are
/// corners of both, the single corner-to-corner point is used instead, so speculative contacts near corners get
/// the true normal and gap.
/// Everything is in A's frame; `flip` says the reference polygon is B.
func clipPolygons(reference ref: LocalPolygon, edge i1: Int, incident inc: LocalPolygon, separation: Double,
                  flip: Bool, _ xfA: Transform, _ xfB: Transform) -> Manifold {
    var m = Manifold()
    clipPolygons(reference: ref, edge: i1, incident: inc, separation: separation, flip: flip, xfA, xfB, into: &m)
    return m
}

/// `clipPolygons` writing the manifold into `m`, whatever it held: the narrowphase builds a contact's manifold where
/// the contact keeps it, rather than returning it through each caller and copying it in.
func clipPolygons(reference ref: LocalPolygon, edge i1: Int, incident inc: LocalPolygon, separation: Double,
                  flip: Bool, _ xfA: Transform, _ xfB: Transform, into m: inout Manifold) {
    let i2 = ref.next(i1)
    let refVertices = ref.vertices, incVertices = inc.vertices, incNormals = inc.normals
    let v11 = refVertices[i1], v12 = refVertices[i2]
    let nRef = ref.normals[i1]
    var j1 = 0
    var mostFacing = Double.infinity
    for j in 0..<inc.count {
        let d = dot(nRef, incNormals[j])
        if d < mostFacing { mostFacing = d; j1 = j }
    }
    let j2 = inc.next(j1)
    clipIncidentEdge(ReferenceEdge(start: v11, end: v12, startIndex: i1, endIndex: i2, normal: nRef,
                                   tangent: (v12 - v11).normalized, radius: ref.radius),
                     IncidentEdge(start: incVertices[j1], end: incVertices[j2], startIndex: j1, endIndex: j2,
                                  radius: inc.radius),
                     separation: separation, flip: flip, xfA, xfB, into: &m)
}

/// The reference edge of a clipping, in A's frame: from `start` (vertex `startIndex` of its polygon) to `end`, its
/// outward unit `normal`, and `tangent`, the unit direction from start to end (`(end - start).normalized`, or a value
/// every projection along which rounds to the same numbers).
struct ReferenceEdge {
    var start: Vector
    var end: Vector
    var startIndex: Int
    var endIndex: Int
    var normal: Vector
    var tangent: Vector
    var radius: Double
}

/// The incident edge of a clipping, in A's frame: the other polygon's edge that faces the reference edge most, from
/// `start` (vertex `startIndex`) to `end`, running against the reference edge's direction.
struct IncidentEdge {
    var start: Vector
    var end: Vector
    var startIndex: Int
    var endIndex: Int
    var radius: Double
}

/// The clipping of `clipPolygons` once its edges are chosen, shared with the rectangles' narrowphase
/// (`collideRectangles`), which finds the edges with less work but must build the same manifold from them.
@inline(__always)
func clipIncidentEdge(_ ref: ReferenceEdge, _ inc: IncidentEdge, separation: Double, flip: Bool,
                      _ xfA: Transform, _ xfB: Transform, into m: inout Manifold) {
    let i1 = ref.startIndex, i2 = ref.endIndex, j1 = inc.startIndex, j2 = inc.endIndex
    let v11 = ref.start, v12 = ref.end, v21 = inc.start, v22 = inc.end
    let nRef = ref.normal
    let radii = ref.radius + inc.radius
    m = Manifold()
    @inline(__always) func id(_ refFeature: Int, _ incFeature: Int) -> UInt32 {
        flip ? featureID(incFeature, refFeature) : featureID(refFeature, incFeature)
    }

    // Where the incident edge (which runs against the reference edge's direction) lies along the reference edge.
    let tangent = ref.tangent
    let upper1 = dot(v12 - v11, tangent)
    let upper2 = dot(v21 - v11, tangent)
    let lower2 = dot(v22 - v11, tangent)
    // Edges that face each other along more than the slop meet face to face, even when their nearest points are
    // corners: equal boxes stacked flat have edges of one span, whose nearest points are any pair of ends, and one
    // corner point would put the whole impact on one side.
    let overlap = min(upper1, upper2) - max(0, lower2)
    if separation > 0.1 * Tolerance.linearSlop && overlap < Tolerance.linearSlop {
        // The nearest features lie on the reference and incident edges (the incident edge holds the other core's
        // deepest vertex along the reference normal), so their segment distance stands in for GJK on the cores.
        let c = closestPointsOfSegments(v11, v12, v21, v22)
        if (c.s == 0 || c.s == 1) && (c.t == 0 || c.t == 1) {
            let refVertex = c.s == 0 ? i1 : i2, incVertex = c.t == 0 ? j1 : j2
            let (n, dist) = direction(from: c.on1, to: c.on2, fallback: nRef)
            let sep = dist - radii
            guard sep <= Tolerance.speculativeDistance else { return }
            let local = 0.5 * ((c.on1 + ref.radius * n) + (c.on2 - inc.radius * n))
            m.normal = xfA.q.rotate(flip ? -n : n)
            m.append(manifoldPoint(local: local, separation: sep, id: id(refVertex, incVertex), xfA, xfB))
            return
        }
    }

    // Clip the incident edge to the reference edge's span.
    m.normal = xfA.q.rotate(flip ? -nRef : nRef)
    // An incident edge wholly past one end of the reference edge touches it, if at all, with its nearer end only.
    // (Clipping would extrapolate off the edge, to points outside the incident polygon.)
    if upper2 <= 0 || lower2 >= upper1 {
        let v = upper2 <= 0 ? v21 : v22
        let sep = dot(v - v11, nRef)
        if sep - radii <= Tolerance.speculativeDistance {
            let local = v + (0.5 * (ref.radius - inc.radius - sep)) * nRef
            let pointID = upper2 <= 0 ? id(i1, j1) : id(i2, j2)
            m.append(manifoldPoint(local: local, separation: sep - radii, id: pointID, xfA, xfB))
        } else {
            m.normal = .zero
        }
        return
    }
    var vLower = v22, vUpper = v21
    let span = upper2 - lower2
    if lower2 < 0 && span > 1e-12 { vLower = lerp(v22, v21, (0 - lower2) / span) }
    if upper2 > upper1 && span > 1e-12 { vUpper = lerp(v22, v21, (upper1 - lower2) / span) }
    let sLower = dot(vLower - v11, nRef)
    let sUpper = dot(vUpper - v11, nRef)

    if sLower - radii <= Tolerance.speculativeDistance {
        let local = vLower + (0.5 * (ref.radius - inc.radius - sLower)) * nRef
        m.append(manifoldPoint(local: local, separation: sLower - radii, id: id(i1, j2), xfA, xfB))
    }
    if sUpper - radii <= Tolerance.speculativeDistance {
        let local = vUpper + (0.5 * (ref.radius - inc.radius - sUpper)) * nRef
        m.append(manifoldPoint(local: local, separation: sUpper - radii, id: id(i2, j1), xfA, xfB))
    }
    if m.pointCount == 0 { m.normal = .zero }
}

/// The closest points of segments p1-q1 and p2-q2, with their fractions `s` and `t` along each (0 at p, 1 at q).
/// A fraction is exactly 0 or 1 when the point is that end, which is how the caller tells a corner from an edge.
@inline(__always)
func closestPointsOfSegments(_ p1: Vector, _ q1: Vector, _ p2: Vector, _ q2: Vector)
    -> (s: Double, t: Double, on1: Vector, on2: Vector) {
    @inline(__always) func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
    let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
    let a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r)
    let tiny = 1e-24
    var s = 0.0, t = 0.0
    if a <= tiny && e <= tiny {
        // Both are points.
    } else if a <= tiny {
        t = unit(f / e)
    } else {
        let c = dot(d1, r)
        if e <= tiny {
            s = unit(-c / a)
        } else {
            let b = dot(d1, d2)
            let denominator = a * e - b * b
            // Parallel segments: any point of the first will do to start; the clamps below settle it.
            s = denominator > 0 ? unit((b * f - c * e) / denominator) : 0
            t = (b * s + f) / e
            if t < 0 {
                t = 0
                s = unit(-c / a)
            } else if t > 1 {
                t = 1
                s = unit((b - c) / a)
            }
        }
    }
    return (s, t, p1 + s * d1, p2 + t * d2)
}
