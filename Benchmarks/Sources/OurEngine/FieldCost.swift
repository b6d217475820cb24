import BenchKit
import Dynamics

/// What a field costs beside Gravity: 1,000 items in a radial gravity field with a region, against the same items
/// under Gravity. Both worlds are stepped in alternation, frame by frame and in alternating order, and timed by the
/// thread's processor time, so load on the shared machine falls on both alike (see DelegateCost).
/// No collision behaviour: the frame is then all integration, the worst case for the field's share (a field is
/// evaluated per item per sub-step, gravity is a constant added to the velocity); contacts would only hide it.
public enum FieldCost {
    /// Milliseconds per frame of each world, and their ratio (median over blocks of frames).
    public struct Figure: Sendable {
        public var fieldMilliseconds: Double
        public var gravityMilliseconds: Double
        public var ratio: Double
        public var frames: Int
    }

    /// 1,000 10 x 10 items on a 40 x 25 grid, 12 pt apart, kept awake, moving sideways at 100 pt/s so the field's
    /// centre and region test sees them at new places; `field` chooses a radial gravity field (falloff 2, centred on
    /// the grid, a region of radius 400 that holds every item) or Gravity of magnitude 1.
    static func world(field: Bool) throws -> Animator {
        let animator = try Animator(referenceSize: Vector(600, 400))
        animator.allowsSleep = false
        var items: [DynamicItem] = []
        for i in 0..<1000 {
            let item = try DynamicItem(center: Vector(60 + Double(i % 40) * 12, 50 + Double(i / 40) * 12),
                                       size: Vector(10, 10))
            try item.setVelocity(Vector(100, 0))
            items.append(item)
        }
        if field {
            let f = try FieldBehavior(kind: .radialGravity, items: items)
            try f.setPosition(Vector(300, 200))
            try f.setFalloff(2)
            try f.setMinimumRadius(20)
            f.setRegion(try .radius(400))
            try animator.addBehavior(f)
        } else {
            try animator.addBehavior(GravityBehavior(items: items))
        }
        return animator
    }

    /// Steps both worlds `frames` times after a warm-up; per block of `block` frames the ratio of their times, and
    /// the median block.
    public static func measure(frames: Int, block: Int = 20) throws -> Figure {
        let withField = try world(field: true), withGravity = try world(field: false)
        for _ in 0..<10 { try withField.step(); try withGravity.step() }
        var ratios: [Double] = [], fieldTimes: [Double] = [], gravityTimes: [Double] = []
        var blockField = 0.0, blockGravity = 0.0
        let n = max(frames, block)
        for f in 1...n {
            if f % 2 == 0 {
                blockField += try ThreadCPUClock.seconds { try withField.step() }
                blockGravity += try ThreadCPUClock.seconds { try withGravity.step() }
            } else {
                blockGravity += try ThreadCPUClock.seconds { try withGravity.step() }
                blockField += try ThreadCPUClock.seconds { try withField.step() }
            }
            if f % block == 0 {
                ratios.append(blockField / blockGravity)
                fieldTimes.append(1000 * blockField / Double(block))
                gravityTimes.append(1000 * blockGravity / Double(block))
                blockField = 0; blockGravity = 0
            }
        }
        return Figure(fieldMilliseconds: median(fieldTimes), gravityMilliseconds: median(gravityTimes),
                      ratio: median(ratios), frames: n)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
