/// The contact schedule's items in an order several threads can follow at once, giving bit for bit what the
/// schedule gives solved item after item on one thread.
///
/// An item is a quad of constraints solved in four lanes (`WideContact`); the schedule's groups list
/// them in solve order (`LaneGroup`). Only the order of two items that share a moving body matters, so each item
/// remembers the last earlier item on each of its moving bodies, and a thread solves it once those are done in the
/// same pass (`PassMarks`). Items of one group share no moving body, so all of an item's predecessors lie in
/// earlier groups: the threads go through the groups together, with no barrier after each. A tall stack has
/// hundreds of groups of a few dozen constraints; a barrier after each would cost more than it splits.
struct ContactWavefront {
    /// Per item, in solve order: its group and its place in the group.
    var items = ContiguousArray<WaveItem>()
    /// Per item, the earlier items it waits for (-1: none).
    var predecessors = ContiguousArray<ItemPredecessors>()
    /// Per body, the last item seen that moves it.
    private var lastOnBody = ContiguousArray<Int32>()

    /// No items: the contacts are solved on one thread.
    mutating func clear() {
        items.removeAll(keepingCapacity: true)
        predecessors.removeAll(keepingCapacity: true)
    }

    /// Finds the items of `schedule` and what each waits for. A body moves when its state has an inverse mass or
    /// inertia; the others are never changed by a constraint, so sharing them orders nothing.
    mutating func build(_ schedule: LaneSchedule, states: UnsafeMutableBufferPointer<BodyState>) {
        clear()
        var lastOnBody = ContiguousArray<Int32>()
        swap(&lastOnBody, &self.lastOnBody)
        defer { swap(&lastOnBody, &self.lastOnBody) }
        if lastOnBody.count != states.count { lastOnBody = ContiguousArray(repeating: -1, count: states.count) }
        lastOnBody.withUnsafeMutableBufferPointer { last in
            for i in last.indices { last[i] = -1 }
            var n: Int32 = 0
            for (g, group) in schedule.groups.enumerated() {
                for i in 0..<group.itemCount {
                    let quad = schedule.quads.baseAddress.unsafelyUnwrapped + Int(group.quadStart) + i
                    var before = ItemPredecessors()
                    // An empty lane names lane 0's bodies: each body is followed once per item, or the item would
                    // wait for itself.
                    let a = quad.pointee.bodyA, b = quad.pointee.bodyB
                    for lane in 0..<4 {
                        let repeated = (0..<lane).contains { a[$0] == a[lane] }
                        before.a[lane] = repeated ? -1 : Self.follow(a[lane], n, last, states)
                    }
                    for lane in 0..<4 {
                        let repeated = (0..<lane).contains { b[$0] == b[lane] }
                        before.b[lane] = repeated ? -1 : Self.follow(b[lane], n, last, states)
                    }
                    items.append(WaveItem(group: Int32(g), index: Int32(i)))
                    predecessors.append(before)
                    n += 1
                }
            }
        }
    }
}

extension ContactWavefront {
    /// The last item before item `n` that moves body `b` (-1: none, or `b` does not move), and item `n` becomes
    /// the last.
    @inline(__always)
    fileprivate static func follow(_ b: Int32, _ n: Int32, _ last: UnsafeMutableBufferPointer<Int32>,
                                   _ states: UnsafeMutableBufferPointer<BodyState>) -> Int32 {
        let i = Int(b)
        guard b >= 0, states[i].invMass != 0 || states[i].invInertia != 0 else { return -1 }
        defer { last[i] = n }
        return last[i]
    }
}

/// Where an item of the contact schedule is: its group and its place among the group's items.
struct WaveItem {
    var group: Int32
    var index: Int32
}

/// The earlier items an item of the contact schedule waits for, one per body of its lanes (-1: none).
struct ItemPredecessors {
    var a = SIMD4<Int32>(repeating: -1), b = SIMD4<Int32>(repeating: -1)
}
