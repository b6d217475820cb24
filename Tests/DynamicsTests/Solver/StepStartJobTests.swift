import Testing
@testable import Dynamics

/// `PhysicsWorld.startBodies` across the pool's threads (`StepStartJob`) starts the bodies as the one-thread loop
/// does: the same states, inputs in the same order, marks and places at the start of the step, bit for bit.
@Suite(.serialized, .takesWorkerPoolTurn) struct StepStartJobTests {
    /// A world of `count` bodies of every sort: awake and sleeping dynamic ones with forces, gravity and damping,
    /// kinematic ones moving or still, static ones, and freed ones.
    static func world(_ count: Int) -> PhysicsWorld {
        var world = PhysicsWorld()
        for k in 0..<count {
            let type: BodyType = k % 7 == 3 ? .kinematicBody : k % 11 == 5 ? .staticBody : .dynamicBody
            let id = world.createBody(type: type, origin: Vector(Double(k) * 1.25, Double(k % 13) * 0.5),
                                      angle: Double(k) * 0.01)
            let i = Int(id)
            if type == .dynamicBody {
                world.bodies[i].setMass(1 + Double(k % 5), localCenter: Vector(0.1, -0.2), inertia: 2 + Double(k % 3))
                world.bodies[i].isAwake = k % 9 != 0
                world.bodies[i].force = Vector(Double(k % 4) - 1.5, 0.25)
                world.bodies[i].torque = Double(k % 6) * 0.3
                world.bodies[i].gravity = Vector(0, 981)
                world.bodies[i].linearDamping = Double(k % 3) * 0.1
                world.bodies[i].angularDamping = Double(k % 2) * 0.2
            }
            if type != .staticBody && k % 2 == 0 {
                world.bodies[i].v = Vector(Double(k % 17) - 8, 3)
                world.bodies[i].w = Double(k % 5) * 0.7
            }
        }
        for k in stride(from: 10, to: count, by: 97) { world.destroyBody(Int32(k)) }
        return world
    }

    struct Started: Equatable {
        var states: [UInt64], inputs: [UInt64], marks: [UInt64], places: [UInt64]
    }

    static func start(_ world: inout PhysicsWorld, pool: WorkerPool?, tuning: ParallelTuning) -> Started {
        var states = ContiguousArray(repeating: BodyState(v: Vector(9, 9), w: 9, dp: .zero, dq: .identity,
                                                          invMass: 9, invInertia: 9), count: world.bodies.count)
        var inputs = ContiguousArray<VelocityInput>([VelocityInput(body: 7, dv: .zero, dw: 0, linearDamping: 0,
                                                                   angularDamping: 0)])
        var marks = ContiguousArray<UInt64>([5, 5, 5])
        world.startBodies(states: &states, inputs: &inputs, simulated: &marks, h: 1.0 / 240, pool: pool, tuning: tuning)
        func bits(_ v: Vector) -> [UInt64] { [v.x.bitPattern, v.y.bitPattern] }
        return Started(
            states: states.flatMap { bits($0.v) + [$0.w.bitPattern] + bits($0.dp)
                + [$0.dq.c.bitPattern, $0.dq.s.bitPattern, $0.invMass.bitPattern, $0.invInertia.bitPattern] },
            inputs: inputs.flatMap { [UInt64($0.body)] + bits($0.dv)
                + [$0.dw.bitPattern, $0.linearDamping.bitPattern, $0.angularDamping.bitPattern] },
            marks: Array(marks),
            places: world.bodies.flatMap { bits($0.center0) + [$0.q0.c.bitPattern, $0.q0.s.bitPattern] })
    }

    @Test func theThreadsStartTheBodiesAsOneThreadDoes() {
        let pool = WorkerPool.shared
        for count in [1000, 1500, 64 * 9 + 1] {
            var alone = Self.world(count)
            let expected = Self.start(&alone, pool: nil, tuning: ParallelTuning())
            // Some bodies move and some do not, so the inputs are fewer than the bodies.
            #expect(expected.inputs.count / 6 > count / 2 && expected.inputs.count / 6 < count)
            #expect(expected.marks.count == (count + 63) / 64)
            for (workers, tuning) in [(2, ParallelTuning()), (3, ParallelTuning.finest)] {
                var world = Self.world(count)
                while !pool.tryAcquire(workers: workers) { WorkerPool.yieldProcessor() }
                // Split into several chunks, so inputs start where earlier chunks' end.
                #expect(pool.split((count + 63) / 64, minimum: max(1, tuning.loopChunk / 64)).chunks > 1)
                let started = Self.start(&world, pool: pool, tuning: tuning)
                pool.release()
                #expect(started == expected, "\(count) bodies, \(workers) workers")
            }
        }
    }
}
