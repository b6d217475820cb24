import Testing
@testable import Dynamics

// The axis-rectangle narrowphase (`collideRectangleAndPolygon`) against the general polygon one: it must give the
// same manifolds bit for bit, including the exact ties of boxes stacked square on one another.

/// The general path, which does not look at `isAxisRectangle`.
private func generalManifold(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform, hint: inout UInt8) -> Manifold {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collidePolygons(pa, xfA, pb, xfB, hint: &hint) } }
}

private func routedManifold(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform, hint: inout UInt8) -> Manifold {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collide(pa, xfA, pb, xfB, hint: &hint) } }
}

@Test func axisRectanglesAreRecognisedByTheirExactAxes() throws {
    #expect(Shape.box(halfWidth: 3, halfHeight: 2).isAxisRectangle)
    #expect(Shape.box(halfWidth: 3, halfHeight: 2, center: Vector(5, -7)).isAxisRectangle)
    let listed = try Shape.polygon([Vector(-1, -2), Vector(4, -2), Vector(4, 1), Vector(-1, 1)])
    #expect(listed.isAxisRectangle)
    // Turned, started at another corner, or not a rectangle: the general path.
    #expect(!Shape.box(halfWidth: 3, halfHeight: 2, angle: 0.3).isAxisRectangle)
    #expect(!Shape.box(halfWidth: 3, halfHeight: 2, angle: Double.pi / 2).isAxisRectangle)
    let otherStart = try Shape.polygon([Vector(4, -2), Vector(4, 1), Vector(-1, 1), Vector(-1, -2)])
    #expect(!otherStart.isAxisRectangle)
    let trapezoid = try Shape.polygon([Vector(-1, -2), Vector(4, -2), Vector(3, 1), Vector(-1, 1)])
    #expect(!trapezoid.isAxisRectangle)
    #expect(!Shape.ellipse(radiusX: 5, radiusY: 5).isAxisRectangle)
    #expect(!Shape.circle(center: .zero, radius: 2).isAxisRectangle)
    // The flag shares a byte with the ghost marks: a shape stays the size it was.
    #expect(MemoryLayout<Shape>.size == 48)
}

@Test func axisRectanglePathGivesTheGeneralManifoldsBitForBit() throws {
    var dice = Dice(state: 2026)
    let rectangles = [Shape.box(halfWidth: 20, halfHeight: 5), Shape.box(halfWidth: 10, halfHeight: 10),
                      Shape.box(halfWidth: 8, halfHeight: 3, center: Vector(4, -6)),
                      try Shape.polygon([Vector(-8, -4), Vector(8, -4), Vector(8, 4), Vector(-8, 4)], radius: 2)]
    let others = rectangles + [Shape.box(halfWidth: 6, halfHeight: 9, angle: 0.4), Shape.ellipse(radiusX: 15, radiusY: 9),
                               try Shape.polygon([Vector(0, 0), Vector(30, 2), Vector(5, 25)])]
    #expect(rectangles.allSatisfy { $0.isAxisRectangle })
    // Rotations that give exact ties (square stacks, quarter turns), nearly square ones, and any.
    let exactTurns = [Rotation.identity, Rotation(c: 0, s: 1), Rotation(c: -1, s: 0), Rotation(c: 0, s: -1)]
    var counts = [0, 0, 0]
    for trial in 0..<6000 {
        let a = rectangles[Int(dice.uniform(0, Double(rectangles.count)))]
        let b = others[Int(dice.uniform(0, Double(others.count)))]
        let qA: Rotation, qB: Rotation, offset: Vector
        switch trial % 3 {
        case 0:
            // Stacked square: whole-number offsets, so edges meet exactly, and turns that keep the axes exact.
            qA = exactTurns[Int(dice.uniform(0, 4))]
            qB = trial % 2 == 0 ? qA : qA.multiplied(by: exactTurns[Int(dice.uniform(0, 4))])
            offset = Vector(dice.uniform(-40, 40).rounded(), dice.uniform(-40, 40).rounded())
        case 1:
            qA = Rotation(angle: dice.uniform(-1e-9, 1e-9))
            qB = Rotation(angle: dice.uniform(-1e-3, 1e-3))
            offset = Vector(dice.uniform(-40, 40), dice.uniform(-40, 40))
        default:
            qA = Rotation(angle: dice.uniform(-3, 3))
            qB = Rotation(angle: dice.uniform(-3, 3))
            offset = Vector(dice.uniform(-50, 50), dice.uniform(-50, 50))
        }
        let xfA = Transform(p: Vector(dice.uniform(-100, 100), dice.uniform(-100, 100)), q: qA)
        let xfB = Transform(p: xfA.p + offset, q: qB)
        // Both with no hint, then both with every remembered face: the hint may only change how fast.
        var hints: [UInt8] = [SeparatingFace.none] + (0..<4).map(SeparatingFace.ofA) + (0..<3).map(SeparatingFace.ofB)
        if trial % 7 != 0 { hints = [hints[Int(dice.uniform(0, Double(hints.count)))]] }
        for hint in hints {
            var h1 = hint, h2 = hint
            let expected = generalManifold(a, xfA, b, xfB, hint: &h1)
            let routed = routedManifold(a, xfA, b, xfB, hint: &h2)
            #expect(manifoldBits(routed) == manifoldBits(expected), "trial \(trial), hint \(hint)")
            counts[expected.pointCount] += 1
        }
    }
    // Every outcome was exercised.
    #expect(counts.allSatisfy { $0 > 300 }, "\(counts)")
}
