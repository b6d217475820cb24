import Testing
@testable import Dynamics

/// The broadphase and narrowphase shortcuts: the tight-box test that skips `collide`, the look-ahead of moving
/// boxes, and the fat boxes the world hands the broadphase.
@Suite struct CollisionBoxSkipTests {
    /// A small deterministic generator (a linear congruential one) so every run tries the same placements.
    struct Lcg {
        var state: UInt64
        mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return lo + (hi - lo) * Double(state >> 11) / Double(1 << 53)
        }
    }

    static func randomShape(_ rng: inout Lcg) -> Shape {
        switch Int(rng.uniform(0, 3)) {
        case 0: return .circle(radius: rng.uniform(1, 30))
        case 1: return .box(halfWidth: rng.uniform(1, 40), halfHeight: rng.uniform(1, 40),
                            center: Vector(rng.uniform(-5, 5), rng.uniform(-5, 5)), angle: rng.uniform(0, 3))
        default: return .ellipse(radiusX: rng.uniform(2, 40), radiusY: rng.uniform(2, 40))
        }
    }

    @Test func shapesTheBoxTestSkipsHaveNoManifoldPoints() {
        var rng = Lcg(state: 7)
        var skipped = 0, skippedNearby = 0
        for _ in 0..<20_000 {
            let a = Self.randomShape(&rng), b = Self.randomShape(&rng)
            let xfA = Transform(p: Vector(rng.uniform(-50, 50), rng.uniform(-50, 50)), q: Rotation(angle: rng.uniform(-4, 4)))
            let xfB = Transform(p: Vector(rng.uniform(-50, 50), rng.uniform(-50, 50)), q: Rotation(angle: rng.uniform(-4, 4)))
            let records: ContiguousArray = [ShapeBounds(aabb: a.aabb(xfA)), ShapeBounds(aabb: b.aabb(xfB))]
            let skips = records.withUnsafeBufferPointer { PhysicsWorld.tooFarForPoints($0, 0, 1) }
            guard skips else { continue }
            skipped += 1
            let gap = max(records[1].aabb.lower.x - records[0].aabb.upper.x, records[0].aabb.lower.x - records[1].aabb.upper.x,
                          records[1].aabb.lower.y - records[0].aabb.upper.y, records[0].aabb.lower.y - records[1].aabb.upper.y)
            // Many cases sit just past the threshold, where a wrong skip would show.
            if gap < Tolerance.speculativeDistance + 2 * Tolerance.linearSlop { skippedNearby += 1 }
            #expect(collide(a, xfA, b, xfB).pointCount == 0)
        }
        #expect(skipped > 5000)
        #expect(skippedNearby > 50)
    }

    @Test func aRememberedSeparatingFaceNeverChangesTheManifold() {
        var rng = Lcg(state: 11)
        var separatedByHint = 0, hintsSet = 0
        for _ in 0..<5000 {
            let a = Shape.box(halfWidth: rng.uniform(1, 40), halfHeight: rng.uniform(1, 40), angle: rng.uniform(0, 3))
            let b = Shape.ellipse(radiusX: rng.uniform(2, 40), radiusY: rng.uniform(2, 40))
            let xfA = Transform(p: .zero, q: Rotation(angle: rng.uniform(-4, 4)))
            let xfB = Transform(p: Vector(rng.uniform(-70, 70), rng.uniform(-70, 70)), q: Rotation(angle: rng.uniform(-4, 4)))
            let plain = collide(a, xfA, b, xfB)
            // Every possible hint, right or wrong, gives the same manifold.
            for hint in [SeparatingFace.none] + (0..<4).map(SeparatingFace.ofA) + (0..<b.count).map(SeparatingFace.ofB) {
                var h = hint
                let m = withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in collide(pa, xfA, pb, xfB, hint: &h) } }
                #expect(m.pointCount == plain.pointCount && m.normal == plain.normal)
                #expect(m.point1?.separation == plain.point1?.separation && m.point2?.separation == plain.point2?.separation)
                if hint != SeparatingFace.none && plain.pointCount == 0 && h == hint { separatedByHint += 1 }
                if hint == SeparatingFace.none && h != hint { hintsSet += 1 }
            }
        }
        #expect(hintsSet > 500)        // separated pairs remember a face
        #expect(separatedByHint > 500) // and remembered faces do answer
    }

    @Test func segmentsAreNeverSkipped() {
        // A boundary segment far from a circle: the world marks the segment, so the pair is always collided.
        var world = PhysicsWorld()
        let segment = world.createShape(body: PhysicsWorld.ground, shape: .segment(.zero, Vector(100, 0)), friction: 0,
                                        restitution: 0, filter: CollisionFilter(owner: 0))
        let body = world.createBody(type: .dynamicBody, origin: Vector(505, 505), angle: 0)
        let circle = world.createShape(body: body, shape: .circle(radius: 5), friction: 0, restitution: 0,
                                       filter: CollisionFilter(boundaryGroups: [0]))
        #expect(world.bounds[Int(segment)].isBoxSeparable == false)
        #expect(world.bounds[Int(circle)].isBoxSeparable)
        #expect(world.bounds.withUnsafeBufferPointer { PhysicsWorld.tooFarForPoints($0, Int(segment), Int(circle)) } == false)
    }

    @Test func fatBoxReachesAheadByFourStepsOfTravelOnly() {
        let tight = AABB(lower: Vector(0, 0), upper: Vector(10, 20))
        let m = Tolerance.aabbMargin
        let fat = PhysicsWorld.fatBox(tight, travel: Vector(3, -2))
        #expect(fat.lower == Vector(-m, -m - 8))
        #expect(fat.upper == Vector(10 + m + 12, 20 + m))
        #expect(PhysicsWorld.fatBox(tight, travel: .zero) == tight.expanded(by: m))
    }

    @Test func broadPhaseKeepsExactlyTheFatBoxItIsGiven() {
        var bp = BroadPhase()
        let mover = bp.createProxy(aabb: AABB(lower: .zero, upper: Vector(10, 10)), shapeIndex: 0, isStatic: false)
        let other = bp.createProxy(aabb: AABB(lower: Vector(60, 0), upper: Vector(70, 10)), shapeIndex: 1, isStatic: false)
        var pairs: [[Int32]] = []
        bp.updatePairs { a, b in pairs.append([a, b]) }
        #expect(pairs.isEmpty)
        // The box is stored as given (no second margin), and its pair is reported once it reaches the other's
        // stored box, which begins at 60 less the margin.
        let edge = 60 - Tolerance.aabbMargin
        let short = AABB(lower: Vector(-5, -5), upper: Vector(edge - 1, 15))
        bp.setFatAABB(mover, short)
        #expect(bp.fatAABB(mover) == short)
        bp.updatePairs { a, b in pairs.append([a, b]) }
        #expect(pairs.isEmpty)
        bp.setFatAABB(mover, AABB(lower: Vector(-5, -5), upper: Vector(edge + 1, 15)))
        bp.updatePairs { a, b in pairs.append([a, b]) }
        #expect(pairs == [[0, 1]])
        #expect(bp.fatAABBsOverlap(mover, other))
    }
}
