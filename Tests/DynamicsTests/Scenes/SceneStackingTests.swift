import Foundation
import Testing
@testable import Dynamics

/// Stacks: they must stand still (no creep, no jitter) and then fall asleep.
@Suite struct SceneStackingTests {
    static let side = 30.0

    /// Runs 10 s and returns the largest displacement of any box from where it stood after settling for 0.5 s.
    static func stand(_ animator: Animator, _ boxes: [DynamicItem], seconds: Double = 10) throws -> Double {
        try animator.run(0.5) // let the contacts take the weight
        let start = boxes.map(\.center)
        try animator.run(seconds)
        var drift = 0.0
        for (b, p) in zip(boxes, start) { drift = max(drift, distance(b.center, p)) }
        return drift
    }

    static func world(_ boxes: [DynamicItem]) throws -> Animator {
        let animator = try Animator(referenceSize: Vector(1000, 1000))
        let c = CollisionBehavior(items: boxes)
        c.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: boxes)
        try props.setFriction(0.6)
        for b in [c, GravityBehavior(items: boxes), props] as [DynamicBehavior] { try animator.addBehavior(b) }
        return animator
    }

    static func pyramid() throws -> [DynamicItem] {
        var boxes: [DynamicItem] = []
        for row in 0..<20 {
            for k in 0..<(20 - row) {
                let x = 500 + (Double(k) - Double(19 - row) / 2) * Self.side
                let y = 1000 - Self.side / 2 - Double(row) * Self.side
                boxes.append(try box(x, y, side: Self.side, name: "r\(row)k\(k)"))
            }
        }
        return boxes
    }

    static func column() throws -> [DynamicItem] {
        try (0..<20).map { try box(500, 1000 - Self.side / 2 - Double($0) * Self.side, side: Self.side) }
    }

    @Test func twentyRowPyramidStandsAndSleeps() throws {
        let boxes = try Self.pyramid()
        #expect(boxes.count == 210)
        let animator = try Self.world(boxes)
        let drift = try Self.stand(animator, boxes)
        #expect(drift < 0.5)
        #expect(!animator.isRunning)
        #expect(boxes.allSatisfy { abs($0.angle) < 0.01 })
    }

    /// Kept awake (no sleep) the pyramid still stands: the solver holds it, not the sleeping.
    @Test func twentyRowPyramidStandsWhileKeptAwake() throws {
        let boxes = try Self.pyramid()
        let animator = try Self.world(boxes)
        animator.world.enableSleep = false
        let drift = try Self.stand(animator, boxes)
        #expect(drift < 1)
        animator.world.enableSleep = true
        try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning)
    }

    @Test func twentyBoxColumnStandsAndSleeps() throws {
        let boxes = try Self.column()
        let animator = try Self.world(boxes)
        let drift = try Self.stand(animator, boxes)
        // It sways a little (under 2 pt, a fifteenth of a box) while settling, then sleeps and stands.
        #expect(drift < 2)
        #expect(!animator.isRunning)
        // Every box still sits on the one below it.
        for (lower, upper) in zip(boxes, boxes.dropFirst()) {
            #expect(abs((lower.center.y - upper.center.y) - Self.side) < Tolerance.linearSlop + 0.1)
            #expect(abs(lower.center.x - upper.center.x) < 0.5)
        }
    }

    /// A column of 20 small boxes kept awake needs 8 sub-steps (contacts twice as stiff); at the default 4 it buckles
    /// after a few seconds awake, which sleep normally prevents.
    @Test func twentyBoxColumnStandsWhileKeptAwakeWithEightSubsteps() throws {
        let boxes = try Self.column()
        let animator = try Self.world(boxes)
        try animator.setSubsteps(8)
        animator.world.enableSleep = false
        let drift = try Self.stand(animator, boxes)
        #expect(drift < 1.5)
        animator.world.enableSleep = true
        try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning)
    }

    @Test func twoIdenticalPilesAreBitIdentical() throws {
        func pile() throws -> [UInt64] {
            var boxes: [DynamicItem] = []
            for i in 0..<40 {
                let x: Double = 300 + Double(i % 7) * 33
                let y: Double = 900 - Double(i / 7) * 40 - Double(i % 3) * 5
                boxes.append(try box(x, y, side: 30))
            }
            let animator = try Self.world(boxes)
            for (i, b) in boxes.enumerated() { try b.setAngle(Double(i) * 0.1) }
            try animator.run(3)
            return boxes.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.angle.bitPattern] }
        }
        let first = try pile(), second = try pile()
        #expect(first == second)
    }

    /// Not a pass/fail test: prints milliseconds per frame of a 1000-box pile when LUADYN_BENCH is set.
    /// Run it with `LUADYN_BENCH=1 swift test -c release --filter pileTiming`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LUADYN_BENCH"] != nil))
    func pileTiming() throws {
        var boxes: [DynamicItem] = []
        for i in 0..<1000 {
            let x: Double = 100 + Double(i % 40) * 20.5
            let y: Double = 990 - Double(i / 40) * 21 - Double(i % 2) * 3
            boxes.append(try box(x, y, side: 20))
        }
        let animator = try Self.world(boxes)
        let frames = 300
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try animator.run(Double(frames) / 60) }
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        print("1000-box pile: \(ms / Double(frames)) ms per frame over \(frames) frames (running: \(animator.isRunning))")
        let rest = try animator.runUntilRest(maxSeconds: 30)
        print("1000-box pile: at rest after \(rest) more seconds (running: \(animator.isRunning))")
    }
}
