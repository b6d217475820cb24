/// The passes of `ContactImpact.resolve` for many bouncing constraints, each pass visiting only its worklist.
///
/// In a pass after the first, a constraint is visited exactly when one of its moving bodies changed in the pass
/// before, or earlier in this pass. So a pass's worklist starts with every bouncing constraint of the bodies the
/// pass before changed, and a collision at position k of `bouncing` adds the constraints of its bodies that come
/// after k. The worklist is a min-heap of positions, so constraints are still visited in the order of `bouncing`
/// and the result is that of scanning every constraint in every pass, bit for bit; but a pass costs what it visits.
/// A pile of elastic bodies that keeps a few collisions going for as many passes as it has bouncing constraints
/// therefore costs about linear time rather than quadratic.
enum ImpactWorklist {
    /// `ContactImpact.resolve`'s passes, at most `maxPasses`, over `bouncing` (any count).
    static func resolve(_ bouncing: UnsafeBufferPointer<Int32>, _ cons: UnsafeMutableBufferPointer<ContactConstraint>,
                        states: UnsafeMutableBufferPointer<BodyState>, gains: UnsafeBufferPointer<VelocityChange>,
                        changed: UnsafeMutableBufferPointer<Int32>, pass: inout Int32, threshold: Double, h: Double,
                        maxPasses: Int) {
        let n = bouncing.count
        guard n > 0 else { return }
        // Scratch for one call: four buffers proportional to the bouncing constraints (not the bodies), on the
        // stack when small.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * n) { byBody in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { changedBodies in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { heapStorage in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { queuedFor in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { impacts in
            // Each moving body's bouncing constraints: (body, position) pairs sorted by body, then position.
            var pairs = 0
            for k in 0..<n {
                let c = Int(bouncing[k])
                for side in 0..<2 {
                    let body = side == 0 ? cons[c].bodyA : cons[c].bodyB
                    guard states[Int(body)].moves else { continue }
                    byBody[pairs] = UInt64(UInt32(bitPattern: body)) << 32 | UInt64(k)
                    pairs += 1
                }
            }
            var sorted = UnsafeMutableBufferPointer(rebasing: byBody[0..<pairs])
            sorted.sort()
            queuedFor.initialize(repeating: -1)
            impacts.initialize(repeating: 0)
            var heap = PositionHeap(storage: heapStorage)
            var changedCount = 0
            /// Queues for pass `q` the constraints of `body` after position `k` (all of them for `k` = -1).
            func queue(_ body: Int32, after k: Int, forPass q: Int32) {
                var e = firstPair(of: body, in: sorted)
                while e < pairs, Int32(truncatingIfNeeded: sorted[e] >> 32) == body {
                    let position = Int(truncatingIfNeeded: sorted[e] & 0xFFFF_FFFF)
                    if position > k && queuedFor[position] != q {
                        queuedFor[position] = q
                        heap.push(Int32(position))
                    }
                    e += 1
                }
            }

            for p in 0..<maxPasses {
                let current = pass
                pass += 1
                var applied = false
                /// Marks a body the collision at `k` changed; from the second pass on, queues its constraints after
                /// `k` for this pass.
                func mark(_ body: Int32, after k: Int) {
                    let x = Int(body)
                    guard states[x].moves else { return }
                    if changed[x] != current {
                        changedBodies[changedCount] = body
                        changedCount += 1
                        changed[x] = current
                    }
                    if p > 0 { queue(body, after: k, forPass: Int32(p)) }
                }
                /// The collision of the constraint at position `k`, if it is still an impact.
                func visit(_ k: Int) {
                    let c = Int(bouncing[k])
                    guard impacts[k] < ContactImpact.maxImpactsPerConstraint,
                          ContactImpact.collide(&cons[c], states: states, gains: gains, threshold: threshold, h: h)
                    else { return }
                    applied = true
                    impacts[k] += 1
                    mark(cons[c].bodyA, after: k)
                    mark(cons[c].bodyB, after: k)
                }
                if p == 0 {
                    for k in 0..<n { visit(k) }
                } else {
                    while let position = heap.popMin() { visit(Int(position)) }
                }
                guard applied else { break }
                // The next pass starts with every constraint of the bodies this pass changed.
                for i in 0..<changedCount { queue(changedBodies[i], after: -1, forPass: Int32(p + 1)) }
                changedCount = 0
            }
        }
        }
        }
        }
        }
    }

    /// The index of the first pair of `body` in `sorted` (or where it would be).
    private static func firstPair(of body: Int32, in sorted: UnsafeMutableBufferPointer<UInt64>) -> Int {
        let key = UInt64(UInt32(bitPattern: body)) << 32
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A binary min-heap of positions in caller-given storage (each position at most once, so `storage` holds all).
private struct PositionHeap {
    let storage: UnsafeMutableBufferPointer<Int32>
    var count = 0

    init(storage: UnsafeMutableBufferPointer<Int32>) { self.storage = storage }

    mutating func push(_ value: Int32) {
        var i = count
        count += 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard storage[parent] > value else { break }
            storage[i] = storage[parent]
            i = parent
        }
        storage[i] = value
    }

    mutating func popMin() -> Int32? {
        guard count > 0 else { return nil }
        let top = storage[0]
        count -= 1
        guard count > 0 else { return top }
        let last = storage[count]
        var i = 0
        while true {
            let left = 2 * i + 1
            guard left < count else { break }
            let child = left + 1 < count && storage[left + 1] < storage[left] ? left + 1 : left
            guard storage[child] < last else { break }
            storage[i] = storage[child]
            i = child
        }
        storage[i] = last
        return top
    }
}
