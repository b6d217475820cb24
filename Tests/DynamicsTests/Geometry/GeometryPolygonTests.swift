import Testing
@testable import Dynamics

/// Expects `points` to be rejected with a message containing `fragment`.
private func expectRejected(_ points: [Vector], mentioning fragment: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try Shape.polygon(points)
        Issue.record("accepted \(points)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.message.contains(fragment), "message was: \(error.message)", sourceLocation: sourceLocation)
    }
}

/// Every turn of the stored outline is to the left (math convention) and every normal points out of its edge.
private func expectConvexCounterClockwise(_ s: Shape, sourceLocation: SourceLocation = #_sourceLocation) {
    let n = s.count
    for i in 0..<n {
        let a = s.vertex(i), b = s.vertex((i + 1) % n), c = s.vertex((i + 2) % n)
        #expect(cross(b - a, c - b) > 0, sourceLocation: sourceLocation)
        #expect(abs(dot(s.normal(i), b - a)) < 1e-9 * (b - a).length, sourceLocation: sourceLocation)
        #expect(dot(s.normal(i), s.centroid - a) < 0, sourceLocation: sourceLocation)
    }
}

@Test func polygonRejectsConcaveOutline() {
    expectRejected([Vector(0, 0), Vector(10, 0), Vector(5, 2), Vector(10, 10), Vector(0, 10)], mentioning: "concave")
}

@Test func polygonRejectsSelfCrossingOutlines() {
    // A bow tie turns both ways; a pentagram turns one way but goes round twice.
    expectRejected([Vector(0, 0), Vector(10, 10), Vector(10, 0), Vector(0, 10)], mentioning: "crosses itself")
    let star = (0..<5).map { i -> Vector in
        let t = Double(i * 2) * 2 * Double.pi / 5
        return Vector(10 * cos(t), 10 * sin(t))
    }
    expectRejected(star, mentioning: "crosses itself")
}

@Test func polygonRejectsDegenerateAndDuplicateInput() {
    expectRejected([Vector(0, 0), Vector(5, 0), Vector(10, 0)], mentioning: "degenerate")
    expectRejected([Vector(0, 0), Vector(5, 0)], mentioning: "at least 3")
    expectRejected([Vector(0, 0), Vector(10, 0), Vector(10, 0), Vector(0, 10)], mentioning: "same point")
    expectRejected([Vector(0, 0), Vector(10, 0), Vector(10, 10), Vector(0, 10), Vector(0, 0)], mentioning: "same point")
    expectRejected([Vector(0, 0), Vector(10, 0), Vector(5, 0), Vector(5, 5)], mentioning: "folds back")
    expectRejected([Vector(0, 0), Vector(.nan, 0), Vector(5, 5)], mentioning: "finite")
    expectRejected([Vector(0, 0), Vector(.infinity, 0), Vector(5, 5)], mentioning: "finite")
}

@Test func polygonAcceptsBothWindingsAndDropsCollinearPoints() throws {
    let square = [Vector(0, 0), Vector(10, 0), Vector(10, 10), Vector(0, 10)]
    let a = try Shape.polygon(square)
    let b = try Shape.polygon(square.reversed())
    let c = try Shape.polygon([Vector(0, 0), Vector(5, 0), Vector(10, 0), Vector(10, 5), Vector(10, 10), Vector(0, 10)])
    for s in [a, b, c] {
        #expect(s.count == 4)
        expectConvexCounterClockwise(s)
        #expect(abs(s.massData(density: 1).mass - 100) < 1e-9)
        #expect(distance(s.centroid, Vector(5, 5)) < 1e-12)
    }
}

@Test func polygonWithTooManyPointsIsSimplifiedToAnInscribedHull() throws {
    let r = 50.0
    let circle = (0..<100).map { i -> Vector in
        let t = Double(i) * 2 * Double.pi / 100
        return Vector(r * cos(t), r * sin(t))
    }
    let s = try Shape.polygon(circle)
    #expect(s.count == Shape.maxPolygonVertices)
    expectConvexCounterClockwise(s)
    for v in s.vertices { #expect(abs(v.length - r) < 1e-9) }  // kept vertices are original points
    let area = s.massData(density: 1).mass
    #expect(area < Double.pi * r * r)
    #expect(area > 0.98 * Double.pi * r * r)
}
