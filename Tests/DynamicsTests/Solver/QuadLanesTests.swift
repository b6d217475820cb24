import Testing
@testable import Dynamics

/// The lanes' shares of the quads (`QuadLanes`): every quad in one unit, each lane's units the blocks of every group
/// that `StageSync.claimEach` starts that lane at; and the solver bodies named lane by lane
/// (`SolverBodies.build(_:states:lanes:)`), each lane's slots the bodies its own quads meet first.
@Suite struct QuadLanesTests {
    /// Groups of `sizes` quads one after another.
    static func groups(_ sizes: [Int]) -> [LaneGroup] {
        var start = 0
        return sizes.map { n in
            defer { start += n }
            return LaneGroup(quadStart: Int32(start), blockQuads: Int32(n / 3), twoPointQuads: Int32(n - n / 3 - n / 4),
                             onePointQuads: Int32(n / 4))
        }
    }

    static func lanes(_ groups: [LaneGroup], threads: Int, minimum: Int, chunk: Int) -> QuadLanes {
        var lanes = QuadLanes()
        groups.withUnsafeBufferPointer { lanes.make(groups: $0, threads: threads, minimumGroupItems: minimum,
                                                      contactItemChunk: chunk) }
        return lanes
    }

    @Test func eachLaneTakesItsShareOfEveryGroupAndEveryQuadIsInOneUnit() {
        // Groups below the minimum (one block), groups of fewer blocks than lanes, uneven and even splits.
        let sizes = [1, 3, 15, 16, 17, 40, 64, 200, 1_000, 2]
        let groups = Self.groups(sizes), total = sizes.reduce(0, +)
        for (threads, minimum, chunk) in [(2, 16, 8), (3, 16, 8), (2, 1, 1), (3, 4, 100), (1, 16, 8)] {
            let lanes = Self.lanes(groups, threads: threads, minimum: minimum, chunk: chunk)
            #expect(lanes.threads == threads)
            var seen = [Int](repeating: 0, count: total)
            lanes.withBuffers { b in
                for lane in 0..<threads {
                    // The quads of each group lane `lane`'s claims start at, in group order.
                    var expected: [Range<Int>] = []
                    for g in groups {
                        let n = ContactStageJob.groupBlocks(g, threads: threads, minimumGroupItems: minimum,
                                                            contactItemChunk: chunk)
                        for block in (lane * n / threads)..<((lane + 1) * n / threads) {
                            let r = StageSync.items(block, of: n, g.itemCount)
                            if !r.isEmpty { expected.append(Int(g.quadStart) + r.lowerBound..<Int(g.quadStart) + r.upperBound) }
                        }
                    }
                    let units = b.units(of: lane).map { b.quads($0) }
                    #expect(units == expected, "lane \(lane) of \(threads)")
                    for r in units { for q in r { seen[q] += 1 } }
                }
            }
            #expect(seen == [Int](repeating: 1, count: total), "\(threads) threads")
        }
    }

    @Test func clearedLanesAreNone() {
        var lanes = Self.lanes(Self.groups([40, 40]), threads: 2, minimum: 16, chunk: 8)
        lanes.clear()
        #expect(lanes.threads == 0)
        #expect(lanes.withBuffers { $0.units.count } == 0)
    }

    @Test func solverBodiesNamedLaneByLaneGoToTheLaneThatMeetsThemFirst() {
        // 60 bodies, quads over two groups whose quads each name bodies scattered over the whole range.
        let groups = Self.groups([24, 20])
        var original: [WideContact] = []
        for k in 0..<44 {
            var q = WideContact()
            q.bodyA = SIMD4((0..<4).map { l in Int32((k * 131 + l * 29 + 7) % 60) })
            q.bodyB = SIMD4((0..<4).map { l in Int32((k * 53 + l * 17 + 3) % 60) })
            original.append(q)
        }
        var states = [BodyState](repeating: BodyState(), count: 60)
        for threads in [2, 3] {
            let lanes = Self.lanes(groups, threads: threads, minimum: 4, chunk: 2)
            var quads = original, plain = original
            var byLane = SolverBodies(), inOrder = SolverBodies()
            states.withUnsafeMutableBufferPointer { s in
                quads.withUnsafeMutableBufferPointer { q in lanes.withBuffers { byLane.build(q, states: s, lanes: $0) } }
                plain.withUnsafeMutableBufferPointer { inOrder.build($0, states: s) }
            }
            // The same bodies, each once; only their slots differ.
            #expect(Set(byLane.sources) == Set(inOrder.sources) && byLane.sources.count == inOrder.sources.count)
            #expect(byLane.laneEnds.count == threads && Int(byLane.laneEnds[threads - 1]) == byLane.sources.count)
            #expect(zip(byLane.laneEnds, byLane.laneEnds.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(inOrder.laneEnds.isEmpty)
            // Each slot names the body its quads had.
            for k in quads.indices {
                for l in 0..<4 {
                    #expect(byLane.sources[Int(quads[k].bodyA[l])] == original[k].bodyA[l])
                    #expect(byLane.sources[Int(quads[k].bodyB[l])] == original[k].bodyB[l])
                }
            }
            // A lane's slots are bodies its own quads name and no earlier lane's quads do.
            lanes.withBuffers { b in
                var named: [Set<Int32>] = []
                for lane in 0..<threads {
                    var bodies = Set<Int32>()
                    for u in b.units(of: lane) {
                        for q in b.quads(u) {
                            for l in 0..<4 { bodies.insert(original[q].bodyA[l]); bodies.insert(original[q].bodyB[l]) }
                        }
                    }
                    named.append(bodies)
                }
                for lane in 0..<threads {
                    let start = lane == 0 ? 0 : Int(byLane.laneEnds[lane - 1])
                    for slot in start..<Int(byLane.laneEnds[lane]) {
                        let body = byLane.sources[slot]
                        #expect(named[lane].contains(body))
                        #expect(!named[0..<lane].contains { $0.contains(body) })
                    }
                }
            }
            // Named again without lanes, the lanes' ends are gone.
            states.withUnsafeMutableBufferPointer { s in
                var again = original
                again.withUnsafeMutableBufferPointer { byLane.build($0, states: s) }
            }
            #expect(byLane.laneEnds.isEmpty)
        }
    }
}
