/// Validates user outlines into the convex, counter-clockwise (math convention), collinear-free vertex lists
/// polygons store. Messages number points from 1, as a Lua user counts them.
enum PolygonBuilder {
    /// Points closer than this are one point: a duplicate when the user gave them, welded when we flattened them.
    static let weldDistance = 0.5 * Tolerance.linearSlop
    /// A point this close to the line through its neighbours adds nothing to the outline and is dropped.
    static let collinearDistance = 0.1 * Tolerance.linearSlop

    /// The most points an outline may have before simplification.
    static let maxInputPoints = 4096

    /// A point with the index the caller gave it, so messages can name it after points are dropped.
    struct Numbered { var p: Vector; var index: Int }

    /// Checks `points` and returns the outline a polygon stores: counter-clockwise, convex, at most
    /// `Shape.maxPolygonVertices` points. With `weld`, near-coincident neighbours are merged instead of rejected
    /// (for outlines we flattened ourselves, where they are an artefact rather than a user's mistake).
    static func convexOutline(_ points: [Vector], weld: Bool) throws(GeometryError) -> [Vector] {
        guard points.count >= 3 else {
            throw GeometryError("a polygon needs at least 3 points, got \(points.count)")
        }
        // The checks below compare every edge with every other; this keeps them quick.
        guard points.count <= maxInputPoints else {
            throw GeometryError("a polygon may have at most \(maxInputPoints) points, got \(points.count)")
        }
        for (i, p) in points.enumerated() where !p.isFinite {
            throw GeometryError("point \(i + 1) of the polygon is not a finite number")
        }
        var pts = points.enumerated().map { Numbered(p: $0.element, index: $0.offset) }
        if weld { pts = welded(pts) } else { try rejectDuplicates(pts) }
        guard !allOnOneLine(pts.map(\.p)) else {
            throw GeometryError("the polygon is degenerate: its points lie on one line")
        }
        try removeCollinear(&pts)
        guard pts.count >= 3 else { throw GeometryError("the polygon is degenerate: its points lie on one line") }

        // The points alone, made once for the area, the crossing test and the result.
        var outline = pts.map(\.p)
        if signedArea(outline) < 0 {
            pts.reverse()
            outline.reverse()
        }
        try checkSimpleAndConvex(pts, outline)

        if outline.count > Shape.maxPolygonVertices { outline = simplified(outline, to: Shape.maxPolygonVertices) }
        return outline
    }

    /// The signed area (shoelace), positive for the counter-clockwise turn of the math convention.
    static func signedArea(_ p: [Vector]) -> Double {
        guard let o = p.first else { return 0 }
        var a = 0.0
        for i in 1..<max(1, p.count - 1) { a += cross(p[i] - o, p[i + 1] - o) }
        return 0.5 * a
    }

    /// True when no point is farther than `collinearDistance` from the line through the first point and the point
    /// farthest from it (so the outline encloses no area worth the name).
    private static func allOnOneLine(_ p: [Vector]) -> Bool {
        guard let o = p.first else { return true }
        var far = o
        for q in p where distance(q, o) > distance(far, o) { far = q }
        let axis = far - o
        let len = axis.length
        guard len > 0 else { return true }
        return p.allSatisfy { abs(cross(axis, $0 - o)) / len < collinearDistance }
    }

    private static func rejectDuplicates(_ pts: [Numbered]) throws(GeometryError) {
        // Quadratic, but polygons given point by point are small; it catches repeats anywhere, not just neighbours.
        for i in 0..<pts.count {
            for j in (i + 1)..<pts.count where distance(pts[i].p, pts[j].p) < weldDistance {
                throw GeometryError("points \(pts[i].index + 1) and \(pts[j].index + 1) of the polygon are the same point")
            }
        }
    }

    private static func welded(_ pts: [Numbered]) -> [Numbered] {
        var out: [Numbered] = []
        for q in pts where out.last.map({ distance($0.p, q.p) >= weldDistance }) ?? true { out.append(q) }
        while out.count > 1, let first = out.first, let last = out.last, distance(first.p, last.p) < weldDistance {
            out.removeLast()
        }
        return out
    }

    /// Drops points on the line through their neighbours; a point on that line but outside the span between the
    /// neighbours means the outline doubles back, which no convex polygon does.
    private static func removeCollinear(_ pts: inout [Numbered]) throws(GeometryError) {
        var changed = true
        while changed && pts.count >= 3 {
            changed = false
            var i = 0
            while i < pts.count && pts.count >= 3 {
                let prev = pts[(i + pts.count - 1) % pts.count].p
                let next = pts[(i + 1) % pts.count].p
                let p = pts[i].p
                let chord = next - prev
                let len = chord.length
                let off = len > 0 ? abs(cross(chord, p - prev)) / len : distance(p, prev)
                if off < collinearDistance {
                    if len > 0 && (dot(p - prev, chord) < 0 || dot(p - next, chord) > 0) {
                        throw GeometryError("the polygon folds back on itself at point \(pts[i].index + 1)")
                    }
                    pts.remove(at: i)
                    changed = true
                } else {
                    i += 1
                }
            }
        }
    }

