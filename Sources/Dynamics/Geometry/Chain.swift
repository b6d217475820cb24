extension Shape {
    /// The segments of a polyline boundary, each knowing its neighbours so shapes slide across the joints without
    /// catching (see `chainSegment`). Consecutive points closer than 0.25 pt are merged; a closed chain also joins
    /// its last point to its first. Fewer than two distinct points give no segments.
    public static func chain(_ points: [Vector], isClosed: Bool) -> [Shape] {
        var p: [Vector] = []
        for q in points where q.isFinite {
            if let last = p.last, distance(last, q) < PolygonBuilder.weldDistance { continue }
            p.append(q)
        }
        if isClosed {
            while p.count > 2, let first = p.first, let last = p.last, distance(first, last) < PolygonBuilder.weldDistance {
                p.removeLast()
            }
        }
        let n = p.count
        guard n >= 2 else { return [] }
        let closed = isClosed && n >= 3
        let segmentCount = closed ? n : n - 1
        var shapes: [Shape] = []
        shapes.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let a = p[i], b = p[(i + 1) % n]
            let before: Vector? = closed ? p[(i + n - 1) % n] : (i > 0 ? p[i - 1] : nil)
            let after: Vector? = closed ? p[(i + 2) % n] : (i + 2 < n ? p[i + 2] : nil)
            shapes.append(chainSegment(a, b, ghost1: before, ghost2: after))
        }
        return shapes
    }

    /// The chain segments of every subpath of `path` (a boundary made from a Path).
    public static func chain(path: Path) -> [Shape] {
        path.subpaths.flatMap { chain($0.points, isClosed: $0.isClosed) }
    }
}
