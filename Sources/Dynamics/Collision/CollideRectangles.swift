/// `collidePolygons` when shape A is an axis rectangle (`Shape.isAxisRectangle`, every `Shape.box` without an
/// angle): the same manifold, bit for bit, for less arithmetic.
///
/// The general separating-axis test projects every vertex of one polygon on every face normal of the other. With A
/// a rectangle along its own axes, both halves collapse, and they do so exactly, not approximately:
/// - A's face normals are exact unit axes, so each projection `dot(n, w - v)` rounds to one subtraction of
///   coordinates (the other product is a zero), and the least of them over B's vertices is that subtraction applied
///   to B's extreme coordinate (rounding is monotonic, so the extreme vertex still gives the least value).
/// - For B's face normal `m`, each rounded step of `dot(m, v - w)` is monotonic in each coordinate of A's vertex
///   `v`, so the least over A's four corners is the corner picked by the signs of `m`: one projection per face
///   instead of four.
/// The faces then compare as in `maxSeparation` (first best, same early stop), and the clipping is the general
/// one, so the points, ids, normal and separations are those of `collidePolygons`.
/// The manifold is written into `m`, which the narrowphase points at the contact's own (see `collide(into:)`).
func collideRectangleAndPolygon(_ a: UnsafePointer<Shape>, _ xfA: Transform, _ b: UnsafePointer<Shape>,
                                _ xfB: Transform, into m: inout Manifold, hint: inout UInt8) {
    withLocalPolygons(a, b, xfA.inverseMultiplied(by: xfB)) { pa, pb in
        collideLocalRectangleAndPolygon(pa, pb, xfA, xfB, into: &m, hint: &hint)
    }
}

/// `collideRectangleAndPolygon` once both shapes are in A's frame; `pa` is the rectangle.
private func collideLocalRectangleAndPolygon(_ pa: LocalPolygon, _ pb: LocalPolygon, _ xfA: Transform,
                                             _ xfB: Transform, into m: inout Manifold, hint: inout UInt8) {
    let limit = Tolerance.speculativeDistance + pa.radius + pb.radius
    let ra = pa.vertices, wb = pb.vertices, mb = pb.normals
    // B's extent along A's axes.
    var minX = wb[0].x, maxX = minX, minY = wb[0].y, maxY = minY
    for j in 1..<pb.count {
        let w = wb[j]
        minX = min(minX, w.x); maxX = max(maxX, w.x)
        minY = min(minY, w.y); maxY = max(maxY, w.y)
    }
    // A's faces in order (bottom, right, top, left): `maxSeparation(pa, pb)`'s values, each the projection of B's
    // deepest vertex on the face's exact axis normal.
    let (sepA, edgeA) = deepestFaceOfAxisRectangle(ra.baseAddress.unsafelyUnwrapped, minX: minX, maxX: maxX, minY: minY,
                                                   maxY: maxY, limit: limit)
    guard sepA <= limit else { hint = SeparatingFace.ofA(edgeA); m = Manifold(); return }

    // B's faces: A's deepest corner along each normal, picked by the normal's signs (left/right x, bottom/top y).
    let x0 = ra[0].x, x1 = ra[1].x, y0 = ra[0].y, y2 = ra[2].y
    @inline(__always) func faceOfB(_ k: Int) -> Double {
        let m = mb[k]
        return dot(m, Vector(m.x > 0 ? x0 : x1, m.y > 0 ? y0 : y2) - wb[k])
    }
    if hint > 128 {
        // The face of B that separated the pair last time usually still does.
        let face = Int(hint & 0x7F) - 1
        if face < pb.count && faceOfB(face) > limit { m = Manifold(); return }
    }
    var sepB = -Double.infinity, edgeB = 0
    for k in 0..<pb.count {
        let s = faceOfB(k)
        if s > sepB {
            sepB = s
            edgeB = k
            if sepB > limit { break }
        }
    }
    guard sepB <= limit else { hint = SeparatingFace.ofB(edgeB); m = Manifold(); return }
    // Prefer A's face unless B's is clearly better, as `collidePolygons` does.
    if sepB > sepA + 0.1 * Tolerance.linearSlop {
        clipPolygons(reference: pb, edge: edgeB, incident: pa, separation: sepB, flip: true, xfA, xfB, into: &m)
        return
    }
    clipPolygons(reference: pa, edge: edgeA, incident: pb, separation: sepA, flip: false, xfA, xfB, into: &m)
}

/// The face of an axis rectangle A (its corners `ra`: bottom left, bottom right, top right, top left) that B lies
/// farthest beyond, given B's extent along the axes: the faces in order (bottom, right, top, left), each B's deepest
/// coordinate against A's side, stopping at the first face past `limit` (`maxSeparation`'s early stop). Returns the
/// separation and the face's index.
@inline(__always)
func deepestFaceOfAxisRectangle(_ ra: UnsafePointer<Vector>, minX: Double, maxX: Double, minY: Double, maxY: Double,
                                limit: Double) -> (Double, Int) {
    var sepA = ra[0].y - maxY, edgeA = 0
    if sepA <= limit {
        let s1 = minX - ra[1].x
        if s1 > sepA { sepA = s1; edgeA = 1 }
        if sepA <= limit {
            let s2 = minY - ra[2].y
            if s2 > sepA { sepA = s2; edgeA = 2 }
            if sepA <= limit {
                let s3 = ra[3].x - maxX
                if s3 > sepA { sepA = s3; edgeA = 3 }
            }
        }
    }
    return (sepA, edgeA)
}
