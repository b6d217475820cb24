import Testing
@testable import Dynamics

private func still(_ p: Vector, angle: Double = 0) -> Sweep {
    Sweep(localCenter: .zero, c1: p, c2: p, q1: Rotation(angle: angle), q2: Rotation(angle: angle))
}

@Test func gjkDistanceMatchesGeometry() {
    let box = Shape.box(halfWidth: 10, halfHeight: 10)
    let d1 = shapeDistance(box, .identity, box, Transform(p: Vector(25, 3), q: .identity))
    #expect(abs(d1.distance - 5) < 1e-9)
    #expect(abs(d1.pointA.x - 10) < 1e-9 && abs(d1.pointB.x - 15) < 1e-9)
    #expect(distance(d1.normal, Vector(1, 0)) < 1e-9)
    // Corner to corner across a diagonal gap of 3-4-5.
    let d2 = shapeDistance(box, .identity, box, Transform(p: Vector(23, 24), q: .identity))
    #expect(abs(d2.distance - 5) < 1e-9)
    // A circle (a point with a radius) over a turned box's face; a segment to a circle.
    let d3 = shapeDistance(box, Transform(p: .zero, q: Rotation(angle: 0.3)), Shape.circle(radius: 2),
                           Transform(p: Rotation(angle: 0.3).rotate(Vector(0, 17)), q: .identity))
    #expect(abs(d3.distance - 5) < 1e-9)
    let d4 = shapeDistance(Shape.segment(Vector(-5, 0), Vector(5, 0)), .identity, Shape.circle(radius: 1),
                           Transform(p: Vector(8, 4), q: .identity))
    #expect(abs(d4.distance - 4) < 1e-9)
    // Overlapping shapes are 0 apart.
    let d5 = shapeDistance(box, .identity, box, Transform(p: Vector(15, 0), q: Rotation(angle: 0.5)))
    #expect(d5.distance == 0 && d5.coreDistance == 0)
}

@Test func sweepTransformInterpolatesAboutTheCentreOfMass() {
    let s = Sweep(localCenter: Vector(5, 0), c1: Vector(0, 0), c2: Vector(100, 50),
                  q1: Rotation(angle: 0.2), q2: Rotation(angle: 1.0))
    let start = s.transform(at: 0), end = s.transform(at: 1), mid = s.transform(at: 0.5)
    #expect(distance(start.apply(Vector(5, 0)), Vector(0, 0)) < 1e-9)
    #expect(distance(end.apply(Vector(5, 0)), Vector(100, 50)) < 1e-9)
    #expect(distance(mid.apply(Vector(5, 0)), Vector(50, 25)) < 1e-9)
    #expect(abs(mid.q.angle - 0.6) < 1e-12)
    #expect(abs(end.q.angle - 1.0) < 1e-12)
}

@Test func fastCircleStopsAtAThinSegment() {
    // 20000 pt/s for a 1/60 s step: 333 pt, far more than the 10 pt ball; a zero-thickness wall at x = 150.
    let wall = Shape.segment(Vector(150, -50), Vector(150, 50))
    let ball = Shape.circle(radius: 5)
    let travel = 20000.0 / 60
    let sweep = Sweep(localCenter: .zero, c1: Vector(0, 3), c2: Vector(travel, 3), q1: .identity, q2: .identity)
    let target = Tolerance.linearSlop
    let t = timeOfImpact(ball, sweep, wall, still(.zero), target: target)
    let expected = (150 - 5 - target) / travel
    #expect(t < 1)
    #expect(abs(t - expected) * travel <= 0.25 * Tolerance.linearSlop + 1e-9)
    #expect(sweep.transform(at: t).p.x + 5 < 150)
    // Without the wall in the way (moving parallel to it, beside it) there is no impact.
    let beside = Sweep(localCenter: .zero, c1: Vector(0, 100), c2: Vector(travel, 100), q1: .identity, q2: .identity)
    #expect(timeOfImpact(ball, beside, wall, still(.zero), target: target) == 1)
    // Starting within the target: impact at once.
    let touching = Sweep(localCenter: .zero, c1: Vector(145.2, 0), c2: Vector(200, 0), q1: .identity, q2: .identity)
    #expect(timeOfImpact(ball, touching, wall, still(.zero), target: target) == 0)
}

@Test func spinningBulletNeverPassesAnAnchoredBar() {
    // A long thin box spinning and flying at an anchored bar 2 pt thick. Brute force: at no earlier time of the
    // sweep are they closer than the target, and at the answer they are within target + tolerance.
    let bullet = Shape.box(halfWidth: 12, halfHeight: 2)
    let bar = Shape.box(halfWidth: 1, halfHeight: 80)
    let barSweep = still(Vector(300, 0), angle: 0.1)
    let target = Tolerance.linearSlop
    for (i, spin) in [0.0, 2.0, -3.0, 6.0].enumerated() {
        let sweep = Sweep(localCenter: .zero, c1: Vector(0, Double(i) * 10 - 20), c2: Vector(600, Double(i) * 5),
                          q1: Rotation(angle: 0.3), q2: Rotation(angle: 0.3 + spin))
        let t = timeOfImpact(bullet, sweep, bar, barSweep, target: target)
        #expect(t < 1)
        let at = shapeDistance(bullet, sweep.transform(at: t), bar, barSweep.transform(at: 0))
        #expect(at.distance >= target - 1e-6 && at.distance <= target + 0.25 * Tolerance.linearSlop + 1e-6)
        for k in 0..<400 {
            let s = t * Double(k) / 400
            let d = shapeDistance(bullet, sweep.transform(at: s), bar, barSweep.transform(at: 0))
            #expect(d.distance >= target - 1e-6)
        }
    }
}
