/// The result of `shapeDistance`.
public struct DistanceOutput: Sendable {
    /// The closest point on A's surface (world), or the midpoint of the cores' closest points when the shapes overlap.
    public var pointA: Vector
    /// The closest point on B's surface (world).
    public var pointB: Vector
    /// The unit direction from A to B at the closest points (zero when the cores overlap).
    public var normal: Vector
    /// The gap between the surfaces, never negative (0 when they touch or overlap).
    public var distance: Double
    /// The gap between the cores (the shapes without their radii), 0 when the cores overlap.
    public var coreDistance: Double
    /// GJK iterations used.
    public var iterations: Int
}

/// One vertex of the GJK simplex: a point of the Minkowski difference B - A and the shape vertices that made it.
private struct SimplexVertex {
    var onA: Vector
    var onB: Vector
    var indexA: Int
    var indexB: Int
    /// Barycentric weight in the current closest point.
    var weight: Double
    var w: Vector { onB - onA }
}

/// The closest points of two cores found by GJK, in the frame both polygons are given in.
struct CoreClosestPoints {
    var onA: Vector
    var onB: Vector
    /// 0 when the cores overlap.
    var distance: Double
    /// When the closest points are a vertex of each core, their indices; nil when an edge is involved or they overlap.
    var corners: (a: Int, b: Int)?
    var iterations: Int
}

/// GJK (Gilbert-Johnson-Keerthi) on the Minkowski difference B - A: a simplex of up to three difference points is
/// moved toward the origin, each time adding the support point in the direction of the origin, until no support
/// point brings it closer.
func closestPointsOfCores(_ pa: LocalPolygon, _ pb: LocalPolygon) -> CoreClosestPoints {
    func support(_ p: LocalPolygon, _ d: Vector) -> Int {
        var best = 0
        let vs = p.vertices
        var bestValue = dot(vs[0], d)
        for i in 1..<max(1, p.count) {
            let v = dot(vs[i], d)
            if v > bestValue { bestValue = v; best = i }
        }
        return best
    }
    func vertex(_ i: Int, _ j: Int) -> SimplexVertex {
        SimplexVertex(onA: pa.vertices[i], onB: pb.vertices[j], indexA: i, indexB: j, weight: 1)
    }

    var simplex = InlineArray<3, SimplexVertex>(repeating: vertex(0, 0))
    var count = 1
    var iterations = 0
    var closest = simplex[0].w
    var overlap = false
    let maxIterations = 40
    while true {
        count = reduceSimplex(&simplex, count)
        closest = .zero
        for k in 0..<count { closest += simplex[k].weight * simplex[k].w }
        // A triangle around the origin, or a simplex through it: the cores overlap.
        if count == 3 || closest.lengthSquared < 1e-24 { overlap = true; break }
        if iterations == maxIterations { break }
        iterations += 1
        let d = -closest
        let next = vertex(support(pa, -d), support(pb, d))
        // Stop when the new point is one we have (no progress) or brings the bound no closer.
        var repeated = false
        for k in 0..<count where simplex[k].indexA == next.indexA && simplex[k].indexB == next.indexB { repeated = true }
        if repeated { break }
        let progress = closest.lengthSquared - dot(next.w, closest)
        if progress <= 1e-12 * closest.lengthSquared { break }
        simplex[count] = next
        count += 1
    }

    var onA = Vector.zero, onB = Vector.zero
    for k in 0..<count { onA += simplex[k].weight * simplex[k].onA; onB += simplex[k].weight * simplex[k].onB }
    let corners: (a: Int, b: Int)? = !overlap && count == 1 ? (simplex[0].indexA, simplex[0].indexB) : nil
    return CoreClosestPoints(onA: onA, onB: onB, distance: overlap ? 0 : distance(onA, onB), corners: corners,
                             iterations: iterations)
}

