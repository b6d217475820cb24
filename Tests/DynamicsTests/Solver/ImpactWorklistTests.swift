import Testing
@testable import Dynamics

/// The impact passes visit the same constraints in the same order whether they scan every bouncing constraint each
/// pass or follow the worklist (`ImpactWorklist`), so both give the same velocities and impulses bit for bit.
@Suite struct ImpactWorklistTests {
    /// A network of bodies and bouncing contacts: a row of touching balls hit at one end (one pass per ball), plus
    /// random pairs among bodies of random masses, some of them static, each constraint with a random normal,
    /// anchors and elasticity, approaching fast enough to be impacts.
    struct Network {
        var states: [BodyState] = []
        var cons: [ContactConstraint] = []

        init(seed: UInt64, rowLength: Int, randomBodies: Int, randomPairs: Int) {
            var dice = Dice(state: seed)
            for i in 0..<rowLength {
                states.append(BodyState(v: Vector(i == 0 ? 300 : 0, 0), invMass: 1, invInertia: 0))
            }
            // Listed from the far end, so each pass carries the hit one ball further (a pass per ball).
            for i in (0..<max(0, rowLength - 1)).reversed() {
                cons.append(Self.constraint(Int32(i), Int32(i + 1), normal: Vector(1, 0), rA: .zero, rB: .zero,
                                            elasticity: 1, states: states))
            }
            let first = states.count
            for _ in 0..<randomBodies {
                let isStatic = dice.below(6) == 0
                states.append(BodyState(v: Vector(dice.uniform(-200, 200), dice.uniform(-200, 200)),
                                        w: dice.uniform(-3, 3),
                                        invMass: isStatic ? 0 : dice.uniform(0.2, 2),
                                        invInertia: isStatic ? 0 : dice.uniform(0.001, 0.01)))
            }
            for _ in 0..<randomPairs {
                let a = first + dice.below(randomBodies)
                var b = first + dice.below(randomBodies)
                if b == a { b = first + (a - first + 1) % randomBodies }
                let angle = dice.uniform(0, 6.283)
                let rA = Vector(dice.uniform(-10, 10), dice.uniform(-10, 10))
                let rB = Vector(dice.uniform(-10, 10), dice.uniform(-10, 10))
                var c = Self.constraint(Int32(a), Int32(b), normal: Vector(cos(angle), sin(angle)), rA: rA, rB: rB,
                                        elasticity: dice.uniform(0.3, 1), states: states)
                c.p1.baseSeparation = dice.uniform(-0.5, 0.2)
                if dice.below(3) == 0 {
                    // A second point, solved point by point (no block).
                    c.pointCount = 2
                    c.p2 = c.p1
                    c.p2.rA = rA + Vector(dice.uniform(-2, 2), dice.uniform(-2, 2))
                    c.p2.rB = rB + Vector(dice.uniform(-2, 2), dice.uniform(-2, 2))
                    c.p2.normalMass = Self.normalMass(c.normal, c.p2.rA, c.p2.rB, states[a], states[b])
                }
                cons.append(c)
            }
        }

        static func constraint(_ a: Int32, _ b: Int32, normal: Vector, rA: Vector, rB: Vector, elasticity: Double,
                               states: [BodyState]) -> ContactConstraint {
            var c = ContactConstraint(contact: 0, bodyA: a, bodyB: b)
            c.normal = normal
            c.restitution = elasticity
            c.pointCount = 1
            c.p1.rA = rA
            c.p1.rB = rB
            c.p1.normalMass = normalMass(normal, rA, rB, states[Int(a)], states[Int(b)])
            return c
        }

        static func normalMass(_ n: Vector, _ rA: Vector, _ rB: Vector, _ a: BodyState, _ b: BodyState) -> Double {
            let ra = cross(rA, n), rb = cross(rB, n)
            let k = a.invMass + b.invMass + a.invInertia * ra * ra + b.invInertia * rb * rb
            return k > 0 ? 1 / k : 0
        }

