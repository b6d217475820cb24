/// Point and ray queries on one shape, in the shape's own frame: what `Animator.itemsAt` and `Animator.rayCast` ask.
extension Shape {
    /// Whether `p` lies inside the shape or on its edge (a segment contains nothing: it has no inside).
    public func contains(_ p: Vector) -> Bool {
        switch kind {
        case .circle:
            return (p - center).lengthSquared <= radius * radius
        case .segment:
            return false
        case .polygon:
            if count == 2 { return capsuleContains(p) }
            for i in 0..<count where dot(normal(i), p - vertex(i)) > radius { return false }
            return true
        }
    }

    /// Where the ray from `a` to `b` first meets the shape's outline: the fraction of the way (0...1) and the
    /// outward normal there; nil when it misses, or when `a` is inside (a ray cast from within sees no outline).
    public func rayCast(from a: Vector, to b: Vector) -> (fraction: Double, normal: Vector)? {
        let d = b - a
        switch kind {
        case .circle:
            // |a + t d - c| = r, for the smaller t in 0...1.
            let m = a - center
            let qa = dot(d, d), qb = dot(m, d), qc = dot(m, m) - radius * radius
            guard qa > 0, qc > 0 else { return nil }
            let discriminant = qb * qb - qa * qc
            guard discriminant >= 0 else { return nil }
            let t = (-qb - discriminant.squareRoot()) / qa
            guard t >= 0, t <= 1 else { return nil }
            return (t, (m + t * d).normalized)
        case .segment:
            // a + t d = p0 + s e, with 0 <= s <= 1; two-sided, the normal faces where the ray came from.
            let p0 = vertex(0), e = vertex(1) - p0
            let denominator = cross(d, e)
            guard denominator != 0 else { return nil }
            let t = cross(p0 - a, e) / denominator, s = cross(p0 - a, d) / denominator
            guard t >= 0, t <= 1, s >= 0, s <= 1 else { return nil }
            let n = normal(0)
            return (t, dot(n, d) < 0 ? n : -n)
        case .polygon:
            if count == 2 { return capsuleRayCast(from: a, to: b) }
            // Clip the ray against every edge's half-plane; it enters where the last entering edge lets it in.
            var enter = 0.0, leave = 1.0, entering = -1
            for i in 0..<count {
                let n = normal(i)
                let numerator = dot(n, vertex(i) - a) + radius, denominator = dot(n, d)
                if denominator == 0 {
                    if numerator < 0 { return nil }
                } else if denominator < 0 {
                    let t = numerator / denominator
                    if t > enter { enter = t; entering = i }
                } else {
                    leave = min(leave, numerator / denominator)
                }
                if leave < enter { return nil }
            }
            guard entering >= 0 else { return nil }
            return (enter, normal(entering))
        }
    }
}
