/// The closest points of two segments and where they sit along each (0 at the start, 1 at the end).
struct SegmentClosestPoints {
    var point1: Vector
    var point2: Vector
    var fraction1: Double
    var fraction2: Double
}

/// The closest points between segment p1-q1 and segment p2-q2. A fraction is exactly 0 or 1 when the closest
/// point is an end point, which callers use to tell corner contacts from edge contacts.
func closestPointsOfSegments(_ p1: Vector, _ q1: Vector, _ p2: Vector, _ q2: Vector) -> SegmentClosestPoints {
    let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
    let a = d1.lengthSquared, e = d2.lengthSquared
    let f = dot(d2, r)
    let tiny = 1e-24
    var s = 0.0, t = 0.0
    @inline(__always) func clamp01(_ x: Double) -> Double { min(max(x, 0), 1) }
    if a <= tiny && e <= tiny {
        s = 0; t = 0
    } else if a <= tiny {
        t = clamp01(f / e)
    } else {
        let c = dot(d1, r)
        if e <= tiny {
            s = clamp01(-c / a)
        } else {
            let b = dot(d1, d2)
            let denom = a * e - b * b
            s = denom > tiny * (a * e) ? clamp01((b * f - c * e) / denom) : 0
            t = (b * s + f) / e
            if t < 0 {
                t = 0; s = clamp01(-c / a)
            } else if t > 1 {
                t = 1; s = clamp01((b - c) / a)
            }
        }
    }
    return SegmentClosestPoints(point1: p1 + s * d1, point2: p2 + t * d2, fraction1: s, fraction2: t)
}