    /// With counter-clockwise order every turn must be to the left and the outline must go round exactly once.
    /// `points`: the points of `pts`, in the same order.
    private static func checkSimpleAndConvex(_ pts: [Numbered], _ points: [Vector]) throws(GeometryError) {
        let n = pts.count
        var turning = 0.0
        var firstRightTurn: Int?
        for i in 0..<n {
            let e1 = pts[i].p - pts[(i + n - 1) % n].p
            let e2 = pts[(i + 1) % n].p - pts[i].p
            let c = cross(e1, e2)
            if c < 0 && firstRightTurn == nil { firstRightTurn = i }
            turning += atan2(c, dot(e1, e2))
        }
        if let (i, j) = firstCrossingEdges(points) {
            throw GeometryError("the polygon crosses itself: the edge from point \(pts[i].index + 1) meets the edge from point \(pts[j].index + 1)")
        }
        if let k = firstRightTurn {
            throw GeometryError("the polygon is concave at point \(pts[k].index + 1) (it must be convex)")
        }
        if turning > 3 * Double.pi {
            throw GeometryError("the polygon crosses itself: its outline winds round more than once")
        }
    }

    /// The first pair of non-adjacent edges that intersect (edge i runs from point i to point i+1), if any.
    private static func firstCrossingEdges(_ p: [Vector]) -> (Int, Int)? {
        let n = p.count
        for i in 0..<n {
            let a1 = p[i], a2 = p[(i + 1) % n]
            for j in (i + 2)..<max(i + 2, n) where !(i == 0 && j == n - 1) {
                if segmentsIntersect(a1, a2, p[j], p[(j + 1) % n]) { return (i, j) }
            }
        }
        return nil
    }

    private static func segmentsIntersect(_ a1: Vector, _ a2: Vector, _ b1: Vector, _ b2: Vector) -> Bool {
        let d1 = cross(a2 - a1, b1 - a1), d2 = cross(a2 - a1, b2 - a1)
        let d3 = cross(b2 - b1, a1 - b1), d4 = cross(b2 - b1, a2 - b1)
        return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0
    }

    /// Greedily drops the vertex whose removal loses the least area until `limit` remain. Removing a vertex of a
    /// convex polygon leaves it convex and inside the original, so the result is an inscribed hull whose lost area
    /// is as small as this greedy choice can make it (a 64-point circle of radius 50 loses about 1.1% at 24).
    static func simplified(_ outline: [Vector], to limit: Int) -> [Vector] {
        var p = outline
        while p.count > limit {
            var best = 0
            var bestArea = Double.infinity
            for i in 0..<p.count {
                let a = p[(i + p.count - 1) % p.count], b = p[i], c = p[(i + 1) % p.count]
                let area = 0.5 * cross(b - a, c - b)
                if area < bestArea { bestArea = area; best = i }
            }
            p.remove(at: best)
        }
        return p
    }
}

extension Shape {
    /// A convex polygon through `points` (either winding); throws for concave, self-crossing or degenerate input.
    ///
    /// Points on the line through their neighbours are dropped (they add nothing). Points closer than
    /// 0.25 pt to one another are duplicates and rejected. A valid outline with more than `maxPolygonVertices`
    /// points is simplified to an inscribed convex hull of that many points (see `PolygonBuilder.simplified`).
    /// `radius` rounds the polygon: its surface is everything within `radius` of the outline.
    public static func polygon(_ points: [Vector], radius: Double = 0) throws(GeometryError) -> Shape {
        guard radius.isFinite && radius >= 0 else { throw GeometryError("the polygon's radius must be finite and not negative") }
        let outline = try PolygonBuilder.convexOutline(points, weld: false)
        return Shape(kind: .polygon, points: outline, radius: radius)
    }

    /// A convex polygon from a Path whose coordinates are relative to the item's centre (an item's collision shape).
    /// The path must have exactly one subpath; curves are flattened first and points closer than 0.25 pt welded,
    /// then the outline is validated and simplified as in `polygon(_:radius:)`.
    public static func polygon(path: Path) throws(GeometryError) -> Shape {
        let subpaths = path.subpaths
        guard subpaths.count == 1, let outline = subpaths.first else {
            throw GeometryError("a shape path needs exactly one subpath, this one has \(subpaths.count)")
        }
        let points = try PolygonBuilder.convexOutline(outline.points, weld: true)
        return Shape(kind: .polygon, points: points, radius: 0)
    }
}
