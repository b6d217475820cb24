extension PhysicsWorld {
    /// Bytes the world's arrays hold, by capacity: what a world costs the process beside the objects that describe
    /// it, so that a memory limit (`luadyn --max-memory`) can count it. Per-shape filter lists are left out (a few
    /// bytes a shape).
    var storageBytes: Int {
        func bytes<Element>(_ array: ContiguousArray<Element>) -> Int { array.capacity * MemoryLayout<Element>.stride }
        func bytes<Element>(_ array: [Element]) -> Int { array.capacity * MemoryLayout<Element>.stride }
        return bytes(bodies) + bytes(shapes) + bytes(bounds) + bytes(contacts) + bytes(separatingFaces)
            + bytes(joints) + broadPhase.storageBytes + contactOfPair.storageBytes
            + bytes(freeBodies) + bytes(freeShapes) + bytes(freeContacts) + bytes(freeJoints) + bytes(events)
            + bytes(scratchStates) + bytes(scratchInputs) + bytes(scratchConstraints) + bytes(scratchJoints)
            + bytes(scratchWatches) + bytes(scratchBouncing) + bytes(scratchImpactChanged)
            + bytes(scratchImpactGains)
            + bytes(scratchCandidates) + bytes(scratchPairs) + bytes(scratchLanes.pairs) + bytes(scratchLanes.sources)
    }
}
