import Testing
@testable import Dynamics

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
}

@Test func boxMassMatchesClosedForm() {
    // A 20 x 10 plate of density 2, moved and turned: mass 400, I = m (w^2 + h^2) / 12 about its centre.
    let s = Shape.box(halfWidth: 10, halfHeight: 5, center: Vector(30, -7), angle: 0.7)
    let md = s.massData(density: 2)
    #expect(close(md.mass, 400))
    #expect(distance(md.center, Vector(30, -7)) < 1e-9)
    #expect(close(md.rotationalInertia, 400 * (400 + 100) / 12))
}

@Test func circleMassMatchesClosedForm() {
    let s = Shape.circle(center: Vector(3, 4), radius: 5)
    let md = s.massData(density: 0.5)
    let m = 0.5 * Double.pi * 25
    #expect(close(md.mass, m))
    #expect(md.center == Vector(3, 4))
    #expect(close(md.rotationalInertia, 0.5 * m * 25))
}

@Test func triangleCentroidAndInertia() throws {
    let s = try Shape.polygon([Vector(0, 0), Vector(6, 0), Vector(0, 3)])
    let md = s.massData(density: 1)
    #expect(close(md.mass, 9))
    #expect(distance(md.center, Vector(2, 1)) < 1e-12)
    // About the centroid a triangle's polar moment is m (a^2 + b^2 + c^2) / 36.
    #expect(close(md.rotationalInertia, 9 * (36 + 9 + 45) / 36))
}

@Test func ellipseAreaAndExtentsWithinDocumentedError() {
    for (rx, ry) in [(30.0, 10.0), (50.0, 50.0), (7.0, 120.0)] {
        let s = Shape.ellipse(radiusX: rx, radiusY: ry)
        #expect(s.count == Shape.ellipseVertexCount)
        let area = s.massData(density: 1).mass
        let relArea = area / (Double.pi * rx * ry) - 1
        #expect(relArea > 0 && relArea < 0.0025)
        let box = s.aabb(.identity)
        #expect(abs(box.width / (2 * rx) - 1) < 0.0025)
        #expect(abs(box.height / (2 * ry) - 1) < 0.0025)
        #expect(distance(s.centroid, .zero) < 1e-9)
        // Inertia of the solid ellipse about its centre is m (a^2 + b^2) / 4.
        let md = s.massData(density: 1)
        #expect(abs(md.rotationalInertia / (md.mass * (rx * rx + ry * ry) / 4) - 1) < 0.01)
    }
}

@Test func roundedBoxMassIsExact() throws {
    let (w, h, r) = (20.0, 10.0, 2.0)
    let s = try Shape.polygon([Vector(-10, -5), Vector(10, -5), Vector(10, 5), Vector(-10, 5)], radius: r)
    let md = s.massData(density: 1)
    // Core, four side strips and four quarter discs (which make one whole disc).
    let area = w * h + 2 * r * (w + h) + Double.pi * r * r
    #expect(close(md.mass, area))
    #expect(distance(md.center, .zero) < 1e-9)
    let core = w * h * (w * w + h * h) / 12
    let topBottom = 2 * (w * r) * ((w * w + r * r) / 12 + (h / 2 + r / 2) * (h / 2 + r / 2))
    let sides = 2 * (h * r) * ((h * h + r * r) / 12 + (w / 2 + r / 2) * (w / 2 + r / 2))
    // Each quarter disc: pi r^4 / 8 about its apex, whose first moment (r^3/3)(1, 1) points away from the centre.
    let apex = Vector(w / 2, h / 2)
    let quarter = Double.pi * r * r * r * r / 8 + 2 * (r * r * r / 3) * (apex.x + apex.y)
        + Double.pi * r * r / 4 * apex.lengthSquared
    #expect(close(md.rotationalInertia, core + topBottom + sides + 4 * quarter))
}

@Test func segmentHasNoMassAndBoxesBoundShapes() {
    let seg = Shape.segment(Vector(0, 0), Vector(10, 0))
    #expect(seg.massData(density: 1).mass == 0)
    let xf = Transform(p: Vector(100, 50), q: Rotation(angle: Double.pi / 2))
    let box = Shape.box(halfWidth: 10, halfHeight: 5).aabb(xf)
    #expect(abs(box.lower.x - 95) < 1e-9 && abs(box.upper.x - 105) < 1e-9)
    #expect(abs(box.lower.y - 40) < 1e-9 && abs(box.upper.y - 60) < 1e-9)
    let c = Shape.circle(center: Vector(1, 0), radius: 3).aabb(xf)
    #expect(abs(c.lower.x - 97) < 1e-9 && abs(c.upper.y - 54) < 1e-9)
}

@Test func outlinesFollowTheSurface() throws {
    let c = Shape.circle(center: Vector(2, 2), radius: 40)
    let pts = c.outline()
    #expect(pts.count >= 16)
    for p in pts { #expect(abs(distance(p, Vector(2, 2)) - 40) < 1e-9) }
    let rounded = try Shape.polygon([Vector(-10, -5), Vector(10, -5), Vector(10, 5), Vector(-10, 5)], radius: 2)
    for p in rounded.outline() {
        // Every outline point is exactly `radius` from the core rectangle.
        let dx = max(abs(p.x) - 10, 0), dy = max(abs(p.y) - 5, 0)
        #expect(abs((dx * dx + dy * dy).squareRoot() - 2) < 1e-9)
    }
}
