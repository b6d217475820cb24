import Testing
@testable import Dynamics

/// A pin's motor: `motorSpeed` driven with at most `frictionTorque`, checked against rigid-body closed forms.
struct SolverMotorTests {
    /// A 100 x 100 wheel (mass 1 at density 1, inertia 20000/12) pinned at its centre to an anchored base.
    private func wheelOnPin() throws -> (Animator, DynamicItem, AttachmentBehavior) {
        let animator = Animator()
        let base = try box(0, 0, side: 40), wheel = try box(0, 0, side: 100)
        let fix = DynamicItemBehavior(items: [base])
        fix.anchored = true
        let pin = try AttachmentBehavior.pin(base, wheel, anchor: .zero)
        try animator.addBehavior(fix)
        try animator.addBehavior(pin)
        return (animator, wheel, pin)
    }

    /// A torque T spins inertia I up at T / I until the motor's speed, then holds it there.
    @Test func motorSpinsAWheelUpAtTorqueOverInertiaThenHoldsItsSpeed() throws {
        let (animator, wheel, pin) = try wheelOnPin()
        let inertia = 20000.0 / 12
        try pin.setFrictionTorque(2 * inertia) // 2 rad/s^2
        try pin.setMotorSpeed(3)
        try animator.run(1.0)
        #expect(relativeError(wheel.angularVelocity, 2.0) < 0.02)
        // Angle turned: w^2 / (2 alpha) = 1 rad.
        #expect(relativeError(wheel.angle, 1.0) < 0.03)
        try animator.run(1.0)
        #expect(abs(wheel.angularVelocity - 3) < 1e-6)
        // Backwards as well: the torque reverses the spin at the same rate.
        try pin.setMotorSpeed(-3)
        try animator.run(1.0)
        #expect(relativeError(wheel.angularVelocity, 1.0) < 0.03)
    }

    /// A motor too weak for its load stalls: an arm of mass m and length L hinged at one end, starting level, with a
    /// motor trying to lift it at a torque T below the weight's m g L / 2. The motor then pushes with all of T
    /// while gravity's torque m g (L/2) cos(phi) falls as the arm swings down, and the arm turns back where the work
    /// of both balances: m g (L/2) sin(phi) = T phi. At T = m g L / 4 that is sin(phi) = phi / 2, phi = 1.8955 rad.
    @Test func cappedMotorStallsUnderAKnownLoad() throws {
        let animator = Animator()
        let base = try box(0, 0, side: 40), arm = try DynamicItem(center: Vector(100, 0), size: Vector(200, 20))
        let fix = DynamicItemBehavior(items: [base])
        fix.anchored = true
        let pin = try AttachmentBehavior.pin(base, arm, anchor: .zero)
        let mass = 200.0 * 20 / 10000
        try pin.setFrictionTorque(mass * 1000 * 100 / 2)
        // Lifting is turning counter-clockwise on screen (y down): negative.
        try pin.setMotorSpeed(-5)
        try animator.addBehavior(fix)
        try animator.addBehavior(pin)
        try animator.addBehavior(GravityBehavior(items: [arm]))
        var deepest = -Double.infinity, highestAfter = Double.infinity
        try stepFrames(animator, 300) { frame in
            deepest = max(deepest, arm.angle)
            if frame > 30 { highestAfter = min(highestAfter, arm.angle) }
        }
        // sin(phi) = phi / 2 by Newton's method, so the figure is not typed in.
        var phi = 2.0
        for _ in 0..<20 { phi -= (sin(phi) - phi / 2) / (cos(phi) - 0.5) }
        #expect(abs(phi - 1.8955) < 1e-4)
        #expect(relativeError(deepest, phi) < 0.02)
        // With nothing to lose energy, it swings back up to level, and never further: the motor cannot lift it.
        #expect(abs(highestAfter) < 0.05)
    }

    /// A motor pushing against a pin's range stops at its end (the range is solved after the motor).
    @Test func motorStopsAtTheRangeEnd() throws {
        let (animator, wheel, pin) = try wheelOnPin()
        try pin.setFrictionTorque(20 * 20000.0 / 12) // 20 rad/s^2
        try pin.setMotorSpeed(4)
        try pin.setAttachmentRange(FloatRange(minimum: -1, maximum: 0.6))
        try animator.run(1.0)
        #expect(abs(wheel.angle - 0.6) < 0.01)
        #expect(abs(wheel.angularVelocity) < 0.05)
    }

    @Test func motorSpeedIsForPinsAndFinite() throws {
        let (_, _, pin) = try wheelOnPin()
        #expect(throws: DynamicsError.self) { try pin.setMotorSpeed(.infinity) }
        #expect(throws: DynamicsError.self) { try pin.setMotorSpeed(.nan) }
        let a = try box(0, 0), b = try box(200, 0)
        let rod = try AttachmentBehavior(item: a, attachedTo: b)
        #expect(throws: DynamicsError.self) { try rod.setMotorSpeed(1) }
        try rod.setMotorSpeed(0)
        #expect(rod.motorSpeed == 0)
    }
}
