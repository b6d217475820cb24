/// The velocity inputs of one partition, read where they lie in the step's inputs through their places
/// (`IslandPartitions.inputs`), in order. A partition solved whole by one thread reads its inputs this way rather
/// than gathering a copy: each thread's copy grew to the largest partition it took, 48 bytes an input.
struct PlacedInputs: Sequence {
    /// The step's inputs.
    let all: UnsafePointer<VelocityInput>
    /// The places of the partition's inputs in `all`.
    let places: UnsafeBufferPointer<Int32>

    struct Iterator: IteratorProtocol {
        let all: UnsafePointer<VelocityInput>
        let places: UnsafeBufferPointer<Int32>
        var k = 0

        @inline(__always)
        mutating func next() -> VelocityInput? {
            guard k < places.count else { return nil }
            defer { k += 1 }
            return all[Int(places[k])]
        }
    }

    @inline(__always)
    func makeIterator() -> Iterator { Iterator(all: all, places: places) }

    /// The inputs as one stretch of `all`, when the places (in step order) run without a gap: islands of bodies made
    /// one after another, as stacks and pyramids are. Nil otherwise, and for no places.
    var stretch: UnsafeBufferPointer<VelocityInput>? {
        guard let first = places.first, let last = places.last, Int(last - first) == places.count - 1 else {
            return nil
        }
        return UnsafeBufferPointer(start: all + Int(first), count: places.count)
    }

    var underestimatedCount: Int { places.count }
}
