extension PhysicsWorld {
    /// Makes room for `count` more bodies, each with a shape and a moving broadphase proxy, before they are made one
    /// by one (an animator's sync knows how many new items it has). Arrays that grow by doubling as a world of
    /// thousands of bodies is built keep up to half their room unused, and leave the blocks they grew out of to the
    /// allocator, which keeps much of them resident: a pile of 10,000 bodies held about 300 bytes a body more than
    /// its records. Room is made exactly only where that at least doubles it, so adding a few bodies at a time still
    /// costs amortised constant time (the arrays' own doubling does the rest).
    ///
    /// `shapes` counts their shapes when some have more than one (a group item's members): a ground of thousands of
    /// tiles is one body.
    mutating func reserve(bodies count: Int, shapes shapeCount: Int? = nil) {
        guard count > 0 else { return }
        bodies.reserveForBatch(adding: count - freeBodies.count)
        shapes.reserveForBatch(adding: (shapeCount ?? count) - freeShapes.count)
        // Shape bounds are kept as long as the shape records (see `createShape`).
        bounds.reserveForBatch(adding: shapes.capacity - bounds.count)
        broadPhase.reserve(movingProxies: count)
    }

    /// Makes room for `count` more joints before they are made one by one (an animator's sync counts the joints its
    /// behaviours will make anew).
    mutating func reserve(joints count: Int) {
        joints.reserveForBatch(adding: count - freeJoints.count)
    }

    /// Makes room for `count` more shapes on body `id` in the broadphase tree its type puts them in: a fixed group
    /// of thousands of tiles would otherwise grow the static tree by doubling, copying it each time.
    mutating func reserve(shapes count: Int, on id: Int32) {
        guard count > 1 else { return }
        if bodies[Int(id)].type == .staticBody {
            broadPhase.reserve(staticProxies: count)
        } else {
            broadPhase.reserve(movingProxies: count)
        }
    }

}

extension ContiguousArray {
    /// Room for `extra` more elements, made exactly when that at least doubles the room (a batch about to be
    /// appended); otherwise appending grows the array by doubling as usual.
    mutating func reserveForBatch(adding extra: Int) {
        let needed = count + extra
        guard extra > 0, needed > capacity, needed >= 2 * capacity else { return }
        reserveCapacity(needed)
    }
}

extension ContiguousArray {
    /// Gives back the room of a burst once it is over: when this use took at most an eighth of a large room
    /// (`used` elements), the elements move to room for twice that many. Scratch arrays that the first step of a
    /// world built at once fills (every pair is new then) would otherwise keep that room for good, while later steps
    /// use a few hundred elements of it. Steady use never shrinks them, so they are not made again step after step.
    /// `largeRoom` is the least room given back: arrays kept by the dozen (one a chunk of a job) pass a smaller one.
    mutating func releaseBurstRoom(used: Int, largeRoom: Int = 4096) {
        guard capacity >= largeRoom, used * 8 <= capacity else { return }
        var smaller = ContiguousArray()
        smaller.reserveCapacity(Swift.max(2 * used, count, 256))
        smaller.append(contentsOf: self)
        self = smaller
    }
}
