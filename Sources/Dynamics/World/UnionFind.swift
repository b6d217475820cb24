/// Union-find over body indices in a caller's array of parents (a root is its own parent). Joining two sets makes
/// the lower root the root of both, so every root is its set's lowest index: the roots depend only on which pairs
/// were joined, never on the order of joining (islands for sleep, the step's partitions, the colouring's islands).
enum UnionFind {
    /// The root of `x`, halving the path on the way.
    @inline(__always)
    static func find(_ x: Int32, _ parent: UnsafeMutableBufferPointer<Int32>) -> Int32 {
        var x = x
        while parent[Int(x)] != x {
            let up = parent[Int(parent[Int(x)])]
            parent[Int(x)] = up
            x = up
        }
        return x
    }

    /// Joins the sets of `a` and `b` under the lower of their roots.
    @inline(__always)
    static func join(_ a: Int32, _ b: Int32, _ parent: UnsafeMutableBufferPointer<Int32>) {
        let ra = find(a, parent), rb = find(b, parent)
        if ra < rb { parent[Int(rb)] = ra } else if rb < ra { parent[Int(ra)] = rb }
    }
}
