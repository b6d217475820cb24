/// Rows of anchored tiles, and tiles meeting a boundary: a shape sliding across the seam between two tiles, or from a
/// boundary segment onto a tile whose top continues it, must not catch on the corner where they meet. Near the seam
/// the separating axis test can pick the side face of the next tile (or a corner-to-corner normal), whose
/// speculative contact stops the slider dead. Those side faces lie flush against the neighbouring tile, or under the
/// boundary's line (`Shape.coveredEdges`), so nothing sliding over the top can really touch them: a contact whose
/// normal leans toward a covered edge's outward normal is made on the tile's best open face instead, as a chain
/// segment does at its joints.

/// The covered edges of A that count against a shape whose centre is `c` (in A's frame). A covered edge counts only
/// while `c` lies outside one of the edge's two neighbouring faces: above the tiles or below them. A shape level with
/// the edge itself, between those two faces' lines, can only be beyond the line of a boundary that covers the edge
/// from one side (the tile's side face under a floor segment that continues its top), where the edge is a real wall.
@inline(__always)
private func coveredEdges(of a: Shape, seenFrom c: Vector) -> UInt32 {
    var mask: UInt32 = 0
    let n = min(a.count, 32)
    for i in 0..<n where a.coveredEdges & (1 << UInt32(i)) != 0 {
        let before = i == 0 ? n - 1 : i - 1, after = i + 1 == n ? 0 : i + 1
        if dot(a.normal(before), c - a.vertex(before)) > 0 || dot(a.normal(after), c - a.vertex(after)) > 0 {
            mask |= 1 << UInt32(i)
        }
    }
    return mask
}

/// Whether a contact normal `n` (in A's frame, from A outward) leans toward one of the edges of A in `covered`: a
/// face contact on the open neighbouring face has a normal square to the covered edge's, so anything leaning toward
/// it comes from the seam.
@inline(__always)
private func leansOnCovered(_ a: Shape, _ covered: UInt32, _ n: Vector) -> Bool {
    for i in 0..<min(a.count, 32) where covered & (1 << UInt32(i)) != 0 {
        if dot(n, a.normal(i)) > 1e-3 { return true }
    }
    return false
}

