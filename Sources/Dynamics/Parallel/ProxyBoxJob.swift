/// The tight boxes of the moving bodies' shapes after a step, taken across the workers
/// (`PhysicsWorld.updateProxies`).
///
/// Each chunk of the step's inputs writes the boxes of its own bodies' shapes (a shape belongs to one body, a body
/// to one input, so the chunks write disjoint boxes) and notes the first and the last of its inputs whose body has
/// a shape that left its fat box. The stepping thread then moves those proxies, chunk after chunk and in input order
/// within a chunk, as the one-thread scan moves them, so the broadphase's tree comes out the same.
struct ProxyBoxJob {
    var inputs: UnsafeBufferPointer<VelocityInput>
    var bodies: UnsafeBufferPointer<Body>
    var shapes: UnsafeBufferPointer<ShapeRecord>
    var bounds: UnsafeMutableBufferPointer<ShapeBounds>
    /// Inputs per chunk (the last chunk may hold fewer).
    var chunkSize: Int
    /// Two per chunk: the first and the last of its inputs with a shape out of its fat box, or -1 and -1.
    var escapes: UnsafeMutablePointer<Int32>

    static let run: ParallelChunk = { raw, chunk in
        let job = raw.assumingMemoryBound(to: ProxyBoxJob.self).pointee
        let start = chunk * job.chunkSize, end = min(start + job.chunkSize, job.inputs.count)
        var first: Int32 = -1, last: Int32 = -1
        for k in start..<end where boxShapes(of: Int(job.inputs[k].body), job.bodies, job.shapes, job.bounds) {
            if first < 0 { first = Int32(k) }
            last = Int32(k)
        }
        job.escapes[2 * chunk] = first
        job.escapes[2 * chunk + 1] = last
    }

    /// Writes the tight box of each of body `b`'s shapes that has a proxy; true when one of them is out of its fat
    /// box.
    @inline(__always)
    static func boxShapes(of b: Int, _ bodies: UnsafeBufferPointer<Body>, _ shapes: UnsafeBufferPointer<ShapeRecord>,
                          _ bounds: UnsafeMutableBufferPointer<ShapeBounds>) -> Bool {
        let xf = bodies[b].transform
        var escaped = false
        var s = bodies[b].shape
        while s >= 0 {
            let i = Int(s)
            if shapes[i].proxy >= 0 {
                let box = PhysicsWorld.box(PhysicsWorld.shapePointer(shapes, i), xf)
                bounds[i].aabb = box
                if !bounds[i].fatAABB.contains(box) { escaped = true }
            }
            s = shapes[i].nextOnBody
        }
        return escaped
    }
}