        /// Resolves the impacts (one call per sub-step, `calls` of them) with the given worklist threshold; returns
        /// the final states, constraints, pass counter and change marks.
        func resolved(worklistFrom: Int, calls: Int, passLimit: Int? = nil)
            -> ([BodyState], [ContactConstraint], Int32, [Int32]) {
            var states = self.states, cons = self.cons
            var changed = [Int32](repeating: -2, count: states.count)
            let gains = [VelocityChange](repeating: VelocityChange(), count: states.count)
            let bouncing = (0..<Int32(cons.count)).map { $0 }
            var pass: Int32 = 0
            for call in 0..<calls {
                // Each later sub-step finds new approaches: every moving body turns a little.
                if call > 0 {
                    for i in states.indices where states[i].invMass > 0 { states[i].v = states[i].v.rightPerp }
                }
                bouncing.withUnsafeBufferPointer { bouncing in
                cons.withUnsafeMutableBufferPointer { cons in
                states.withUnsafeMutableBufferPointer { states in
                changed.withUnsafeMutableBufferPointer { changed in
                gains.withUnsafeBufferPointer { gains in
                    ContactImpact.resolve(bouncing, cons, states: states, gains: gains, changed: changed, pass: &pass,
                                          threshold: 1, h: 1.0 / 240, passLimit: passLimit,
                                          worklistFrom: worklistFrom)
                }
                }
                }
                }
                }
            }
            return (states, cons, pass, changed)
        }
    }

    @Test(arguments: [UInt64(1), 7, 42, 1_000_003])
    func theWorklistVisitsWhatTheScanVisits(seed: UInt64) {
        let network = Network(seed: seed, rowLength: 40, randomBodies: 60, randomPairs: 150)
        let scanned = network.resolved(worklistFrom: .max, calls: 3)
        let listed = network.resolved(worklistFrom: 0, calls: 3)
        // The row alone takes a pass per ball, so the passes really go on after the first.
        #expect(scanned.2 > 39)
        #expect(listed.2 == scanned.2)
        #expect(listed.3 == scanned.3)
        for i in network.states.indices {
            #expect(listed.0[i].v.x.bitPattern == scanned.0[i].v.x.bitPattern)
            #expect(listed.0[i].v.y.bitPattern == scanned.0[i].v.y.bitPattern)
            #expect(listed.0[i].w.bitPattern == scanned.0[i].w.bitPattern)
        }
        var impulses = 0
        for i in network.cons.indices {
            #expect(listed.1[i].impactImpulse.bitPattern == scanned.1[i].impactImpulse.bitPattern)
            if scanned.1[i].impactImpulse != 0 { impulses += 1 }
        }
        // Most constraints collided at least once, so the comparison covers them.
        #expect(impulses > network.cons.count / 2)
    }

    @Test func aRowOfEqualElasticBallsPassesTheWholeSpeedToTheLast() {
        let network = Network(seed: 3, rowLength: 50, randomBodies: 0, randomPairs: 0)
        let (states, _, _, _) = network.resolved(worklistFrom: 0, calls: 1)
        #expect(states[49].v.x == 300)
        for i in 0..<49 { #expect(abs(states[i].v.x) < 1e-9) }
    }

    /// A ball between two walls, elastic (e = 1): each collision sends it back at the same speed towards the other
    /// wall, for ever within one sub-step's passes. Each contact collides `maxImpactsPerConstraint` times, each time
    /// with impulse 2 m v, and the rest is left to the soft solve; the ball ends moving as it started.
    @Test(arguments: [0, Int.max])
    func aContactCollidesAtMostItsShareOfTimes(worklistFrom: Int) {
        var network = Network(seed: 5, rowLength: 0, randomBodies: 0, randomPairs: 0)
        let speed = 10.0, mass = 2.0
        network.states = [BodyState(), BodyState(v: Vector(speed, 0), invMass: 1 / mass, invInertia: 0), BodyState()]
        network.cons = [
            Network.constraint(1, 2, normal: Vector(1, 0), rA: .zero, rB: .zero, elasticity: 1, states: network.states),
            Network.constraint(0, 1, normal: Vector(1, 0), rA: .zero, rB: .zero, elasticity: 1, states: network.states),
        ]
        let (states, cons, _, _) = network.resolved(worklistFrom: worklistFrom, calls: 1, passLimit: 1_000)
        let limit = Double(ContactImpact.maxImpactsPerConstraint)
        #expect(cons[0].impactImpulse == limit * 2 * mass * speed)
        #expect(cons[1].impactImpulse == limit * 2 * mass * speed)
        #expect(states[1].v == Vector(speed, 0))
    }
}
