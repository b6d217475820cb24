import Testing
@testable import Dynamics

/// UIViewPropertyAnimator's timing and control, checked against the closed-form curves.
@Suite struct PropertyAnimatorTests {
    private func square() throws -> DynamicItem { try DynamicItem(center: Vector(0, 0), size: Vector(10, 10), name: "sq") }

    /// x and y of a cubic Bezier from (0, 0) to (1, 1) at parameter s.
    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }

    @Test func linearAtHalfPutsTheViewHalfWay() throws {
        let v = try square()
        let pa = try PropertyAnimator(duration: 1, curve: .linear)
        try pa.addAnimations { try v.setCenter(Vector(200, 100)) }
        #expect(v.center == Vector(0, 0), "the animations set targets; the view stays until time passes")
        try pa.setFractionComplete(0.5)
        #expect(abs(v.center.x - 100) < 0.5 && abs(v.center.y - 50) < 0.5)
        // Time, not only scrubbing: a started linear animator half-way through its duration.
        let w = try square()
        let timed = try PropertyAnimator(duration: 2, curve: .linear)
        try timed.addAnimations { try w.setCenter(Vector(200, 0)) }
        try timed.startAnimation()
        for _ in 0..<60 { try timed.step(1.0 / 60) }
        #expect(abs(w.center.x - 100) < 0.5)
    }

    @Test func easeInOutFollowsTheBezierOfUIKitsControlPoints() throws {
        // Find the Bezier parameter whose x is 0.25 by bisection, independently of the curve's own solver.
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 { let mid = (lo + hi) / 2; if bezier(mid, 0.42, 0.58) < 0.25 { lo = mid } else { hi = mid } }
        let expected = bezier(lo, 0, 1)
        let v = try square()
        let pa = try PropertyAnimator(duration: 1.2, curve: .easeInOut)
        try pa.addAnimations { try v.setCenter(Vector(1000, 0)) }
        try pa.startAnimation()
        try pa.step(0.3)  // a quarter of the time
        let progress = v.center.x / 1000
        #expect(abs(progress - expected) <= 0.005 * expected)
        // easeIn and easeOut mirror each other: easeIn(t) = 1 - easeOut(1 - t).
        for t in stride(from: 0.05, to: 1, by: 0.1) {
            #expect(abs(TimingCurve.easeIn.progress(at: t) - (1 - TimingCurve.easeOut.progress(at: 1 - t))) < 1e-9)
        }
    }

    @Test func springSettlesOnTheTargetAndOvershootsWhenUnderdamped() throws {
        var peak = 0.0
        for i in 1..<1000 { peak = max(peak, TimingCurve.spring(dampingRatio: 0.3).progress(at: Double(i) / 1000)) }
        // The first overshoot of a step response is exp(-pi zeta / sqrt(1 - zeta^2)).
        let overshoot = exp(-Double.pi * 0.3 / (1 - 0.09).squareRoot())
        #expect(abs(peak - (1 + overshoot)) < 0.01)
        var criticalMax = 0.0
        for i in 1..<1000 { criticalMax = max(criticalMax, TimingCurve.spring(dampingRatio: 1).progress(at: Double(i) / 1000)) }
        #expect(criticalMax <= 1)
        #expect(abs(TimingCurve.spring(dampingRatio: 0.3).progress(at: 0.999) - 1) < 0.002)
        #expect(throws: DynamicsError.self) { try PropertyAnimator(duration: 1, curve: .spring(dampingRatio: 0)) }
    }

    @Test func reversedReturnsToTheStartAndReportsIt() throws {
        let v = try square()
        try v.setAlpha(1)
        let pa = try PropertyAnimator(duration: 0.5, curve: .easeInOut)
        try pa.addAnimations { try v.setCenter(Vector(300, 0)); try v.setAlpha(0.2) }
        var positions: [AnimatingPosition] = []
        pa.addCompletion { positions.append($0) }
        try pa.startAnimation()
        for _ in 0..<10 { try pa.step(1.0 / 60) }
        #expect(v.center.x > 10)
        pa.isReversed = true
        for _ in 0..<60 { try pa.step(1.0 / 60) }
        #expect(v.center == Vector(0, 0) && v.alpha == 1)
        #expect(positions == [.start])
        #expect(pa.state == .inactive && !pa.isRunning)
    }

    @Test func pauseStopFinishAndContinue() throws {
        let v = try square()
        let pa = try PropertyAnimator(duration: 1, curve: .linear)
        try pa.addAnimations { try v.setCenter(Vector(100, 0)) }
        var positions: [AnimatingPosition] = []
        pa.addCompletion { positions.append($0) }
        try pa.startAnimation()
        for _ in 0..<30 { try pa.step(1.0 / 60) }
        try pa.pauseAnimation()
        let held = v.center.x
        for _ in 0..<30 { try pa.step(1.0 / 60) }
        #expect(v.center.x == held && abs(held - 50) < 1e-9)
        try pa.continueAnimation()
        for _ in 0..<15 { try pa.step(1.0 / 60) }
        #expect(abs(v.center.x - 75) < 1e-9)
        try pa.stopAnimation(withoutFinishing: false)
        #expect(pa.state == .stopped)
        #expect(throws: DynamicsError.self) { try pa.startAnimation() }
        try pa.finishAnimation(at: .current)
        #expect(abs(v.center.x - 75) < 1e-9 && positions == [.current])
        #expect(throws: DynamicsError.self) { try pa.setFractionComplete(1.5) }
        #expect(throws: DynamicsError.self) { try PropertyAnimator(duration: -1) }
    }

    @Test func aFailingAnimationBlockLeavesNothingChanged() throws {
        let v = try square()
        let pa = try PropertyAnimator(duration: 1)
        struct Oops: Error {}
        #expect(throws: Oops.self) { try pa.addAnimations { try v.setCenter(Vector(50, 50)); throw Oops() } }
        #expect(v.center == Vector(0, 0) && pa.tracks.isEmpty)
    }
}
