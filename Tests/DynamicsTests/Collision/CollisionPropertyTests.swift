import Testing
@testable import Dynamics

// Random (seeded) pairs of shapes checked against brute force and against GJK.

/// Distance between two convex outlines by brute force: 0 when they overlap (no separating edge normal), otherwise
/// the least distance from a vertex of one to an edge of the other.
private func bruteForceDistance(_ a: [Vector], _ b: [Vector]) -> Double {
    func separated(_ p: [Vector], _ q: [Vector]) -> Bool {
        for i in 0..<p.count {
            let e = p[(i + 1) % p.count] - p[i]
            let n = e.rightPerp
            if q.allSatisfy({ dot(n, $0 - p[i]) > 0 }) { return true }
        }
        return false
    }
    guard separated(a, b) || separated(b, a) else { return 0 }
    func pointToEdges(_ v: Vector, _ p: [Vector]) -> Double {
        var best = Double.infinity
        for i in 0..<p.count {
            let s = p[i], e = p[(i + 1) % p.count] - s
            let t = min(max(dot(v - s, e) / e.lengthSquared, 0), 1)
            best = min(best, distance(v, s + t * e))
        }
        return best
    }
    return min(a.map { pointToEdges($0, b) }.min() ?? .infinity, b.map { pointToEdges($0, a) }.min() ?? .infinity)
}

@Test func gjkAgreesWithBruteForceOnRandomPolygons() throws {
    var dice = Dice(state: 12345)
    let shapes = [Shape.box(halfWidth: 20, halfHeight: 5), Shape.ellipse(radiusX: 15, radiusY: 9),
                  try Shape.polygon([Vector(0, 0), Vector(30, 2), Vector(5, 25)])]
    var overlaps = 0, apart = 0
    for _ in 0..<600 {
        let a = shapes[Int(dice.uniform(0, 3))], b = shapes[Int(dice.uniform(0, 3))]
        let xfA = Transform(p: Vector(dice.uniform(-10, 10), dice.uniform(-10, 10)), q: Rotation(angle: dice.uniform(-3, 3)))
        let xfB = Transform(p: Vector(dice.uniform(-60, 60), dice.uniform(-60, 60)), q: Rotation(angle: dice.uniform(-3, 3)))
        let d = shapeDistance(a, xfA, b, xfB)
        let expected = bruteForceDistance(a.vertices.map(xfA.apply), b.vertices.map(xfB.apply))
        #expect(abs(d.distance - expected) < 1e-7)
        if expected == 0 { overlaps += 1 } else {
            apart += 1
            #expect(abs(distance(d.pointA, d.pointB) - expected) < 1e-7)
        }
    }
    #expect(overlaps > 50 && apart > 50)
}

@Test func manifoldsAgreeWithTrueDistanceOnRandomPairs() throws {
    var dice = Dice(state: 777)
    // Every kind: sharp and rounded polygons, a circle, and a segment (segment pairs make no contact by design).
    let shapes = [Shape.box(halfWidth: 20, halfHeight: 5), Shape.ellipse(radiusX: 15, radiusY: 9),
                  try Shape.polygon([Vector(0, 0), Vector(30, 2), Vector(5, 25)]),
                  try Shape.polygon([Vector(-8, -4), Vector(8, -4), Vector(8, 4), Vector(-8, 4)], radius: 3),
                  Shape.circle(center: Vector(2, 1), radius: 7), Shape.segment(Vector(-20, 3), Vector(25, -4))]
    var touching = 0
    // Within a tenth of the linear slop, the narrowphase prefers A's face over a barely better face of B (so the
    // choice does not flicker); that hysteresis is the slack allowed below in both directions.
    let slack = 0.1 * Tolerance.linearSlop
    for _ in 0..<4000 {
        let a = shapes[Int(dice.uniform(0, 6))], b = shapes[Int(dice.uniform(0, 6))]
        if a.kind == .segment && b.kind == .segment { continue }
        let xfA = Transform(p: .zero, q: Rotation(angle: dice.uniform(-3, 3)))
        let xfB = Transform(p: Vector(dice.uniform(-50, 50), dice.uniform(-50, 50)), q: Rotation(angle: dice.uniform(-3, 3)))
        let trueDistance = shapeDistance(a, xfA, b, xfB).distance
        let m = collide(a, xfA, b, xfB)
        let seps = [m.point1, m.point2].compactMap { $0?.separation }
        if trueDistance < 0.5 * Tolerance.speculativeDistance {
            // Touching or nearly: there must be a contact, and it claims no more gap than there is.
            touching += 1
            #expect(!seps.isEmpty)
            #expect((seps.min() ?? .infinity) <= trueDistance + slack)
            #expect(abs(m.normal.length - 1) < 1e-9)
        }
        if trueDistance > 0, !seps.isEmpty {
            // Apart: no point may claim an overlap.
            #expect((seps.min() ?? .infinity) > -slack)
        }
    }
    #expect(touching > 500)
}
