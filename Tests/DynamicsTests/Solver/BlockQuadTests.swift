import Testing
@testable import Dynamics

/// Four block-solved constraints prepared at once (`BlockQuad`) against the one-by-one path (`ContactSolver.prepare`
/// then `WideContact.write`): the same quad, byte for byte, on constraints from real scenes; and the kind worked out
/// without preparing (`ContactSolver.kind`) against the prepared one.
@Suite(.takesWorkerPoolTurn) struct BlockQuadTests {
    /// A world's last step: its touch records, bodies and states, and each constraint's identity and prepared copy.
    struct Step {
        var touches: [ContactTouch]
        var bodies: [Body]
        var states: [BodyState]
        var identities: [ContactConstraint]
        var prepared: [ContactConstraint]
        let contactSoftness = Softness(hertz: 60, zeta: 10, h: 1.0 / 240)
        let staticSoftness = Softness(hertz: 120, zeta: 10, h: 1.0 / 240)

        init(_ animator: Animator) {
            let world = animator.world
            self.init(touches: Array(world.touches), bodies: Array(world.bodies), states: Array(world.scratchStates),
                      identities: world.scratchConstraints.map {
                          ContactConstraint(contact: $0.contact, bodyA: $0.bodyA, bodyB: $0.bodyB, touch: $0.touch)
                      })
        }

        init(touches: [ContactTouch], bodies: [Body], states: [BodyState], identities: [ContactConstraint]) {
            self.touches = touches; self.bodies = bodies; self.states = states; self.identities = identities
            prepared = identities
            let (contact, stiff) = (contactSoftness, staticSoftness)
            self.touches.withUnsafeBufferPointer { t in
                self.bodies.withUnsafeMutableBufferPointer { b in
                    self.states.withUnsafeMutableBufferPointer { s in
                        for i in prepared.indices {
                            ContactSolver.prepare(&prepared[i], touch: t.baseAddress! + Int(prepared[i].touch), bodies: b,
                                                  states: s, contactSoftness: contact, staticSoftness: stiff)
                        }
                    }
                }
            }
        }

        /// The bytes of the quad `BlockQuad` writes for constraints `lanes` (at most four), or nil when it writes
        /// none; the quad starts as `start`.
        mutating func blockQuad(_ lanes: [Int], start: WideContact = WideContact()) -> (written: Bool, bytes: [UInt8]) {
            var quad = start
            let links = lanes.map { identities[$0].link }
            let all = (0..<4).map { links[$0 < links.count ? $0 : 0] }
            let softness = BlockQuad.SoftnessFloats(contact: contactSoftness, static: staticSoftness)
            let written = touches.withUnsafeBufferPointer { t in
                bodies.withUnsafeMutableBufferPointer { b in
                    states.withUnsafeMutableBufferPointer { s in
                        BlockQuad.prepare(&quad, (all[0], all[1], all[2], all[3]), used: lanes.count,
                                          touches: t.baseAddress!, bodies: b.baseAddress!, states: s.baseAddress!,
                                          softness: softness)
                    }
                }
            }
            return (written, withUnsafeBytes(of: quad) { Array($0) })
        }

        /// The bytes of the quad `WideContact.write` writes from the prepared constraints `lanes`.
        mutating func oneByOne(_ lanes: [Int]) -> [UInt8] {
            var quad = WideContact()
            let sources = SIMD4<Int32>((0..<4).map { $0 < lanes.count ? Int32(lanes[$0]) : -1 })
            prepared.withUnsafeBufferPointer { c in
                states.withUnsafeMutableBufferPointer { s in
                    WideContact.write(&quad, sources, c.baseAddress!, states: s.baseAddress!)
                }
            }
            return withUnsafeBytes(of: quad) { Array($0) }
        }

