/// The moving bodies of a step grouped into islands, and the islands packed into partitions that workers solve
/// whole, each its own sub-step loop (`PartitionSolve`).
///
/// An island is the bodies that constraints join (union-find over touching contacts and active joints between
/// bodies the step integrates) with those constraints. Static and sleeping bodies join nothing: their state stays
/// zero, so constraints of any number of islands may read them at once. A moving kinematic body does join the
/// islands of what touches it: no constraint moves it, but the sub-step loop integrates it, and its constraints read
/// its motion sub-step by sub-step, so it must be integrated by the partition that solves them.
///
/// Islands share no moving body, so solving each on its own, constraints in step order, gives every body the same
/// sequence of operations as the whole step on one thread: the same bits, however the islands are packed. Islands
/// are taken in order of their lowest body and packed into a partition until it holds its share of the items
/// (bodies, contact constraints and joints; see `ParallelTuning.partitionWork`) or `ParallelTuning.partitionIslands`
/// islands. The share depends on the thread count: one thread packs the largest partitions, whose levels fill the
/// quads best; more threads pack smaller ones, enough for each to get an even share.
///
/// The step's inputs (by their places in the step's inputs), contact constraints, joints, bouncing constraints and
/// impulse watches are laid out partition after partition, each partition's keeping step order, so a partition is a
/// range of each.
struct IslandPartitions {
    /// Per body: its union-find parent while islands are joined (-1: no node, the body does not move), then its
    /// island's root.
    private(set) var parent = ContiguousArray<Int32>()
    /// Per island root: its work while counting, then its partition.
    private(set) var rootTag = ContiguousArray<Int32>()
    /// The partitions, in order of their lowest body.
    var partitions = ContiguousArray<IslandPartition>()
    /// The partitions in the order workers take them: the most work first, so the last ones taken are small.
    var runOrder = ContiguousArray<Int32>()
    /// The places of the step's velocity inputs in the step's inputs, partition after partition: 4 bytes a body
    /// where a copy of the inputs cost 48 (the thread that solves a partition reads its inputs through them,
    /// `PlacedInputs`).
    var inputs = ContiguousArray<Int32>()
    /// The step's active joints (indices into the world's joints), partition after partition.
    var joints = ContiguousArray<Int32>()
    /// For each touching contact (by its place in the step's contact order), where its constraint goes.
    var constraintPlace = ContiguousArray<Int32>()
    /// The touching contacts in the order of their constraints: partition after partition.
    var contactOrder = ContiguousArray<Int32>()
    /// Ranges of constraints (start, end) that the threads make and prepare before the solve: those of the
    /// partitions too heavy for one thread's share (`sharePreparation`).
    var prepareChunks = ContiguousArray<SIMD2<Int32>>()
    /// Write cursors per partition, for the counting sorts.
    private var cursor = ContiguousArray<Int32>()
    /// What the last build was given, when it found too few partitions (see `StepShape`); nil otherwise.
    private var unsplitShape: StepShape?
    /// How many builds returned at once, given the shape of an unsplit build before (for tests and measurements).
    private(set) var unsplitRepeats = 0
    /// Builds still to return at once after one that found an island holding more than its share of the work
    /// (`ParallelTuning.dominantIslandShare`), and how many did (for tests and measurements). Such an island (a
    /// tumbling pile) seldom breaks up from one step to the next, while its contacts, and so the shape of the step,
    /// change every step: joining it again was a few percent of the tumbler's step on the stepping thread, found
    /// unsplit every time. Solving by islands or not gives the same bits, so a world whose island did break up only
    /// solves unsplit for those steps.
    private var dominatedStepsLeft = 0
    private(set) var dominatedRepeats = 0
    static let dominatedSteps = 7
    /// Whether the last build split and left its nodes in place (each input body's `parent` its island's root,
    /// each root's `rootTag` its partition) for the next build to check its layout against (see `keepsLayout`),
    /// and what it packed with (`Packing`).
    private var nodesKept = false
    private var keptPacking = Packing.zero
    /// How many builds kept the layout of the build before (for tests and measurements).
    private(set) var layoutRepeats = 0
    /// The partitions' lane layouts, kept while the partitions are (see `PartitionLaneLayouts`): forgotten whenever
    /// the step is laid out anew.
    var laneLayouts = PartitionLaneLayouts()

