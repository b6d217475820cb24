import Foundation
import Testing
@testable import Dynamics

/// Newton's cradle at default settings: touching balls of elasticity 1 pass a blow through the row, so as many balls
/// leave the far end as struck it, at the striking speed, and the others stay still. For equal masses and e = 1 this
/// is what a sequence of two-ball collisions gives (each one swaps the two speeds), and it is the only outcome that
/// keeps both momentum and energy when the balls that move afterwards move together.
@Suite struct SceneCradleTests {
    static let radius = 20.0
    static let length = 200.0
    static let strikeSpeed = 300.0
    /// 1 gravity magnitude = 1000 pt/s^2.
    static let g = 1000.0

    /// A cradle of `count` touching balls of elasticity 1 and friction 0, each hung on an attachment to its own pivot
    /// 200 pt above it, at default settings; the first `lifted` are pulled aside together so that they reach the
    /// bottom at 300 pt/s (energy: v^2 = 2 g L (1 - cos θ)). They start at `phase` x θ, moving down at the speed
    /// that angle has on that swing, so phases strike at different moments of a frame. Steps until the blow has
    /// reached the far end and three frames more, and returns every ball's velocity then, with the first ball's speed
    /// just before the strike.
    static func hungCradle(count: Int = 5, lifted: Int, phase: Double = 1) throws -> (velocities: [Vector], strike: Double) {
        let animator = Animator()
        let theta = acos(1 - strikeSpeed * strikeSpeed / (2 * g * length))
        let phi = phase * theta
        let speed = (2 * g * length * (cos(phi) - cos(theta))).squareRoot()
        var balls: [DynamicItem] = []
        for i in 0..<count {
            let pivot = Vector(200 + 2 * radius * Double(i), 50)
            let center = i < lifted
                ? pivot + Vector(-sin(phi) * length, cos(phi) * length)
                : pivot + Vector(0, length)
            let b = try ball(center.x, center.y, diameter: 2 * radius, name: "ball\(i)")
            if i < lifted { try b.setVelocity(speed * Vector(cos(phi), sin(phi))) }
            balls.append(b)
            try animator.addBehavior(try AttachmentBehavior(item: b, attachedToAnchor: pivot))
        }
        try animator.addBehavior(GravityBehavior(items: balls))
        try animator.addBehavior(CollisionBehavior(items: balls))
        let material = DynamicItemBehavior(items: balls)
        try material.setElasticity(1)
        try material.setFriction(0)
        try animator.addBehavior(material)
        var strike = 0.0
        var frames = 0
        while balls[count - 1].velocity.length < 0.5 * strikeSpeed && frames < 240 {
            strike = balls[0].velocity.length
            try animator.step()
            frames += 1
        }
        #expect(frames < 240, "the blow reached the far end")
        for _ in 0..<3 { try animator.step() }
        return (balls.map(\.velocity), strike)
    }

    /// `count` touching balls of elasticity 1 in a row in empty space (no gravity, no strings), the first `moving`
    /// of them thrown together at 300 pt/s from 100 pt away. Runs 1 s and returns every ball's velocity.
    static func freeCradle(count: Int = 5, moving: Int) throws -> [Vector] {
        let animator = Animator()
        var balls: [DynamicItem] = []
        for i in 0..<count {
            let x = 200 + 2 * radius * Double(i) - (i < moving ? 100 : 0)
            balls.append(try ball(x, 300, diameter: 2 * radius, name: "ball\(i)"))
        }
        for b in balls.prefix(moving) { try b.setVelocity(Vector(strikeSpeed, 0)) }
        try animator.addBehavior(CollisionBehavior(items: balls))
        let material = DynamicItemBehavior(items: balls)
        try material.setElasticity(1)
        try material.setFriction(0)
        try animator.addBehavior(material)
        try animator.run(1)
        return balls.map(\.velocity)
    }

    /// Starting angles as fractions of the full swing: the blow lands at different moments of a frame, some with
    /// the balls' contact made a frame ahead and some with it made only once they overlap.
    static let phases = [1.0, 0.95, 0.8, 0.6]

    @Test(arguments: phases)
    func oneBallInOneBallOutAtDefaultSettings(_ phase: Double) throws {
        let (v, strike) = try Self.hungCradle(lifted: 1, phase: phase)
        #expect(abs(strike - Self.strikeSpeed) < 0.02 * Self.strikeSpeed, "the first ball strikes at \(strike) pt/s")
        #expect(v[4].length >= 0.9 * Self.strikeSpeed, "phase \(phase): the last ball leaves at \(v[4].length) pt/s")
        for i in 0..<4 {
            #expect(v[i].length <= 0.1 * Self.strikeSpeed, "phase \(phase): ball \(i + 1) keeps \(v[i].length) pt/s")
        }
    }

    @Test(arguments: [2, 3], phases)
    func asManyBallsLeaveAsStruck(_ lifted: Int, _ phase: Double) throws {
        let (v, _) = try Self.hungCradle(lifted: lifted, phase: phase)
        for i in 0..<5 {
            let label = "\(lifted) in, phase \(phase): ball \(i + 1)"
            if i >= 5 - lifted {
                #expect(v[i].length >= 0.9 * Self.strikeSpeed, "\(label) leaves at \(v[i].length) pt/s")
            } else {
                #expect(v[i].length <= 0.1 * Self.strikeSpeed, "\(label) keeps \(v[i].length) pt/s")
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func aFreeCradleKeepsMomentumAndEnergyExactly(_ moving: Int) throws {
        let v = try Self.freeCradle(moving: moving)
        // Equal masses: momentum and energy are sums of velocities and of squared speeds.
        let momentum = v.reduce(Vector.zero) { $0 + $1 }
        let expected = Double(moving) * Self.strikeSpeed
        #expect(abs(momentum.x - expected) <= 1e-9 * expected, "\(moving) in: momentum \(momentum.x), not \(expected)")
        #expect(abs(momentum.y) <= 1e-9 * expected, "\(moving) in: sideways momentum \(momentum.y)")
        let energy = v.reduce(0) { $0 + $1.lengthSquared }
        let expectedEnergy = Double(moving) * Self.strikeSpeed * Self.strikeSpeed
        #expect(abs(energy - expectedEnergy) <= 1e-9 * expectedEnergy, "\(moving) in: energy \(energy) of \(expectedEnergy)")
        for i in 0..<5 {
            let wanted = i >= 5 - moving ? Self.strikeSpeed : 0
            #expect(abs(v[i].x - wanted) <= 1e-6 * Self.strikeSpeed, "\(moving) in: ball \(i + 1) at \(v[i].x) pt/s")
        }
    }

    @Test func anImpactIsDeterministic() throws {
        let first = try Self.hungCradle(lifted: 2).velocities
        let second = try Self.hungCradle(lifted: 2).velocities
        #expect(first == second)
    }
}
