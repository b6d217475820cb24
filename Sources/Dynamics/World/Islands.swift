extension PhysicsWorld {
    /// Groups awake bodies into islands (union-find over touching contacts and joints) and puts to sleep every island
    /// whose bodies have all been still for `SolverTuning.timeToSleep`. Roots are visited in body order, so the result
    /// does not depend on anything but the world's contents.
    mutating func updateSleep(dt: Double) {
        // An island sleeps only when every one of its bodies has been still long enough, so while no moving body
        // has, none can: the islands need not be found. What still matters then is what a moving kinematic body
        // does to the bodies it touches (their stillness starts again), so without one there is nothing to do.
        let (mayRest, kinematicMoves) = bodies.withUnsafeBufferPointer { bp in
            var mayRest = false, kinematicMoves = false
            for i in bp.indices {
                if bp[i].isSimulated {
                    if bp[i].sleepTime >= SolverTuning.timeToSleep { mayRest = true }
                } else if bp[i].isMovingKinematic {
                    kinematicMoves = true
                }
            }
            return (mayRest, kinematicMoves)
        }
        guard mayRest || kinematicMoves else { return }
        guard mayRest else { restartStillnessNearMovingKinematics(); return }
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
            bodiesMayBeAsleep = true
            bodies[i].sleepTag = tagOfRoot[r]
            bodies[i].v = .zero
            bodies[i].w = 0
        }
    }

    /// The part of `updateSleep` that remains while no island can sleep: a body touching or joined to a moving
    /// kinematic body is carried, never at rest, so its stillness starts again (as `updateSleep` does before it
    /// looks at any island).
    private mutating func restartStillnessNearMovingKinematics() {
        for c in contacts.indices where contacts[c].inUse && contacts[c].touching {
            restartStillness(ifCarried: contacts[c].bodyA, contacts[c].bodyB)
        }
        for j in joints.indices where joints[j].inUse {
            restartStillness(ifCarried: joints[j].bodyA, joints[j].bodyB)
        }
    }

    /// Of two bodies held together by a contact or a joint, restarts the stillness of the one a moving kinematic
    /// body carries.
    @inline(__always)
    private mutating func restartStillness(ifCarried a: Int32, _ b: Int32) {
        if bodies[Int(a)].isSimulated && bodies[Int(b)].isSimulated { return }
        if bodies[Int(a)].isMovingKinematic {
            bodies[Int(b)].sleepTime = 0
        } else if bodies[Int(b)].isMovingKinematic {
            bodies[Int(a)].sleepTime = 0
        }
    }
}