    /// Groups and packs; returns false, leaving the layout undefined, when there are fewer than
    /// `tuning.minimumPartitions` partitions (then there is nothing worth sharing out this way), or when one island
    /// holds more than `tuning.dominantIslandShare` of the items (see there).
    ///
    /// A step given what the step before was given (`StepShape`), when that one found too few partitions, returns
    /// false at once: a resting pile is one island step after step, and joining it again cost as much as laying
    /// out its lanes. Solving by islands or not gives the same bits, so a step that would have split after all,
    /// its shape matching by chance, only loses the split for that step. After a build that found one island over
    /// its share, the next `dominatedSteps` builds return false at once too (see `dominatedStepsLeft`).
    ///
    /// A step that splits keeps the layout of the step before when it still holds every island whole
    /// (`keepsLayout`): a pile of resting stacks has the same islands step after step, and finding them again cost
    /// a few percent of its step on one thread, more on two, where it is the stepping thread's alone. Any packing
    /// of whole islands gives the same bits, so the layout need only still be one.
    ///
    /// `inputs` are the step's velocity inputs (in body order), `touching` the contacts that become constraints (in
    /// contact order), `active` the active joints (in step order); `threads` the threads that will solve the
    /// partitions.
    mutating func build(bodyCount: Int, inputs: UnsafeBufferPointer<VelocityInput>,
                        contacts: UnsafeBufferPointer<Contact>, touching: UnsafeBufferPointer<Int32>,
                        joints jointBuf: UnsafeBufferPointer<Joint>, active: UnsafeBufferPointer<Int32>,
                        tuning: ParallelTuning, threads: Int = 1) -> Bool {
        let packing = Self.packing(tuning, threads: threads)
        if nodesKept {
            if keepsLayout(bodyCount: bodyCount, inputs: inputs, contacts: contacts, touching: touching,
                           active: active, packing: packing) {
                layoutRepeats += 1
                return true
            }
            // The bodies that were inputs then are not known here: every body is made a non-node again.
            parent.withUnsafeMutableBufferPointer { parent in
                for b in parent.indices { parent[b] = -1 }
            }
            nodesKept = false
        }
        partitions.removeAll(keepingCapacity: true)
        if dominatedStepsLeft > 0 {
            dominatedStepsLeft -= 1
            dominatedRepeats += 1
            return false
        }
        // Worked out only after an unsplit build: a world whose islands split pays nothing for the check.
        if let unsplit = unsplitShape {
            if unsplit == StepShape(bodyCount: bodyCount, inputs: inputs, touching: touching, active: active,
                                    packing: packing) {
                unsplitRepeats += 1
                return false
            }
            unsplitShape = nil
        }
        if parent.count != bodyCount {
            parent = ContiguousArray(repeating: -1, count: bodyCount)
            rootTag = ContiguousArray(repeating: 0, count: bodyCount)
        }
        let totalWork = inputs.count + touching.count + active.count
        let target = Self.partitionTarget(totalWork: totalWork, tuning: tuning, threads: threads)
        let islandLimit = max(tuning.partitionIslands, 1)
        var partitionCount = 0, largest = 0, islandsInPartition = 0
        parent.withUnsafeMutableBufferPointer { parent in
        rootTag.withUnsafeMutableBufferPointer { tag in
            for input in inputs { parent[Int(input.body)] = input.body }
            for c in touching {
                Self.join(contacts[Int(c)].bodyA, contacts[Int(c)].bodyB, parent)
            }
            for j in active {
                Self.join(jointBuf[Int(j)].bodyA, jointBuf[Int(j)].bodyB, parent)
            }
            // Every node straight to its root; inputs are in body order and a root is its island's lowest body, so
            // each root is reached before the other bodies of its island.
            for input in inputs {
                let b = Int(input.body)
                let r = parent[Int(parent[b])]
                parent[b] = r
                if r == input.body { tag[b] = 0 }
                tag[Int(r)] += 1
            }
            for c in touching {
                tag[Int(Self.root(of: contacts[Int(c)].bodyA, contacts[Int(c)].bodyB, parent))] += 1
            }
            for j in active {
                tag[Int(Self.root(of: jointBuf[Int(j)].bodyA, jointBuf[Int(j)].bodyB, parent))] += 1
            }
            // Packing, islands in order of their lowest body.
            var work = 0
            for input in inputs where parent[Int(input.body)] == input.body {
                let r = Int(input.body)
                largest = max(largest, Int(tag[r]))
                // An island that would take the partition past its target starts the next one: a large island
                // (a pile) is then a partition of its own, not one with the small islands before it added.
                let islandWork = Int(tag[r])
                if partitionCount == 0 || work > 0 && work + islandWork > target || islandsInPartition >= islandLimit {
                    partitionCount += 1
                    work = 0
                    islandsInPartition = 0
                }
                work += islandWork
                islandsInPartition += 1
                tag[r] = Int32(partitionCount - 1)
            }
        }
        }
        let dominated = Double(largest) > tuning.dominantIslandShare * Double(totalWork)
        guard partitionCount >= tuning.minimumPartitions, !dominated else {
            clearNodes(inputs)
            unsplitShape = StepShape(bodyCount: bodyCount, inputs: inputs, touching: touching, active: active,
                                     packing: packing)
            if dominated { dominatedStepsLeft = Self.dominatedSteps }
            return false
        }
        layOut(partitionCount: partitionCount, inputs: inputs, contacts: contacts, touching: touching,
               joints: jointBuf, active: active)
        // A layout with joints is never kept (`keepsLayout` does not check them): its nodes are cleared.
        if active.isEmpty {
            nodesKept = true
            keptPacking = packing
        } else {
            clearNodes(inputs)
        }
        return true
    }

