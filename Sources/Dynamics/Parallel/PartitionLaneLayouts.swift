/// The lane layouts of the partitions of the last step solved by islands, kept for the next step when it keeps the
/// same partitions (`IslandPartitions.keepsLayout`).
///
/// A partition's thread works out the solve order of its constraints (`ContactSolveOrder`) and lays them out in
/// quads by kind every step (`ContactLanes.build`), a fifth of a resting world's step on one thread, although a pile
/// of resting stacks gives the same layout step after step. The layout depends only on the sequence of the
/// constraints' moving bodies and on their kinds (`ContactLanes.kind(of:)`), so it is kept here with both, per
/// constraint: 13 bytes, where the quads it stands for take about 140. A partition whose constraints have the same
/// moving bodies takes its layout from here (`ContactLanes.adopt`) and has its quads prepared straight from the
/// contacts (`BlockQuad`), each constraint checked to be of its kept kind as it is prepared; one that is not is
/// arranged again. The layout is then the one a build would give, so the bits are too.
///
/// Everything is laid out as `IslandPartitions` lays out the step's constraints, partition after partition: a
/// partition's thread writes only its own range.
struct PartitionLaneLayouts {
    /// Per constraint: each partition's constraints in their lanes' order, as indices within the partition, the
    /// first of each group with `groupMark` set.
    private(set) var order = ContiguousArray<Int32>()
    /// Per constraint (step order): its kind when the layout was made. (Tests change kinds and ends between steps,
    /// as if the constraints had changed since.)
    var kinds = ContiguousArray<UInt8>()
    /// Per constraint (step order): its moving bodies when the layout was made (-1: the body does not move).
    var ends = ContiguousArray<SIMD2<Int32>>()
    /// Per partition, a `State`.
    private(set) var states = ContiguousArray<UInt8>()
    /// The colouring threshold of the lanes the layouts were made with (`ContactColouring.minimumIsland`).
    private var minimumIsland = 0

    /// What is kept of a partition.
    enum State: UInt8 {
        /// Nothing: the partition is arranged from scratch.
        case none = 0
        /// Its layout, made by this step's build.
        case built = 1
        /// Its layout, taken from the step before by this step.
        case reused = 2
        /// Its layout, made by this step's build after the one kept from the step before was found not to hold.
        case replaced = 3
    }

    /// The bit that marks the first constraint of a group in `order`.
    static let groupMark = Int32.min

    /// Bytes of room in its arrays.
    var storageBytes: Int {
        order.capacity * MemoryLayout<Int32>.stride + kinds.capacity
            + ends.capacity * MemoryLayout<SIMD2<Int32>>.stride + states.capacity
    }

    /// Forgets every kept layout and makes room for the layouts of `partitionCount` new partitions of
    /// `constraintCount` constraints in all (`IslandPartitions` laid the step out anew).
    mutating func reset(partitionCount: Int, constraintCount: Int) {
        states.removeAll(keepingCapacity: true)
        states.append(contentsOf: repeatElement(State.none.rawValue, count: partitionCount))
        if order.count != constraintCount {
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: repeatElement(0, count: constraintCount))
            kinds.removeAll(keepingCapacity: true)
            kinds.append(contentsOf: repeatElement(0, count: constraintCount))
            ends.removeAll(keepingCapacity: true)
            ends.append(contentsOf: repeatElement(.zero, count: constraintCount))
        }
    }

    /// Readies the kept layouts for lanes whose colouring starts at islands of `minimumIsland`
    /// (`ContactColouring`): layouts made for another threshold are forgotten.
    mutating func use(minimumIsland: Int) {
        guard minimumIsland != self.minimumIsland else { return }
        self.minimumIsland = minimumIsland
        for p in states.indices { states[p] = State.none.rawValue }
    }

    /// How many partitions this step left in `state`.
    func count(_ state: State) -> Int { states.reduce(0) { $0 + ($1 == state.rawValue ? 1 : 0) } }

    /// Runs `body` with the layouts in raw buffers, for the partitions' threads.
    mutating func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        order.withUnsafeMutableBufferPointer { order in
            kinds.withUnsafeMutableBufferPointer { kinds in
                ends.withUnsafeMutableBufferPointer { ends in
                    states.withUnsafeMutableBufferPointer { states in
                        body(Buffers(order: order, kinds: kinds, ends: ends, states: states))
                    }
                }
            }
        }
    }

    /// The layouts in raw buffers: a partition's thread reads and writes the range of its own constraints and its
    /// own state only.
    struct Buffers {
        var order: UnsafeMutableBufferPointer<Int32>
        var kinds: UnsafeMutableBufferPointer<UInt8>
        var ends: UnsafeMutableBufferPointer<SIMD2<Int32>>
        var states: UnsafeMutableBufferPointer<UInt8>
    }
}
