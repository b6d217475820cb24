// SEAM (see Geometry/Shape.swift): continuous collision.

/// The motion of a body over one step: centre of mass from c1 to c2, rotation from q1 to q2.
public struct Sweep: Sendable {
    /// Centre of mass in the body's local frame.
    public var localCenter: Vector
    public var c1: Vector
    public var c2: Vector
    public var q1: Rotation
    public var q2: Rotation
    public init(localCenter: Vector, c1: Vector, c2: Vector, q1: Rotation, q2: Rotation) {
        self.localCenter = localCenter; self.c1 = c1; self.c2 = c2; self.q1 = q1; self.q2 = q2
    }
    /// The body transform at fraction `t` of the step.
    public func transform(at t: Double) -> Transform { fatalError("STUB") }
}

/// The first fraction of the step in [0, maxFraction] at which the swept shapes come within `target` of each other;
/// returns maxFraction (or 1) when they do not.
public func timeOfImpact(_ a: Shape, _ sweepA: Sweep, _ b: Shape, _ sweepB: Sweep,
                         target: Double, maxFraction: Double = 1) -> Double { fatalError("STUB") }
