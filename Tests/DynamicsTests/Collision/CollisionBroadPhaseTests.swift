import Testing
@testable import Dynamics

/// A small deterministic generator (SplitMix64) so every run builds the same scene.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
}

private struct Box { var aabb: AABB; var isStatic: Bool }

private func randomBoxes(_ n: Int, seed: UInt64, world: Double) -> [Box] {
    var rng = SplitMix(state: seed)
    return (0..<n).map { i in
        let c = Vector(rng.uniform(0, world), rng.uniform(0, world))
        let h = Vector(rng.uniform(2, 30), rng.uniform(2, 30))
        return Box(aabb: AABB(lower: c - h, upper: c + h), isStatic: i % 5 == 0)
    }
}

/// Pairs of boxes whose stored (fattened for moving ones) boxes overlap, excluding static-static: O(n^2).
private func bruteForcePairs(_ boxes: [Box]) -> [[Int32]] {
    let fat = boxes.map { $0.isStatic ? $0.aabb : $0.aabb.expanded(by: Tolerance.aabbMargin) }
    var pairs: [[Int32]] = []
    for i in 0..<boxes.count {
        for j in (i + 1)..<boxes.count where !(boxes[i].isStatic && boxes[j].isStatic) && fat[i].overlaps(fat[j]) {
            pairs.append([Int32(i), Int32(j)])
        }
    }
    return pairs
}

@Test func broadPhasePairsEqualBruteForceOnTwoThousandBoxes() {
    let boxes = randomBoxes(2000, seed: 42, world: 2000)
    var bp = BroadPhase()
    var proxies: [Int32] = []
    for (i, b) in boxes.enumerated() {
        proxies.append(bp.createProxy(aabb: b.aabb, shapeIndex: Int32(i), isStatic: b.isStatic))
    }
    var found: [[Int32]] = []
    bp.updatePairs { a, b in found.append([a, b]) }
    let expected = bruteForcePairs(boxes)
    #expect(expected.count > 1000)  // the scene is dense enough to mean something
    #expect(found == expected)      // same pairs, same (sorted) order, no duplicates
    // Nothing moved: nothing to report.
    var again = 0
    bp.updatePairs { _, _ in again += 1 }
    #expect(again == 0)
}

@Test func movedProxiesReportTheirNewPairs() {
    var boxes = randomBoxes(2000, seed: 7, world: 2000)
    var bp = BroadPhase()
    let proxies = boxes.enumerated().map { bp.createProxy(aabb: $0.element.aabb, shapeIndex: Int32($0.offset), isStatic: $0.element.isStatic) }
    bp.updatePairs { _, _ in }
    // Move every third moving box far enough to leave its fat box; small moves stay inside it and are not re-reported.
    var rng = SplitMix(state: 99)
    var moved = Set<Int32>()
    for i in stride(from: 1, to: boxes.count, by: 3) where !boxes[i].isStatic {
        let shift = Vector(rng.uniform(-60, 60), rng.uniform(-60, 60))
        let newBox = AABB(lower: boxes[i].aabb.lower + shift, upper: boxes[i].aabb.upper + shift)
        let fat = boxes[i].aabb.expanded(by: Tolerance.aabbMargin)
        bp.moveProxy(proxies[i], aabb: newBox)
        if !fat.contains(newBox) {
            moved.insert(Int32(i))
            boxes[i].aabb = newBox
        } else {
            #expect(bp.fatAABB(proxies[i]) == fat)
        }
    }
    var found: [[Int32]] = []
    bp.updatePairs { a, b in found.append([a, b]) }
    let expected = bruteForcePairs(boxes).filter { moved.contains($0[0]) || moved.contains($0[1]) }
    #expect(moved.count > 300)
    #expect(found == expected)
}

@Test func staticProxiesPairOnlyWithMovingOnesAndQueriesFindOverlaps() {
    var bp = BroadPhase()
    let s1 = bp.createProxy(aabb: AABB(lower: Vector(0, 0), upper: Vector(10, 10)), shapeIndex: 0, isStatic: true)
    _ = bp.createProxy(aabb: AABB(lower: Vector(5, 5), upper: Vector(15, 15)), shapeIndex: 1, isStatic: true)
    let m = bp.createProxy(aabb: AABB(lower: Vector(12, 12), upper: Vector(13, 13)), shapeIndex: 2, isStatic: false)
    var found: [[Int32]] = []
    bp.updatePairs { a, b in found.append([a, b]) }
    #expect(found == [[0, 2], [1, 2]])
    var hits: [Int32] = []
    bp.query(AABB(lower: Vector(-1, -1), upper: Vector(1, 1))) { hits.append($0); return true }
    #expect(hits == [0])
    var count = 0
    bp.query(AABB(lower: Vector(0, 0), upper: Vector(20, 20))) { _ in count += 1; return false }
    #expect(count == 1)  // stopped after the first
    bp.destroyProxy(s1)
    bp.destroyProxy(s1)  // twice is harmless
    bp.destroyProxy(m)
    #expect(bp.proxyCount == 1)
    #expect(bp.fatAABB(m) == nil)
}