        mutating func kind(_ i: Int) -> UInt8 {
            let c = identities[i]
            return touches.withUnsafeBufferPointer { t in
                bodies.withUnsafeMutableBufferPointer { b in
                    states.withUnsafeMutableBufferPointer { s in
                        ContactSolver.kind(touch: t.baseAddress! + Int(c.touch), bodyA: Int(c.bodyA), bodyB: Int(c.bodyB),
                                           bodies: b.baseAddress!, states: s.baseAddress!)
                    }
                }
            }
        }
    }

    static func step(_ build: (Animator) throws -> [DynamicItem], frames: Int) throws -> Step {
        let (animator, _) = try SolverKernelTests.world(frames: frames, build)
        return Step(animator)
    }

    @Test func fourBlockSolvedConstraintsMakeTheQuadOfTheOneByOnePath() throws {
        for (name, build) in [("pyramid", { try SolverKernelTests.pyramid($0, rows: 14) }), ("heap", SolverKernelTests.heap)]
            as [(String, (Animator) throws -> [DynamicItem])] {
            var step = try Self.step(build, frames: 50)
            let block = step.prepared.indices.filter { step.prepared[$0].isBlockSolved }
            #expect(block.count >= 40, "\(name)")
            // Fours in step order and in a shuffled order, and a last quad of one, two or three.
            var generator = Dice(state: 7)
            for order in [block, block.shuffled(using: &generator)] {
                var k = 0
                while k < order.count {
                    let lanes = Array(order[k..<min(k + 4, order.count)])
                    let made = step.blockQuad(lanes)
                    #expect(made.written, "\(name) \(lanes)")
                    #expect(made.bytes == step.oneByOne(lanes), "\(name) \(lanes)")
                    k += 4
                }
                for tail in 1...3 {
                    let lanes = Array(order.prefix(tail))
                    #expect(step.blockQuad(lanes).bytes == step.oneByOne(lanes), "\(name), a quad of \(tail)")
                }
            }
        }
    }

    @Test func aConstraintNotBlockSolvedLeavesTheQuadUnwritten() throws {
        var step = try Self.step(SolverKernelTests.heap, frames: 50)
        // Two points on top of each other: a block too badly conditioned to solve.
        let merged = try #require(step.prepared.indices.last { step.prepared[$0].isBlockSolved })
        let touch = Int(step.identities[merged].touch)
        var point = try #require(step.touches[touch].manifold.point1)
        point.id = try #require(step.touches[touch].manifold.point2).id
        step.touches[touch].manifold.point2 = point
        step = Step(touches: step.touches, bodies: step.bodies, states: step.states, identities: step.identities)
        let block = step.prepared.indices.filter { step.prepared[$0].isBlockSolved }
        let other = step.prepared.indices.filter { !step.prepared[$0].isBlockSolved }
        #expect(block.count >= 3 && other.contains { step.prepared[$0].pointCount == 1 }
                && other.contains { step.prepared[$0].pointCount == 2 })
        var start = WideContact()
        start.friction = Lanes(repeating: 0.25)
        let untouched = withUnsafeBytes(of: start) { Array($0) }
        for i in other.prefix(12) {
            for lane in 0..<4 {
                var lanes = Array(block.prefix(3))
                lanes.insert(i, at: lane)
                let made = step.blockQuad(lanes, start: start)
                #expect(!made.written && made.bytes == untouched, "constraint \(i) in lane \(lane)")
            }
        }
    }

    @Test func theKindWithoutPreparingIsThePreparedKind() throws {
        for build in [{ try SolverKernelTests.pyramid($0, rows: 14) }, SolverKernelTests.heap]
            as [(Animator) throws -> [DynamicItem]] {
            var step = try Self.step(build, frames: 50)
            var seen = Set<UInt8>()
            for i in step.prepared.indices {
                let expected = step.prepared.withUnsafeBufferPointer { ContactLanes.kind(of: $0.baseAddress! + i) }
                #expect(step.kind(i) == expected, "constraint \(i)")
                seen.insert(expected)
            }
            #expect(seen.contains(0))
        }
    }
}
