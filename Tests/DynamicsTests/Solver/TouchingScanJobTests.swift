import Testing
@testable import Dynamics

/// `TouchingScanJob.list` lists across the pool's threads what the one-thread scan lists, in the same order.
@Suite(.serialized, .takesWorkerPoolTurn) struct TouchingScanJobTests {
    @Test func theThreadsListTheContactsTheOneThreadScanLists() {
        // 300 bodies, every third one moving; contacts in use or free, touching or not, between all sorts of pairs.
        let moving = (0..<300).map { $0 % 3 == 0 }
        var bits = [UInt64](repeating: 0, count: 5)
        for (b, m) in moving.enumerated() where m { bits[b >> 6] |= 1 << UInt64(b & 63) }
        let contacts = (0..<5_000).map { k in
            var c = Contact(shapeA: 0, shapeB: 0, bodyA: Int32((k * 7) % 300), bodyB: Int32((k * 13 + 5) % 300),
                            touch: k % 4 == 0 ? -1 : Int32(k))
            c.inUse = k % 11 != 0
            return c
        }
        let expected = contacts.indices.filter { c in
            contacts[c].inUse && contacts[c].touching && (moving[Int(contacts[c].bodyA)] || moving[Int(contacts[c].bodyB)])
        }.map(Int32.init)
        #expect(expected.count > 1_000)
        let pool = WorkerPool.shared
        for (workers, minimum) in [(2, 256), (3, 1), (3, 700)] {
            while !pool.tryAcquire(workers: workers) { WorkerPool.yieldProcessor() }
            var touching = ContiguousArray<Int32>([42, 43])
            contacts.withUnsafeBufferPointer { contactBuf in
                bits.withUnsafeBufferPointer { TouchingScanJob.list(&touching, contacts: contactBuf, simulated: $0,
                                                                    pool: pool, minimum: minimum) }
            }
            pool.release()
            #expect(Array(touching) == expected, "\(workers) workers, chunks of at least \(minimum)")
        }
    }
}
