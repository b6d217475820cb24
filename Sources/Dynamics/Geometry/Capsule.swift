// A capsule is a polygon of two vertices rounded by its radius: every point within `radius` of the segment between
// its two centres. It stores as a polygon does (its edges are the segment's two sides, normals n and -n), so mass,
// boxes, time of impact and the polygon pairs with a proper polygon take it as they are; what a two-vertex polygon
// cannot answer the polygon way (inside or not, a ray, another capsule, a circle on its axis) is answered here and
// in `Collision/CollideCapsules.swift`.

extension Shape {
    /// A capsule: everything within `radius` of the segment from `center1` to `center2` (a pill, a limb).
    /// Throws unless the radius is positive and finite and the centres are finite and at least 0.25 pt apart
    /// (closer centres make a circle).
    public static func capsule(_ center1: Vector, _ center2: Vector, radius: Double) throws(GeometryError) -> Shape {
        guard radius.isFinite && radius > 0 else { throw GeometryError("a capsule's radius must be positive and finite") }
        guard center1.x.isFinite, center1.y.isFinite, center2.x.isFinite, center2.y.isFinite else {
            throw GeometryError("a capsule's centres must be finite")
        }
        guard (center2 - center1).length >= PolygonBuilder.weldDistance else {
            throw GeometryError("a capsule's centres must be at least \(PolygonBuilder.weldDistance) pt apart (else make a circle)")
        }
        return Shape(kind: .polygon, points: [center1, center2], radius: radius)
    }

    /// Whether this is a capsule: a polygon of two vertices (always rounded; `capsule` makes them).
    @inlinable public var isCapsule: Bool { kind == .polygon && count == 2 }

    /// The capsule's inside: within `radius` of its segment.
    func capsuleContains(_ p: Vector) -> Bool {
        let closest = closestPointOnSegment(p, vertex(0), vertex(1))
        return (p - closest).lengthSquared <= radius * radius
    }

    /// Where the ray from `a` to `b` first meets the capsule's outline: on one of its two straight sides, or on one
    /// of its end circles, whichever comes first; nil when it misses or starts inside.
    func capsuleRayCast(from a: Vector, to b: Vector) -> (fraction: Double, normal: Vector)? {
        guard !capsuleContains(a) else { return nil }
        let v1 = vertex(0), v2 = vertex(1)
        let axis = v2 - v1
        let length = axis.length
        let u = axis / length
        let d = b - a
        var best: (fraction: Double, normal: Vector)?
        // The sides: the lines `radius` out along each normal, between the ends.
        for n in [normal(0), normal(1)] {
            let toward = dot(n, d)
            guard toward < 0 else { continue }
            let t = (dot(n, v1 - a) + radius) / toward
            guard t >= 0, t <= 1 else { continue }
            let along = dot(a + t * d - v1, u)
            if along >= 0 && along <= length && t < (best?.fraction ?? .infinity) { best = (t, n) }
        }
        // The end circles.
        for c in [v1, v2] {
            let m = a - c
            let qa = dot(d, d), qb = dot(m, d), qc = dot(m, m) - radius * radius
            guard qa > 0, qc > 0 else { continue }
            let discriminant = qb * qb - qa * qc
            guard discriminant >= 0 else { continue }
            let t = (-qb - discriminant.squareRoot()) / qa
            if t >= 0 && t <= 1 && t < (best?.fraction ?? .infinity) { best = (t, (m + t * d).normalized) }
        }
        return best
    }
}

/// The point of the segment from `a` to `b` nearest to `p`.
@inline(__always)
func closestPointOnSegment(_ p: Vector, _ a: Vector, _ b: Vector) -> Vector {
    let e = b - a
    let len2 = e.lengthSquared
    let t = len2 > 0 ? min(max(dot(p - a, e) / len2, 0), 1) : 0
    return a + t * e
}
