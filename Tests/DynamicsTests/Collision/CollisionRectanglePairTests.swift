import Testing
@testable import Dynamics

// Two axis rectangles (`collideRectangles`) against the general polygon narrowphase and the rectangle-and-polygon one:
// the same manifolds and remembered faces bit for bit, whichever face is the reference, at exact ties, near them
// and anywhere; then what the manifolds must be for boxes at rest, and ids that stay put while a box moves.

private func general(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform, hint: inout UInt8) -> Manifold {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collidePolygons(pa, xfA, pb, xfB, hint: &hint) } }
}

private func rectangleAndPolygon(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform,
                                 hint: inout UInt8) -> Manifold {
    var m = Manifold()
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in
        collideRectangleAndPolygon(pa, xfA, pb, xfB, into: &m, hint: &hint)
    } }
    return m
}

private func rectangles(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform, hint: inout UInt8,
                        over old: Manifold = Manifold()) -> Manifold {
    var m = old
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in
        collideRectangles(pa, xfA, pb, xfB, into: &m, hint: &hint)
    } }
    return m
}

/// Whether the general path takes B's face as the reference for this pair (and the cores do not part).
private func referenceIsB(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform) -> Bool {
    withLocalPolygons(a, b, xfA.inverseMultiplied(by: xfB)) { pa, pb in
        let sepA = maxSeparation(pa, pb).separation, sepB = maxSeparation(pb, pa).separation
        return sepB > sepA + 0.1 * Tolerance.linearSlop
    }
}

@Test func rectanglePairGivesTheGeneralManifoldsBitForBit() throws {
    var dice = Dice(state: 1811)
    // Boxes placed off their body's origin, a rounded one, thin ones, one listed by hand with a negative zero in a
    // coordinate (it still counts as an axis rectangle), and squares of one size (edges of one span meet exactly).
    let shapes = [Shape.box(halfWidth: 20, halfHeight: 5), Shape.box(halfWidth: 10, halfHeight: 10),
                  Shape.box(halfWidth: 10, halfHeight: 10), Shape.box(halfWidth: 8, halfHeight: 3, center: Vector(4, -6)),
                  Shape.box(halfWidth: 0.5, halfHeight: 30), Shape.box(halfWidth: 25, halfHeight: 0.25),
                  try Shape.polygon([Vector(-8, -4), Vector(8, -4), Vector(8, 4), Vector(-8, 4)], radius: 2),
                  try Shape.polygon([Vector(0, -4), Vector(12, -4), Vector(12, 4), Vector(-0.0, 4)])]
    #expect(shapes.allSatisfy { $0.isAxisRectangle })
    let exactTurns = [Rotation.identity, Rotation(c: 0, s: 1), Rotation(c: -1, s: 0), Rotation(c: 0, s: -1)]
    var counts = [0, 0, 0]
    var referenceOfB = 0
    for trial in 0..<8000 {
        let a = shapes[dice.below(shapes.count)], b = shapes[dice.below(shapes.count)]
        let qA: Rotation, qB: Rotation, offset: Vector
        switch trial % 4 {
        case 0:
            // Stacked square: whole-number offsets and quarter turns, so edges and corners meet exactly.
            qA = exactTurns[dice.below(4)]
            qB = trial % 8 == 0 ? qA : qA.multiplied(by: exactTurns[dice.below(4)])
            offset = Vector(dice.uniform(-45, 45).rounded(), dice.uniform(-45, 45).rounded())
        case 1:
            // Nearly square, as in a settled stack.
            qA = Rotation(angle: dice.uniform(-1e-9, 1e-9))
            qB = Rotation(angle: dice.uniform(-1e-3, 1e-3))
            offset = Vector(dice.uniform(-45, 45), dice.uniform(-45, 45))
        case 2:
            // Near an eighth of a turn, where B's corner and A's face trade places as the reference.
            qA = Rotation(angle: dice.uniform(-3, 3))
            qB = qA.multiplied(by: Rotation(angle: Double(dice.below(4)) * Double.pi / 2 + Double.pi / 4
                                            + dice.uniform(-0.05, 0.05)))
            offset = qA.rotate(Vector(dice.uniform(-40, 40), dice.uniform(-40, 40)))
        default:
            qA = Rotation(angle: dice.uniform(-3, 3))
            qB = Rotation(angle: dice.uniform(-3, 3))
            offset = Vector(dice.uniform(-50, 50), dice.uniform(-50, 50))
        }
        let xfA = Transform(p: Vector(dice.uniform(-100, 100), dice.uniform(-100, 100)), q: qA)
        let xfB = Transform(p: xfA.p + offset, q: qB)
        // No hint, then every remembered face on some trials: the hint may only change how fast.
        var hints: [UInt8] = [SeparatingFace.none] + (0..<4).map(SeparatingFace.ofA) + (0..<4).map(SeparatingFace.ofB)
        if trial % 5 != 0 { hints = [hints[dice.below(hints.count)]] }
        for hint in hints {
            var h1 = hint, h2 = hint, h3 = hint
            let expected = general(a, xfA, b, xfB, hint: &h1)
            let viaRectangle = rectangleAndPolygon(a, xfA, b, xfB, hint: &h2)
            let got = rectangles(a, xfA, b, xfB, hint: &h3)
            #expect(manifoldBits(got) == manifoldBits(expected), "trial \(trial), hint \(hint)")
            #expect(manifoldBits(viaRectangle) == manifoldBits(expected), "trial \(trial), hint \(hint)")
            #expect(h3 == h2, "trial \(trial), hint \(hint): the remembered face")
            counts[expected.pointCount] += 1
            if expected.pointCount > 0 && referenceIsB(a, xfA, b, xfB) { referenceOfB += 1 }
        }
    }
    // Apart, one point and two points all came up, and B's face was the reference often enough to count.
    #expect(counts.allSatisfy { $0 > 500 }, "\(counts)")
    #expect(referenceOfB > 300, "\(referenceOfB)")
}