@Test func treeStaysConsistentAndShallowThroughChurn() {
    var tree = DynamicTree()
    var rng = SplitMix(state: 5)
    var live: [Int32] = []
    var boxes: [Int32: AABB] = [:]
    for step in 0..<10_000 {
        let c = Vector(rng.uniform(0, 5000), rng.uniform(0, 5000))
        let box = AABB(lower: c, upper: c + Vector(rng.uniform(1, 20), rng.uniform(1, 20)))
        if step % 7 == 3, !live.isEmpty {
            let k = Int(rng.next() % UInt64(live.count))
            let gone = live.remove(at: k)
            tree.destroyProxy(gone)
            boxes[gone] = nil
        } else if step % 5 == 1, !live.isEmpty {
            let p = live[Int(rng.next() % UInt64(live.count))]
            tree.moveProxy(p, aabb: box)
            boxes[p] = box
        } else {
            let p = tree.createProxy(aabb: box, shapeIndex: Int32(step))
            live.append(p)
            boxes[p] = box
        }
    }
    // Queries find exactly the leaves a linear scan finds.
    for _ in 0..<50 {
        let c = Vector(rng.uniform(0, 5000), rng.uniform(0, 5000))
        let probe = AABB(lower: c, upper: c + Vector(200, 120))
        var found: [Int32] = []
        tree.query(probe) { found.append($0); return true }
        let expected = live.filter { boxes[$0]?.overlaps(probe) ?? false }
        #expect(found.sorted() == expected.sorted())
    }
    #expect(tree.validate() == nil)
    #expect(tree.proxyCount == live.count)
    // A balanced binary tree of n leaves is log2(n) deep; allow a little slack for the local rotations.
    let depthBound = 2.0 * log2(Double(live.count))
    #expect(Double(tree.height) <= depthBound)
}

@Test func destroyedProxiesWaitingInTheMoveBufferAreForgotten() {
    var bp = BroadPhase()
    let wall = bp.createProxy(aabb: AABB(lower: Vector(0, 0), upper: Vector(100, 10)), shapeIndex: 0, isStatic: true)
    let doomed = bp.createProxy(aabb: AABB(lower: Vector(10, 5), upper: Vector(20, 15)), shapeIndex: 1, isStatic: false)
    bp.destroyProxy(doomed)
    // The freed node is reused by the next proxy; it must be reported once, under its new index.
    let reborn = bp.createProxy(aabb: AABB(lower: Vector(50, 5), upper: Vector(60, 15)), shapeIndex: 2, isStatic: false)
    var found: [[Int32]] = []
    bp.updatePairs { a, b in found.append([a, b]) }
    #expect(found == [[0, 2]])
    #expect(bp.shapeIndex(reborn) == 2 && bp.shapeIndex(wall) == 0)
    #expect(bp.fatAABBsOverlap(wall, reborn))
}

@Test func waitingLeavesAreFoundAndBuiltIntoAShallowTree() {
    var tree = DynamicTree()
    var rng = SplitMix(state: 11)
    var boxes: [Int32: AABB] = [:]
    // Made waiting: found by queries before they are linked, then built whole at once.
    for i in 0..<3000 {
        let c = Vector(rng.uniform(0, 4000), rng.uniform(0, 4000))
        let box = AABB(lower: c, upper: c + Vector(rng.uniform(1, 25), rng.uniform(1, 25)))
        boxes[tree.createWaitingProxy(aabb: box, shapeIndex: Int32(i))] = box
    }
    func checkQueries() {
        for _ in 0..<40 {
            let c = Vector(rng.uniform(0, 4000), rng.uniform(0, 4000))
            let probe = AABB(lower: c, upper: c + Vector(150, 90))
            var found: [Int32] = []
            tree.query(probe) { found.append($0); return true }
            let expected = boxes.keys.filter { boxes[$0]!.overlaps(probe) }
            #expect(found.sorted() == expected.sorted())
            #expect(Set(found).count == found.count)
        }
    }
    checkQueries()
    #expect(tree.height == 0)  // nothing linked yet
    #expect(tree.validate() == nil)
    tree.linkWaitingProxies()
    #expect(tree.validate() == nil)
    #expect(tree.proxyCount == 3000)
    // Halving at the median gives the least height a binary tree of n leaves can have.
    #expect(tree.height == Int(log2(3000.0).rounded(.up)))
    checkQueries()
    // A few more wait, are moved and destroyed before and after linking: the tree stays whole.
    var extra: [Int32] = []
    for i in 0..<10 {
        let c = Vector(rng.uniform(0, 4000), rng.uniform(0, 4000))
        let box = AABB(lower: c, upper: c + Vector(10, 10))
        let p = tree.createWaitingProxy(aabb: box, shapeIndex: Int32(5000 + i))
        boxes[p] = box
        extra.append(p)
    }
    tree.destroyProxy(extra[0])
    boxes[extra[0]] = nil
    let moved = AABB(lower: Vector(1, 1), upper: Vector(5, 5))
    tree.moveProxy(extra[1], aabb: moved)
    boxes[extra[1]] = moved
    #expect(tree.validate() == nil)
    #expect(tree.proxyCount == boxes.count)
    checkQueries()
}

