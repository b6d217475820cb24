/// Which quads each lane of a shared contact solve works on (`ContactStageJob`): every group is cut into blocks,
/// and lane `l` of `threads` owns its share of each group's blocks, the share `StageSync.claimEach` starts a lane
/// at in the solve's stages.
///
/// The quads are written (`StepJob.writeQuadLanes`), their solver bodies named (`SolverBodies.build(_:states:lanes:)`),
/// solved, and their impulses kept lane by lane with these shares, so each thread finds the quads and bodies it
/// works on in its own cache from the first stage of a step to the last. Handed out any other way, half of them
/// moved between the processors' caches at every stage; in the machine's slow periods, when the two processors
/// answer each other three times slower, that made the large pyramid on two workers 1.15 times slower
/// (docs/performance.md, "Lanes that keep their quads and bodies").
///
/// Held as units of work, lane after lane: each of a group's blocks that a lane owns is one unit, a range of quads,
/// so a thread done with its own units can take the others' (`StageSync.claimLanes`).
struct QuadLanes {
    /// The units' quads (start, end), lane after lane, each lane's in group order.
    private(set) var units = ContiguousArray<SIMD2<Int32>>()
    /// Where each lane's units end.
    private(set) var ends = ContiguousArray<Int32>()

    /// The lanes, or 0 before `make`.
    var threads: Int { ends.count }

    /// Forgets the shares: the groups they were made for changed.
    mutating func clear() {
        units.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Makes the shares of `threads` lanes in `groups`: a group of fewer than `minimumGroupItems` quads is one block,
    /// a larger one is cut into blocks of at least `contactItemChunk` quads (`ContactStageJob.blocks`).
    mutating func make(groups: UnsafeBufferPointer<LaneGroup>, threads: Int, minimumGroupItems: Int,
                       contactItemChunk: Int) {
        clear()
        for lane in 0..<threads {
            for g in groups {
                let n = ContactStageJob.groupBlocks(g, threads: threads, minimumGroupItems: minimumGroupItems,
                                                    contactItemChunk: contactItemChunk)
                let start = Int(g.quadStart)
                for b in (lane * n / threads)..<((lane + 1) * n / threads) {
                    let r = StageSync.items(b, of: n, g.itemCount)
                    if !r.isEmpty { units.append(SIMD2(Int32(start + r.lowerBound), Int32(start + r.upperBound))) }
                }
            }
            ends.append(Int32(units.count))
        }
    }

    /// Bytes of room in its arrays.
    var storageBytes: Int {
        units.capacity * MemoryLayout<SIMD2<Int32>>.stride + ends.capacity * MemoryLayout<Int32>.stride
    }

    /// Runs `body` with the shares in raw buffers.
    func withBuffers<R>(_ body: (QuadLaneBuffers) -> R) -> R {
        units.withUnsafeBufferPointer { u in ends.withUnsafeBufferPointer { e in body(QuadLaneBuffers(units: u, ends: e)) } }
    }
}

/// `QuadLanes` in raw buffers, for the jobs.
struct QuadLaneBuffers {
    var units = UnsafeBufferPointer<SIMD2<Int32>>(start: nil, count: 0)
    var ends = UnsafeBufferPointer<Int32>(start: nil, count: 0)

    /// The lanes, or 0 for none.
    var threads: Int { ends.count }

    /// The quads of unit `u`.
    @inline(__always)
    func quads(_ u: Int) -> Range<Int> { Int(units[u][0])..<Int(units[u][1]) }

    /// The units of lane `lane`.
    @inline(__always)
    func units(of lane: Int) -> Range<Int> { (lane == 0 ? 0 : Int(ends[lane - 1]))..<Int(ends[lane]) }
}
