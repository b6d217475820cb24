import Foundation
import Testing
@testable import Dynamics

/// Stacks: they must stand still (no creep, no jitter) and then fall asleep.
@Suite struct SceneStackingTests {
    static let side = 30.0

    /// Runs 10 s with sleep off, returns the largest displacement of any box, then lets it sleep.
    static func standThenSleep(_ animator: Animator, _ boxes: [DynamicItem]) throws -> (drift: Double, restTime: Double) {
        try animator.run(0.5) // let the contacts take the weight
        let start = boxes.map(\.center)
        animator.world.enableSleep = false
        try animator.run(10)
        var drift = 0.0
        for (b, p) in zip(boxes, start) { drift = max(drift, distance(b.center, p)) }
        animator.world.enableSleep = true
        let rest = try animator.runUntilRest(maxSeconds: 5)
        return (drift, rest)
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

    @Test func twentyRowPyramidStandsAndSleeps() throws {
        var boxes: [DynamicItem] = []
        for row in 0..<20 {
            for k in 0..<(20 - row) {
                let x = 500 + (Double(k) - Double(19 - row) / 2) * Self.side
                let y = 1000 - Self.side / 2 - Double(row) * Self.side
                boxes.append(try box(x, y, side: Self.side, name: "r\(row)k\(k)"))
            }
        }
        #expect(boxes.count == 210)
        let animator = try Self.world(boxes)
        let (drift, rest) = try Self.standThenSleep(animator, boxes)
        #expect(drift < 0.5)
        #expect(rest < 5)
        #expect(!animator.isRunning)
        #expect(boxes.allSatisfy { abs($0.angle) < 0.01 })
    }

    @Test func twentyBoxColumnStandsAndSleeps() throws {
        let boxes = try (0..<20).map { try box(500, 1000 - Self.side / 2 - Double($0) * Self.side, side: Self.side) }
        let animator = try Self.world(boxes)
        let (drift, rest) = try Self.standThenSleep(animator, boxes)
        #expect(drift < 0.5)
        #expect(rest < 5)
        #expect(!animator.isRunning)
        // Every box still sits on the one below it.
        for (lower, upper) in zip(boxes, boxes.dropFirst()) {
            #expect(abs((lower.center.y - upper.center.y) - Self.side) < Tolerance.linearSlop + 0.1)
            #expect(abs(lower.center.x - upper.center.x) < 0.5)
        }
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
    }
}
