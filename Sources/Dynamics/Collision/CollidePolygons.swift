/// A polygon (or a segment as a two-vertex polygon) expressed in another body's frame, for the narrowphase.
struct LocalPolygon {
    var count: Int
    var vertices: ShapeVertices
    var normals: ShapeVertices
    var radius: Double

    /// Shape `s` moved by `xf` (B's placement in A's frame, or the identity for A itself).
    init(_ s: Shape, _ xf: Transform) {
        count = s.count
        radius = s.radius
        vertices = s.storedVertices
        normals = s.storedNormals
        for i in 0..<count {
            vertices[i] = xf.apply(vertices[i])
            normals[i] = xf.q.rotate(normals[i])
        }
    }

    @inline(__always) func next(_ i: Int) -> Int { i + 1 < count ? i + 1 : 0 }
}

/// The edge of `p1` along whose normal `p2` sticks out least, and by how much: the best separating axis among
/// `p1`'s faces (negative when the cores overlap along every one of them).
func maxSeparation(_ p1: LocalPolygon, _ p2: LocalPolygon) -> (edge: Int, separation: Double) {
    var bestEdge = 0
    var best = -Double.infinity
    for i in 0..<p1.count {
        let n = p1.normals[i], v = p1.vertices[i]
        var deepest = Double.infinity
        for j in 0..<p2.count { deepest = min(deepest, dot(n, p2.vertices[j] - v)) }
        if deepest > best { best = deepest; bestEdge = i }
    }
    return (bestEdge, best)
}

/// Two convex (rounded) polygons, either of which may be a segment.
func collidePolygons(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    let pa = LocalPolygon(a, .identity)
    let pb = LocalPolygon(b, xfA.inverseMultiplied(by: xfB))
    let (edgeA, sepA) = maxSeparation(pa, pb)
    let (edgeB, sepB) = maxSeparation(pb, pa)
    guard max(sepA, sepB) <= Tolerance.speculativeDistance + pa.radius + pb.radius else { return Manifold() }
    // Prefer A's face unless B's is clearly better, so the choice does not flicker between nearly equal axes.
    if sepB > sepA + 0.1 * Tolerance.linearSlop {
        return clipPolygons(reference: pb, edge: edgeB, incident: pa, separation: sepB, flip: true, xfA, xfB)
    }
    return clipPolygons(reference: pa, edge: edgeA, incident: pb, separation: sepA, flip: false, xfA, xfB)
}

/// Builds the manifold from a reference edge: the incident edge (the other polygon's edge facing it most) is
/// clipped to the reference edge's span. When the cores are apart and the nearest features are two corners the
/// single corner-to-corner point is used instead, so speculative contacts near corners get the true normal.
/// Everything is in A's frame; `flip` says the reference polygon is B.
func clipPolygons(reference ref: LocalPolygon, edge i1: Int, incident inc: LocalPolygon, separation: Double,
                  flip: Bool, _ xfA: Transform, _ xfB: Transform) -> Manifold {
    let i2 = ref.next(i1)
    let v11 = ref.vertices[i1], v12 = ref.vertices[i2]
    let nRef = ref.normals[i1]
    var j1 = 0
    var mostFacing = Double.infinity
    for j in 0..<inc.count {
        let d = dot(nRef, inc.normals[j])
        if d < mostFacing { mostFacing = d; j1 = j }
    }
    let j2 = inc.next(j1)
    let v21 = inc.vertices[j1], v22 = inc.vertices[j2]
    let radii = ref.radius + inc.radius
    var m = Manifold()
    @inline(__always) func id(_ refFeature: Int, _ incFeature: Int) -> UInt32 {
        flip ? featureID(incFeature, refFeature) : featureID(refFeature, incFeature)
    }

    if separation > 0.1 * Tolerance.linearSlop {
        let c = closestPointsOfSegments(v11, v12, v21, v22)
        let refAtCorner = c.fraction1 == 0 || c.fraction1 == 1
        let incAtCorner = c.fraction2 == 0 || c.fraction2 == 1
        if refAtCorner && incAtCorner {
            let (n, dist) = direction(from: c.point1, to: c.point2, fallback: nRef)
            let sep = dist - radii
            guard sep <= Tolerance.speculativeDistance else { return m }
            let local = 0.5 * ((c.point1 + ref.radius * n) + (c.point2 - inc.radius * n))
            m.normal = xfA.q.rotate(flip ? -n : n)
            let refVertex = c.fraction1 == 0 ? i1 : i2
            let incVertex = c.fraction2 == 0 ? j1 : j2
            m.append(manifoldPoint(local: local, separation: sep, id: id(refVertex, incVertex), xfA, xfB))
            return m
        }
    }

    // Clip the incident edge (which runs against the reference edge's direction) to the reference edge's span.
    let tangent = (v12 - v11).normalized
    let upper1 = dot(v12 - v11, tangent)
    let upper2 = dot(v21 - v11, tangent)
    let lower2 = dot(v22 - v11, tangent)
    var vLower = v22, vUpper = v21
    let span = upper2 - lower2
    if lower2 < 0 && span > 1e-12 { vLower = lerp(v22, v21, (0 - lower2) / span) }
    if upper2 > upper1 && span > 1e-12 { vUpper = lerp(v22, v21, (upper1 - lower2) / span) }
    let sLower = dot(vLower - v11, nRef)
    let sUpper = dot(vUpper - v11, nRef)

    m.normal = xfA.q.rotate(flip ? -nRef : nRef)
    if sLower - radii <= Tolerance.speculativeDistance {
        let local = vLower + (0.5 * (ref.radius - inc.radius - sLower)) * nRef
        m.append(manifoldPoint(local: local, separation: sLower - radii, id: id(i1, j2), xfA, xfB))
    }
    if sUpper - radii <= Tolerance.speculativeDistance {
        let local = vUpper + (0.5 * (ref.radius - inc.radius - sUpper)) * nRef
        m.append(manifoldPoint(local: local, separation: sUpper - radii, id: id(i2, j1), xfA, xfB))
    }
    if m.pointCount == 0 { m.normal = .zero }
    return m
}
