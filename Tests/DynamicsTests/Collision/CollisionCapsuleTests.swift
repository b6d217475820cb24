import Testing
@testable import Dynamics

/// Capsule manifolds against the distances geometry gives.
struct CollisionCapsuleTests {
    private func points(_ m: Manifold) -> [ManifoldPoint] { [m.point1, m.point2].compactMap { $0 } }
    private func at(_ x: Double, _ y: Double, angle: Double = 0) -> Transform {
        Transform(p: Vector(x, y), q: Rotation(angle: angle))
    }
    private func near(_ a: Vector, _ b: Vector, _ tol: Double = 1e-9) -> Bool { distance(a, b) <= tol }
    private func capsule(_ halfLength: Double, _ r: Double) throws -> Shape {
        try Shape.capsule(Vector(-halfLength, 0), Vector(halfLength, 0), radius: r)
    }

    /// Every point's anchors must be that point relative to each body, and seen from the other shape the contact
    /// must be the same with the normal reversed.
    private func expectConsistent(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let m = collide(a, xfA, b, xfB), r = collide(b, xfB, a, xfA)
        for p in points(m) {
            #expect(near(p.anchorA + xfA.p, p.point), sourceLocation: sourceLocation)
            #expect(near(p.anchorB + xfB.p, p.point), sourceLocation: sourceLocation)
        }
        #expect(m.pointCount == r.pointCount, sourceLocation: sourceLocation)
        #expect(near(m.normal, -r.normal), sourceLocation: sourceLocation)
        let ms = points(m).map(\.separation).sorted(), rs = points(r).map(\.separation).sorted()
        for (x, y) in zip(ms, rs) { #expect(abs(x - y) < 1e-9, sourceLocation: sourceLocation) }
    }

    @Test func capsuleLyingOnABoxTouchesAlongItsSide() throws {
        // Ground box top at y = -10; a capsule of radius 5 whose core lies at y = -14.8: 0.2 pt into the box.
        let ground = Shape.box(halfWidth: 50, halfHeight: 10), c = try capsule(20, 5)
        let xfA = at(0, 0), xfB = at(3, -14.8)
        let m = collide(ground, xfA, c, xfB)
        #expect(m.pointCount == 2)
        #expect(near(m.normal, Vector(0, -1)))
        #expect(points(m).map(\.point.x).sorted().enumerated().allSatisfy { i, x in abs(x - (i == 0 ? -17 : 23)) < 1e-9 })
        for p in points(m) { #expect(abs(p.separation + 0.2) < 1e-9) }
        expectConsistent(ground, xfA, c, xfB)
    }

    @Test func equalCapsulesStackedFlatTouchAtBothEnds() throws {
        // Cores 9.8 pt apart, radii 5: 0.2 pt overlap, and the nearest points of the cores are ends of both.
        let c = try capsule(20, 5)
        let xfA = at(0, 0), xfB = at(0, -9.8)
        let m = collide(c, xfA, c, xfB)
        #expect(m.pointCount == 2)
        #expect(near(m.normal, Vector(0, -1)))
        for p in points(m) { #expect(abs(p.separation + 0.2) < 1e-9) }
        expectConsistent(c, xfA, c, xfB)
    }

    @Test func capsulesInLineTouchEndToEnd() throws {
        // On one line, ends 11 pt apart: radii 5 and 5 leave a gap of 1 pt, along the line.
        let c = try capsule(20, 5)
        let xfA = at(0, 0), xfB = at(51, 0)
        let m = collide(c, xfA, c, xfB)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vector(1, 0)))
        #expect(abs((m.point1?.separation ?? .nan) - 1) < 1e-9)
        expectConsistent(c, xfA, c, xfB)
        // Farther than the speculative distance: nothing (the separating-axis test alone saw them touching).
        #expect(collide(c, xfA, c, at(50 + 10 + Tolerance.speculativeDistance + 1, 0)).pointCount == 0)
    }

    @Test func crossedCapsulesMeetAtOnePoint() throws {
        // B upright, its lower end 1 pt above A's side at x = 4: the gap is 1 pt less the radii, straight up.
        let a = try capsule(20, 3), b = try capsule(10, 2)
        let xfA = at(0, 0), xfB = at(4, -(3 + 2 + 10 + 1), angle: Double.pi / 2)
        let m = collide(a, xfA, b, xfB)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vector(0, -1)))
        #expect(abs((m.point1?.separation ?? .nan) - 1) < 1e-9)
        #expect(abs((m.point1?.point.x ?? .nan) - 4) < 1e-9)
        expectConsistent(a, xfA, b, xfB)
    }

    @Test func tiltedCapsuleRestsOnOneEnd() throws {
        // Turned by -0.3 rad (its left end down), the low end's core point 5.1 pt above the ground's core line (radii 5): gap 0.1.
        let c = try capsule(20, 5), ground = try capsule(100, 5)
        let q = Rotation(angle: -0.3)
        let lowEnd = q.rotate(Vector(-20, 0))
        let centre = Vector(0, -10.1) - lowEnd
        let m = collide(ground, at(0, 0), c, Transform(p: centre, q: q))
        let sep = points(m).map(\.separation).min() ?? .nan
        #expect(abs(sep - 0.1) < 1e-9)
        #expect(near(m.normal, Vector(0, -1)))
        expectConsistent(ground, at(0, 0), c, Transform(p: centre, q: q))
    }

    @Test func circleOnTheAxisBeyondTheEnd() throws {
        // A polygon's faces would see this circle as sitting on the capsule's side; it is 2 pt off its end.
        let c = try capsule(20, 5), ball = Shape.circle(radius: 3)
        let xfA = at(0, 0), xfB = at(30, 0)
        let m = collide(c, xfA, ball, xfB)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vector(1, 0)))
        #expect(abs((m.point1?.separation ?? .nan) - 2) < 1e-9)
        expectConsistent(c, xfA, ball, xfB)
        #expect(collide(c, xfA, ball, at(40, 0)).pointCount == 0)
    }

    @Test func segmentInLineWithACapsuleIsApart() throws {
        // A boundary segment from x = 0 to 100 and a capsule on its line, 12 pt past its end: gap 12 - 5.
        let segment = Shape.segment(.zero, Vector(100, 0)), c = try capsule(20, 5)
        let m = collide(segment, at(0, 0), c, at(132, 0))
        #expect(m.pointCount == 0)
        let near1 = collide(segment, at(0, 0), c, at(120 + 5.5, 0))
        #expect(near1.pointCount == 1)
        #expect(abs((near1.point1?.separation ?? .nan) - 0.5) < 1e-9)
    }

    @Test func capsuleCornerNearABoxCornerUsesTheTrueGap() throws {
        // Box corner at (10, -10); the capsule's lower-left end centre at (10 + 3, -10 - 4 - 5)... a 3-4-5 gap of
        // 5 pt from the box's corner to the capsule's core, so 5 - radius 2 = 3 pt apart... beyond speculative
        // distance, nothing; at 2 + 0.5 apart, one point along the corner-to-core direction.
        let box = Shape.box(halfWidth: 10, halfHeight: 10), c = try capsule(10, 2)
        let gap = 0.5, reach = 2 + gap
        let corner = Vector(10, -10), dir = Vector(0.6, -0.8)
        let endCentre = corner + reach * dir
        let xfB = at(endCentre.x + 10, endCentre.y)
        let m = collide(box, at(0, 0), c, xfB)
        #expect(m.pointCount == 1)
        #expect(abs((m.point1?.separation ?? .nan) - gap) < 1e-9)
        #expect(near(m.normal, dir))
        expectConsistent(box, at(0, 0), c, xfB)
    }
}