/// Leaves built at once from a grid (centres equal in whole rows and columns), with signed zeros among them: the
/// halving orders them by centre and then by leaf, so the tree is still whole and of the least height, and queries
/// find exactly the leaves whose boxes meet.
@Test func aGridWithTiedAndSignedZeroCentresBuildsIntoAShallowTree() {
    var tree = DynamicTree()
    var boxes: [Int32: AABB] = [:]
    for i in 0..<2000 {
        var c = Vector(Double(i % 40) * 42, Double(i / 40) * 35.6)
        if i % 97 == 0 { c = Vector(-0.0, c.y) }
        if i % 89 == 0 { c = Vector(c.x, 0.0) }
        let box = AABB(lower: c, upper: c + Vector(25, 25))
        boxes[tree.createWaitingProxy(aabb: box, shapeIndex: Int32(i))] = box
    }
    tree.linkWaitingProxies()
    #expect(tree.validate() == nil)
    #expect(tree.proxyCount == 2000)
    #expect(tree.height == Int(log2(2000.0).rounded(.up)))
    for probe in [AABB(lower: Vector(-5, -5), upper: Vector(90, 40)), AABB(lower: Vector(400, 700), upper: Vector(700, 760)),
                  AABB(lower: Vector(0, 0), upper: Vector(0, 0))] {
        var found: [Int32] = []
        tree.query(probe) { found.append($0); return true }
        #expect(found.sorted() == boxes.keys.filter { boxes[$0]!.overlaps(probe) }.sorted())
        #expect(!found.isEmpty)
    }
}

@Test func pairSearchSplitAcrossThreadsGivesTheSerialPairs() throws {
    var boxes = randomBoxes(2000, seed: 11, world: 2000)
    var bp = BroadPhase()
    let proxies = boxes.enumerated().map { bp.createProxy(aabb: $0.element.aabb, shapeIndex: Int32($0.offset), isStatic: $0.element.isStatic) }
    bp.updatePairs { _, _ in }
    // Every other box moves out of its fat box (static ones too, which keep exact boxes), so most pairs found join
    // two moved proxies; a third of the pairs that should be reported already have a contact.
    var rng = SplitMix(state: 5)
    var moved = Set<Int32>()
    for i in stride(from: 0, to: boxes.count, by: 2) {
        let shift = Vector(rng.uniform(-80, 80), rng.uniform(-80, 80))
        let newBox = AABB(lower: boxes[i].aabb.lower + shift, upper: boxes[i].aabb.upper + shift)
        let before = try #require(bp.fatAABB(proxies[i]))
        bp.moveProxy(proxies[i], aabb: newBox)
        // A moving proxy whose fat box still holds its new box stays where it was, and is not looked at again.
        if boxes[i].isStatic || !before.contains(newBox) {
            moved.insert(Int32(i))
            boxes[i].aabb = newBox
        }
    }
    let touched = bruteForcePairs(boxes).filter { moved.contains($0[0]) || moved.contains($0[1]) }
    var known = PairMap()
    for (k, pair) in touched.enumerated() where k % 3 == 0 { known[Contact.key(pair[0], pair[1])] = Int32(k) }
    let expected = touched.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
    #expect(moved.count > 900)
    #expect(expected.count > 1000)

    var serial = bp
    var serialFound: [[Int32]] = []
    serial.updatePairs(known: known, pool: nil, tuning: .finest) { a, b in serialFound.append([a, b]) }
    #expect(serialFound == expected)

    let pool = WorkerPool.shared
    // Other tests' steps may hold the pool for a moment.
    while !pool.tryAcquire(workers: 3) { WorkerPool.yieldProcessor() }
    var split: [[Int32]] = []
    bp.updatePairs(known: known, pool: pool, tuning: .finest) { a, b in split.append([a, b]) }
    pool.release()
    #expect(split == expected)
    // The split search empties the move buffer as the serial one does.
    var again = 0
    bp.updatePairs { _, _ in again += 1 }
    #expect(again == 0)
}
