import Testing
@testable import Dynamics

/// Joints against closed forms and their own constraints.
@Suite struct SolverJointTests {
    /// A rod pendulum of length L swings with period 2 pi sqrt(L/g) (1 + theta0^2/16), and the rod keeps its length.
    @Test func rodPendulumPeriodAndLength() throws {
        let animator = Animator()
        let anchor = Vector(0, 0)
        let length = 300.0, theta0 = 0.1
        let bob = try box(length * sin(theta0), length * cos(theta0), side: 20)
        let rod = try AttachmentBehavior(item: bob, attachedToAnchor: anchor)
        #expect(abs(rod.length - length) < 1e-9)
        #expect(rod.kind == .distance)
        try animator.addBehavior(rod)
        try animator.addBehavior(GravityBehavior(items: [bob]))
        var samples: [(Double, Double)] = []
        var worstLength = 0.0
        try stepFrames(animator, 900) { _ in
            samples.append((animator.elapsedTime, bob.center.x))
            worstLength = max(worstLength, abs(distance(bob.center, anchor) - length))
        }
        let crossings = upwardCrossings(samples)
        #expect(crossings.count >= 3)
        let period = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
        let expected = 2 * Double.pi * (length / 1000).squareRoot() * (1 + theta0 * theta0 / 16)
        #expect(relativeError(period, expected) < 0.01)
        #expect(worstLength < 0.01 * length)
        #expect(animator.isRunning)
    }

    /// A spring of frequency f to a fixed anchor oscillates with period 1/f whatever the mass, about its rest length.
    @Test(arguments: [40.0, 150.0])
    func springPeriodFollowsFrequency(side: Double) throws {
        let animator = Animator()
        let item = try box(200, 0, side: side)
        let spring = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        try spring.setFrequency(1.5)
        try spring.setLength(150)
        try animator.addBehavior(spring)
        var samples: [(Double, Double)] = []
        var lowest = Double.infinity
        try stepFrames(animator, 300) { _ in
            samples.append((animator.elapsedTime, item.center.x - 150))
            lowest = min(lowest, item.center.x)
        }
        let crossings = upwardCrossings(samples)
        #expect(crossings.count >= 3)
        let period = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
        #expect(relativeError(period, 1 / 1.5) < 0.02)
        // Undamped: it swings to the far side of the rest length by the starting stretch, and keeps doing so.
        #expect(abs(lowest - 100) < 1)
        var latest = Double.infinity
        try stepFrames(animator, 300) { _ in latest = min(latest, item.center.x) }
        #expect(abs(latest - 100) < 1)
    }

    @Test func dampedSpringComesToRestAtItsLength() throws {
        let animator = Animator()
        let item = try box(200, 0)
        let spring = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        try spring.setFrequency(2)
        try spring.setDamping(1)
        try spring.setLength(120)
        try animator.addBehavior(spring)
        let t = try animator.runUntilRest(maxSeconds: 10)
        #expect(t < 10)
        #expect(!animator.isRunning)
        #expect(abs(item.center.x - 120) < 0.5)
    }

    @Test func fixedAttachmentKeepsRelativePlacement() throws {
        let animator = Animator()
        let a = try box(0, 0, side: 50), b = try box(80, 10, side: 30)
        try b.setAngle(0.3)
        let weld = try AttachmentBehavior.fixed(a, b, anchor: Vector(40, 5))
        #expect(weld.kind == .fixed)
        let push = PushBehavior(items: [a], mode: .instantaneous)
        try push.setAngle(1, magnitude: 1)
        try push.setTargetOffset(Vector(0, 10), for: a)
        try animator.addBehavior(weld)
        try animator.addBehavior(push)
        try animator.addBehavior(GravityBehavior(items: [a, b]))
        let rel0 = Transform(p: a.center, q: Rotation(angle: a.angle)).inverseApply(b.center)
        var worst = 0.0, worstAngle = 0.0
        try stepFrames(animator, 120) { _ in
            let rel = Transform(p: a.center, q: Rotation(angle: a.angle)).inverseApply(b.center)
            worst = max(worst, distance(rel, rel0))
            worstAngle = max(worstAngle, abs(b.angle - a.angle - 0.3))
        }
        #expect(abs(a.angularVelocity) > 1) // it does spin, so the test means something
        // Joints are stiff springs (60 Hz at 240 Hz sub-steps), so a spinning pair flexes a little, never drifts.
        #expect(worst < 1.0)
        #expect(worstAngle < 0.02)
        let rel = Transform(p: a.center, q: Rotation(angle: a.angle)).inverseApply(b.center)
        #expect(distance(rel, rel0) < 0.5)
    }

