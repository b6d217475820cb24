/// The side of a chain segment a shape is on, and which contact normals that side of the segment may produce.
/// A joint of a chain belongs to the segment before it: the segment after a joint never makes corner contacts
/// there, so each joint yields one contact and a smooth joint yields only face contacts.
struct ChainSide {
    let v1: Vector
    let v2: Vector
    let tangent: Vector
    /// The face normal on the shape's side.
    let normal: Vector
    /// Which stored edge faces the shape: 0 when `normal` is the segment's normal(0), 1 otherwise.
    let edge: Int
    let ghost1: Vector?
    let ghost2: Vector?

    /// The side of `segment` that `point` (in the segment's frame) is on; `hint` decides when the point is on the line.
    init(_ segment: Shape, facing point: Vector, hint: Vector) {
        v1 = segment.vertex(0)
        v2 = segment.vertex(1)
        tangent = (v2 - v1).normalized
        let n0 = segment.normal(0)
        var side = dot(n0, point - v1)
        if abs(side) < 1e-9 { side = dot(n0, hint) }
        edge = side >= 0 ? 0 : 1
        normal = side >= 0 ? n0 : -n0
        ghost1 = segment.ghost1
        ghost2 = segment.ghost2
    }

    /// Whether a contact normal `n` (from the segment toward the shape, in the segment's frame) is this segment's to make.
    func admits(_ n: Vector) -> Bool {
        // A face contact, give or take a hundredth of a radian.
        if dot(n, normal) >= 0.99995 { return true }
        if dot(n, tangent) < 0 { return ghost1 == nil }
        guard let g2 = ghost2 else { return true }
        let e1 = v2 - v1, e2 = g2 - v2
        // The joint bulges toward this side when the chain turns away from it.
        let sign: Double = edge == 0 ? 1 : -1
        guard sign * cross(e1, e2) > 0 else { return false }
        let next = sign * e2.rightPerp.normalized
        let turn = cross(normal, next)
        let slack = 1e-6
        return cross(normal, n) * turn >= -slack && cross(n, next) * turn >= -slack && dot(n, normal) > 0
    }
}

/// A segment (or a capsule: a segment with a radius) A against a circle B, one point; chain segments leave corner
/// contacts to their neighbours as `ChainSide` says.
@inline(__always)
func collideSegmentAndCircle(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    let c = xfA.inverseApply(xfB.apply(b.center))
    let v1 = a.vertex(0), v2 = a.vertex(1)
    let e = v2 - v1
    let len2 = e.lengthSquared
    let t = len2 > 0 ? dot(c - v1, e) / len2 : 0
    let onA = v1 + min(max(t, 0), 1) * e
    var m = Manifold()
    let side = ChainSide(a, facing: c, hint: a.normal(0))
    let (n, dist) = direction(from: onA, to: c, fallback: side.normal)
    let separation = dist - a.radius - b.radius
    guard separation <= Tolerance.speculativeDistance else { return m }
    if (t < 0 && a.ghost1 != nil) || (t > 1 && a.ghost2 != nil), !side.admits(n) { return m }
    let local = 0.5 * ((onA + a.radius * n) + (c - b.radius * n))
    let feature = t <= 0 ? 0 : (t >= 1 ? 1 : 2)
    m.normal = xfA.q.rotate(n)
    m.append(manifoldPoint(local: local, separation: separation, id: featureID(feature, 0), xfA, xfB))
    return m
}

/// A segment A against a polygon B. A chain segment that would make a normal it does not own (see `ChainSide`)
/// uses its own face as the reference instead, keeping only the points over its span.
func collideSegmentAndPolygon(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform) -> Manifold {
    // A segment and a capsule have no inside between them for the separating-axis test (see `collideCapsules`).
    let m = b.pointee.count == 2 ? collideCapsules(a, xfA, b, xfB) : collidePolygons(a, xfA, b, xfB)
    guard a.pointee.ghost1 != nil || a.pointee.ghost2 != nil, m.pointCount > 0 else { return m }
    let n = xfA.q.inverseRotate(m.normal)
    let centroidB = xfA.inverseApply(xfB.apply(b.pointee.centroid))
    let side = ChainSide(a.pointee, facing: centroidB, hint: n)
    if side.admits(n) { return m }
    return withLocalPolygons(a, b, xfA.inverseMultiplied(by: xfB)) { pa, pb in
        // -infinity skips the corner-to-corner case: this contact is on the face by construction.
        clipPolygons(reference: pa, edge: side.edge, incident: pb, separation: -Double.infinity, flip: false, xfA, xfB)
    }
}