@Test func rectanglePairMatchesTheGeneralPathAtAnySize() {
    // The rectangles' narrowphase takes a face of A to run exactly along its axis, which `isAxisRectangle` vouches
    // for: sides so small or large that their squares leave the normal numbers make normals that are not exact axes,
    // and such boxes take the general path. Either way `collide` agrees with the general path, and the reference
    // face's end gets clipped (B's bottom edge reaches past it).
    var dice = Dice(state: 77)
    var flagged = 0, clipped = 0
    for exponent in stride(from: -170, through: 160, by: 10) {
        let scale = pow10(exponent)
        let a = Shape.box(halfWidth: 1.3 * scale, halfHeight: scale)
        let b = Shape.box(halfWidth: dice.uniform(0.5, 1.5) * scale, halfHeight: scale)
        if a.isAxisRectangle && b.isAxisRectangle { flagged += 1 }
        for _ in 0..<100 {
            let xfA = Transform(p: Vector(dice.uniform(-3, 3) * scale, dice.uniform(-3, 3) * scale),
                                q: Rotation(angle: dice.uniform(-0.2, 0.2)))
            let xfB = Transform(p: xfA.p + xfA.q.rotate(Vector(dice.uniform(-2, 2) * scale, dice.uniform(1.8, 2) * scale)),
                                q: xfA.q.multiplied(by: Rotation(angle: dice.uniform(-1e-6, 1e-6))))
            var h1 = SeparatingFace.none, h2 = SeparatingFace.none
            let expected = general(a, xfA, b, xfB, hint: &h1)
            let routed = withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collide(pa, xfA, pb, xfB, hint: &h2) } }
            #expect(manifoldBits(routed) == manifoldBits(expected), "scale \(scale)")
            if expected.pointCount == 2 { clipped += 1 }
        }
    }
    #expect(flagged > 20 && flagged < 34, "\(flagged)")
    #expect(clipped > 2000, "\(clipped)")
}

/// 10 to the power `n`, exactly as a literal would give it for the small powers and close enough for the others.
private func pow10(_ n: Int) -> Double {
    var x = 1.0
    for _ in 0..<abs(n) { x *= 10 }
    return n < 0 ? 1 / x : x
}

@Test func rectanglePairBuiltOverAStaleManifoldMatchesAFreshOne() {
    var dice = Dice(state: 5)
    let a = Shape.box(halfWidth: 20, halfHeight: 5), b = Shape.box(halfWidth: 10, halfHeight: 10)
    var stale = Manifold()
    stale.normal = Vector(0.6, -0.8)
    stale.point1 = ManifoldPoint(anchorA: Vector(1, 2), anchorB: Vector(3, 4), point: Vector(5, 6), separation: -7, id: 0x0102)
    stale.point2 = ManifoldPoint(anchorA: Vector(8, 9), anchorB: Vector(10, 11), point: Vector(12, 13), separation: 14,
                                 id: 0x0304)
    var counts = [0, 0, 0]
    for _ in 0..<2000 {
        let xfA = Transform(p: Vector(dice.uniform(-50, 50), dice.uniform(-50, 50)), q: Rotation(angle: dice.uniform(-3, 3)))
        let xfB = Transform(p: xfA.p + Vector(dice.uniform(-35, 35), dice.uniform(-35, 35)),
                            q: Rotation(angle: dice.uniform(-3, 3)))
        var h1 = SeparatingFace.none, h2 = SeparatingFace.none
        let fresh = rectangles(a, xfA, b, xfB, hint: &h1)
        let overStale = rectangles(a, xfA, b, xfB, hint: &h2, over: stale)
        #expect(manifoldBits(overStale) == manifoldBits(fresh))
        counts[fresh.pointCount] += 1
    }
    #expect(counts.allSatisfy { $0 > 100 }, "\(counts)")
}

