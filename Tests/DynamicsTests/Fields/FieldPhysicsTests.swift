import Testing
@testable import Dynamics

/// An animator with no bounds in which `items` feel `behaviors` and never sleep.
private func world(_ behaviors: [DynamicBehavior]) throws -> Animator {
    let animator = Animator()
    animator.allowsSleep = false
    for b in behaviors { try animator.addBehavior(b) }
    return animator
}

/// Item properties giving `items` a charge.
private func charged(_ items: [DynamicItem], _ charge: Double) throws -> DynamicItemBehavior {
    let b = DynamicItemBehavior(items: items)
    try b.setCharge(charge)
    return b
}

/// Fields checked against closed-form motion: each kind does what its meaning says, to the accuracy the sub-stepped
/// solver allows.
@Suite struct FieldPhysicsTests {
    @Test func linearGravityFieldFallsLikeGravity() throws {
        let a = try box(0, 0, side: 40), b = try box(0, 0, side: 40)
        let field = try FieldBehavior(kind: .linearGravity, items: [a])
        try field.setDirection(Vector(0.3, 1))
        let gravity = GravityBehavior(items: [b])
        try gravity.setDirection(Vector(0.3, 1))
        let fa = try world([field]), fb = try world([gravity])
        try fa.run(2)
        try fb.run(2)
        #expect(a.center.y > 1900)
        #expect(distance(a.center, b.center) < 0.1)
    }

    /// A circular orbit's radius and period in a radial field of falloff 2 (force ∝ 1/r^2): the speed for a
    /// circle at r is sqrt(a(r) r), the period 2 pi r / v.
    private func orbit(radius r: Double, orbits: Double) throws -> (radii: ClosedRange<Double>, period: Double) {
        let item = try box(r, 0, side: 10)
        let field = try FieldBehavior(kind: .radialGravity, items: [item])
        try field.setFalloff(2)
        let a = FieldScale.acceleration * pow(r / FieldScale.falloffLength, -2)
        let speed = (a * r).squareRoot()
        // Moving down the screen from the right of the centre.
        try item.setVelocity(Vector(0, speed))
        let animator = try world([field])
        let expectedPeriod = 2 * Double.pi * r / speed
        var lo = r, hi = r, turned = 0.0, previous = 0.0, crossings: [Double] = []
        while animator.time < orbits * expectedPeriod {
            try animator.step()
            let d = item.center
            lo = min(lo, d.length); hi = max(hi, d.length)
            let angle = atan2(d.y, d.x)
            var delta = angle - previous
            if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
            let before = turned
            turned += delta
            previous = angle
            let whole = (before / (2 * .pi)).rounded(.down) + 1
            if turned >= whole * 2 * .pi {
                let f = (whole * 2 * .pi - before) / delta
                crossings.append(animator.time - animator.timeStep * (1 - f))
            }
        }
        return (lo...hi, crossings.last! / Double(crossings.count))
    }

    @Test func radialGravityKeepsACircularOrbitAndKeplersThirdLaw() throws {
        let inner = try orbit(radius: 100, orbits: 3), outer = try orbit(radius: 200, orbits: 3)
        for (o, r) in [(inner, 100.0), (outer, 200.0)] {
            #expect(o.radii.lowerBound > 0.99 * r && o.radii.upperBound < 1.01 * r, "radius \(o.radii) for \(r)")
        }
        #expect(relativeError(outer.period / inner.period, pow(2, 1.5)) < 0.02)
    }

    @Test func springFieldHasAPeriodOfOneSecondWhateverTheMass() throws {
        for side in [100.0, 300.0] {
            let item = try box(50, 0, side: side)
            let field = try FieldBehavior(kind: .spring, items: [item])
            let animator = try world([field])
            #expect(abs(item.mass - side * side / 10000) < 1e-9)
            var samples: [(Double, Double)] = []
            try stepFrames(animator, 400) { _ in samples.append((animator.time, item.center.x)) }
            let up = upwardCrossings(samples)
            let period = (up.last! - up.first!) / Double(up.count - 1)
            #expect(up.count >= 5)
            #expect(relativeError(period, 1) < 0.01, "period \(period) for mass \(item.mass)")
        }
    }

    @Test func dragSlowsExponentially() throws {
        let item = try box(0, 0)
        try item.setVelocity(Vector(300, -200))
        let field = try FieldBehavior(kind: .drag, items: [item])
        try field.setStrength(1.5)
        let animator = try world([field])
        let v0 = item.velocity.length
        try stepFrames(animator, 120) { _ in
            let expected = v0 * exp(-1.5 * animator.time)
            #expect(relativeError(item.velocity.length, expected) < 0.01)
        }
    }

