/// The motion of a body over one step: centre of mass from c1 to c2, rotation from q1 to q2.
public struct Sweep: Sendable {
    /// Centre of mass in the body's local frame.
    public var localCenter: Vector
    /// World centre of mass at the start of the step.
    public var c1: Vector
    /// World centre of mass at the end of the step.
    public var c2: Vector
    /// Rotation at the start of the step.
    public var q1: Rotation
    /// Rotation at the end of the step (at most half a turn from q1: the shorter way round is taken).
    public var q2: Rotation
    /// A sweep from its parts.
    public init(localCenter: Vector, c1: Vector, c2: Vector, q1: Rotation, q2: Rotation) {
        self.localCenter = localCenter; self.c1 = c1; self.c2 = c2; self.q1 = q1; self.q2 = q2
    }

    /// The body transform at fraction `t` of the step. The centre moves in a straight line and the rotation turns at a
    /// steady rate through the short angle from q1 to q2, so no point of the body moves faster than
    /// |c2 - c1| + |angle| * (its distance from the centre) per unit of `t`, which `timeOfImpact` relies on.
    public func transform(at t: Double) -> Transform {
        let c = lerp(c1, c2, t)
        let q = q1.multiplied(by: Rotation(angle: t * relativeAngle(q1, q2)))
        return Transform(p: c - q.rotate(localCenter), q: q)
    }
}

/// The first fraction of the step in [0, maxFraction] at which the swept shapes come within `target` of each other
/// (surface to surface); returns maxFraction when they do not, and 0 when they start within `target`.
///
/// Conservative advancement: at each trial time the GJK gap is known, and the gap cannot close faster than the
/// relative centre velocity along the current normal plus each body's turning rate times its reach. With the shapes'
/// orientations frozen their gap is convex in time, so that bound never overshoots; rotation moves any point by at
/// most its rate times its reach. Each step therefore lands at or before the true contact: a thin segment cannot be
/// stepped over however fast the shape moves. The answer is within a quarter of `Tolerance.linearSlop` of `target`.
public func timeOfImpact(_ a: Shape, _ sweepA: Sweep, _ b: Shape, _ sweepB: Sweep,
                         target: Double, maxFraction: Double = 1) -> Double {
    withUnsafePointer(to: a) { pa in
        withUnsafePointer(to: b) { pb in timeOfImpact(pa, sweepA, pb, sweepB, target: target, maxFraction: maxFraction) }
    }
}

/// `timeOfImpact` for shapes read in place (the world's shape storage): no shape is copied.
func timeOfImpact(_ pa: UnsafePointer<Shape>, _ sweepA: Sweep, _ pb: UnsafePointer<Shape>, _ sweepB: Sweep,
                  target: Double, maxFraction: Double) -> Double {
    let a = LocalPolygon(inPlace: pa), b = LocalPolygon(inPlace: pb)
    let tMax = maxFraction.isFinite ? min(max(maxFraction, 0), 1) : 1
    let tolerance = 0.25 * Tolerance.linearSlop
    let target = target.isFinite ? max(target, tolerance) : tolerance
    let velocity = (sweepB.c2 - sweepB.c1) - (sweepA.c2 - sweepA.c1)
    let turning = abs(relativeAngle(sweepA.q1, sweepA.q2)) * coreReach(a, from: sweepA.localCenter)
        + abs(relativeAngle(sweepB.q1, sweepB.q2)) * coreReach(b, from: sweepB.localCenter)
    guard velocity.isFinite, turning.isFinite else { return 0 }
    var t = 0.0
    for _ in 0..<64 {
        let d = shapeDistance(pa, sweepA.transform(at: t), pb, sweepB.transform(at: t))
        let gap = d.coreDistance - a.radius - b.radius - target
        if gap <= tolerance || d.normal == .zero { return t }
        let closing = max(0, -dot(velocity, d.normal)) + turning
        guard closing > 1e-12 else { return tMax }
        t += gap / closing
        if t >= tMax { return tMax }
    }
    return t
}

/// The farthest core point of `s` from `center` (the radius stays put as the body turns).
func coreReach(_ s: LocalPolygon, from center: Vector) -> Double {
    var r = 0.0
    for i in 0..<s.count { r = max(r, distance(s.vertices[i], center)) }
    return r
}
