/// The flattened points of one subpath of a Path.
public struct Subpath: Sendable, Equatable {
    /// The points in order; a closed subpath does not repeat its first point at the end.
    public var points: [Vector]
    /// Whether the subpath was closed (its last point joins its first).
    public var isClosed: Bool
    /// A subpath from its points.
    public init(points: [Vector], isClosed: Bool) { self.points = points; self.isClosed = isClosed }

    /// Its straight pieces, in order (the closing one last for a closed subpath), skipping pieces of no length.
    public var segments: [(start: Vector, end: Vector)] {
        guard points.count >= 2 else { return [] }
        let count = isClosed && points.count > 2 ? points.count : points.count - 1
        return (0..<count).map { (points[$0], points[($0 + 1) % points.count]) }.filter { $0.start != $0.end }
    }
}

extension Path {
    /// How far (pt) a chord of a flattened curve may stray from the curve.
    public static let flatness = 0.25

    /// The flattened points of each subpath. Lines keep their end points; every curve is cut into chords that stay
    /// within `flatness` of it: arcs by angle from their radius, Bezier curves in equal parameter steps whose count
    /// comes from the curve's own bend (the bound |B''| / 8n^2 on the chord error), so tight curves get more points
    /// than gentle ones. Subpaths of a single point are dropped.
    public var subpaths: [Subpath] {
        var result: [Subpath] = []
        var points: [Vector] = []
        var closed = false
        func finish() {
            if closed, points.count > 1, let f = points.first, let l = points.last, distance(f, l) < 1e-9 * (1 + f.length) {
                points.removeLast()
            }
            if points.count >= 2 { result.append(Subpath(points: points, isClosed: closed)) }
            points = []
            closed = false
        }
        var current = Vector.zero
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                points = [p]
                current = p
            case .line(let p):
                points.append(p)
                current = p
            case .quad(let c, let p):
                let bend = (current - 2 * c + p).length
                let n = Path.steps((bend / (4 * Path.flatness)).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    points.append(u * u * current + 2 * u * t * c + t * t * p)
                }
                current = p
            case .cubic(let c1, let c2, let p):
                let bend = max((current - 2 * c1 + c2).length, (c1 - 2 * c2 + p).length)
                let n = Path.steps((0.75 * bend / Path.flatness).squareRoot())
                let p0 = current
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    points.append(u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p)
                }
                current = p
            case .arc(let center, let rx, let ry, let start, let sweep):
                let n = Shape.chordCount(radius: max(rx, ry), angle: sweep, minimum: 1)
                for i in 1...n {
                    let t = start + sweep * Double(i) / Double(n)
                    points.append(center + Vector(rx * cos(t), ry * sin(t)))
                }
                current = points.last ?? current
            case .close:
                closed = true
                let start = points.first ?? current
                finish()
                current = start
            }
        }
        finish()
        return result
    }

    /// A step count for a flattening estimate: at least 1, capped so absurd input cannot exhaust memory.
    private static func steps(_ estimate: Double) -> Int {
        guard estimate.isFinite else { return 1 }
        return max(1, Int(min(estimate.rounded(.up), 4096)))
    }

    /// The smallest axis-aligned box holding every point of the path's curves (not their control points), or nil
    /// for a path with nothing drawn. Computed exactly from each element: curve extremes from the roots of the
    /// derivative, arc extremes at the axis angles the arc passes.
    public var bounds: AABB? {
        var box: AABB?
        func add(_ p: Vector) { box = box.map { $0.union(AABB(lower: p, upper: p)) } ?? AABB(lower: p, upper: p) }
        var current = Vector.zero
        var start = Vector.zero
        for element in elements {
            switch element {
            case .move(let p):
                add(p); current = p; start = p
            case .line(let p):
                add(p); current = p
            case .quad(let c, let p):
                add(p)
                for t in Path.quadExtremes(current, c, p) {
                    let u = 1 - t
                    add(u * u * current + 2 * u * t * c + t * t * p)
                }
                current = p
            case .cubic(let c1, let c2, let p):
                add(p)
                for t in Path.cubicExtremes(current, c1, c2, p) {
                    let u = 1 - t
                    add(u * u * u * current + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p)
                }
                current = p
            case .arc(let center, let rx, let ry, let a0, let sweep):
                let a1 = a0 + sweep
                add(center + Vector(rx * cos(a1), ry * sin(a1)))
                let lo = min(a0, a1), hi = max(a0, a1)
                // An arc spans at most a full turn, so it passes at most five axis angles; counting them (rather
                // than stepping k until it passes `hi`) also ends for angles so large that k + 1 == k.
                let first = (lo / (0.5 * Double.pi)).rounded(.up)
                for step in 0..<5 {
                    let t = (first + Double(step)) * 0.5 * Double.pi
                    if t > hi { break }
                    add(center + Vector(rx * cos(t), ry * sin(t)))
                }
                current = center + Vector(rx * cos(a1), ry * sin(a1))
            case .close:
                current = start
            }
        }
        return box
    }

    /// Parameters in (0, 1) where a quadratic Bezier turns in x or in y.
    private static func quadExtremes(_ p0: Vector, _ c: Vector, _ p1: Vector) -> [Double] {
        var ts: [Double] = []
        for (a, b, d) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
            let den = a - 2 * b + d
            if den != 0 { let t = (a - b) / den; if t > 0 && t < 1 { ts.append(t) } }
        }
        return ts
    }

    /// Parameters in (0, 1) where a cubic Bezier turns in x or in y: roots of its quadratic derivative.
    private static func cubicExtremes(_ p0: Vector, _ c1: Vector, _ c2: Vector, _ p1: Vector) -> [Double] {
        var ts: [Double] = []
        for (a0, a1, a2, a3) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            let a = -a0 + 3 * a1 - 3 * a2 + a3
            let b = 2 * (a0 - 2 * a1 + a2)
            let c = a1 - a0
            if abs(a) < 1e-12 * (abs(b) + abs(c) + 1e-300) {
                if b != 0 { ts.append(-c / b) }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let r = disc.squareRoot()
                    ts.append((-b + r) / (2 * a))
                    ts.append((-b - r) / (2 * a))
                }
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}