    @Test func velocityFieldRelaxesTowardItsTargetVelocity() throws {
        let item = try box(0, 0)
        try item.setVelocity(Vector(0, -300))
        let field = try FieldBehavior(kind: .velocity, items: [item])
        try field.setDirection(Vector(2, 0))
        try field.setStrength(3)
        let animator = try world([field])
        // v(t) = target + (v0 - target) e^(-strength t), target = 100 pt/s x direction.
        let target = Vector(200, 0)
        try stepFrames(animator, 60) { _ in
            let expected = target + exp(-3 * animator.time) * (Vector(0, -300) - target)
            #expect(distance(item.velocity, expected) < 0.01 * (Vector(0, -300) - target).length)
        }
    }

    @Test func turbulenceMovesOnlyMovingItems() throws {
        let still = try box(0, 0, side: 20), moving = try box(0, 200, side: 20)
        try moving.setVelocity(Vector(300, 0))
        let field = try FieldBehavior(kind: .turbulence, items: [still, moving])
        try field.setStrength(20)
        try world([field]).run(0.5)
        #expect(still.center == .zero && still.velocity == .zero)
        // Pushed sideways off its straight line, by a force that grows with its speed.
        #expect(abs(moving.center.y - 200) > 1)
    }

    @Test func electricFieldPushesChargesByTheirSign() throws {
        let plus = try box(100, 0, side: 10), minus = try box(100, 50, side: 10), neutral = try box(100, -50, side: 10)
        let field = try FieldBehavior(kind: .electric, items: [plus, minus, neutral])
        let animator = try world([field, try charged([plus], 1), try charged([minus], -1)])
        try animator.run(0.1)
        #expect(plus.center.x > 101)
        #expect(minus.center.x < 99)
        #expect(neutral.center == Vector(100, -50))
        #expect(neutral.velocity == .zero)
    }

    @Test func magneticFieldTurnsWithoutChangingSpeed() throws {
        let item = try box(0, 0)
        try item.setVelocity(Vector(100, 0))
        let field = try FieldBehavior(kind: .magnetic, items: [item])
        let animator = try world([field, try charged([item], 1)])
        // Charge 1 on mass 1 in strength 1 turns once a second; counter-clockwise on screen first goes up (-y).
        var lowestY = 0.0
        try stepFrames(animator, 60) { _ in
            lowestY = min(lowestY, item.center.y)
            #expect(relativeError(item.velocity.length, 100) < 0.005)
        }
        #expect(lowestY < -25)
        // A full circle of radius v / omega returns to the start.
        #expect(item.center.length < 1)
        #expect(relativeError(item.velocity.length, 100) < 0.005)
    }

    @Test func vortexCirclesCounterClockwiseOnScreen() throws {
        let item = try box(100, 0, side: 10)
        let field = try FieldBehavior(kind: .vortex, items: [item])
        let animator = try world([field])
        try animator.run(0.1)
        // Right of the centre, counter-clockwise on a y-down screen is up.
        #expect(item.velocity.y < -50)
        #expect(atan2(item.center.y, item.center.x) < 0)
    }

    @Test func regionLeavesItemsOutsideUntouched() throws {
        let outside = try box(100, 0, side: 10), inside = try box(0, 30, side: 10)
        let field = try FieldBehavior(kind: .radialGravity, items: [outside, inside])
        field.setRegion(try .radius(50))
        let animator = try world([field])
        try animator.run(0.1)
        #expect(outside.center == Vector(100, 0))
        #expect(outside.velocity == .zero)
        #expect(inside.center.y < 29)
    }

    @Test func customFieldMovesItemsAsWritten() throws {
        let a = try box(0, 0, side: 50), b = try box(0, 0, side: 50)
        var calls = 0
        let field = FieldBehavior(items: [a]) { _, _, _, mass, _, _ in
            calls += 1
            return Vector(0, 100 * mass)
        }
        let gravity = GravityBehavior(items: [b])
        try gravity.setMagnitude(0.1)
        let fa = try world([field]), fb = try world([gravity])
        try fa.run(1)
        try fb.run(1)
        #expect(calls == 60)
        #expect(distance(a.center, b.center) < 1e-9)
    }

    @Test func failingCustomFieldLeavesTheWorldAsItWas() throws {
        let item = try box(0, 0)
        try item.setVelocity(Vector(10, 0))
        var fail = false
        let field = FieldBehavior(items: [item]) { _, _, _, _, _, _ in
            if fail { throw DynamicsError("boom") }
            return Vector(1, 0)
        }
        let animator = try world([field])
        try animator.run(0.5)
        let center = item.center, velocity = item.velocity, time = animator.time, elapsed = animator.elapsedTime
        fail = true
        #expect(throws: DynamicsError.self) { try animator.step() }
        #expect(item.center == center && item.velocity == velocity)
        #expect(animator.time == time && animator.elapsedTime == elapsed)

        let nan = FieldBehavior(items: [try box(0, 0)]) { _, _, _, _, _, _ in Vector(.nan, 0) }
        let other = try world([nan])
        #expect { try other.step() } throws: { ($0 as? DynamicsError)?.message.contains("not finite") == true }
        #expect(other.time == 0)
    }

