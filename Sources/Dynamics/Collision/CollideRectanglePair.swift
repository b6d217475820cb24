/// `collidePolygons` when both shapes are axis rectangles (`Shape.isAxisRectangle`, every `Shape.box` without an
/// angle): boxes against boxes, most pairs of a stack or a pile. The same manifold, bit for bit, as the general
/// path and as `collideRectangleAndPolygon`, from straight-line code: no scratch copy of B's normals, no loops over
/// vertices or faces, and for a reference face of A (nearly every resting pair) no square root or division before
/// the clip, whose common case is written out here.
///
/// It follows `collideRectangleAndPolygon` (whose faces of A are read off B's extent, and whose faces of B are each
/// measured from A's corner their normal's signs pick) step by step, with shortcuts that change no stored number:
/// - B's extent: rounding keeps each coordinate of a moved corner monotonic in each coordinate of the corner, so the
///   least and greatest x and y are at corners the signs of the relative rotation (c, s) pick.
/// - B's normals in A's frame are B's axes turned by (c, s): (s, -c), (c, s), (-s, c), (-c, -s). `Rotation.rotate`
///   of the stored normals gives the same values (a product by a zero coordinate only adds a zero, whose sign can
///   differ), so every comparison and every separation made from them is the same; they reach no stored number.
///   Where a normal does (B's face as the reference), it is rotated exactly as `withLocalPolygons` rotates it.
/// - The incident edge is the one whose normal is most opposed to the reference normal: with both shapes
///   rectangles the four dot products are two values and their negatives.
/// - A reference face of A runs along an axis, and `(end - start).normalized` is that axis exactly. The shape's
///   normals were made from the same edge vectors, turned a quarter (the same sum of squares) and normalized the
///   same way, and `isAxisRectangle` holds only if they came out as exact axes: so the edge's length rounded to
///   exactly its one non-zero coordinate, and that coordinate divided by it is 1. Positions along the face are then
///   the same values (only the signs of zeros can differ, and they reach nothing but comparisons and differences
///   with non-zero numbers).
/// The manifold is written into `m` (see `collide(into:)`), and `hint` is left as `collideRectangleAndPolygon`
/// leaves it. Kept out of line: inlined into `collide` it took more instructions, not fewer.
@inline(never)
func collideRectangles(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>, _ xfB: Transform,
                       into m: inout Manifold, hint: inout UInt8) {
    let xf = xfA.inverseMultiplied(by: xfB)
    // Each rectangle's four corners (bottom left, bottom right, top right, top left in math axes), then its normals.
    let ra = UnsafePointer(a.pointee.points), rb = UnsafePointer(b.pointee.points)
    let radiusA = a.pointee.radius, radiusB = b.pointee.radius
    let limit = Tolerance.speculativeDistance + radiusA + radiusB
    let c = xf.q.c, s = xf.q.s
    // B's corners in A's frame, as `withLocalPolygons` moves them, kept on the stack to be picked by index.
    withUnsafeTemporaryAllocation(of: Vector.self, capacity: 4) { w in
        for k in 0..<4 { w.initializeElement(at: k, to: xf.apply(rb[k])) }

        // B's extent along A's axes: its least x is at the corner whose x and y the signs of c and -s pick, its
        // greatest at the opposite corner; likewise for y with s and c. Corners by their x and y: (low, low) 0,
        // (high, low) 1, (high, high) 2, (low, high) 3. Ties give equal values, whichever corner is taken.
        @inline(__always) func corner(highX: Bool, highY: Bool) -> Int { (highY ? 3 : 0) ^ (highX ? 1 : 0) }
        let leastX = corner(highX: !(c > 0), highY: s > 0), leastY = corner(highX: !(s > 0), highY: !(c > 0))
        let minX = w[leastX].x, maxX = w[(leastX + 2) & 3].x
        let minY = w[leastY].y, maxY = w[(leastY + 2) & 3].y

        // A's faces in order (bottom, right, top, left), each B's deepest coordinate against A's side, with the
        // early stop of `maxSeparation`.
        let (sepA, edgeA) = deepestFaceOfAxisRectangle(ra, minX: minX, maxX: maxX, minY: minY, maxY: maxY,
                                                       limit: limit)
        guard sepA <= limit else { hint = SeparatingFace.ofA(edgeA); m = Manifold(); return }

        // B's faces: A's deepest corner along each normal, picked by the normal's signs.
        let x0 = ra[0].x, x1 = ra[1].x, y0 = ra[0].y, y2 = ra[2].y
        @inline(__always) func faceOfB(_ nx: Double, _ ny: Double, _ k: Int) -> Double {
            dot(Vector(nx, ny), Vector(nx > 0 ? x0 : x1, ny > 0 ? y0 : y2) - w[k])
        }
        let faces = SIMD4(faceOfB(s, -c, 0), faceOfB(c, s, 1), faceOfB(-s, c, 2), faceOfB(-c, -s, 3))
        if hint > 128 {
            // The face of B that separated the pair last time usually still does.
            let face = Int(hint & 0x7F) - 1
            if face < 4 && faces[face] > limit { m = Manifold(); return }
        }
        var sepB = -Double.infinity, edgeB = 0
        if faces[0] > sepB { sepB = faces[0] }
        if sepB <= limit {
            if faces[1] > sepB { sepB = faces[1]; edgeB = 1 }
            if sepB <= limit {
                if faces[2] > sepB { sepB = faces[2]; edgeB = 2 }
                if sepB <= limit {
                    if faces[3] > sepB { sepB = faces[3]; edgeB = 3 }
                }
            }
        }
        guard sepB <= limit else { hint = SeparatingFace.ofB(edgeB); m = Manifold(); return }

        // Prefer A's face unless B's is clearly better, as `collidePolygons` does.
        if sepB > sepA + 0.1 * Tolerance.linearSlop {
            // B's face k is the reference, rotated as `withLocalPolygons` rotates it, and A's edge most opposed to
            // it the incident one, found as `clipPolygons` finds it.
            let k = edgeB, k2 = (k + 1) & 3
            let nRef = xf.q.rotate(rb[4 + k])
            let j1 = firstLeast(dot(nRef, ra[4]), dot(nRef, ra[5]), dot(nRef, ra[6]), dot(nRef, ra[7]))
            let j2 = (j1 + 1) & 3
            let start = w[k], end = w[k2]
            clipIncidentEdge(ReferenceEdge(start: start, end: end, startIndex: k, endIndex: k2, normal: nRef,
                                           tangent: (end - start).normalized, radius: radiusB),
                             IncidentEdge(start: ra[j1], end: ra[j2], startIndex: j1, endIndex: j2, radius: radiusA),
                             separation: sepB, flip: true, xfA, xfB, into: &m)
            return
        }

        // A's face i1 is the reference. B's edge most opposed to it is the incident one: the dot products of the
        // face's normal with B's normals (s, -c), (c, s), (-s, c), (-c, -s) are the values `clipPolygons` compares.
        let i1 = edgeA, i2 = (i1 + 1) & 3
        let v11 = ra[i1], v12 = ra[i2], nRef = ra[4 + i1]
        let facing0 = dot(nRef, Vector(s, -c)), facing1 = dot(nRef, Vector(c, s))
        let j1 = firstLeast(facing0, facing1, -facing0, -facing1), j2 = (j1 + 1) & 3
        let v21 = w[j1], v22 = w[j2]
        // The face runs along its normal turned a quarter counter-clockwise: +x, +y, -x or -y, exactly.
        let tangent = nRef.leftPerp
        // The clipping is `clipIncidentEdge`'s, written out for its common case, the incident edge clipped to the
        // face's span; corners that may meet corner to corner and an incident edge wholly past one end of the face
        // go to it whole.
        let upper1 = dot(v12 - v11, tangent), upper2 = dot(v21 - v11, tangent), lower2 = dot(v22 - v11, tangent)
        let overlap = min(upper1, upper2) - max(0, lower2)
        if (sepA > 0.1 * Tolerance.linearSlop && overlap < Tolerance.linearSlop) || upper2 <= 0 || lower2 >= upper1 {
            clipIncidentEdge(ReferenceEdge(start: v11, end: v12, startIndex: i1, endIndex: i2, normal: nRef,
                                           tangent: tangent, radius: radiusA),
                             IncidentEdge(start: v21, end: v22, startIndex: j1, endIndex: j2, radius: radiusB),
                             separation: sepA, flip: false, xfA, xfB, into: &m)
            return
        }
        let radii = radiusA + radiusB
        m = Manifold()
        m.normal = xfA.q.rotate(nRef)
        var vLower = v22, vUpper = v21
        let span = upper2 - lower2
        if lower2 < 0 && span > 1e-12 { vLower = lerp(v22, v21, (0 - lower2) / span) }
        if upper2 > upper1 && span > 1e-12 { vUpper = lerp(v22, v21, (upper1 - lower2) / span) }
        let sLower = dot(vLower - v11, nRef)
        let sUpper = dot(vUpper - v11, nRef)
        if sLower - radii <= Tolerance.speculativeDistance {
            let local = vLower + (0.5 * (radiusA - radiusB - sLower)) * nRef
            m.append(manifoldPoint(local: local, separation: sLower - radii, id: featureID(i1, j2), xfA, xfB))
        }
        if sUpper - radii <= Tolerance.speculativeDistance {
            let local = vUpper + (0.5 * (radiusA - radiusB - sUpper)) * nRef
            m.append(manifoldPoint(local: local, separation: sUpper - radii, id: featureID(i2, j1), xfA, xfB))
        }
        if m.pointCount == 0 { m.normal = .zero }
    }
}

/// The index of the least of four numbers, the first of equals (as `clipPolygons` picks its incident edge).
@inline(__always)
private func firstLeast(_ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double) -> Int {
    var best = 0, least = d0
    if d1 < least { least = d1; best = 1 }
    if d2 < least { least = d2; best = 2 }
    if d3 < least { best = 3 }
    return best
}
