import Testing
@testable import Dynamics

/// A capsule's mass, centre, box and queries against closed forms.
struct CapsuleTests {
    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(b))
    }

    @Test func massIsARectangleAndTwoHalfDiscs() throws {
        // Centres 30 pt apart on a slant, radius 5, density 2.
        let (L, r, rho) = (30.0, 5.0, 2.0)
        let u = Vector(0.6, 0.8), mid = Vector(12, -7)
        let s = try Shape.capsule(mid - (L / 2) * u, mid + (L / 2) * u, radius: r)
        #expect(s.isCapsule)
        let md = s.massData(density: rho)
        let mRect = rho * 2 * r * L, mDisc = rho * Double.pi * r * r
        #expect(close(md.mass, mRect + mDisc))
        #expect(distance(md.center, mid) < 1e-9)
        #expect(distance(s.centroid, mid) < 1e-12)
        // Rectangle about its centre, plus each half disc: r^2/2 about its flat side's centre, then moved out by
        // L/2 (the parallel-axis terms through the half disc's centroid at 4r/(3 pi) leave L^2/4 + L 4r/(3 pi)).
        let iRect = mRect * (L * L + 4 * r * r) / 12
        let iDiscs = mDisc * (r * r / 2 + L * L / 4 + L * 4 * r / (3 * Double.pi))
        #expect(close(md.rotationalInertia, iRect + iDiscs))
    }

    @Test func boxReachesTheRadiusBeyondEachCentre() throws {
        let s = try Shape.capsule(Vector(-10, 0), Vector(10, 0), radius: 3)
        let box = s.aabb(Transform(p: Vector(100, 50), q: Rotation(angle: Double.pi / 2)))
        #expect(abs(box.lower.x - 97) < 1e-9 && abs(box.upper.x - 103) < 1e-9)
        #expect(abs(box.lower.y - 37) < 1e-9 && abs(box.upper.y - 63) < 1e-9)
    }

    @Test func containsIsWithinTheRadiusOfTheSegment() throws {
        let s = try Shape.capsule(Vector(-10, 0), Vector(10, 0), radius: 3)
        #expect(s.contains(Vector(0, 2.9)))
        #expect(!s.contains(Vector(0, 3.1)))
        #expect(s.contains(Vector(12.9, 0)))
        // On the axis beyond the end cap: a polygon's half-planes would call it inside.
        #expect(!s.contains(Vector(13.1, 0)))
        #expect(!s.contains(Vector(40, 0)))
        // Near the end cap's rim, inside the square corner but outside the circle.
        #expect(!s.contains(Vector(12.5, 2.5)))
    }

    @Test func rayHitsSidesAndCaps() throws {
        let s = try Shape.capsule(Vector(-10, 0), Vector(10, 0), radius: 3)
        // Straight down (y grows) onto the side at y = -3, half way.
        let side = try #require(s.rayCast(from: Vector(5, -13), to: Vector(5, 7)))
        #expect(close(side.fraction, 0.5))
        #expect(distance(side.normal, Vector(0, -1)) < 1e-12)
        // Along the axis into the right cap: it meets x = 13.
        let cap = try #require(s.rayCast(from: Vector(33, 0), to: Vector(13, 0)))
        #expect(close(cap.fraction, 1))
        #expect(distance(cap.normal, Vector(1, 0)) < 1e-12)
        // Across the corner of the capsule's box, 3.9 pt from the cap's centre: a rectangle would be hit, the
        // rounded end is not.
        #expect(s.rayCast(from: Vector(9.5, 6), to: Vector(16.5, -1)) == nil)
        // Parallel to the axis, just outside the side: no hit.
        #expect(s.rayCast(from: Vector(-30, 3.5), to: Vector(30, 3.5)) == nil)
        // From inside: no outline seen.
        #expect(s.rayCast(from: Vector(0, 0), to: Vector(0, 20)) == nil)
    }

    @Test func outlineIsASideAndHalfCircleEachEnd() throws {
        let s = try Shape.capsule(Vector(-10, 0), Vector(10, 0), radius: 3)
        let outline = s.outline()
        #expect(outline.count > 8)
        for p in outline {
            let core = Vector(min(max(p.x, -10), 10), 0)
            #expect(abs(distance(p, core) - 3) < 1e-9)
        }
    }

    @Test func badCapsulesAreRefused() {
        #expect(throws: GeometryError.self) { try Shape.capsule(.zero, Vector(10, 0), radius: 0) }
        #expect(throws: GeometryError.self) { try Shape.capsule(.zero, Vector(10, 0), radius: .infinity) }
        #expect(throws: GeometryError.self) { try Shape.capsule(.zero, .zero, radius: 2) }
        #expect(throws: GeometryError.self) { try Shape.capsule(Vector(.nan, 0), .zero, radius: 2) }
    }
}