    @Test func pinKeepsAnchorsTogetherAndLimitsAngle() throws {
        let animator = Animator()
        let base = try box(0, 0, side: 40), arm = try DynamicItem(center: Vector(100, 0), size: Vector(200, 20))
        let fix = DynamicItemBehavior(items: [base])
        fix.anchored = true
        let pin = try AttachmentBehavior.pin(base, arm, anchor: .zero)
        try pin.setAttachmentRange(FloatRange(minimum: -0.5, maximum: 0.5))
        try animator.addBehavior(fix)
        try animator.addBehavior(pin)
        try animator.addBehavior(GravityBehavior(items: [arm]))
        var worstGap = 0.0, maxAngle = -Double.infinity
        try stepFrames(animator, 180) { _ in
            let pinOnArm = Transform(p: arm.center, q: Rotation(angle: arm.angle)).apply(Vector(-100, 0))
            worstGap = max(worstGap, pinOnArm.length)
            maxAngle = max(maxAngle, arm.angle)
        }
        #expect(worstGap < 0.5)
        // Gravity swings it clockwise (positive); the range stops it at 0.5 rad.
        #expect(maxAngle > 0.45 && maxAngle < 0.52)
        #expect(base.center == .zero)
    }

    /// A 20 x 20 grid of circles (radius 40 pt, 100 pt apart), each pinned to its right and lower neighbours at the
    /// midpoint, hangs from the seven middle circles of its top row (Box2D v3's joint grid at its debug size) and
    /// settles for 4 s, kept awake. A soft pin of angular frequency w under a steady load F stretches
    /// F / (m_eff w^2). The most loaded pins hang from the anchors, which share the grid's weight: about 56 circles
    /// each, g = 1000 pt/s^2. A circle pinned 50 pt from its centre to a fixed one has m_eff = m / (1 + 50^2 / 800)
    /// = m / 4.125, and w = 2 pi 60 Hz at the default 4 sub-steps of 1/60 s: 56 * 1000 * 4.125 / (2 pi 60)^2 = 1.6 pt.
    /// Settling adds to the load; 10 pt is a grid that holds. (Pins as stiff as half the sub-step rate tore this
    /// grid 300 pt apart.)
    @Test func hangingGridOfPinsStretchesOnlyAsItsSoftnessAllows() throws {
        let animator = Animator()
        animator.allowsSleep = false
        let side = 20
        let gravity = GravityBehavior(), fixed = DynamicItemBehavior()
        fixed.anchored = true
        var items: [DynamicItem] = []
        var pins: [AttachmentBehavior] = []
        var vertical: [(DynamicItem, DynamicItem)] = []
        func isFixed(_ k: Int, _ i: Int) -> Bool { k >= side / 2 - 3 && k <= side / 2 + 3 && i == 0 }
        for k in 0..<side {
            for i in 0..<side {
                let item = try DynamicItem(center: Vector(Double(k) * 100, Double(i) * 100), size: Vector(80, 80),
                                           shape: .ellipse)
                if isFixed(k, i) { try fixed.addItem(item) } else { try gravity.addItem(item) }
                if i > 0 {
                    let above = items[items.count - 1]
                    pins.append(try .pin(above, item, anchor: Vector(Double(k) * 100, Double(i) * 100 - 50)))
                    vertical.append((above, item))
                }
                if k > 0 && !(isFixed(k, i) && isFixed(k - 1, i)) {
                    pins.append(try .pin(items[items.count - side], item, anchor: Vector(Double(k) * 100 - 50, Double(i) * 100)))
                }
                items.append(item)
            }
        }
        try animator.addBehavior(gravity)
        try animator.addBehavior(fixed)
        for pin in pins { try animator.addBehavior(pin) }
        var worst = 0.0
        try stepFrames(animator, 240) { frame in
            guard frame >= 180 else { return }
            for (a, b) in vertical { worst = max(worst, distance(a.center, b.center) - 100) }
        }
        #expect(worst < 10)
        // The pins do carry the grid: the most loaded ones stretch by a share of the 1.6 pt estimate.
        #expect(worst > 0.2)
    }

    /// Friction torque T stops a spinning item of inertia I after w0 I / T seconds.
    @Test func pinFrictionTorqueStopsSpinAtTheRightTime() throws {
        let animator = Animator()
        let base = try box(0, 0, side: 40), wheel = try box(0, 0, side: 100)
        let fix = DynamicItemBehavior(items: [base])
        fix.anchored = true
        let pin = try AttachmentBehavior.pin(base, wheel, anchor: .zero)
        let inertia = 20000.0 / 12
        try pin.setFrictionTorque(inertia * 2) // deceleration 2 rad/s^2
        try wheel.setAngularVelocity(3)
        try animator.addBehavior(fix)
        try animator.addBehavior(pin)
        try animator.run(1.0)
        #expect(relativeError(wheel.angularVelocity, 1.0) < 0.02)
        try animator.run(1.0)
        #expect(abs(wheel.angularVelocity) < 0.01)
    }

