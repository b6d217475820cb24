/// The step's touching contacts that have a moving body, listed in contact order across the pool's threads
/// (`PhysicsWorld.step`): each chunk of the contacts counts its own, then, once every chunk has counted, writes
/// them where the counts of the chunks before it end. The list is the one the one-thread scan makes.
///
/// Done on the stepping thread, the scan read every contact record while the workers waited for the islands'
/// job, long enough in a tumbling pile for a worker to park and be woken by a system call.
struct TouchingScanJob {
    var contacts: UnsafeBufferPointer<Contact>
    /// One bit a body: whether the step integrates it.
    var simulated: UnsafeBufferPointer<UInt64>
    /// Contacts per chunk (the last chunk may hold fewer).
    var chunkSize: Int
    /// Per chunk: its count, then where its contacts start in `list`.
    var counts: UnsafeMutablePointer<Int>
    /// Where the contacts go, once counted.
    var list: UnsafeMutablePointer<Int32>?

    /// Whether contact `c` becomes a constraint: in use, touching, and with a body the step integrates.
    @inline(__always)
    static func listed(_ c: Int, _ contacts: UnsafeBufferPointer<Contact>, _ bits: UnsafeBufferPointer<UInt64>) -> Bool {
        guard contacts[c].inUse && contacts[c].touching else { return false }
        let a = Int(contacts[c].bodyA), b = Int(contacts[c].bodyB)
        return bits[a >> 6] & (1 << UInt64(a & 63)) != 0 || bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    static let count: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: TouchingScanJob.self).pointee
        var n = 0
        for c in job.range(chunk) where listed(c, job.contacts, job.simulated) { n += 1 }
        job.counts[chunk] = n
    }

    static let fill: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: TouchingScanJob.self).pointee
        guard let list = job.list else { return }
        var at = job.counts[chunk]
        for c in job.range(chunk) where listed(c, job.contacts, job.simulated) {
            list[at] = Int32(c)
            at += 1
        }
    }

    @inline(__always)
    func range(_ chunk: Int) -> Range<Int> { chunk * chunkSize..<min((chunk + 1) * chunkSize, contacts.count) }

    /// Lists into `touching` (emptied first) the contacts `listed` accepts, in contact order, across `pool`.
    static func list(_ touching: inout ContiguousArray<Int32>, contacts: UnsafeBufferPointer<Contact>,
                     simulated: UnsafeBufferPointer<UInt64>, pool: WorkerPool, minimum: Int) {
        let (chunks, size) = pool.split(contacts.count, minimum: minimum)
        touching.removeAll(keepingCapacity: true)
        guard chunks > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: chunks) { counts in
            var job = TouchingScanJob(contacts: contacts, simulated: simulated, chunkSize: size,
                                      counts: counts.baseAddress.unsafelyUnwrapped, list: nil)
            withUnsafeMutablePointer(to: &job) { pool.run(Self.count, $0, chunks: chunks) }
            var total = 0
            for k in 0..<chunks {
                let n = counts[k]
                counts[k] = total
                total += n
            }
            touching.append(contentsOf: repeatElement(0, count: total))
            touching.withUnsafeMutableBufferPointer { list in
                job.list = list.baseAddress
                withUnsafeMutablePointer(to: &job) { pool.run(Self.fill, $0, chunks: chunks) }
            }
        }
    }
}
