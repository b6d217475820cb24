import Testing
@testable import Dynamics

/// The single-precision solver bodies the contact quads work on (`SolverBodies`): one slot per body the quads name,
/// gathered from the double states once a pass and written back once.
@Suite struct SolverBodyTests {
    /// A quad of the constraints between `a[k]` and `b[k]`, nothing else set.
    static func quad(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> WideContact {
        var q = WideContact()
        q.bodyA = a
        q.bodyB = b
        return q
    }

    @Test func everyBodyTheQuadsNameGetsOneSlotInTheOrderTheyAreMet() {
        let states = (0..<9).map { i in
            BodyState(v: Vector(Double(i), 0), w: 0, dp: .zero, dq: .identity, invMass: i == 0 ? 0 : 1, invInertia: 1)
        }
        // Body 0 (static) in several lanes; lane 3 of the first quad empty (lane 0's bodies); body 8 named by none.
        let original = [Self.quad(SIMD4(0, 3, 0, 0), SIMD4(5, 4, 1, 5)), Self.quad(SIMD4(5, 2, 0, 7), SIMD4(6, 3, 4, 1))]
        var quads = original
        var slots = SolverBodies()
        var stateCopy = states
        stateCopy.withUnsafeMutableBufferPointer { s in
            quads.withUnsafeMutableBufferPointer { slots.build($0, states: s) }
        }
        // Met quad by quad, each quad's A sides then its B sides: 0, 3, then 5, 4, 1, then 2, 7, then 6.
        #expect(Array(slots.sources) == [0, 3, 5, 4, 1, 2, 7, 6])
        #expect(slots.bodies.count == 8)
        for k in quads.indices {
            for lane in 0..<4 {
                #expect(slots.sources[Int(quads[k].bodyA[lane])] == original[k].bodyA[lane])
                #expect(slots.sources[Int(quads[k].bodyB[lane])] == original[k].bodyB[lane])
            }
        }
        quads.withUnsafeMutableBufferPointer { slots.restore($0) }
        #expect(quads.map(\.bodyA) == original.map(\.bodyA) && quads.map(\.bodyB) == original.map(\.bodyB))
    }

    @Test func aPassRoundsTheBodiesItNamesOnceAndLeavesTheOthersExact() {
        // Velocities and motion that a float cannot hold exactly.
        let third = 1.0 / 3
        var states = (0..<4).map { i in
            BodyState(v: Vector(third * Double(i + 1), -0.1), w: 0.7, dp: Vector(third, 0.2),
                      dq: Rotation(angle: 0.3), invMass: 1, invInertia: 1)
        }
        let before = states
        var quads = [Self.quad(SIMD4(0, 0, 0, 0), SIMD4(2, 2, 2, 2))]
        var slots = SolverBodies()
        states.withUnsafeMutableBufferPointer { s in
            quads.withUnsafeMutableBufferPointer { slots.build($0, states: s) }
            slots.withBuffers { buffers in
                buffers.gather(s.baseAddress!, motion: true)
                #expect(buffers.bodies[1].velocity == SIMD4(Float(third * 3), Float(-0.1), Float(0.7), 0))
                let q = Rotation(angle: 0.3)
                #expect(buffers.bodies[1].motion == SIMD4(Float(third), Float(0.2), Float(q.c), Float(q.s)))
                buffers.scatter(s.baseAddress!)
            }
        }
        for i in [0, 2] {
            #expect(states[i].v == Vector(Double(Float(before[i].v.x)), Double(Float(before[i].v.y))))
            #expect(states[i].w == Double(Float(before[i].w)))
            #expect(states[i].v != before[i].v)
            // Only velocities are written back: the motion stays in double precision.
            #expect(states[i].dp == before[i].dp && states[i].dq.s == before[i].dq.s)
        }
        // Bodies 1 and 3 are in no quad: not rounded (free fall stays exact).
        for i in [1, 3] { #expect(states[i].v == before[i].v && states[i].w == before[i].w) }
    }

    @Test func aWarmStartThatKeepsItsBodiesForTheSolveGivesTheSameBits() {
        let soft = Softness(hertz: 60, zeta: 10, h: 1.0 / 240)
        let states0 = [BodyState(), SolverLaneTests.moving(Vector(1, -2), 0.3, dp: Vector(0.1, 0.2), angle: 0.05),
                       SolverLaneTests.moving(Vector(-0.5, 4), -0.2), SolverLaneTests.moving(Vector(2, 1), 0.1),
                       SolverLaneTests.moving(Vector(1.0 / 3, 0), 0.7)]
        // A chain on the ground, so the schedule has several levels; body 4 touches nothing.
        let constraints0 = [
            SolverLaneTests.constraint(0, 1, normal: Vector(0, 1), separation: -0.1, friction: 0.6, softness: soft,
                                       impulse: 2, points: 2, block: true),
            SolverLaneTests.constraint(1, 2, normal: Vector(0.6, 0.8), separation: 0.2, friction: 0.4, softness: soft,
                                       impulse: 1, points: 1),
            SolverLaneTests.constraint(2, 3, normal: Vector(-0.8, 0.6), separation: -0.3, friction: 0.5, softness: soft,
                                       impulse: 0.5, points: 2),
        ]
        func run(kept: Bool) -> [UInt64] {
            var states = states0, constraints = constraints0, lanes = ContactLanes()
            states.withUnsafeMutableBufferPointer { s in
                constraints.withUnsafeMutableBufferPointer { c in
                    lanes.build(c, states: s)
                    lanes.withSchedule { schedule in
                        schedule.warmStart(states: s, keepsBodies: kept)
                        schedule.solve(states: s, inverseH: 240, useBias: true, bodiesKept: kept)
                    }
                    for (k, quad) in lanes.sources.enumerated() {
                        for lane in 0..<4 where quad[lane] >= 0 {
                            lanes.quads[k].storeImpulses(lane: lane, into: &c[Int(quad[lane])])
                        }
                    }
                }
            }
            #expect(states[4].v == states0[4].v, "a body in no constraint keeps its exact velocity")
            return SolverLaneTests.bits(states, constraints)
        }
        let separate = run(kept: false)
        #expect(separate != SolverLaneTests.bits(states0, constraints0))
        #expect(run(kept: true) == separate)
    }
}
