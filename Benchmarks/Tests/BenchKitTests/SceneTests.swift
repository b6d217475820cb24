import Testing
@testable import BenchKit

@Suite struct SceneTests {
    @Test func largePyramidHasTheTriangularNumberOfBoxes() {
        let scene = Scenes.largePyramid()
        #expect(scene.dynamicBodyCount == 5050 && scene.bodies.count == 5051)
        #expect(scene.steps == 500 && !scene.allowSleep)
        // The watched body is the single box of the top row, 99 rows above the bottom one.
        guard case let .topDrift(tops) = scene.stability, let top = tops.first else {
            Issue.record("large pyramid must watch its top box"); return
        }
        #expect(abs(scene.bodies[top].position.x) < 1e-9)
        #expect(abs(scene.bodies[top].position.y - (-0.5 - 99)) < 1e-9)
    }

    @Test func pyramidBoxesDoNotOverlap() {
        let scene = Scenes.largePyramid(base: 12)
        #expect(scene.bodies[0].kind == .fixed)
        for i in scene.bodies.indices.dropFirst() {
            for j in scene.bodies.indices where j > i {
                let d = scene.bodies[i].position - scene.bodies[j].position
                // Unit boxes overlap only when both centre offsets are under one box width.
                #expect(abs(d.x) >= 1 - 1e-9 || abs(d.y) >= 1 - 1e-9)
            }
        }
    }

    @Test func manyPyramidsHasAHundredPyramidsOfBaseTen() {
        let scene = Scenes.manyPyramids()
        #expect(scene.dynamicBodyCount == 100 * 55 && scene.bodies.count == 100 * 55 + 10)
        guard case let .topDrift(tops) = scene.stability else { Issue.record("no tops"); return }
        #expect(tops.count == 100)
    }

    @Test func tumblerHasItsBoxesInsideTheWalls() {
        let scene = Scenes.tumbler()
        #expect(scene.bodies.count == 2001)
        #expect(scene.bodies[0].kind == .kinematic && scene.bodies[0].shapes.count == 4)
        let centre = scene.bodies[0].position
        for body in scene.bodies.dropFirst() {
            // Inner half-extent of the box is 10 - 0.5; a box of half size 0.125 must be inside it.
            #expect(abs(body.position.x - centre.x) + 0.125 < 9.5)
            #expect(abs(body.position.y - centre.y) + 0.125 < 9.5)
        }
    }

    @Test func jointGridCountsItsPins() {
        let side = 100
        let scene = Scenes.jointGrid(side: side)
        #expect(scene.bodies.count == side * side)
        // Right and down neighbours, less the 6 pairs between the 7 fixed circles of the top row.
        #expect(scene.pins.count == 2 * side * (side - 1) - 6)
        #expect(scene.bodies.filter { $0.kind == .fixed }.count == 7)
        #expect(scene.bodies.allSatisfy { !$0.collides })
    }

    @Test func pileHoldsItsBodiesAboveTheFloorAndBetweenTheWalls() {
        for count in [100, 1000, 10000] {
            let scene = Scenes.pile(count: count)
            #expect(scene.dynamicBodyCount == count)
            let floor = scene.bodies[0], left = scene.bodies[1], right = scene.bodies[2]
            guard case let .box(wallHalf, _, _, _) = left.shapes[0] else { Issue.record("wall"); continue }
            for body in scene.bodies where body.kind == .dynamic {
                #expect(body.position.y + 0.25 < floor.position.y - 1 + 1e-9)
                #expect(body.position.x - 0.25 > left.position.x + wallHalf)
                #expect(body.position.x + 0.25 < right.position.x - wallHalf)
            }
        }
    }

    @Test func mixedShapesHaveTheAreasOfTheirFormulas() {
        let shapes = Scenes.mixedShapes()
        #expect(abs(shapes[0].area - 0.36) < 1e-12)
        #expect(abs(shapes[1].area - Double.pi * 0.09) < 1e-12)
        // A regular hexagon of circumradius r has area 3 sqrt(3) r^2 / 2.
        #expect(abs(shapes[2].area - 3 * 3.0.squareRoot() * 0.35 * 0.35 / 2) < 1e-12)
        #expect(shapes.allSatisfy { if case let .polygon(p) = $0 { return p.count <= 8 } else { return true } })
    }

    @Test func stabilityFigures() {
        let start = [Vec2(0, 0), Vec2(1, 0)]
        let now = [Vec2(0, 0.3), Vec2(1, -0.4)]
        let drift = Stability.figure(.topDrift([0, 1]), start: { start[$0] }, now: { now[$0] })
        #expect(drift == 0.4)
        let stretched = [Vec2(0, 0), Vec2(3, 4)]
        let stretch = Stability.figure(.jointStretch(pairs: [(0, 1)], restLength: 1), start: { start[$0] },
                                       now: { stretched[$0] })
        #expect(stretch == 4)
        // A folded pair is closer than the rest length: no stretch.
        let folded = Stability.figure(.jointStretch(pairs: [(0, 1)], restLength: 1), start: { start[$0] },
                                      now: { [Vec2(0, 0), Vec2(0.5, 0)][$0] })
        #expect(folded == 0)
        #expect(Stability.figure(.none, start: { start[$0] }, now: { now[$0] }) == nil)
    }
}
