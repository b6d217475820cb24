#if canImport(Glibc)
import Glibc
#endif

extension PhysicsWorld {
    /// Bytes of room in the arrays that grow while a world is built and runs: its records and the solver's per-step
    /// arrays, by capacity, every set of lanes and the gathered inputs of partitions solved together included (in a
    /// pile they grow last, as its one large island forms). A cheap sum, read every step.
    var growingRoom: Int {
        func room<Element>(_ array: ContiguousArray<Element>) -> Int { array.capacity * MemoryLayout<Element>.stride }
        var total = room(bodies) + room(shapes) + room(bounds) + room(contacts) + room(touches)
            + room(separatingFaces) + room(joints) + room(scratchStates) + room(scratchInputs)
            + room(scratchConstraints) + room(scratchContactKinds) + scratchLanes.roomBytes
        for lanes in scratchPartitionLanes { total += lanes.roomBytes }
        for inputs in scratchPartitionInputs { total += room(inputs) }
        return total
    }

    /// Hands the pages of freed heap blocks back to the system once the world's arrays have grown by
    /// `trimGrowth` bytes since it last did. An array that grows leaves the block it grew out of to the allocator,
    /// and glibc keeps such blocks resident once its threshold for mapping large blocks has risen past them (it
    /// rises with the first large block freed): a pile of 10,000 bodies held about 150 bytes a body of them after 60
    /// frames, left by its contacts, touch records and the solver's arrays growing as the pile settled. Growth at
    /// that scale happens a few times in a world's life, so the trim (a walk over the allocator's free blocks) is
    /// rare; what is trimmed and used again is faulted back in by the system.
    ///
    /// `scratchSwappedOut`: called inside a step, while the solver's scratch arrays are out of the world
    /// (`growingRoom` then misses their room). The smaller sum must not lower the mark, or the next call, with the
    /// arrays back, would see them as growth and trim every step.
    mutating func trimFreedMemoryAfterGrowth(scratchSwappedOut: Bool = false) {
        let room = growingRoom
        guard room >= roomAtLastTrim + Self.trimGrowth else {
            // A world that gave room back trims again only after growing past its new size.
            if !scratchSwappedOut { roomAtLastTrim = min(roomAtLastTrim, room) }
            return
        }
        roomAtLastTrim = room
        memoryTrims += 1
        _ = Self.mallocTrim?(0)
    }

    /// Every `idleLaneSteps` steps split by islands, the sets of partition lanes that no partition of those steps
    /// needed most of the room of give it back (`ContactLanes.releaseIdleRoom`). The largest partition always
    /// solves in the first set (`PartitionJob.solve`), so in a steady world each set's use is steady and none is
    /// made again step after step; a set that held an island once and only small partitions since (the pile that
    /// made it has gone to the first set, or settled into smaller islands) does not keep that island's room.
    mutating func releaseIdlePartitionLanes() {
        stepsSinceIdleLaneCheck += 1
        guard stepsSinceIdleLaneCheck >= Self.idleLaneSteps else { return }
        stepsSinceIdleLaneCheck = 0
        for k in scratchPartitionLanes.indices { scratchPartitionLanes[k].releaseIdleRoom() }
    }

    /// How many steps split by islands a set of partition lanes must stay mostly idle before it gives its room back.
    static let idleLaneSteps = 8

    /// glibc's `malloc_trim`, which its Swift module does not declare: looked up once among the process's symbols.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        // RTLD_DEFAULT: the global scope, the C library included.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Growth of `growingRoom` that asks for a trim: large enough that small worlds, and the steps of a world that
    /// no longer grows, never pay for one.
    static let trimGrowth = 64 * 1024
}
