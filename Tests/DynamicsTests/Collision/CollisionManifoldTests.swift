import Testing
@testable import Dynamics

private func points(_ m: Manifold) -> [ManifoldPoint] { [m.point1, m.point2].compactMap { $0 } }
/// The first point, or a NaN point (which fails every check) when there is none, so a test never traps.
private func first(_ m: Manifold) -> ManifoldPoint {
    m.point1 ?? ManifoldPoint(anchorA: .zero, anchorB: .zero, point: Vector(.nan, .nan), separation: .nan, id: .max)
}
private func near(_ a: Vector, _ b: Vector, _ tol: Double = 1e-9) -> Bool { distance(a, b) <= tol }
private func at(_ x: Double, _ y: Double, angle: Double = 0) -> Transform { Transform(p: Vector(x, y), q: Rotation(angle: angle)) }

/// The anchors must be the point relative to each body's origin.
private func expectAnchorsConsistent(_ m: Manifold, _ xfA: Transform, _ xfB: Transform,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
    for p in points(m) {
        #expect(near(p.anchorA + xfA.p, p.point), sourceLocation: sourceLocation)
        #expect(near(p.anchorB + xfB.p, p.point), sourceLocation: sourceLocation)
    }
}

@Test func boxRestingOnBoxHasTwoPoints() throws {
    // Ground 100 x 20 at the origin; a 20 x 20 box above it (y down) sinking 0.2 pt into it.
    let ground = Shape.box(halfWidth: 50, halfHeight: 10), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let xfA = at(0, 0), xfB = at(3, -19.8)
    let m = collide(ground, xfA, box, xfB)
    #expect(m.pointCount == 2)
    #expect(near(m.normal, Vector(0, -1)))
    let xs = points(m).map(\.point.x).sorted()
    #expect(abs(xs[0] + 7) < 1e-9 && abs(xs[1] - 13) < 1e-9)
    for p in points(m) {
        #expect(abs(p.separation + 0.2) < 1e-9)
        #expect(abs(p.point.y + 9.9) < 1e-9)  // midway between the two surfaces
    }
    expectAnchorsConsistent(m, xfA, xfB)
    // Seen from the box, the same contact with the normal reversed.
    let r = collide(box, xfB, ground, xfA)
    #expect(r.pointCount == 2 && near(r.normal, Vector(0, 1)))
    expectAnchorsConsistent(r, xfB, xfA)
}