    /// Whether the layout of the last build, which split and kept its nodes, still holds this step's islands
    /// whole, each constraint with its moving bodies: the same packing, no joints, the same moving bodies (each an
    /// input then, as many now), the same touching contacts in the same order (each where the layout placed it),
    /// and each contact's moving bodies in the partition that holds its constraint. A contact record given to
    /// another pair of shapes since is checked by its bodies like any other; islands joined within a partition
    /// leave it whole.
    private func keepsLayout(bodyCount: Int, inputs: UnsafeBufferPointer<VelocityInput>,
                             contacts: UnsafeBufferPointer<Contact>, touching: UnsafeBufferPointer<Int32>,
                             active: UnsafeBufferPointer<Int32>, packing: Packing) -> Bool {
        guard active.isEmpty, joints.isEmpty, parent.count == bodyCount,
              keptPacking == packing,
              inputs.count == self.inputs.count, touching.count == contactOrder.count else { return false }
        return parent.withUnsafeBufferPointer { parent in
            rootTag.withUnsafeBufferPointer { tag in
                constraintPlace.withUnsafeBufferPointer { place in
                    contactOrder.withUnsafeBufferPointer { order in
                        // Contacts first: they change most often, and most steps that change fail here.
                        for k in touching.indices where order[Int(place[k])] != touching[k] { return false }
                        // As many inputs as then, each a node then: the same bodies, so the same inputs in the
                        // same order (both in body order).
                        for input in inputs where parent[Int(input.body)] < 0 { return false }
                        for p in partitions.indices {
                            let start = Int(partitions[p].constraintStart)
                            for c in order[start..<start + Int(partitions[p].constraintCount)] {
                                let a = parent[Int(contacts[Int(c)].bodyA)], b = parent[Int(contacts[Int(c)].bodyB)]
                                guard a >= 0 || b >= 0 else { return false }
                                if a >= 0 && tag[Int(a)] != p { return false }
                                if b >= 0 && tag[Int(b)] != p { return false }
                            }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// The numbers the packing reads: `tuning`'s and the thread count.
    typealias Packing = SIMD8<Int>

    @inline(__always)
    static func packing(_ tuning: ParallelTuning, threads: Int) -> Packing {
        Packing(tuning.minimumPartitions, tuning.partitionWork, tuning.largestPartitionWork,
                tuning.partitionsPerThread, tuning.partitionIslands, threads, 0, 0)
    }

    /// The items a partition is packed to, of `totalWork` in all on `threads` threads: a `partitionsPerThread`-th
    /// of a thread's share, but at least `partitionWork` and at most `largestPartitionWork` (at least one). One
    /// thread shares nothing out, and packs the largest.
    static func partitionTarget(totalWork: Int, tuning: ParallelTuning, threads: Int) -> Int {
        var even = Int.max
        if threads > 1 {
            let (wanted, overflow) = threads.multipliedReportingOverflow(by: max(tuning.partitionsPerThread, 1))
            even = overflow ? 0 : totalWork / wanted + (totalWork % wanted == 0 ? 0 : 1)
        }
        return max(1, max(tuning.partitionWork, min(tuning.largestPartitionWork, even)))
    }

    /// What a build is given, in a few numbers: the counts of bodies, inputs, touching contacts and active joints,
    /// the packing, and two running sums over the touching contacts' indices (the second sums the first
    /// as it goes, so it depends on their order too). Equal shapes almost always mean the same islands; the build
    /// relies on it only to skip work (see `build`).
    struct StepShape: Equatable {
        var counts: SIMD4<Int>
        var packing: Packing
        var sums: SIMD2<UInt64>

        init(bodyCount: Int, inputs: UnsafeBufferPointer<VelocityInput>, touching: UnsafeBufferPointer<Int32>,
             active: UnsafeBufferPointer<Int32>, packing: Packing) {
            counts = SIMD4(bodyCount, inputs.count, touching.count, active.count)
            self.packing = packing
            // Two chains of one addition each: a multiplying hash made a chain several times as long.
            var first: UInt64 = 0, second: UInt64 = 0
            for c in touching {
                first &+= UInt64(UInt32(bitPattern: c))
                second &+= first
            }
            sums = SIMD2(first, second)
        }
    }

    /// Joins the islands of `a` and `b` when both move (`UnionFind`: roots are islands' lowest bodies).
    @inline(__always)
    private static func join(_ a: Int32, _ b: Int32, _ parent: UnsafeMutableBufferPointer<Int32>) {
        guard parent[Int(a)] >= 0, parent[Int(b)] >= 0 else { return }
        UnionFind.join(a, b, parent)
    }

    /// The island root of a constraint between `a` and `b`, at least one of which moves (after compression).
    @inline(__always)
    private static func root(of a: Int32, _ b: Int32, _ parent: UnsafeMutableBufferPointer<Int32>) -> Int32 {
        parent[Int(a)] >= 0 ? parent[Int(a)] : parent[Int(b)]
    }

    /// Leaves every body a non-node again, for the next step.
    private mutating func clearNodes(_ inputs: UnsafeBufferPointer<VelocityInput>) {
        parent.withUnsafeMutableBufferPointer { parent in
            for input in inputs { parent[Int(input.body)] = -1 }
        }
    }

    /// The partition of a constraint between `a` and `b`.
    @inline(__always)
    private static func partition(of a: Int32, _ b: Int32, _ parent: UnsafeBufferPointer<Int32>,
                                  _ tag: UnsafeBufferPointer<Int32>) -> Int {
        Int(tag[Int(parent[Int(a)] >= 0 ? parent[Int(a)] : parent[Int(b)])])
    }

    /// Counts each partition's items and places them (counting sorts that keep step order within a partition).
    private mutating func layOut(partitionCount n: Int, inputs: UnsafeBufferPointer<VelocityInput>,
                                 contacts: UnsafeBufferPointer<Contact>, touching: UnsafeBufferPointer<Int32>,
                                 joints jointBuf: UnsafeBufferPointer<Joint>, active: UnsafeBufferPointer<Int32>) {
        partitions.append(contentsOf: repeatElement(IslandPartition(), count: n))
        laneLayouts.reset(partitionCount: n, constraintCount: touching.count)
        self.inputs.removeAll(keepingCapacity: true)
        self.inputs.append(contentsOf: repeatElement(0, count: inputs.count))
        self.joints.removeAll(keepingCapacity: true)
        self.joints.append(contentsOf: repeatElement(0, count: active.count))
        constraintPlace.removeAll(keepingCapacity: true)
        constraintPlace.append(contentsOf: repeatElement(0, count: touching.count))
        contactOrder.removeAll(keepingCapacity: true)
        contactOrder.append(contentsOf: repeatElement(0, count: touching.count))
        cursor.removeAll(keepingCapacity: true)
        cursor.append(contentsOf: repeatElement(0, count: n))
        parent.withUnsafeBufferPointer { parent in
        rootTag.withUnsafeBufferPointer { tag in
        partitions.withUnsafeMutableBufferPointer { parts in
        cursor.withUnsafeMutableBufferPointer { cursor in
            for input in inputs { parts[Int(tag[Int(parent[Int(input.body)])])].inputCount += 1 }
            for c in touching {
                parts[Self.partition(of: contacts[Int(c)].bodyA, contacts[Int(c)].bodyB, parent, tag)].constraintCount += 1
            }
            for j in active {
                parts[Self.partition(of: jointBuf[Int(j)].bodyA, jointBuf[Int(j)].bodyB, parent, tag)].jointCount += 1
            }
            var inputStart: Int32 = 0, constraintStart: Int32 = 0, jointStart: Int32 = 0
            for p in 0..<n {
                parts[p].inputStart = inputStart; inputStart += parts[p].inputCount
                parts[p].constraintStart = constraintStart; constraintStart += parts[p].constraintCount
                parts[p].jointStart = jointStart; jointStart += parts[p].jointCount
            }
            self.inputs.withUnsafeMutableBufferPointer { placed in
                for p in 0..<n { cursor[p] = parts[p].inputStart }
                for k in inputs.indices {
                    let p = Int(tag[Int(parent[Int(inputs[k].body)])])
                    placed[Int(cursor[p])] = Int32(k)
                    cursor[p] += 1
                }
            }
            constraintPlace.withUnsafeMutableBufferPointer { place in
            contactOrder.withUnsafeMutableBufferPointer { order in
                for p in 0..<n { cursor[p] = parts[p].constraintStart }
                for k in touching.indices {
                    let c = Int(touching[k])
                    let p = Self.partition(of: contacts[c].bodyA, contacts[c].bodyB, parent, tag)
                    place[k] = cursor[p]
                    order[Int(cursor[p])] = touching[k]
                    cursor[p] += 1
                }
            }
            }
            self.joints.withUnsafeMutableBufferPointer { placed in
                for p in 0..<n { cursor[p] = parts[p].jointStart }
                for j in active {
                    let p = Self.partition(of: jointBuf[Int(j)].bodyA, jointBuf[Int(j)].bodyB, parent, tag)
                    placed[Int(cursor[p])] = j
                    cursor[p] += 1
                }
            }
        }
        }
        }
        }
        // The order workers take them in: most work first, ties by lowest body, so it too depends on the world only.
        runOrder.removeAll(keepingCapacity: true)
        runOrder.append(contentsOf: 0..<Int32(n))
        partitions.withUnsafeBufferPointer { parts in
            runOrder.withUnsafeMutableBufferPointer { order in
                // Insertion sort: partitions are few, and mostly of similar work.
                for i in 1..<max(order.count, 1) {
                    let x = order[i], w = parts[Int(x)].work
                    var k = i
                    while k > 0 && parts[Int(order[k - 1])].work < w {
                        order[k] = order[k - 1]
                        k -= 1
                    }
                    order[k] = x
                }
            }
        }
    }

    /// Sets each partition's share of `bouncing` and `watches`, both sorted by constraint index: the constraints of
    /// a partition are one range, so its shares are ranges too.
    mutating func share(bouncing: UnsafeBufferPointer<Int32>, watches: UnsafeBufferPointer<ImpulseWatch>) {
        partitions.withUnsafeMutableBufferPointer { parts in
            var b = 0, w = 0
            for p in parts.indices {
                let end = parts[p].constraintStart + parts[p].constraintCount
                parts[p].bouncingStart = Int32(b)
                while b < bouncing.count && bouncing[b] < end { b += 1 }
                parts[p].bouncingCount = Int32(b) - parts[p].bouncingStart
                parts[p].watchStart = Int32(w)
                while w < watches.count && watches[w].constraint < end { w += 1 }
                parts[p].watchCount = Int32(w) - parts[p].watchStart
            }
        }
    }
    /// How many partitions the last `sharePreparation` marked to be solved by all the threads together.
    private(set) var togetherCount = 0

    /// Marks the partitions that hold more than one thread's fair share of the step's items when `threads` threads
    /// solve them, and cuts their constraints into `prepareChunks` of at least `minimumChunk` each; returns how
    /// many. The thread that takes such a partition would solve it long after the others ran out of partitions,
    /// so the others help first: every thread makes and prepares chunks of its constraints before the solve
    /// (`PartitionJob.prepare`), and the partition's own thread starts from its prepared constraints. Which
    /// thread prepares a constraint changes nothing in it.
    ///
    /// Such a partition with at least `minimumTogether` constraints is also solved by all the threads together
    /// (`PartitionJob.solveTogether`): its thread only arranges it, and its sub-steps are then split group by group
    /// across the threads. Each gets a `togetherSlot`, in partition order, counted in `togetherCount`.
    mutating func sharePreparation(threads: Int, minimumChunk: Int, minimumTogether: Int = .max) -> Int {
        prepareChunks.removeAll(keepingCapacity: true)
        togetherCount = 0
        guard threads > 1 else {
            for p in partitions.indices {
                partitions[p].preparedApart = false
                partitions[p].togetherSlot = -1
            }
            return 0
        }
        let minimumChunk = max(minimumChunk, 1)
        var total = 0
        for part in partitions { total += Int(part.work) }
        for p in partitions.indices {
            partitions[p].preparedApart = false
            partitions[p].togetherSlot = -1
            let count = Int(partitions[p].constraintCount)
            guard Int(partitions[p].work) * threads > total, count >= 2 * minimumChunk else { continue }
            partitions[p].preparedApart = true
            if count >= minimumTogether {
                partitions[p].togetherSlot = Int32(togetherCount)
                togetherCount += 1
            }
            let n = min(count / minimumChunk, threads * ParallelStep.chunksPerThread)
            let size = (count + n - 1) / n
            var start = Int(partitions[p].constraintStart)
            let end = start + count
            while start < end {
                prepareChunks.append(SIMD2(Int32(start), Int32(min(start + size, end))))
                start += size
            }
        }
        return prepareChunks.count
    }
}

/// One partition: its ranges in the step's inputs, constraints, joints, bouncing constraints and watches laid out
/// by `IslandPartitions`.
struct IslandPartition {
    var inputStart: Int32 = 0, inputCount: Int32 = 0
    var constraintStart: Int32 = 0, constraintCount: Int32 = 0
    var jointStart: Int32 = 0, jointCount: Int32 = 0
    var bouncingStart: Int32 = 0, bouncingCount: Int32 = 0
    var watchStart: Int32 = 0, watchCount: Int32 = 0
    /// Whether its constraints are made and prepared before the solve, across the threads (`sharePreparation`).
    var preparedApart = false
    /// When it is solved by all the threads together (`PartitionJob.solveTogether`), its place among the partitions
    /// so solved; else -1.
    var togetherSlot: Int32 = -1

    /// Items to solve: bodies, contact constraints and joints.
    var work: Int32 { inputCount + constraintCount + jointCount }
}
