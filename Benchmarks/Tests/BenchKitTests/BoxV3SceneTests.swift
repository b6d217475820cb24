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

    @Test func tumblerIsTurnedByItsMotorWithItsBoxesInside() {
        let scene = Scenes.v3Tumbler()
        #expect(scene.bodies.count == 2 + 45 * 45 && scene.steps == 750 && scene.allowSleep)
        let hub = scene.bodies[0], box = scene.bodies[1]
        #expect(hub.kind == .fixed && !hub.collides && hub.position == box.position)
        #expect(box.kind == .dynamic && box.density == 50 && box.shapes.count == 4)
        #expect(scene.pins.count == 1)
        let motor = scene.pins[0]
        #expect(motor.bodyA == 0 && motor.bodyB == 1 && motor.anchor == box.position && motor.angleRange == nil)
        #expect(abs(abs(motor.motorSpeed) - 25 * Double.pi / 180) < 1e-12 && motor.maxMotorTorque == 1e8)
        #expect(scene.needsBeyondBasics != nil)
        for body in scene.bodies.dropFirst(2) {
            let d = body.position - box.position
            #expect(abs(d.x) < 9.5 && abs(d.y) < 9.5)
        }
    }

    @Test func spinnerStirsCapsulesCirclesAndBoxesInALoop() {
        let scene = Scenes.v3Spinner()
        #expect(scene.bodies.count == 2 + 6076 && scene.steps == 500 && scene.allowSleep)
        #expect(scene.loops.count == 1 && scene.loops[0].points.count == 360)
        let centre = Vec2(0, -32)
        for p in scene.loops[0].points { #expect(abs((p - centre).length - 40) < 1e-9) }
        let motor = scene.pins[0]
        #expect(motor.motorSpeed == -5 && motor.maxMotorTorque == .infinity && motor.anchor == scene.bodies[1].position)
        // The arm: a 0.8 x 40 m box rounded by 0.2 m, friction 0.
        let arm = scene.bodies[1]
        #expect(arm.friction == 0 && abs(arm.shapes[0].area - (0.8 * 40 + 0.2 * 81.6 + Double.pi * 0.04)) < 1e-12)
        var counts = [0, 0, 0]
        for body in scene.bodies.dropFirst(2) {
            #expect(body.density == 0.25 && body.friction == 0.1 && body.restitution == 0.1)
            switch body.shapes[0] {
            case let .capsule(c1, c2, r):
                counts[0] += 1
                #expect(abs(body.shapes[0].area - (2 * r * (c2 - c1).length + Double.pi * r * r)) < 1e-12)
            case .circle: counts[1] += 1
            default: counts[2] += 1
            }
            // Inside the loop.
            #expect((body.position - centre).length < 40)
        }
        #expect(counts == [2026, 2025, 2025])
    }

    @Test func rainMakesAColumnOfRagdollsEveryEighthFrameThenRecyclesTheOldest() {
        let scene = Scenes.v3Rain()
        #expect(scene.steps == 1000 && scene.allowSleep && scene.bodies.count == 1)
        #expect(scene.bodies[0].kind == .fixed && scene.bodies[0].shapes.count == 5 * 501)
        #expect(scene.groups.count == 200)
        for group in scene.groups {
            #expect(group.bodies.count == 5 * 11 && group.pins.count == 5 * 10)
            // Bones are classes 1...11 by kind; every pin has a range and joint friction, no motor speed.
            #expect(group.bodies.map(\.collisionClass) == Array(repeating: Array(1...11), count: 5).flatMap { $0 })
            #expect(group.pins.allSatisfy { $0.angleRange != nil && $0.motorSpeed == 0 && $0.maxMotorTorque > 0 })
        }
        // The first frame makes column 0 of every row; all 40 columns are out by frame 312; from frame 320 each
        // wave unmakes and remakes the oldest column.
        #expect(Array(scene.waves.prefix(5)) == (0..<5).map { WaveEvent(frame: 0, group: $0 * 40, make: true) })
        #expect(scene.waves.filter(\.make).count == 125 * 5)
        #expect(scene.waves.filter { !$0.make }.map(\.frame).first == 320)
        #expect(scene.waves.last?.frame == 992)
        // Ragdolls start 40 m above their row's ground (y down): hip centres at -(40 + 45 row + 0.95).
        let hip = scene.groups[40].bodies[0]
        #expect(abs(hip.position.y + (40 + 45 + 0.95)) < 1e-9)
    }

    @Test func smashSendsAHeavyBoxAtAWallWithoutGravity() {
        let scene = Scenes.v3Smash()
        #expect(scene.gravity == .zero && scene.bodies.count == 1 + 120 * 80 && scene.allowSleep)
        let hammer = scene.bodies[0]
        #expect(hammer.density == 8 && hammer.velocity == Vec2(40, 0))
        #expect(scene.bodies.dropFirst().allSatisfy { $0.position.x >= 30 && $0.velocity == .zero })
    }
}
