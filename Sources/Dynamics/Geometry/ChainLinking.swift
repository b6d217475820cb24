extension Shape {
    /// The chain segments of several boundaries at once: each polyline becomes a chain (`Shape.chain`), and where
    /// the open end of one chain meets the open end of another (within the weld distance), and no third end meets
    /// them there, each takes the other's next point as its ghost. Abutting pieces added one by one then join as
    /// smoothly as one path would. Returns the segments of each boundary, its polylines' chains in order.
    static func linkedChains(_ boundaries: [[Subpath]]) -> [[Shape]] {
        var out = boundaries.map { lines in lines.flatMap { chain($0.points, isClosed: $0.isClosed) } }
        // Every open end: (boundary, segment, end 0 or 1).
        var ends: [(k: Int, j: Int, end: Int, p: Vector)] = []
        for k in out.indices {
            for j in out[k].indices {
                if out[k][j].ghost1 == nil { ends.append((k, j, 0, out[k][j].vertex(0))) }
                if out[k][j].ghost2 == nil { ends.append((k, j, 1, out[k][j].vertex(1))) }
            }
        }
        guard ends.count > 2 else { return out }
        // Sorted by x (ties by position in the lists), so only ends whose x is within the weld distance are compared.
        ends.sort { ($0.p.x, $0.k, $0.j, $0.end) < ($1.p.x, $1.k, $1.j, $1.end) }
        let weld = PolygonBuilder.weldDistance
        var partner = [Int](repeating: -1, count: ends.count)
        var meets = [Int](repeating: 0, count: ends.count)
        for i in ends.indices {
            var m = i + 1
            while m < ends.count && ends[m].p.x - ends[i].p.x < weld {
                if distance(ends[m].p, ends[i].p) < weld && !(ends[m].k == ends[i].k && ends[m].j == ends[i].j) {
                    meets[i] += 1; meets[m] += 1
                    partner[i] = m; partner[m] = i
                }
                m += 1
            }
        }
        for i in ends.indices where meets[i] == 1 && meets[partner[i]] == 1 {
            let e = ends[i], o = ends[partner[i]]
            // The partner's far point is the next point beyond this end.
            let ghost = out[o.k][o.j].vertex(1 - o.end)
            let s = out[e.k][e.j]
            out[e.k][e.j] = chainSegment(s.vertex(0), s.vertex(1), ghost1: e.end == 0 ? ghost : s.ghost1,
                                         ghost2: e.end == 1 ? ghost : s.ghost2)
        }
        return out
    }
}
