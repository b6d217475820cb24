import Testing
@testable import Dynamics

// The contact update builds each manifold where the contact keeps it (`collide(into:)`), over whatever the last step
// left there. Nothing of the old manifold may survive: every pair must give, bit for bit, the manifold a fresh one
// gets, and a touch record refreshed in place must carry the same impulses as one given the new manifold.

/// A manifold of two points with nothing in common with any real one.
private func stale() -> Manifold {
    var m = Manifold()
    m.normal = Vector(0.6, -0.8)
    m.point1 = ManifoldPoint(anchorA: Vector(1, 2), anchorB: Vector(3, 4), point: Vector(5, 6), separation: -7, id: 0x0102)
    m.point2 = ManifoldPoint(anchorA: Vector(8, 9), anchorB: Vector(10, 11), point: Vector(12, 13), separation: 14,
                             id: 0x0304)
    return m
}

@Test func manifoldsBuiltInPlaceMatchFreshOnesBitForBit() throws {
    var dice = Dice(state: 1125)
    let shapes = [Shape.box(halfWidth: 20, halfHeight: 5), Shape.box(halfWidth: 10, halfHeight: 10),
                  Shape.box(halfWidth: 6, halfHeight: 9, angle: 0.4), Shape.ellipse(radiusX: 15, radiusY: 9),
                  try Shape.polygon([Vector(0, 0), Vector(30, 2), Vector(5, 25)]),
                  try Shape.polygon([Vector(-8, -4), Vector(8, -4), Vector(8, 4), Vector(-8, 4)], radius: 2),
                  Shape.circle(center: Vector(2, 1), radius: 8), try Shape.capsule(Vector(-10, 0), Vector(10, 3), radius: 4),
                  Shape.segment(Vector(-30, 0), Vector(30, 0))]
    var counts = [0, 0, 0]
    for trial in 0..<4000 {
        let a = shapes[dice.below(shapes.count)], b = shapes[dice.below(shapes.count)]
        let xfA = Transform(p: Vector(dice.uniform(-100, 100), dice.uniform(-100, 100)),
                            q: trial % 2 == 0 ? .identity : Rotation(angle: dice.uniform(-3, 3)))
        let xfB = Transform(p: xfA.p + Vector(dice.uniform(-45, 45), dice.uniform(-45, 45)),
                            q: trial % 3 == 0 ? xfA.q : Rotation(angle: dice.uniform(-3, 3)))
        let hint: UInt8 = [SeparatingFace.none, SeparatingFace.ofA(dice.below(4)), SeparatingFace.ofB(dice.below(3))][trial % 3]
        var h1 = hint, h2 = hint
        var inPlace = stale()
        let fresh = withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collide(pa, xfA, pb, xfB, hint: &h1) } }
        withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in
            collide(pa, xfA, pb, xfB, into: &inPlace, hint: &h2)
        } }
        #expect(manifoldBits(inPlace) == manifoldBits(fresh), "trial \(trial)")
        #expect(h1 == h2, "trial \(trial): the remembered face")
        counts[fresh.pointCount] += 1
    }
    // Apart, one point and two points all came up.
    #expect(counts.allSatisfy { $0 > 200 }, "\(counts)")
}

@Test func touchRefreshedInPlaceCarriesTheSameImpulses() {
    func point(_ id: UInt32, _ x: Double) -> ManifoldPoint {
        ManifoldPoint(anchorA: Vector(x, 0), anchorB: Vector(x, -1), point: Vector(x, 0), separation: -0.1, id: id)
    }
    var old = Manifold()
    old.normal = Vector(0, 1)
    old.point1 = point(0x0102, 1)
    old.point2 = point(0x0203, 2)
    var original = ContactTouch(friction: 0.5, restitution: 0, manifold: old)
    (original.normalImpulse1, original.tangentImpulse1) = (3, -1)
    (original.normalImpulse2, original.tangentImpulse2) = (5, 2)
    // The second point keeps its features and moves first; the first is new; then one point only; then none.
    var swapped = Manifold()
    swapped.normal = Vector(0, 1)
    swapped.point1 = point(0x0203, 2.5)
    swapped.point2 = point(0x0104, 0.5)
    var single = Manifold()
    single.normal = Vector(0, 1)
    single.point2 = point(0x0102, 1)
    for new in [swapped, single, old] {
        var given = original, inPlace = original
        given.update(with: new)
        let kept = inPlace.keptImpulses
        inPlace.manifold = new
        inPlace.carry(kept)
        #expect([given.normalImpulse1, given.tangentImpulse1, given.normalImpulse2, given.tangentImpulse2]
                    == [inPlace.normalImpulse1, inPlace.tangentImpulse1, inPlace.normalImpulse2, inPlace.tangentImpulse2])
    }
    // And the carrying itself: matched by id, whatever slot the point moved to.
    var moved = original
    let kept = moved.keptImpulses
    moved.manifold = swapped
    moved.carry(kept)
    #expect(moved.normalImpulse1 == 5 && moved.tangentImpulse1 == 2)
    #expect(moved.normalImpulse2 == 0 && moved.tangentImpulse2 == 0)
}
