import Testing
@testable import Dynamics

/// Distance from `p` to the polyline through `points` (infinite when there is no segment).
private func distanceToPolyline(_ p: Vector, _ points: [Vector], closed: Bool) -> Double {
    var best = Double.infinity
    let n = points.count
    guard n >= 2 else { return best }
    for i in 0..<(closed ? n : n - 1) {
        let a = points[i], b = points[(i + 1) % n]
        let e = b - a
        let t = e.lengthSquared > 0 ? min(max(dot(p - a, e) / e.lengthSquared, 0), 1) : 0
        best = min(best, distance(p, a + t * e))
    }
    return best
}

@Test func arcPointsLieOnTheCircleAndChordsStayWithinFlatness() throws {
    var path = Path()
    let center = Vector(100, 50), r = 80.0
    try path.addArc(center: center, radius: r, startAngle: 0.3, endAngle: 2.9, clockwise: true)
    let sub = try #require(path.subpaths.first)
    #expect(!sub.isClosed)
    #expect(sub.points.count > 8)
    for p in sub.points { #expect(abs(distance(p, center) - r) < 1e-9) }
    // The curve between chords: sample the true arc finely and measure how far it is from the polyline.
    for k in 0...1000 {
        let t = 0.3 + 2.6 * Double(k) / 1000
        let q = center + Vector(r * cos(t), r * sin(t))
        #expect(distanceToPolyline(q, sub.points, closed: false) <= Path.flatness + 1e-9)
    }
}

@Test func arcDirectionFollowsUIKitAngles() throws {
    // Clockwise on a y-down screen means growing angles: from 0 to pi/2 it passes through +y (below the centre).
    var cw = Path()
    try cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
    let b1 = try #require(cw.bounds)
    #expect(abs(b1.lower.y) < 1e-9 && abs(b1.upper.y - 10) < 1e-9 && abs(b1.lower.x) < 1e-9)
    // The other way round it goes the long way, through -y and -x.
    var ccw = Path()
    try ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
    let b2 = try #require(ccw.bounds)
    #expect(abs(b2.lower.x + 10) < 1e-9 && abs(b2.lower.y + 10) < 1e-9 && abs(b2.upper.y - 10) < 1e-9)
}

@Test func ovalBoundsAndFlattening() throws {
    let rect = AABB(lower: Vector(10, 20), upper: Vector(110, 60))
    let oval = try Path.oval(in: rect)
    let b = try #require(oval.bounds)
    #expect(distance(b.lower, rect.lower) < 1e-9 && distance(b.upper, rect.upper) < 1e-9)
    let sub = try #require(oval.subpaths.first)
    #expect(sub.isClosed)
    #expect(sub.points.first != sub.points.last)
    for p in sub.points {
        let u = (p.x - 60) / 50, v = (p.y - 40) / 20
        #expect(abs(u * u + v * v - 1) < 1e-9)
    }
    // Flattened points stay inside the rect and come within flatness of each side.
    let lo = sub.points.reduce(Vector(1e9, 1e9)) { minVector($0, $1) }
    let hi = sub.points.reduce(Vector(-1e9, -1e9)) { maxVector($0, $1) }
    #expect(lo.x >= 10 - 1e-9 && lo.x < 10 + Path.flatness)
    #expect(hi.y <= 60 + 1e-9 && hi.y > 60 - Path.flatness)
}

@Test func bezierCurvesFlattenWithinTolerance() throws {
    var path = Path()
    try path.move(to: Vector(0, 0))
    try path.addCurve(to: Vector(200, 0), control1: Vector(0, 150), control2: Vector(200, -150))
    try path.addQuadCurve(to: Vector(300, 100), control: Vector(300, 0))
    let sub = try #require(path.subpaths.first)
    for k in 0...1000 {
        let t = Double(k) / 1000, u = 1 - t
        let cubic = u * u * u * Vector(0, 0) + 3 * u * u * t * Vector(0, 150) + 3 * u * t * t * Vector(200, -150)
            + t * t * t * Vector(200, 0)
        let quad = u * u * Vector(200, 0) + 2 * u * t * Vector(300, 0) + t * t * Vector(300, 100)
        #expect(distanceToPolyline(cubic, sub.points, closed: false) <= Path.flatness + 1e-9)
        #expect(distanceToPolyline(quad, sub.points, closed: false) <= Path.flatness + 1e-9)
    }
    // The cubic swings to about +-43.3 in y (its extremes are at t = 1/2 -+ sqrt(3)/6); bounds are exact.
    let b = try #require(path.bounds)
    let t = 0.5 - 3.0.squareRoot() / 6, u = 1 - t
    let yMax = 3 * u * u * t * 150 - 3 * u * t * t * 150
    #expect(abs(b.upper.y - 100) < 1e-9)
    #expect(abs(b.lower.y + yMax) < 1e-9)
    #expect(abs(b.lower.x) < 1e-9 && abs(b.upper.x - 300) < 1e-9)
}

@Test func pathMakersAndSubpaths() throws {
    let rr = try Path.roundedRect(AABB(lower: Vector(0, 0), upper: Vector(100, 50)), cornerRadius: 10)
    let b = try #require(rr.bounds)
    #expect(distance(b.lower, .zero) < 1e-9 && distance(b.upper, Vector(100, 50)) < 1e-9)
    #expect(rr.subpaths.count == 1 && rr.subpaths[0].isClosed)
    let rect = try Path.rect(AABB(lower: Vector(0, 0), upper: Vector(10, 20)))
    #expect(rect.subpaths == [Subpath(points: [Vector(0, 0), Vector(10, 0), Vector(10, 20), Vector(0, 20)], isClosed: true)])
    let seg = try Path.segment(Vector(1, 2), Vector(3, 4))
    #expect(seg.subpaths == [Subpath(points: [Vector(1, 2), Vector(3, 4)], isClosed: false)])
    // Two subpaths; a command after close() starts a new one from the closed one's start.
    var two = try Path.polygon([Vector(0, 0), Vector(10, 0), Vector(0, 10)])
    try two.addLine(to: Vector(-5, -5))
    #expect(two.subpaths.count == 2)
    #expect(two.subpaths[1] == Subpath(points: [Vector(0, 0), Vector(-5, -5)], isClosed: false))
}

@Test func pathRejectsBadInput() {
    var p = Path()
    #expect(throws: GeometryError.self) { try p.addLine(to: Vector(1, 1)) }
    #expect(throws: GeometryError.self) { try p.move(to: Vector(.nan, 1)) }
    #expect(throws: GeometryError.self) { try p.addArc(center: .zero, radius: .infinity, startAngle: 0, endAngle: 1) }
    #expect(throws: GeometryError.self) { try Path.oval(in: AABB(lower: Vector(0, 0), upper: Vector(.nan, 1))) }
    #expect(throws: GeometryError.self) { try Path.roundedRect(AABB(lower: .zero, upper: Vector(5, 5)), cornerRadius: -1) }
    #expect(p.isEmpty)
    // Angles too large to step through one at a time still give finite work and a sensible box.
    var far = Path()
    #expect(throws: Never.self) { try far.addArc(center: .zero, radius: 10, startAngle: 1e18, endAngle: 1e18 + 3) }
    let b = far.bounds
    #expect((b?.width ?? .infinity) <= 20 + 1e-9)
}

@Test func shapeFromPathIsAConvexPolygon() throws {
    let oval = try Path.oval(in: AABB(lower: Vector(-60, -30), upper: Vector(60, 30)))
    let s = try Shape.polygon(path: oval)
    #expect(s.count == Shape.maxPolygonVertices)
    let area = s.massData(density: 1).mass
    #expect(area < Double.pi * 60 * 30 && area > 0.97 * Double.pi * 60 * 30)
    let tri = try Path.polygon([Vector(0, -10), Vector(10, 10), Vector(-10, 10)])
    #expect(try Shape.polygon(path: tri).count == 3)
    let concave = try Path.polygon([Vector(0, 0), Vector(10, 0), Vector(5, 2), Vector(10, 10), Vector(0, 10)])
    #expect(throws: GeometryError.self) { try Shape.polygon(path: concave) }
}

@Test func chainsKnowTheirNeighbours() throws {
    let open = Shape.chain([Vector(0, 0), Vector(10, 0), Vector(10, 0.1), Vector(20, 5), Vector(30, 0)], isClosed: false)
    // The point 0.1 pt from its predecessor is merged away.
    #expect(open.count == 3)
    #expect(open[0].ghost1 == nil && open[0].ghost2 == Vector(20, 5))
    #expect(open[1].ghost1 == Vector(0, 0) && open[1].ghost2 == Vector(30, 0))
    #expect(open[2].ghost1 == Vector(10, 0) && open[2].ghost2 == nil)
    let box = Shape.chain(path: try Path.rect(AABB(lower: .zero, upper: Vector(100, 50))))
    #expect(box.count == 4)
    for (i, s) in box.enumerated() {
        // Closed: every segment's neighbours are the corners either side of it.
        #expect(s.ghost1 == box[(i + 3) % 4].vertex(0))
        #expect(s.ghost2 == box[(i + 1) % 4].vertex(1))
        #expect(s.kind == .segment)
    }
    #expect(Shape.chain([Vector(1, 1)], isClosed: true).isEmpty)
    // A shape path must be one subpath.
    var two = try Path.rect(AABB(lower: .zero, upper: Vector(10, 10)))
    try two.move(to: Vector(20, 20))
    try two.addLine(to: Vector(30, 20))
    try two.addLine(to: Vector(30, 30))
    #expect(throws: GeometryError.self) { try Shape.polygon(path: two) }
}
