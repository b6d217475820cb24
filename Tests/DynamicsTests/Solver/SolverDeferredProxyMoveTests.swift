import Testing
@testable import Dynamics

/// The proxy moves a step leaves to the animator, made while the workers write the items back, leave the same
/// broadphase as moves made in the step: the same world, bit for bit, and the same tree, read through the order its
/// queries report shapes in.
@Suite(.serialized, .takesWorkerPoolTurn) struct SolverDeferredProxyMoveTests {
    struct Outcome {
        var bits: [UInt64]
        /// Shape indices in the order queries of a grid of boxes over the world report them.
        var queried: [Int32]
        var deferred: Int
        var shared: Int
    }

    static func run(_ workers: Int, frames: Int) throws -> Outcome {
        let animator = try Animator(referenceSize: Vector(2000, 1200))
        try animator.setWorkerCount(workers)
        // Split to one item a chunk: the write-back of the gas's 600 items is shared, so the moves wait for it.
        animator.world.parallelTuning = .finest
        let items = try SolverWorkerTests.gas(count: 600)(animator, SolverWorkerTests.EventLog())
        try stepFrames(animator, frames)
        var queried: [Int32] = []
        for row in 0..<6 {
            for column in 0..<10 {
                let lower = Vector(Double(column) * 200, Double(row) * 200)
                animator.world.broadPhase.query(AABB(lower: lower, upper: lower + Vector(260, 260))) {
                    queried.append($0)
                    return true
                }
            }
        }
        return Outcome(bits: SolverWorkerTests.state(items), queried: queried,
                       deferred: animator.world.proxyMovesMadeAfterStep,
                       shared: animator.world.chunksSharedWithWorkers)
    }

    @Test func movesMadeDuringTheWriteBackLeaveTheSameBroadphase() throws {
        let frames = 30
        let serial = try Self.run(1, frames: frames)
        #expect(serial.deferred == 0, "one thread moves the proxies in the step")
        #expect(serial.queried.count > 600)
        // The pool is process-wide: a run that found it held stepped alone, and is repeated.
        var deferred = 0
        for _ in 0..<5 where deferred == 0 {
            let parallel = try Self.run(2, frames: frames)
            deferred = parallel.deferred
            #expect(parallel.bits == serial.bits, "state differs at 2 workers")
            // Compared apart: the lists are long, and a failure need only say so.
            let sameTree = parallel.queried == serial.queried
            #expect(sameTree, "the broadphase differs at 2 workers")
        }
        #expect(deferred > 0, "no step left its proxy moves to the write-back in five runs")
    }

    @Test func aWorldSteppedAgainMakesTheMovesItWasLeftFirst() throws {
        var world = PhysicsWorld()
        let body = world.createBody(type: .dynamicBody, origin: Vector(0, 0), angle: 0)
        let shape = world.createShape(body: body, shape: .box(halfWidth: 5, halfHeight: 5), friction: 0,
                                      restitution: 0, filter: CollisionFilter(owner: 0))
        world.step(dt: 1.0 / 60, substeps: 4)
        let proxy = world.shapes[Int(shape)].proxy
        let before = try #require(world.broadPhase.fatAABB(proxy))
        // As a step that deferred its moves leaves it: the body far from its fat box, its move pending.
        world.bodies[Int(body)].center = Vector(500, 0)
        world.bodies[Int(body)].origin = Vector(500, 0)
        world.bounds[Int(shape)].aabb = AABB(lower: Vector(495, -5), upper: Vector(505, 5))
        world.pendingProxyMoves = [body]
        #expect(world.broadPhase.fatAABB(proxy) == before)
        world.step(dt: 1.0 / 60, substeps: 4)
        #expect(world.pendingProxyMoves.isEmpty && world.proxyMovesMadeAfterStep == 1)
        let after = try #require(world.broadPhase.fatAABB(proxy))
        #expect(after.contains(AABB(lower: Vector(495, -5), upper: Vector(505, 5))))
    }
}
