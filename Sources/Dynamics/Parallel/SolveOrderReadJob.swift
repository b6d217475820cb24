/// The first part of `ContactSolveOrder.arrange(touching:contacts:states:pool:minimum:)` split across the pool: each
/// chunk, a run of constraints to be made, reads their links (contact, bodies, touch record) and moving bodies into
/// its part of the order's arrays and says whether they are those the kept order was made from. A resting stack
/// keeps its order step after step, and this read was then the whole of the arrange: serial work on the stepping
/// thread that kept the workers waiting (a thirtieth of the large pyramid's frame on two workers).
///
/// Every chunk writes only its own constraints' entries and its own answer, and the answers are combined in chunk
/// order, so the arrays and the answer are those of the one-thread read.
struct SolveOrderReadJob {
    /// The contact of each constraint to be made.
    var touching: UnsafeBufferPointer<Int32>
    var contacts: UnsafeBufferPointer<Contact>
    var states: UnsafeMutableBufferPointer<BodyState>
    var links: UnsafeMutablePointer<SIMD4<Int32>>
    var ends: UnsafeMutablePointer<SIMD2<Int32>>
    /// Whether to compare with `kept`, the moving bodies the kept order was made from, constraint for constraint.
    var compares: Bool
    var kept: UnsafePointer<SIMD2<Int32>>?
    /// Constraints per chunk (the last chunk may hold fewer).
    var chunkSize: Int
    /// Per chunk: whether its constraints' moving bodies are the kept ones.
    var same: UnsafeMutablePointer<Bool>

    static let run: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: SolveOrderReadJob.self).pointee
        let start = chunk * job.chunkSize, end = min(start + job.chunkSize, job.touching.count)
        let touching = job.touching, contacts = job.contacts
        job.same[chunk] = ContactSolveOrder.readEnds(start..<end, link: { contacts[Int(touching[$0])].link(touching[$0]) },
                                                     states: job.states, links: job.links, ends: job.ends,
                                                     compares: job.compares, kept: job.kept)
    }
}
