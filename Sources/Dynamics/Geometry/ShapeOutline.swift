extension Shape {
    /// The box around this shape placed by `xf`.
    public func aabb(_ xf: Transform) -> AABB {
        let vs = points
        var lower = xf.apply(vs[0])
        var upper = lower
        for i in 1..<max(1, count) {
            let v = xf.apply(vs[i])
            lower = minVector(lower, v)
            upper = maxVector(upper, v)
        }
        let r = Vector(radius, radius)
        return AABB(lower: lower - r, upper: upper + r)
    }

    /// Points around the shape in local coordinates, for drawing (a circle gives a fine polygon).
    /// Curves are drawn with chords that stray at most 0.25 pt from the true outline (at least 16 per circle).
    public func outline() -> [Vector] {
        switch kind {
        case .segment:
            return vertices
        case .circle:
            let n = Shape.chordCount(radius: radius, angle: 2 * Double.pi, minimum: 16)
            return (0..<n).map { i in
                let t = 2 * Double.pi * Double(i) / Double(n)
                return center + Vector(radius * cos(t), radius * sin(t))
            }
        case .polygon:
            guard radius > 0 else { return vertices }
            var out: [Vector] = []
            for i in 0..<count {
                let nPrev = normal((i + count - 1) % count), n = normal(i)
                let a0 = atan2(nPrev.y, nPrev.x)
                // A capsule's normals are opposite: each end is a half circle.
                let sweep = count == 2 ? Double.pi : atan2(cross(nPrev, n), dot(nPrev, n))
                let k = Shape.chordCount(radius: radius, angle: sweep, minimum: 1)
                for j in 0...k {
                    let t = a0 + sweep * Double(j) / Double(k)
                    out.append(vertex(i) + Vector(radius * cos(t), radius * sin(t)))
                }
            }
            return out
        }
    }

    /// How many chords draw an arc of `radius` and `angle` so no chord strays more than 0.25 pt from it.
    static func chordCount(radius: Double, angle: Double, minimum: Int) -> Int {
        let tolerance = 0.25
        guard radius > tolerance, radius.isFinite, angle.isFinite else { return minimum }
        let perChord = 2 * acos(1 - tolerance / radius)
        let n = (abs(angle) / perChord).rounded(.up)
        return max(minimum, Int(min(n, 4096)))
    }
}
