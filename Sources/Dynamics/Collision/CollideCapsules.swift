// Pairs where a capsule (a rounded two-vertex polygon, `Shape.capsule`) meets a shape with no inside of its own
// (another capsule, a segment). The separating-axis test of `collidePolygons` needs one of the two to have an inside:
// two segments side by side on one line are apart along that line, which is neither one's normal. So these pairs
// work from the closest points of the two cores instead. Against a circle a capsule is a segment with a radius
// (`collideSegmentAndCircle`).

/// Capsule (or segment) A against capsule (or segment) B: one point where the cores' nearest features are an end
/// of each, else the incident core clipped to the reference core's span (two points for cores lying side by side,
/// which is how a capsule rests flat).
func collideCapsules(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform) -> Manifold {
    let xf = xfA.inverseMultiplied(by: xfB)
    let p1 = a.pointee.vertex(0), q1 = a.pointee.vertex(1)
    let p2 = xf.apply(b.pointee.vertex(0)), q2 = xf.apply(b.pointee.vertex(1))
    let rA = a.pointee.radius, rB = b.pointee.radius
    let radii = rA + rB
    var m = Manifold()
    let c = closestPointsOfSegments(p1, q1, p2, q2)
    let gap = (c.on2 - c.on1).length
    guard gap - radii <= Tolerance.speculativeDistance else { return m }

    let endOfA = c.s == 0 || c.s == 1, endOfB = c.t == 0 || c.t == 1
    // How far B's core lies over A's along A: cores side by side whose nearest points happen to be ends (equal
    // capsules stacked flat) meet face to face, not at one end.
    let tangentA = (q1 - p1).normalized
    let a1 = dot(p2 - p1, tangentA), a2 = dot(q2 - p1, tangentA)
    let overlapA = min(dot(q1 - p1, tangentA), max(a1, a2)) - max(0, min(a1, a2))
    if endOfA && endOfB && gap > 0.1 * Tolerance.linearSlop && overlapA < Tolerance.linearSlop {
        // End to end: the one point between the nearest ends, along the line joining them.
        let (n, _) = direction(from: c.on1, to: c.on2, fallback: .zero)
        let local = 0.5 * ((c.on1 + rA * n) + (c.on2 - rB * n))
        m.normal = xfA.q.rotate(n)
        m.append(manifoldPoint(local: local, separation: gap - radii,
                               id: featureID(c.s == 0 ? 0 : 1, c.t == 0 ? 0 : 1), xfA, xfB))
        return m
    }

    // A face: the core whose inside holds the nearest point is the reference; when both do (cores side by side or
    // crossing), the one whose side separates the other's ends more, A unless B's is clearly better.
    let midA = 0.5 * (p1 + q1), midB = 0.5 * (p2 + q2)
    let nA = sideNormal(p1, q1, toward: c.on2, else: midB)
    let nB = sideNormal(p2, q2, toward: c.on1, else: midA)
    var flip = endOfA && !endOfB
    if endOfA == endOfB {
        let sepA = min(dot(nA, p2 - p1), dot(nA, q2 - p1))
        let sepB = min(dot(nB, p1 - p2), dot(nB, q1 - p2))
        flip = sepB > sepA + 0.1 * Tolerance.linearSlop
    }
    let (refStart, refEnd, n) = flip ? (p2, q2, nB) : (p1, q1, nA)
    let (incStart, incEnd) = flip ? (p1, q1) : (p2, q2)
    let rRef = flip ? rB : rA, rInc = flip ? rA : rB

    // The incident core's ends along the reference core, clipped to its span.
    let tangent = (refEnd - refStart).normalized
    let span = dot(refEnd - refStart, tangent)
    let s1 = dot(incStart - refStart, tangent), s2 = dot(incEnd - refStart, tangent)
    let lower = max(min(s1, s2), 0), upper = min(max(s1, s2), span)
    m.normal = xfA.q.rotate(flip ? -n : n)
    @inline(__always) func add(_ v: Vector, _ id: UInt32) {
        let s = dot(v - refStart, n)
        guard s - radii <= Tolerance.speculativeDistance else { return }
        let local = v + (0.5 * (rRef - rInc - s)) * n
        m.append(manifoldPoint(local: local, separation: s - radii, id: id, xfA, xfB))
    }
    let along = s2 - s1
    if upper - lower < Tolerance.linearSlop || abs(along) < 1e-12 {
        // Only a sliver of the incident core lies over the reference one: its nearest point.
        let v = flip ? c.on1 : c.on2
        add(v, featureID(2, 2))
    } else {
        // The incident core at the clipped ends (interpolated along it, so a tilted core gives each its own gap).
        let vLower = lerp(incStart, incEnd, (lower - s1) / along)
        let vUpper = lerp(incStart, incEnd, (upper - s1) / along)
        add(vLower, flip ? featureID(2, 0) : featureID(0, 2))
        add(vUpper, flip ? featureID(3, 1) : featureID(1, 3))
    }
    if m.pointCount == 0 { m.normal = .zero }
    return m
}

/// The unit normal of the segment from `start` to `end` on the side of `point`, or of `fallback` when `point` is on
/// its line.
@inline(__always)
private func sideNormal(_ start: Vector, _ end: Vector, toward point: Vector, else fallback: Vector) -> Vector {
    let n = (end - start).rightPerp.normalized
    var side = dot(n, point - start)
    if abs(side) < 1e-12 { side = dot(n, fallback - start) }
    return side >= 0 ? n : -n
}
