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
        // Scratch for one call: buffers proportional to the bouncing constraints, and two indexed by body of which
        // only the entries of the constraints' bodies are ever written or read (so nothing proportional to the
        // world is cleared per call).
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { adjacency in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { changedBodies in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { indexedBodies in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { heapStorage in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { queuedFor in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { impacts in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: states.count) { first in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: states.count) { past in
            queuedFor.initialize(repeating: -1)
            impacts.initialize(repeating: 0)
            var heap = PositionHeap(storage: heapStorage)
            var changedCount = 0
            var indexed = false
            /// Each moving body's bouncing constraints, by position: `adjacency[first[b]..<past[b]]`, made by
            /// counting (what a sort by body did, without its n log n). Only a second pass needs it, so a
            /// sub-step whose first pass finds no impact never makes it.
            func index() {
                indexed = true
                /// Calls `body` with each moving body of the constraint at position `k`.
                func eachMovingBody(_ k: Int, _ body: (Int) -> Void) {
                    let c = Int(bouncing[k])
                    let a = Int(cons[c].bodyA), b = Int(cons[c].bodyB)
                    if states[a].moves { body(a) }
                    if states[b].moves { body(b) }
                }
                // Count each body's constraints in `past`, listing the bodies in the order first met.
                for k in 0..<n { eachMovingBody(k) { b in first[b] = -1 } }
                var bodies = 0
                for k in 0..<n {
                    eachMovingBody(k) { b in
                        if first[b] < 0 {
                            first[b] = 0
                            past[b] = 0
                            indexedBodies[bodies] = Int32(b)
                            bodies += 1
                        }
                        past[b] += 1
                    }
                }
                // Each body's run starts where the runs of the bodies met before it end.
                var at: Int32 = 0
                for i in 0..<bodies {
                    let b = Int(indexedBodies[i])
                    first[b] = at
                    at += past[b]
                    past[b] = first[b]
                }
                // Positions in increasing order into each run; `past` ends one beyond the run.
                for k in 0..<n {
                    eachMovingBody(k) { b in
                        adjacency[Int(past[b])] = Int32(k)
                        past[b] += 1
                    }
                }
            }
            /// Queues for pass `q` the constraints of `body` after position `k` (all of them for `k` = -1).
            func queue(_ body: Int32, after k: Int, forPass q: Int32) {
                var e = Int(first[Int(body)])
                let end = Int(past[Int(body)])
                while e < end {
                    let position = Int(adjacency[e])
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
                if !indexed { index() }
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
        }
        }
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
