@testable import Dynamics

/// Shared helpers for the solver and behaviour tests: small worlds built through the public API.

/// A square item of side `side` (mass side^2/10000 at density 1).
func box(_ x: Double, _ y: Double, side: Double = 100, name: String = "box") throws -> DynamicItem {
    try DynamicItem(center: Vector(x, y), size: Vector(side, side), name: name)
}

/// Relative error |a - b| / |b|.
func relativeError(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }

/// Steps `frames` frames, calling `each` after every one.
func stepFrames(_ animator: Animator, _ frames: Int, _ each: (Int) -> Void = { _ in }) throws {
    for f in 0..<frames {
        try animator.step()
        each(f)
    }
}

/// Times at which `samples` (t, x) cross zero going upward, linearly interpolated.
func upwardCrossings(_ samples: [(Double, Double)]) -> [Double] {
    var out: [Double] = []
    for i in 1..<samples.count {
        let (t0, x0) = samples[i - 1], (t1, x1) = samples[i]
        if x0 < 0 && x1 >= 0 { out.append(t0 + (t1 - t0) * (-x0) / (x1 - x0)) }
    }
    return out
}
