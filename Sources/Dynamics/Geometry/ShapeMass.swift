/// Area, first moment and polar second moment of a region about a fixed reference point, summed piece by piece.
/// Keeping the sums about one nearby point (not the world origin) keeps the arithmetic accurate for far shapes.
struct AreaMoments {
    var area = 0.0
    /// Integral of (x - reference) over the region.
    var first = Vector.zero
    /// Integral of |x - reference|^2 over the region.
    var second = 0.0
    let reference: Vector

    init(reference: Vector) { self.reference = reference }

    /// Adds a convex polygon given counter-clockwise, as a fan of triangles from the reference point.
    mutating func addPolygon(_ p: [Vector]) {
        for i in 0..<p.count {
            let a = p[i] - reference
            let b = p[(i + 1) % p.count] - reference
            let triArea = 0.5 * cross(a, b)
            area += triArea
            first += (triArea / 3) * (a + b)
            second += (triArea / 6) * (dot(a, a) + dot(a, b) + dot(b, b))
        }
    }

    /// Adds a circular sector of `radius` with its apex at `apex`, opening `angle` radians around `bisector` (unit).
    mutating func addSector(apex: Vector, radius: Double, angle: Double, bisector: Vector) {
        let a = 0.5 * angle * radius * radius
        // The sector's centroid lies 4 r sin(angle/2) / (3 angle) from the apex along the bisector.
        let reach = angle > 1e-12 ? 4 * radius * sin(0.5 * angle) / (3 * angle) : 2 * radius / 3
        let firstAboutApex = (a * reach) * bisector
        let secondAboutApex = angle * radius * radius * radius * radius / 4
        let d = apex - reference
        area += a
        first += firstAboutApex + a * d
        second += secondAboutApex + 2 * dot(d, firstAboutApex) + a * d.lengthSquared
    }
}

extension Shape {
    /// Mass, centroid and inertia at `density` (mass per square point). Segments have no mass.
    ///
    /// Exact for every shape: a rounded polygon (a capsule too) is summed as its core, a rectangle of width `radius` outside each edge,
    /// and a circular sector at each corner.
    public func massData(density: Double) -> MassData {
        switch kind {
        case .circle:
            let mass = density * Double.pi * radius * radius
            return MassData(mass: mass, center: center, rotationalInertia: 0.5 * mass * radius * radius)
        case .segment:
            return MassData(mass: 0, center: centroid, rotationalInertia: 0)
        case .polygon:
            var m = AreaMoments(reference: centroid)
            let core = vertices
            m.addPolygon(core)
            if radius > 0 {
                let r = radius
                for i in 0..<count {
                    let v1 = core[i], v2 = core[(i + 1) % count]
                    let n = normal(i)
                    m.addPolygon([v1, v1 + r * n, v2 + r * n, v2].reversedIfClockwise())
                    let nPrev = normal((i + count - 1) % count)
                    let angle = count == 2 ? Double.pi : atan2(cross(nPrev, n), dot(nPrev, n))
                    // A capsule's two normals are opposite: its end caps are half discs facing away from the other end.
                    let between = nPrev + n
                    let bisector = between.lengthSquared > 1e-24 ? between.normalized : (v1 - v2).normalized
                    m.addSector(apex: v1, radius: r, angle: angle, bisector: bisector)
                }
            }
            guard m.area > 0 else { return MassData(mass: 0, center: centroid, rotationalInertia: 0) }
            let offset = m.first / m.area
            let mass = density * m.area
            let inertia = density * (m.second - m.area * offset.lengthSquared)
            return MassData(mass: mass, center: centroid + offset, rotationalInertia: inertia)
        }
    }
}

extension Array where Element == Vector {
    /// The same loop, counter-clockwise (math convention), so area sums come out positive.
    func reversedIfClockwise() -> [Vector] {
        PolygonBuilder.signedArea(self) < 0 ? reversed() : self
    }
}
