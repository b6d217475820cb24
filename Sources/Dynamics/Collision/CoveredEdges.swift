/// Rows of anchored tiles: a shape sliding across the seam between two tiles must not catch on the corner where
/// they meet. Near the seam the separating axis test can pick the side face of the next tile (or a corner-to-corner
/// normal), whose speculative contact stops the slider dead. Those side faces lie flush against the neighbouring
/// tile (`Shape.coveredEdges`), so nothing can really touch them: a contact whose normal leans toward a covered
/// edge's outward normal is made on the tile's best open face instead, as a chain segment does at its joints.

/// Whether a contact normal `n` (in A's frame, from A outward) leans toward an edge of A that is covered: a face
/// contact on the open neighbouring face has a normal square to the covered edge's, so anything leaning toward it
/// comes from the seam.
@inline(__always)
private func leansOnCovered(_ a: Shape, _ n: Vector) -> Bool {
    let covered = a.coveredEdges
    for i in 0..<min(a.count, 32) where covered & (1 << UInt32(i)) != 0 {
        if dot(n, a.normal(i)) > 1e-3 { return true }
    }
    return false
}

/// Polygon A (a static polygon with covered edges) against circle B: a contact at a seam's corner is made on A's
/// best open face instead.
func collidePolygonAndCircleAvoidingCovered(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    let m = collidePolygonAndCircle(a, xfA, b, xfB)
    guard m.pointCount > 0, leansOnCovered(a, xfA.q.inverseRotate(m.normal)) else { return m }
    let c = xfA.inverseApply(xfB.apply(b.center))
    var face = -1, best = -Double.infinity
    for i in 0..<a.count where a.coveredEdges & (1 << UInt32(min(i, 31))) == 0 {
        let s = dot(a.normal(i), c - a.vertex(i))
        if s > best { best = s; face = i }
    }
    let radii = a.radius + b.radius
    var out = Manifold()
    guard face >= 0, best - radii <= Tolerance.speculativeDistance else { return out }
    let n = a.normal(face)
    let onA = c - best * n
    let local = 0.5 * ((onA + a.radius * n) + (c - b.radius * n))
    out.normal = xfA.q.rotate(n)
    out.append(manifoldPoint(local: local, separation: best - radii, id: featureID(face, 0), xfA, xfB))
    return out
}

/// Polygon A (a static polygon with covered edges) against polygon B.
func collidePolygonsAvoidingCovered(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>,
                                    _ xfB: Transform) -> Manifold {
    let m = collidePolygons(a, xfA, b, xfB)
    guard m.pointCount > 0 else { return m }
    let covered = a.pointee.coveredEdges
    guard leansOnCovered(a.pointee, xfA.q.inverseRotate(m.normal)) else { return m }
    return withLocalPolygons(a, b, xfA.inverseMultiplied(by: xfB)) { pa, pb in
        var edge = -1, best = -Double.infinity
        for i in 0..<pa.count where covered & (1 << UInt32(i)) == 0 {
            let s = faceSeparation(pa, i, pb)
            if s > best { best = s; edge = i }
        }
        guard edge >= 0, best <= Tolerance.speculativeDistance + pa.radius + pb.radius else { return Manifold() }
        // -infinity skips the corner-to-corner case: this contact is on the open face by construction.
        return clipPolygons(reference: pa, edge: edge, incident: pb, separation: -Double.infinity, flip: false, xfA, xfB)
    }
}

extension PhysicsWorld {
    /// Marks the edges of static polygons that lie flush against another static polygon's edge covering them
    /// (`Shape.coveredEdges`), and clears the marks of every other polygon. Run after the static bodies changed.
    mutating func updateCoveredEdges() {
        // The static polygons of items (the ground's shapes are boundary segments), with their world boxes.
        var candidates: [(shape: Int32, box: AABB)] = []
        for s in shapes.indices where shapes[s].inUse && shapes[s].shape.kind == .polygon {
            let body = Int(shapes[s].body)
            if bodies[body].type == .staticBody && body != Int(Self.ground) {
                candidates.append((Int32(s), bounds[s].aabb))
            } else if shapes[s].shape.coveredEdges != 0 {
                shapes[s].shape.coveredEdges = 0
            }
        }
        candidates.sort { ($0.box.lower.x, $0.shape) < ($1.box.lower.x, $1.shape) }
        var masks = [UInt32](repeating: 0, count: candidates.count)
        let reach = Tolerance.linearSlop
        for i in candidates.indices {
            var j = i + 1
            while j < candidates.count && candidates[j].box.lower.x <= candidates[i].box.upper.x + reach {
                if candidates[i].box.expanded(by: reach).overlaps(candidates[j].box) {
                    let (ci, cj) = coveredEdges(candidates[i].shape, candidates[j].shape)
                    masks[i] |= ci; masks[j] |= cj
                }
                j += 1
            }
        }
        for k in candidates.indices { shapes[Int(candidates[k].shape)].shape.coveredEdges = masks[k] }
    }

    /// The edges of each of two static polygons that the other's edges cover.
    private func coveredEdges(_ s: Int32, _ t: Int32) -> (UInt32, UInt32) {
        let a = shapes[Int(s)].shape, b = shapes[Int(t)].shape
        guard a.radius == 0 && b.radius == 0 else { return (0, 0) }
        let xfA = bodies[Int(shapes[Int(s)].body)].transform, xfB = bodies[Int(shapes[Int(t)].body)].transform
        var maskA: UInt32 = 0, maskB: UInt32 = 0
        let tolerance = 0.1 * Tolerance.linearSlop
        for i in 0..<min(a.count, 32) {
            let p1 = xfA.apply(a.vertex(i)), p2 = xfA.apply(a.vertex(i + 1 < a.count ? i + 1 : 0))
            let nA = xfA.q.rotate(a.normal(i))
            for j in 0..<min(b.count, 32) {
                let q1 = xfB.apply(b.vertex(j)), q2 = xfB.apply(b.vertex(j + 1 < b.count ? j + 1 : 0))
                let nB = xfB.q.rotate(b.normal(j))
                // Facing each other on one line.
                guard dot(nA, nB) < -0.99999, abs(dot(nA, q1 - p1)) < tolerance, abs(dot(nA, q2 - p1)) < tolerance else {
                    continue
                }
                // Along the line, each edge's span; an edge is covered when the other's span holds it.
                let t = nA.leftPerp
                let (a0, a1) = (min(dot(p1, t), dot(p2, t)), max(dot(p1, t), dot(p2, t)))
                let (b0, b1) = (min(dot(q1, t), dot(q2, t)), max(dot(q1, t), dot(q2, t)))
                if b0 <= a0 + tolerance && a1 <= b1 + tolerance { maskA |= 1 << UInt32(i) }
                if a0 <= b0 + tolerance && b1 <= a1 + tolerance { maskB |= 1 << UInt32(j) }
            }
        }
        return (maskA, maskB)
    }
}
