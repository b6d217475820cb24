/// The start of a step split across the pool (`PhysicsWorld.startBodies`): every body gets its state for the
/// solver and its place at the start of the step, each moving one its velocity integration's inputs, and the
/// one-bit-a-body mark of those the step integrates. Done on the stepping thread alone, this pass over every body
/// record kept the workers waiting (a thirty-fifth of the large pyramid's frame on two workers).
///
/// Chunks are runs of whole 64-body words of marks. A first job counts each chunk's moving bodies; their inputs
/// then go, in body order, where the counts before them end, so the inputs, states and marks are those of the
/// one-thread loop.
struct StepStartJob {
    var bodies: UnsafeMutablePointer<Body>
    var bodyCount: Int
    var states: UnsafeMutablePointer<BodyState>
    /// One bit a body: whether the step integrates it.
    var simulated: UnsafeMutablePointer<UInt64>
    var inputs: UnsafeMutablePointer<VelocityInput>?
    /// Per chunk: its moving bodies, then where their inputs start.
    var counts: UnsafeMutablePointer<Int>
    /// Bodies per chunk, a multiple of 64 (the last chunk may hold fewer).
    var chunkSize: Int
    var h: Double

    @inline(__always)
    func range(_ chunk: Int) -> Range<Int> { chunk * chunkSize..<min((chunk + 1) * chunkSize, bodyCount) }

    static let count: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepStartJob.self).pointee
        var n = 0
        for i in job.range(chunk) where PhysicsWorld.moves(job.bodies + i) { n += 1 }
        job.counts[chunk] = n
    }

    static let start: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: StepStartJob.self).pointee
        guard let inputs = job.inputs else { return }
        var at = job.counts[chunk]
        let range = job.range(chunk)
        var word: UInt64 = 0
        for i in range {
            var simulated = false
            if let input = PhysicsWorld.startBody(i, job.bodies, job.states, h: job.h, simulated: &simulated) {
                inputs[at] = input
                at += 1
            }
            if simulated { word |= 1 << UInt64(i & 63) }
            if i & 63 == 63 || i == range.upperBound - 1 {
                job.simulated[i >> 6] = word
                word = 0
            }
        }
    }
}
