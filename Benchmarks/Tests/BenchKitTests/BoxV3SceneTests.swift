import Testing
@testable import BenchKit

/// Box2D v3's benchmark scenes as SceneSpecs: v3's counts, and v3's layout mirrored into y down.
@Suite struct BoxV3SceneTests {
    @Test func largePyramidHasFiftyFiftyBoxesRestingOnTheGround() {
        let scene = Scenes.v3LargePyramid()
        #expect(scene.dynamicBodyCount == 5050 && scene.steps == 500 && !scene.allowSleep)
        // The ground box's top face is y = 0 and the bottom row stands on it; the top box is 99 rows higher.
        #expect(scene.bodies[0].kind == .fixed && scene.bodies[0].position == Vec2(0, 1))
        #expect(scene.bodies[1].position.y == -0.5)
        guard case let .topDrift(tops) = scene.stability, let top = tops.first else {
            Issue.record("the large pyramid must watch its top box"); return
        }
        #expect(scene.bodies[top].position == Vec2(0, -99.5))
    }

    @Test func manyPyramidsHasTwentyTwoThousandBoxesOnTwentySegments() {
        let scene = Scenes.v3ManyPyramids()
        #expect(scene.dynamicBodyCount == 22_000 && scene.segments.count == 20 && scene.steps == 200)
        guard case let .topDrift(tops) = scene.stability else { Issue.record("no tops"); return }
        #expect(tops.count == 400)
        // Each pyramid's lowest boxes stand on their row's segment (segments are 11 m apart, boxes 1 m).
        for row in 0..<20 {
            let first = scene.bodies[row * 20 * 55]
            #expect(abs(first.position.y - (-Double(row) * 11 - 0.5)) < 1e-9)
            #expect(scene.segments[row].a.y == -Double(row) * 11)
        }
    }

    @Test func jointGridHangsTenThousandCirclesFromSevenFixedOnes() {
        let scene = Scenes.v3JointGrid()
        #expect(scene.bodies.count == 10_000 && scene.dynamicBodyCount == 10_000 - 7 && scene.steps == 500)
        #expect(scene.bodies.allSatisfy { !$0.collides })
        // 2 x 100 x 99 neighbour pins, less the six between pairs of fixed circles.
        #expect(scene.pins.count == 2 * 100 * 99 - 6)
        for pin in scene.pins {
            let a = scene.bodies[pin.bodyA].position, b = scene.bodies[pin.bodyB].position
            #expect((a - b).length == 1 && pin.anchor == (a + b) * 0.5)
        }
    }

    @Test func tumblerTurnsAtTwentyFiveDegreesPerSecondWithItsBoxesInside() {
        let scene = Scenes.v3Tumbler()
        #expect(scene.bodies.count == 1 + 45 * 45 && scene.steps == 750)
        let box = scene.bodies[0]
        #expect(box.kind == .kinematic && abs(abs(box.angularVelocity) - 25 * Double.pi / 180) < 1e-12)
        for body in scene.bodies.dropFirst() {
            let d = body.position - box.position
            #expect(abs(d.x) < 9.5 && abs(d.y) < 9.5)
        }
    }

    @Test func smashSendsAHeavyBoxAtAWallWithoutGravity() {
        let scene = Scenes.v3Smash()
        #expect(scene.gravity == .zero && scene.bodies.count == 1 + 120 * 80 && scene.allowSleep)
        let hammer = scene.bodies[0]
        #expect(hammer.density == 8 && hammer.velocity == Vec2(40, 0))
        #expect(scene.bodies.dropFirst().allSatisfy { $0.position.x >= 30 && $0.velocity == .zero })
    }
}