    @Test func slidingItemMovesAlongItsAxisWithGravityShare() throws {
        let animator = Animator()
        let item = try box(0, 0, side: 50)
        let axis = Vector(1, 1).normalized
        let slide = try AttachmentBehavior.sliding(item, anchor: .zero, axis: Vector(1, 1))
        try slide.setAttachmentRange(FloatRange(minimum: -.infinity, maximum: 400))
        try animator.addBehavior(slide)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.run(0.5)
        // Along the axis gravity gives g / sqrt 2; across it nothing, and the item does not turn.
        let along = dot(item.center, axis)
        #expect(relativeError(along, 0.5 * 1000 / 2.0.squareRoot() * 0.25) < 0.01)
        #expect(abs(cross(axis, item.center)) < 0.5)
        #expect(abs(item.angle) < 1e-3)
        try animator.run(1.5)
        #expect(abs(dot(item.center, axis) - 400) < 1)
    }

    @Test func limitIsARopeNotARod() throws {
        let animator = Animator()
        let top = try box(0, 0, side: 20), bob = try box(0, 200, side: 20)
        let fix = DynamicItemBehavior(items: [top])
        fix.anchored = true
        let rope = try AttachmentBehavior.limit(top, offset1: .zero, bob, offset2: .zero)
        #expect(rope.kind == .limit)
        #expect(rope.attachmentRange == FloatRange(minimum: 0, maximum: 200))
        try bob.setVelocity(Vector(0, -600))
        try animator.addBehavior(fix)
        try animator.addBehavior(rope)
        try animator.addBehavior(GravityBehavior(items: [bob]))
        var shortest = Double.infinity, longest = 0.0
        try stepFrames(animator, 120) { _ in
            let d = distance(bob.center, top.center)
            shortest = min(shortest, d); longest = max(longest, d)
        }
        // Thrown up it flies freely (a rod would hold 200); falling back the rope catches it at 200.
        #expect(shortest < 100)
        #expect(longest < 202)
        #expect(abs(distance(bob.center, top.center) - 200) < 2)
    }

    @Test func snapSettlesOnItsPointAtAngleZero() throws {
        let animator = Animator()
        let item = try box(100, 100)
        try item.setAngle(1.2)
        let snap = try SnapBehavior(item: item, snapTo: Vector(300, 200))
        try animator.addBehavior(snap)
        let t = try animator.runUntilRest(maxSeconds: 20)
        #expect(t < 20)
        #expect(distance(item.center, Vector(300, 200)) < 1)
        #expect(abs(item.angle) < 0.01)
        // Moving the point wakes the animator and the item follows.
        try snap.setSnapPoint(Vector(0, 0))
        #expect(animator.isRunning)
        try animator.runUntilRest(maxSeconds: 20)
        #expect(distance(item.center, .zero) < 1)
    }

    @Test func lessSnapDampingOvershootsMore() throws {
        func overshoot(_ damping: Double) throws -> Double {
            let animator = Animator()
            let item = try box(0, 0)
            let snap = try SnapBehavior(item: item, snapTo: Vector(200, 0))
            try snap.setDamping(damping)
            try animator.addBehavior(snap)
            var most = 0.0
            try stepFrames(animator, 180) { _ in most = max(most, item.center.x - 200) }
            return most
        }
        let loose = try overshoot(0), tight = try overshoot(1)
        #expect(loose > 20)
        #expect(tight < 1)
    }

    @Test func springBetweenTwoItemsConservesMomentum() throws {
        let animator = Animator()
        let a = try box(0, 0, side: 50), b = try box(300, 0, side: 100)
        let spring = try AttachmentBehavior(item: a, attachedTo: b)
        try spring.setFrequency(1)
        try spring.setLength(200)
        try a.setVelocity(Vector(0, 40))
        try animator.addBehavior(spring)
        let p0 = a.mass * a.velocity.y + b.mass * b.velocity.y
        try animator.run(2)
        let px = a.mass * a.velocity.x + b.mass * b.velocity.x
        let py = a.mass * a.velocity.y + b.mass * b.velocity.y
        #expect(abs(px) < 1e-6)
        #expect(abs(py - p0) < 1e-6)
        #expect(a.velocity.x != 0)
    }
}