/// The distance between two convex shapes by GJK on their cores, then their radii.
/// Circles are points with a radius, segments two-point polygons, and polygons their vertices with rounding.
public func shapeDistance(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> DistanceOutput {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in shapeDistance(pa, xfA, pb, xfB) } }
}

/// `shapeDistance` for shapes read in place: no shape is copied.
func shapeDistance(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform) -> DistanceOutput {
    // Work in A's frame so the numbers stay small however far the shapes are from the origin.
    let c = withLocalPolygons(a, b, xfA.inverseMultiplied(by: xfB)) { pa, pb in closestPointsOfCores(pa, pb) }
    let onA = c.onA, onB = c.onB, core = c.distance, iterations = c.iterations
    let radii = a.pointee.radius + b.pointee.radius
    var out = DistanceOutput(pointA: .zero, pointB: .zero, normal: .zero, distance: 0, coreDistance: core,
                             iterations: iterations)
    if core > radii && core > 0 {
        let n = (onB - onA) / core
        out.normal = xfA.q.rotate(n)
        out.pointA = xfA.apply(onA + a.pointee.radius * n)
        out.pointB = xfA.apply(onB - b.pointee.radius * n)
        out.distance = core - radii
    } else {
        let mid = xfA.apply(0.5 * (onA + onB))
        out.pointA = mid
        out.pointB = mid
        out.normal = core > 0 ? xfA.q.rotate((onB - onA) / core) : .zero
    }
    return out
}

/// Keeps the smallest face of the simplex that holds its point closest to the origin, and sets the weights of that
/// point. Returns the new vertex count (3 only when the origin is inside the triangle).
private func reduceSimplex(_ s: inout InlineArray<3, SimplexVertex>, _ count: Int) -> Int {
    switch count {
    case 1:
        s[0].weight = 1
        return 1
    case 2:
        let a = s[0].w, b = s[1].w
        let e = b - a
        let t = -dot(a, e)
        if t <= 0 { s[0].weight = 1; return 1 }
        let len2 = e.lengthSquared
        if t >= len2 { s[0] = s[1]; s[0].weight = 1; return 1 }
        s[1].weight = t / len2
        s[0].weight = 1 - s[1].weight
        return 2
    default:
        // Closest point of triangle abc to the origin, by Voronoi regions.
        let a = s[0].w, b = s[1].w, c = s[2].w
        let ab = b - a, ac = c - a
        let d1 = -dot(ab, a), d2 = -dot(ac, a)
        if d1 <= 0 && d2 <= 0 { s[0].weight = 1; return 1 }
        let d3 = -dot(ab, b), d4 = -dot(ac, b)
        if d3 >= 0 && d4 <= d3 { s[0] = s[1]; s[0].weight = 1; return 1 }
        let vc = d1 * d4 - d3 * d2
        if vc <= 0 && d1 >= 0 && d3 <= 0 {
            let v = d1 / (d1 - d3)
            s[0].weight = 1 - v; s[1].weight = v
            return 2
        }
        let d5 = -dot(ab, c), d6 = -dot(ac, c)
        if d6 >= 0 && d5 <= d6 { s[0] = s[2]; s[0].weight = 1; return 1 }
        let vb = d5 * d2 - d1 * d6
        if vb <= 0 && d2 >= 0 && d6 <= 0 {
            let w = d2 / (d2 - d6)
            s[1] = s[2]
            s[0].weight = 1 - w; s[1].weight = w
            return 2
        }
        let va = d3 * d6 - d5 * d4
        if va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 {
            let w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
            s[0] = s[1]; s[1] = s[2]
            s[0].weight = 1 - w; s[1].weight = w
            return 2
        }
        let total = va + vb + vc
        // A flat triangle cannot enclose the origin; fall back to its first edge rather than divide by zero.
        guard total > 0 else { return reduceSimplex(&s, 2) }
        let denom = 1 / total
        s[1].weight = vb * denom
        s[2].weight = vc * denom
        s[0].weight = 1 - s[1].weight - s[2].weight
        return 3
    }
}