/// Polygon A (a static polygon with covered edges) against circle B: a contact at a seam's corner is made on A's
/// best open face instead.
func collidePolygonAndCircleAvoidingCovered(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Manifold {
    let m = collidePolygonAndCircle(a, xfA, b, xfB)
    guard m.pointCount > 0 else { return m }
    let c = xfA.inverseApply(xfB.apply(b.center))
    let covered = coveredEdges(of: a, seenFrom: c)
    guard leansOnCovered(a, covered, xfA.q.inverseRotate(m.normal)) else { return m }
    var face = -1, best = -Double.infinity
    for i in 0..<a.count where covered & (1 << UInt32(min(i, 31))) == 0 {
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
    let covered = coveredEdges(of: a.pointee, seenFrom: xfA.inverseApply(xfB.apply(b.pointee.centroid)))
    guard leansOnCovered(a.pointee, covered, xfA.q.inverseRotate(m.normal)) else { return m }
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
    /// Marks the edges of static polygons that lie flush against another static polygon's edge covering them, or
    /// that a boundary segment continuing a neighbouring face covers (`Shape.coveredEdges`), and clears the marks of
    /// every other polygon; a boundary segment ending there takes the tile's face as its neighbour
    /// (`joinBoundaries(endingOn:_:)`). Run after the static bodies or the boundaries changed.
    mutating func updateCoveredEdges() {
        // The static polygons of items (the ground's shapes are boundary segments), with their world boxes.
        var candidates: [(shape: Int32, box: AABB)] = []
        candidates.reserveCapacity(shapes.count)
        // Capsules are left out: their two sides are not edges a tile can cover.
        for s in shapes.indices where shapes[s].inUse && shapes[s].shape.kind == .polygon && shapes[s].shape.count > 2 {
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
        takeBackSegmentGhostsFromTiles()
        let ends = boundaryEnds()
        if !ends.isEmpty {
            for k in candidates.indices { masks[k] |= joinBoundaries(endingOn: candidates[k].shape, ends) }
        }
        for k in candidates.indices { shapes[Int(candidates[k].shape)].shape.coveredEdges = masks[k] }
    }

    /// One end of a boundary segment: the shape, which end (0 or 1), where it is and where the segment's other end
    /// is, in world coordinates.
    private struct BoundaryEnd {
        var shape: Int32, end: Int, point: Vector, other: Vector
    }

    /// Every end of every boundary segment (the ground body's segments), sorted by x.
    private func boundaryEnds() -> [BoundaryEnd] {
        var ends: [BoundaryEnd] = []
        let xf = bodies[Int(Self.ground)].transform
        for s in shapes.indices where shapes[s].inUse && shapes[s].body == Self.ground && shapes[s].shape.kind == .segment {
            let p0 = xf.apply(shapes[s].shape.vertex(0)), p1 = xf.apply(shapes[s].shape.vertex(1))
            ends.append(BoundaryEnd(shape: Int32(s), end: 0, point: p0, other: p1))
            ends.append(BoundaryEnd(shape: Int32(s), end: 1, point: p1, other: p0))
        }
        ends.sort { ($0.point.x, $0.shape, $0.end) < ($1.point.x, $1.shape, $1.end) }
        return ends
    }

    /// The boundary ends (sorted by x) within the seam tolerance of `p`.
    private func boundaryEnds(_ ends: [BoundaryEnd], near p: Vector, within tolerance: Double) -> ArraySlice<BoundaryEnd> {
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid].point.x < p.x - tolerance { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < ends.count && ends[end].point.x <= p.x + tolerance { end += 1 }
        return ends[lo..<end]
    }

    /// Joins the boundary segments that end on a corner of a static polygon and run on along the line of one of the
    /// corner's two faces, away from the polygon (a floor segment continuing a tile's top). The corner's other face
    /// lies under the segment's line: it is returned as covered. And a segment whose end there is open (no
    /// neighbouring boundary) takes the face's far corner as the point beyond its end, so an item leaving the tile
    /// for the boundary slides over the seam instead of rolling round the segment's end. The ghosts set here are
    /// remembered (`segmentGhostsFromTiles`) and taken back first each time, so a tile that goes or moves leaves no
    /// stale neighbour.
    private mutating func joinBoundaries(endingOn s: Int32, _ ends: [BoundaryEnd]) -> UInt32 {
        let a = shapes[Int(s)].shape
        guard a.radius == 0 else { return 0 }
        let xf = bodies[Int(shapes[Int(s)].body)].transform, ground = bodies[Int(Self.ground)].transform
        let tolerance = 0.1 * Tolerance.linearSlop
        let n = min(a.count, 32)
        var mask: UInt32 = 0
        for i in 0..<n {
            let v = xf.apply(a.vertex(i))
            for e in boundaryEnds(ends, near: v, within: tolerance) where distance(e.point, v) < tolerance {
                let along = e.other - v
                guard along.length > tolerance else { continue }
                // Edge i leaves this corner for vertex i+1; edge i-1 arrives at it from vertex i-1.
                let previous = i == 0 ? n - 1 : i - 1
                let leaving = (face: i, far: i + 1 < n ? i + 1 : 0), arriving = (face: previous, far: previous)
                for (face, other) in [(leaving, arriving), (arriving, leaving)] {
                    let nFace = xf.q.rotate(a.normal(face.face)), nOther = xf.q.rotate(a.normal(other.face))
                    // On the face's line, and heading out through the other face.
                    guard abs(dot(nFace, along)) < tolerance && dot(nOther, along) > tolerance else { continue }
                    mask |= 1 << UInt32(other.face)
                    let seg = shapes[Int(e.shape)].shape
                    guard (e.end == 0 ? seg.ghost1 : seg.ghost2) == nil else { continue }
                    let ghost = ground.inverseApply(xf.apply(a.vertex(face.far)))
                    shapes[Int(e.shape)].shape = Shape.chainSegment(seg.vertex(0), seg.vertex(1),
                                                                    ghost1: e.end == 0 ? ghost : seg.ghost1,
                                                                    ghost2: e.end == 1 ? ghost : seg.ghost2)
                    segmentGhostsFromTiles.append((e.shape, e.end, ghost))
                }
            }
        }
        return mask
    }

    /// Takes back the neighbours boundary segments took from tiles at the last update, where they still hold them.
    private mutating func takeBackSegmentGhostsFromTiles() {
        for old in segmentGhostsFromTiles {
            let i = Int(old.shape)
            guard i < shapes.count, shapes[i].inUse, shapes[i].shape.kind == .segment else { continue }
            let seg = shapes[i].shape
            if old.end == 0 && seg.ghost1 == old.ghost {
                shapes[i].shape = Shape.chainSegment(seg.vertex(0), seg.vertex(1), ghost1: nil, ghost2: seg.ghost2)
            } else if old.end == 1 && seg.ghost2 == old.ghost {
                shapes[i].shape = Shape.chainSegment(seg.vertex(0), seg.vertex(1), ghost1: seg.ghost1, ghost2: nil)
            }
        }
        segmentGhostsFromTiles.removeAll()
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
                // Facing each other (most pairs of edges do not: the corners are placed only for those that do)...
                let nB = xfB.q.rotate(b.normal(j))
                guard dot(nA, nB) < -0.99999 else { continue }
                // ...on one line.
                let q1 = xfB.apply(b.vertex(j)), q2 = xfB.apply(b.vertex(j + 1 < b.count ? j + 1 : 0))
                guard abs(dot(nA, q1 - p1)) < tolerance, abs(dot(nA, q2 - p1)) < tolerance else { continue }
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