@Test func boxRestingOnATurnedBoxTouchesAtTheEndsOfTheOverlap() {
    // A 40 x 10 slab turned by 0.3 rad and a 20 x 20 box resting on its top face, 0.5 pt above it and 7 pt along
    // it: two points on the slab's top face at the ends of the box's bottom edge, both 0.5 pt apart, the normal the
    // slab's up direction.
    let slab = Shape.box(halfWidth: 20, halfHeight: 5), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let turn = Rotation(angle: 0.3)
    let xfA = Transform(p: Vector(100, -40), q: turn)
    let gap = 0.5, along = 7.0
    let xfB = Transform(p: xfA.apply(Vector(along, 5 + gap + 10)), q: turn)
    var hint = SeparatingFace.none
    let m = rectangles(slab, xfA, box, xfB, hint: &hint)
    #expect(m.pointCount == 2)
    let up = turn.rotate(Vector(0, 1))
    #expect(abs(m.normal.x - up.x) < 1e-12 && abs(m.normal.y - up.y) < 1e-12)
    var ends: [Double] = []
    for p in [m.point1, m.point2].compactMap({ $0 }) {
        #expect(abs(p.separation - gap) < 1e-9)
        // Midway between the surfaces, in the slab's frame: at height 5 + gap / 2 above its centre.
        let local = xfA.inverseApply(p.point)
        #expect(abs(local.y - (5 + gap / 2)) < 1e-9)
        ends.append(local.x)
        // Anchors are the point relative to each body's origin.
        #expect(abs((p.anchorA + xfA.p - p.point).length) < 1e-9 && abs((p.anchorB + xfB.p - p.point).length) < 1e-9)
    }
    #expect(abs(ends.min()! - (along - 10)) < 1e-9 && abs(ends.max()! - (along + 10)) < 1e-9)
}

@Test func boxOverhangingTheEndOfAFaceIsClippedToIt() {
    // The box's bottom edge reaches past the slab's right end (slab half width 20, box from 12 to 32): the clip
    // keeps the part over the slab, from 12 to 20, at the box's depth into the slab.
    let slab = Shape.box(halfWidth: 20, halfHeight: 5), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let xfA = Transform(p: .zero, q: .identity)
    let depth = 0.25
    let xfB = Transform(p: Vector(22, 5 - depth + 10), q: .identity)
    var hint = SeparatingFace.none
    let m = rectangles(slab, xfA, box, xfB, hint: &hint)
    #expect(m.pointCount == 2)
    #expect(m.normal == Vector(0, 1))
    let xs = [m.point1, m.point2].compactMap { $0 }.map(\.point.x).sorted()
    #expect(abs(xs[0] - 12) < 1e-12 && abs(xs[1] - 20) < 1e-12)
    for p in [m.point1, m.point2].compactMap({ $0 }) { #expect(abs(p.separation + depth) < 1e-12) }
}

@Test func rectanglePairIdsStayPutWhileABoxRocksAndSlides() {
    // A box resting on a slab, sliding along it and rocking by a milliradian either way, frame after frame: its two
    // points keep their ids (warm starting matches impulses by them), until its bottom edge passes the slab's end.
    let slab = Shape.box(halfWidth: 40, halfHeight: 5), box = Shape.box(halfWidth: 10, halfHeight: 10)
    let xfA = Transform(p: Vector(0, 0), q: Rotation(angle: 0.1))
    var firstIDs: Set<UInt32>?
    var hint = SeparatingFace.none
    for frame in 0..<200 {
        let x = -20 + 0.2 * Double(frame)
        let rock = 1e-3 * (frame % 2 == 0 ? 1.0 : -1.0)
        let xfB = Transform(p: xfA.apply(Vector(x, 5 + 10 - 0.01)), q: xfA.q.multiplied(by: Rotation(angle: rock)))
        let m = rectangles(slab, xfA, box, xfB, hint: &hint)
        #expect(m.pointCount == 2, "frame \(frame)")
        let ids = Set([m.point1, m.point2].compactMap { $0?.id })
        #expect(ids.count == 2)
        if let firstIDs {
            // The box's bottom edge spans x - 10 ... x + 10, inside the slab's -40 ... 40 throughout.
            #expect(ids == firstIDs, "frame \(frame)")
        } else {
            firstIDs = ids
            // The slab's top face (edge 2) and the box's bottom edge (edge 0): corners 0 and 1 of the box.
            #expect(ids == [featureID(2, 1), featureID(3, 0)])
        }
    }
}
