import Synchronization

/// The joints of a step in an order several threads can follow at once and still give, bit for bit, the result of
/// solving them one by one in step order.
///
/// In a one-by-one (Gauss-Seidel) solve only the order of two joints that share a moving body matters. Each joint
/// remembers the last earlier joint on each of its moving bodies, its predecessors, and gets a level one more than
/// theirs; the joints are sorted by level. Threads take chunks of that order in turn and solve a joint only once its
/// predecessors are done in the same pass (`PassMarks`): every body then sees its joints in step order, so the
/// result is the serial one whoever solves what.
///
/// Joints are not split into groups with a barrier after each, as the contact lanes are: a hanging grid of pins has
/// a few hundred levels of under a hundred joints, too small for a barrier each, and here a thread waits only for
/// the joints it needs, usually done long before.
struct JointWavefront {
    /// Per joint (its place in the step's list of active joints), the places of the last earlier joints on its
    /// first and its second body, or -1.
    var predecessors = ContiguousArray<JointPredecessors>()
    /// Places of the joints, sorted by level; step order within a level.
    var order = ContiguousArray<Int32>()
    /// Per joint, its level.
    private var level = ContiguousArray<Int32>()
    /// Per body, the place of the last joint seen that moves it.
    private var lastOnBody = ContiguousArray<Int32>()
    /// Per level, where its joints start in `order` (one more entry than levels).
    private var levelStart = ContiguousArray<Int32>()

    /// Finds the predecessors and the order of the joints `active` (indices into `joints`). A body moves when its
    /// state has an inverse mass or inertia; joints never change the others, so sharing them orders nothing.
    mutating func build(active: ContiguousArray<Int32>, joints: ContiguousArray<Joint>, states: ContiguousArray<BodyState>) {
        let n = active.count
        predecessors.removeAll(keepingCapacity: true)
        predecessors.append(contentsOf: repeatElement(JointPredecessors(first: -1, second: -1), count: n))
        level.removeAll(keepingCapacity: true)
        level.append(contentsOf: repeatElement(0, count: n))
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: n))
        if lastOnBody.count != states.count { lastOnBody = ContiguousArray(repeating: -1, count: states.count) }
        var levels: Int32 = 0
        active.withUnsafeBufferPointer { active in
        joints.withUnsafeBufferPointer { joints in
        states.withUnsafeBufferPointer { states in
        lastOnBody.withUnsafeMutableBufferPointer { last in
        predecessors.withUnsafeMutableBufferPointer { before in
        level.withUnsafeMutableBufferPointer { level in
            for i in last.indices { last[i] = -1 }
            for t in 0..<n {
                let a = Int(joints[Int(active[t])].bodyA), b = Int(joints[Int(active[t])].bodyB)
                let movesA = states[a].moves
                let movesB = a != b && states[b].moves
                let p = JointPredecessors(first: movesA ? last[a] : -1, second: movesB ? last[b] : -1)
                before[t] = p
                level[t] = max(p.first >= 0 ? level[Int(p.first)] + 1 : 0, p.second >= 0 ? level[Int(p.second)] + 1 : 0)
                levels = max(levels, level[t] + 1)
                if movesA { last[a] = Int32(t) }
                if movesB { last[b] = Int32(t) }
            }
        }
        }
        }
        }
        }
        }
        // Counting sort by level, keeping step order within a level.
        levelStart.removeAll(keepingCapacity: true)
        levelStart.append(contentsOf: repeatElement(0, count: Int(levels) + 1))
        level.withUnsafeBufferPointer { level in
        levelStart.withUnsafeMutableBufferPointer { start in
        order.withUnsafeMutableBufferPointer { order in
            for t in 0..<n { start[Int(level[t]) + 1] += 1 }
            for l in 0..<Int(levels) { start[l + 1] += start[l] }
            for t in 0..<n {
                let l = Int(level[t])
                order[Int(start[l])] = Int32(t)
                start[l] += 1
            }
        }
        }
        }
    }
}

/// The places of the last earlier joints on a joint's two bodies (-1: none).
struct JointPredecessors {
    var first: Int32
    var second: Int32
}

/// One mark per item of an ordered job: the number of the last pass that finished the item. Passes are numbered
/// across the life of the process, so marks never need clearing: a mark below the current pass means not done yet.
/// Owned by the worker pool and used only by the step that holds it.
struct PassMarks {
    let marks: UnsafeMutablePointer<Atomic<UInt64>>

    /// Waits until item `i` (none when negative) is done in pass `pass`: a short spin, then yielding the processor
    /// to whoever is finishing it.
    @inline(__always)
    func wait(for i: Int32, pass: UInt64) {
        guard i >= 0 else { return }
        var spins = 0
        while marks[Int(i)].load(ordering: .acquiring) < pass {
            spins += 1
            if spins > 200 { PassMarks.yield() }
        }
    }

    /// Marks item `i` done in pass `pass`, publishing what solving it wrote.
    @inline(__always)
    func finish(_ i: Int, pass: UInt64) {
        marks[i].store(pass, ordering: .releasing)
    }

    @inline(never)
    private static func yield() { WorkerPool.yieldProcessor() }
}