@Test func speculativePointsStopAtSpeculativeDistance() {
    let ground = Shape.box(halfWidth: 50, halfHeight: 10), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let gap = 0.75 * Tolerance.speculativeDistance
    let m = collide(ground, at(0, 0), box, at(0, -20 - gap))
    #expect(m.pointCount == 2)
    for p in points(m) { #expect(abs(p.separation - gap) < 1e-9) }
    #expect(collide(ground, at(0, 0), box, at(0, -20 - 1.5 * Tolerance.speculativeDistance)).pointCount == 0)
}

@Test func rotatedScenesGiveRotatedManifolds() {
    // The whole scene turned by 0.9 rad about the origin: same separations, normal turned by the same angle.
    let ground = Shape.box(halfWidth: 50, halfHeight: 10), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let q = Rotation(angle: 0.9)
    let xfA = Transform(p: q.rotate(Vector(0, 0)), q: q)
    let xfB = Transform(p: q.rotate(Vector(3, -19.8)), q: q)
    let m = collide(ground, xfA, box, xfB)
    #expect(m.pointCount == 2)
    #expect(near(m.normal, q.rotate(Vector(0, -1))))
    for p in points(m) { #expect(abs(p.separation + 0.2) < 1e-9) }
    expectAnchorsConsistent(m, xfA, xfB)
}

@Test func diamondCornerOnFloorHasOnePoint() {
    // A square turned 45 degrees touches the floor with one corner, 0.1 pt deep.
    let ground = Shape.box(halfWidth: 50, halfHeight: 10), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let h = 10 * 2.0.squareRoot()
    let m = collide(ground, at(0, 0), box, at(5, -10 - h + 0.1, angle: Double.pi / 4))
    #expect(m.pointCount == 1)
    #expect(near(m.normal, Vector(0, -1)))
    let p = first(m)
    #expect(abs(p.separation + 0.1) < 1e-9)
    #expect(near(p.point, Vector(5, -10 + 0.05)))
}

@Test func cornerToCornerSpeculativeContactUsesTheTrueNormal() {
    // Two boxes apart diagonally, corners 1.2 pt apart along (1, 1)/sqrt 2: one point, diagonal normal.
    let box = Shape.box(halfWidth: 10, halfHeight: 10)
    let d = 1.2 / 2.0.squareRoot()
    let m = collide(box, at(0, 0), box, at(20 + d, 20 + d))
    #expect(m.pointCount == 1)
    #expect(near(m.normal, Vector(1, 1).normalized, 1e-9))
    #expect(abs(first(m).separation - 1.2) < 1e-9)
}

@Test func circleOnSegment() {
    let seg = Shape.segment(Vector(-100, 0), Vector(100, 0))
    let ball = Shape.circle(radius: 10)
    let m = collide(seg, .identity, ball, at(5, -9.5))
    #expect(m.pointCount == 1)
    #expect(near(m.normal, Vector(0, -1)))
    #expect(abs(first(m).separation + 0.5) < 1e-9)
    #expect(near(first(m).point, Vector(5, 0.25)))
    // The other order, and the other side of the two-sided segment.
    let r = collide(ball, at(5, 9.5), seg, .identity)
    #expect(near(r.normal, Vector(0, -1)))
    #expect(abs(first(r).separation + 0.5) < 1e-9)
    expectAnchorsConsistent(r, at(5, 9.5), .identity)
    // Past the end the nearest feature is the end point.
    let e = collide(seg, .identity, ball, at(100 + 6, -8))
    #expect(near(e.normal, Vector(0.6, -0.8)))
    #expect(abs(first(e).separation) < 1e-9)
}

@Test func circlesAndPolygonCircleContacts() {
    let a = Shape.circle(radius: 5), b = Shape.circle(center: Vector(1, 0), radius: 3)
    let m = collide(a, at(0, 0), b, at(6, 0))  // centres 7 apart, radii 8
    #expect(near(m.normal, Vector(1, 0)) && abs(first(m).separation + 1) < 1e-9)
    #expect(near(first(m).point, Vector(4.5, 0)))
    // A circle off a box corner: the normal runs from the corner to the centre.
    let box = Shape.box(halfWidth: 10, halfHeight: 10)
    let c = collide(box, at(0, 0), Shape.circle(radius: 4), at(13, 14))
    #expect(near(c.normal, Vector(0.6, 0.8)))
    #expect(abs(first(c).separation - 1) < 1e-9)
    // Circle first: reversed normal, same separation.
    let f = collide(Shape.circle(radius: 4), at(13, 14), box, at(0, 0))
    #expect(near(f.normal, Vector(-0.6, -0.8)) && abs(first(f).separation - 1) < 1e-9)
    // On a face of a turned box.
    let t = collide(box, at(0, 0, angle: Double.pi / 2), Shape.circle(radius: 4), at(0, 13.5))
    #expect(near(t.normal, Vector(0, 1)) && abs(first(t).separation + 0.5) < 1e-9)
}

@Test func segmentAndPolygonInBothOrders() {
    let seg = Shape.segment(Vector(-100, 0), Vector(100, 0))
    let box = Shape.box(halfWidth: 10, halfHeight: 5)
    let m = collide(seg, .identity, box, at(20, -4.7, angle: 0))
    #expect(m.pointCount == 2 && near(m.normal, Vector(0, -1)))
    for p in points(m) { #expect(abs(p.separation + 0.3) < 1e-9) }
    let r = collide(box, at(20, -4.7), seg, .identity)
    #expect(r.pointCount == 2 && near(r.normal, Vector(0, 1)))
    for p in points(r) { #expect(abs(p.separation + 0.3) < 1e-9) }
    expectAnchorsConsistent(r, at(20, -4.7), .identity)
    #expect(collide(seg, .identity, seg, at(0, 0.1)).pointCount == 0)
}

@Test func roundedPolygonsAddTheirRadius() throws {
    let rounded = try Shape.polygon([Vector(-10, -10), Vector(10, -10), Vector(10, 10), Vector(-10, 10)], radius: 2)
    let ground = Shape.box(halfWidth: 50, halfHeight: 10)
    let m = collide(ground, at(0, 0), rounded, at(0, -21.9))  // surface 0.1 pt into the ground
    #expect(m.pointCount == 2 && near(m.normal, Vector(0, -1)))
    for p in points(m) { #expect(abs(p.separation + 0.1) < 1e-9) }
    let c = collide(rounded, at(0, 0), Shape.circle(radius: 3), at(10 + 3, 10 + 4))  // 5 from the core corner
    #expect(abs(first(c).separation) < 1e-9 && near(c.normal, Vector(0.6, 0.8)))
}

@Test func featureIDsAreStableUnderSmallMotion() {
    let ground = Shape.box(halfWidth: 50, halfHeight: 10), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let before = collide(ground, at(0, 0), box, at(3, -19.8))
    let after = collide(ground, at(0, 0), box, at(3.4, -19.75, angle: 0.002))
    #expect(before.pointCount == 2 && after.pointCount == 2)
    #expect(Set(points(before).map(\.id)) == Set(points(after).map(\.id)))
    #expect(points(before).map(\.id)[0] != points(before).map(\.id)[1])
    // The ids follow features, not slots: the point nearer x = -7 keeps its id.
    let idLeft = points(before).min { $0.point.x < $1.point.x }?.id
    let idLeftAfter = points(after).min { $0.point.x < $1.point.x }?.id
    #expect(idLeft == idLeftAfter)
}

@Test func boxSlidesAcrossAFlatChainJointWithoutCatching() {
    // A flat chain with a joint at x = 0; the box's lower right corner has just crossed it (0.02 pt) while
    // sinking 0.1 pt. A lone segment reports the box's side face (a horizontal normal that would stop it);
    // the chain segment makes a contact on its face instead.
    let box = Shape.box(halfWidth: 10, halfHeight: 10)
    let xfB = at(-10 + 0.02, -10 + 0.1)
    let lone = collide(Shape.segment(Vector(0, 0), Vector(100, 0)), .identity, box, xfB)
    #expect(lone.pointCount > 0 && abs(lone.normal.y) < 1e-9)

    let chain = Shape.chain([Vector(-100, 0), Vector(0, 0), Vector(100, 0)], isClosed: false)
    #expect(chain.count == 2)
    for seg in chain {
        let m = collide(seg, .identity, box, xfB)
        for p in points(m) { #expect(p.separation > -0.1 - 1e-9) }
        if m.pointCount > 0 { #expect(near(m.normal, Vector(0, -1))) }
    }
    // The second segment only holds the sliver of the box's bottom that is over it.
    let second = collide(chain[1], .identity, box, xfB)
    #expect(second.pointCount > 0)
    for p in points(second) { #expect(p.point.x > -1e-9 && p.point.x < 0.02 + 1e-9) }
}

@Test func circleOverAChainJointGetsOneContact() {
    let ball = Shape.circle(radius: 10)
    // Flat joint: only the segment the centre is over touches, with the face normal.
    let flat = Shape.chain([Vector(-100, 0), Vector(0, 0), Vector(100, 0)], isClosed: false)
    for x in [-0.3, 0.3] {
        let ms = flat.map { collide($0, .identity, ball, at(x, -9.9)) }.filter { $0.pointCount > 0 }
        #expect(ms.count == 1)
        #expect(near(ms[0].normal, Vector(0, -1)))
    }
    // Convex joint (the chain bends down-screen, away from the ball above): one contact whose normal points from
    // the joint to the centre, made by the segment before the joint.
    let bend = Shape.chain([Vector(-100, 0), Vector(0, 0), Vector(100, 100)], isClosed: false)
    let c = Vector(3, -9)
    let ms = bend.map { collide($0, .identity, ball, at(c.x, c.y)) }
    #expect(ms[0].pointCount == 1 && ms[1].pointCount == 0)
    #expect(near(ms[0].normal, c.normalized))
    // The same from the chain's other side: bending up-screen, with the ball below.
    let up = Shape.chain([Vector(-100, 0), Vector(0, 0), Vector(100, -100)], isClosed: false)
    let below = Vector(3, 9)
    let mu = up.map { collide($0, .identity, ball, at(below.x, below.y)) }
    #expect(mu[0].pointCount == 1 && mu[1].pointCount == 0)
    #expect(near(mu[0].normal, below.normalized))
    // From the concave side of that joint the ball rests on both faces, never on the joint.
    let above = collide(up[0], .identity, ball, at(-2, -9.95))
    #expect(near(above.normal, Vector(0, -1)))
}

/// Sinks a box 0.1 pt into a flattened circular boundary at many places along it, turned to the local surface, and
/// returns the largest angle between any segment's contact normal and the true surface normal there (a sideways
/// normal would catch a sliding box). Also checks the box is always held by some contact.
private func worstNormalError(on path: Path, radius: Double, inside: Bool, ghosts: Bool = true,
                              shape box: Shape = Shape.box(halfWidth: 12, halfHeight: 6), halfHeight: Double = 6,
                              sourceLocation: SourceLocation = #_sourceLocation) -> Double {
    let chain = ghosts ? Shape.chain(path: path) : Shape.chain(path: path).map { Shape.segment($0.vertex(0), $0.vertex(1)) }
    var worst = 0.0
    for k in 0...400 {
        let theta = -Double.pi / 2 - 0.6 + 1.2 * Double(k) / 400  // around the top of the circle (y up is -y)
        let radial = Vector(cos(theta), sin(theta))
        // Outside: the box sits on top of the bump, its bottom face against the surface. Inside: it lies in the bowl.
        let reach = inside ? radius - halfHeight + 0.1 : radius + halfHeight - 0.1
        let xf = Transform(p: reach * radial, q: Rotation(angle: theta + Double.pi / 2))
        let surfaceNormal = inside ? -radial : radial
        var contacts = 0
        for seg in chain {
            let m = collide(seg, .identity, box, xf)
            guard m.pointCount > 0 else { continue }
            contacts += 1
            worst = max(worst, acos(min(1, dot(m.normal, surfaceNormal))))
        }
        #expect(contacts > 0, sourceLocation: sourceLocation)
    }
    return worst
}

@Test func boxSlidingAlongAFlattenedCurveDoesNotCatch() throws {
    let r = 200.0
    let circle = try Path.oval(in: AABB(lower: Vector(-r, -r), upper: Vector(r, r)))
    // Segments of a 200 pt circle flattened to 0.25 pt span 0.1 rad each; a segment under a corner of the 24 pt box
    // is up to 0.05 + 12 / 200 rad off the normal at the box's centre. A catching normal is far more.
    #expect(worstNormalError(on: circle, radius: r, inside: false) < 0.13)
    #expect(worstNormalError(on: circle, radius: r, inside: true) < 0.13)
    // A ball rolling on the bump meets faces (off by at most half a segment's 0.1 rad) or a joint (normal toward
    // its centre, exact); in the bowl it can also press the face just past a joint, a little more off.
    let ball = Shape.circle(radius: 8)
    #expect(worstNormalError(on: circle, radius: r, inside: false, shape: ball, halfHeight: 8) < 0.051)
    #expect(worstNormalError(on: circle, radius: r, inside: true, shape: ball, halfHeight: 8) < 0.08)
    // Lone segments (no neighbours known) do catch inside the bowl: a box side meets a joint, normal sideways.
    #expect(worstNormalError(on: circle, radius: r, inside: true, ghosts: false) > 1)
}