    /// Kinetic plus potential energy over `periods` periods of the motion: how far it strays from its start at any
    /// frame, and how far its mean over the last period is from its mean over the first, each relative to the
    /// largest kinetic energy. The sub-stepped solver integrates like symplectic Euler: the energy it reports
    /// swings by about omega h / 2 of itself within a period (1.3% for a 1 s spring at 4 sub-steps) but does not
    /// drift from period to period.
    private func energy(_ animator: Animator, period: Double, periods: Int) throws -> (swing: Double, drift: Double) {
        let start = animator.kineticEnergy + animator.potentialEnergy
        var worst = 0.0, scale = 0.0, means: [Double] = []
        for _ in 0..<periods {
            var sum = 0.0, n = 0.0
            let end = animator.time + period
            while animator.time < end - 1e-9 {
                try animator.step()
                let e = animator.kineticEnergy + animator.potentialEnergy
                worst = max(worst, abs(e - start))
                scale = max(scale, animator.kineticEnergy)
                sum += e; n += 1
            }
            means.append(sum / n)
        }
        return (worst / scale, abs(means.last! - means.first!) / scale)
    }

    @Test func energyIsConservedInSpringRadialAndElectricFields() throws {
        let spring = try box(80, -30, side: 200)
        let springField = try FieldBehavior(kind: .spring, items: [spring])
        try springField.setPosition(Vector(10, 10))
        let s = try energy(try world([springField]), period: 1, periods: 10)

        // Circular orbits: a(r) = 1000 (r / 100)^-falloff x (charge / mass for the electric one), v = sqrt(a r).
        let planet = try box(150, 0, side: 10)
        try planet.setVelocity(Vector(0, (1000 / 2.25 * 150).squareRoot()))
        let radial = try FieldBehavior(kind: .radialGravity, items: [planet])
        try radial.setFalloff(2)
        let r = try energy(try world([radial]), period: 2 * .pi * 150 / planet.velocity.length, periods: 3)

        let charge = try box(150, 0, side: 10)
        try charge.setVelocity(Vector(0, (2000 / 1.5 * 150).squareRoot()))
        let electric = try FieldBehavior(kind: .electric, items: [charge])
        try electric.setFalloff(1)
        try electric.setStrength(-1)
        let e = try energy(try world([electric, try charged([charge], 0.02)]),
                           period: 2 * .pi * 150 / charge.velocity.length, periods: 3)
        for (swing, drift) in [s, r, e] {
            #expect(swing < 0.02)
            #expect(drift < 0.001)
        }
    }

    @Test func noiseIsSmoothSeededAndDeterministic() throws {
        func run(seed: Int) throws -> Vector {
            let item = try box(0, 0, side: 20)
            let field = try FieldBehavior(kind: .noise, items: [item])
            field.setSeed(seed)
            try field.setStrength(5)
            try world([field]).run(1)
            return item.center
        }
        let first = try run(seed: 3)
        #expect(first != .zero)
        #expect(try run(seed: 3) == first)
        #expect(try run(seed: 4) != first)
        // Neighbouring points have neighbouring values; a cell apart they differ.
        var largestStep = 0.0, spread = 0.0
        for k in 0..<1000 {
            let x = Double(k) * 0.01
            let a = GradientNoise.value(x, 0.3, 0.7, seed: 1), b = GradientNoise.value(x + 0.01, 0.3, 0.7, seed: 1)
            largestStep = max(largestStep, abs(b - a))
            spread = max(spread, abs(a))
            #expect(abs(a) <= 1.5)
        }
        #expect(largestStep < 0.05)
        #expect(spread > 0.2)
    }

    @Test func regionsCombine() throws {
        let disc = try Region.radius(50), bar = try Region.size(Vector(200, 20))
        #expect(disc.contains(Vector(30, 40)) && !disc.contains(Vector(40, 40)))
        #expect(bar.contains(Vector(99, -10)) && !bar.contains(Vector(0, 11)))
        let union = Region.union(disc, bar), difference = Region.difference(disc, bar)
        let intersection = Region.intersection(disc, bar), outside = Region.inverse(disc)
        #expect(union.contains(Vector(90, 0)) && union.contains(Vector(0, 40)))
        #expect(!difference.contains(Vector(0, 0)) && difference.contains(Vector(0, 40)))
        #expect(intersection.contains(Vector(40, 5)) && !intersection.contains(Vector(90, 0)))
        #expect(outside.contains(Vector(100, 0)) && !outside.contains(.zero))
        #expect(Region.infinite.contains(Vector(1e12, -1e12)))
        #expect(throws: DynamicsError.self) { try Region.radius(-1) }
    }
}
