/// The items' write-back after a step (`Animator.writeBackItems`), split across the worker pool: each chunk of the
/// synced items takes its items' motion from their bodies. An item's write-back reads its own body and writes only
/// itself (a group, its members too, which belong to that group alone), so the chunks write disjoint items, and
/// each item gets the numbers the one-thread loop gives it.
struct ItemWriteBackJob {
    var items: UnsafeBufferPointer<DynamicItem>
    var bodies: UnsafeBufferPointer<Body>
    var frameDuration: Double
    /// Items per chunk (the last chunk may hold fewer).
    var chunkSize: Int

    static let run: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: ItemWriteBackJob.self).pointee
        let start = chunk * job.chunkSize, end = min(start + job.chunkSize, job.items.count)
        for i in start..<end { writeBack(job.items, i, bodies: job.bodies, frameDuration: job.frameDuration) }
    }

    /// Item `i` of `items` takes its body's centre, angle and velocities, and its net force over the frame (its
    /// mass times the change of its centre of mass's velocity over `frameDuration`, taken here because the item
    /// still holds the velocities from before it). The item is lent without a retain and release.
    @inline(__always)
    static func writeBack(_ items: UnsafeBufferPointer<DynamicItem>, _ i: Int, bodies: UnsafeBufferPointer<Body>,
                          frameDuration: Double) {
        Unmanaged.passUnretained(items[i])._withUnsafeGuaranteedRef { it in
            guard it.bodyID >= 0, Int(it.bodyID) < bodies.count else { return }
            let b = bodies[Int(it.bodyID)]
            if b.invMass > 0 && frameDuration > 0 {
                // The centre of mass's velocity before the frame, from the item's centre's: the two differ only
                // when the centre of mass is off the centre (path shapes).
                var before = it.velocity
                if b.localCenter != .zero {
                    before = before + cross(it.angularVelocity, Rotation(angle: it.angle).rotate(b.localCenter))
                }
                it.netForce = (b.v - before) * (1 / (b.invMass * frameDuration))
            } else {
                it.netForce = .zero
            }
            let angle = it.angle + wrapAngle(b.q.angle - it.angle)
            let v = b.v + cross(b.w, b.origin - b.center)
            it.take(center: b.origin, angle: angle, velocity: v, angularVelocity: b.w)
            if it.isGroup { it.placeMembers() }
        }
    }
}
