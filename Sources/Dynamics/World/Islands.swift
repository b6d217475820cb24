extension PhysicsWorld {
    /// Groups awake bodies into islands (union-find over touching contacts and joints) and puts to sleep every island
    /// whose bodies have all been still for `SolverTuning.timeToSleep`. Roots are visited in body order, so the result
    /// does not depend on anything but the world's contents.
    mutating func updateSleep(dt: Double) {
        let n = bodies.count
        var parent = ContiguousArray<Int32>(0..<Int32(n))
        func find(_ x: Int32) -> Int32 { parent.withUnsafeMutableBufferPointer { UnionFind.find(x, $0) } }
        func union(_ a: Int32, _ b: Int32) { parent.withUnsafeMutableBufferPointer { UnionFind.join(a, b, $0) } }
        // Indices rather than `for c in contacts`: contacts and joints are large structs, not worth copying here.
        for c in contacts.indices where contacts[c].inUse && contacts[c].touching {
            let a = contacts[c].bodyA, b = contacts[c].bodyB
            if bodies[Int(a)].isSimulated && bodies[Int(b)].isSimulated {
                union(a, b)
            } else if bodies[Int(a)].isMovingKinematic {
                // What rides on a moving platform is carried, never at rest, whatever its own speed.
                bodies[Int(b)].sleepTime = 0
            } else if bodies[Int(b)].isMovingKinematic {
                bodies[Int(a)].sleepTime = 0
            }
        }
        for j in joints.indices where joints[j].inUse {
            let a = joints[j].bodyA, b = joints[j].bodyB
            if bodies[Int(a)].isSimulated && bodies[Int(b)].isSimulated {
                union(a, b)
            } else if bodies[Int(a)].isMovingKinematic {
                bodies[Int(b)].sleepTime = 0
            } else if bodies[Int(b)].isMovingKinematic {
                bodies[Int(a)].sleepTime = 0
            }
        }
        var minSleep = ContiguousArray<Double>(repeating: .infinity, count: n)
        for i in 0..<n where bodies[i].isSimulated {
            let r = Int(find(Int32(i)))
            minSleep[r] = min(minSleep[r], bodies[i].sleepTime)
        }
        var tagOfRoot = ContiguousArray<Int32>(repeating: 0, count: n)
        for i in 0..<n where bodies[i].isSimulated {
            let r = Int(find(Int32(i)))
            guard minSleep[r] >= SolverTuning.timeToSleep else { continue }
            if tagOfRoot[r] == 0 {
                // Tags only need to differ between islands asleep at the same time; after 2^31 - 1 islands they repeat.
                sleepCounter = sleepCounter == Int32.max ? 1 : sleepCounter + 1
                tagOfRoot[r] = sleepCounter
            }
            bodies[i].isAwake = false
            bodies[i].sleepTag = tagOfRoot[r]
            bodies[i].v = .zero
            bodies[i].w = 0
        }
    }
}
