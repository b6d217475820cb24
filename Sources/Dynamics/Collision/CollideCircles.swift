/// Circle against circle: one point on the line between the centres.
@inline(__always)
func collideCircles(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    let cA = a.center
    let cB = xfA.inverseApply(xfB.apply(b.center))
    let d = cB - cA
    let dist = d.length
    let separation = dist - a.radius - b.radius
    var m = Manifold()
    guard separation <= Tolerance.speculativeDistance else { return m }
    // Coincident centres have no direction; any fixed one keeps the result deterministic.
    let n = dist > 1e-12 ? d / dist : Vector(1, 0)
    let local = 0.5 * ((cA + a.radius * n) + (cB - b.radius * n))
    m.normal = xfA.q.rotate(n)
    m.append(manifoldPoint(local: local, separation: separation, id: 0, xfA, xfB))
    return m
}

/// A (rounded) polygon A against circle B: the circle meets the polygon's nearest face or corner.
@inline(__always)
func collidePolygonAndCircle(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    let c = xfA.inverseApply(xfB.apply(b.center))
    let radii = a.radius + b.radius
    var m = Manifold()
    var face = 0
    var faceSeparation = -Double.infinity
    for i in 0..<a.count {
        let s = dot(a.normal(i), c - a.vertex(i))
        if s > faceSeparation { faceSeparation = s; face = i }
    }
    guard faceSeparation - radii <= Tolerance.speculativeDistance else { return m }
    let v1 = a.vertex(face)
    let next = face + 1 < a.count ? face + 1 : 0
    let v2 = a.vertex(next)
    var n: Vector
    var onA: Vector
    var coreDistance: Double
    var feature = face
    if faceSeparation > 0 && dot(c - v1, v2 - v1) < 0 {
        // Beyond the face's start: the corner v1 is nearest.
        (n, coreDistance) = direction(from: v1, to: c, fallback: a.normal(face))
        onA = v1
    } else if faceSeparation > 0 && dot(c - v2, v1 - v2) < 0 {
        (n, coreDistance) = direction(from: v2, to: c, fallback: a.normal(face))
        onA = v2
        feature = next
    } else {
        n = a.normal(face)
        coreDistance = faceSeparation
        onA = c - faceSeparation * n
    }
    let separation = coreDistance - radii
    guard separation <= Tolerance.speculativeDistance else { return m }
    let local = 0.5 * ((onA + a.radius * n) + (c - b.radius * n))
    m.normal = xfA.q.rotate(n)
    m.append(manifoldPoint(local: local, separation: separation, id: featureID(feature, 0), xfA, xfB))
    return m
}

/// The unit direction and distance from `p` to `q`, or `fallback` and 0 when they coincide.
@inlinable func direction(from p: Vector, to q: Vector, fallback: Vector) -> (Vector, Double) {
    let d = q - p
    let len = d.length
    return len > 1e-12 ? (d / len, len) : (fallback, 0)
}
