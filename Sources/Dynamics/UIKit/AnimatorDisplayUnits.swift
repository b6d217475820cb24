/// How numbers are shown to people (pictures, the live view), never what scripts read or write: scripts always
/// speak points with y down. Metres are `pointsPerMetre` points; with `yUp` heights grow upward from the floor.
public struct DisplayUnits: Sendable, Equatable {
    /// Show lengths in metres rather than points.
    public var metres = false
    /// Points in one metre (100 by default: a 100-point square is a metre wide).
    public private(set) var pointsPerMetre = 100.0
    /// Show y growing upward.
    public var yUp = false

    public init() {}

    public mutating func setPointsPerMetre(_ x: Double) throws(DynamicsError) {
        try checkPositive(x, "pointsPerMetre")
        pointsPerMetre = x
    }
}

extension Animator {
    /// The y, in points, where gravitational potential energy is zero: set with `setPotentialEnergyZero`, else the
    /// bottom of the reference bounds (the floor, so that things above it have positive energy), else 0.
    public var potentialEnergyZero: Double { potentialEnergyZeroSetting ?? referenceBounds?.upper.y ?? 0 }

    /// Measures potential energy from height `y` (points, y down) from now on.
    public func setPotentialEnergyZero(_ y: Double) throws(DynamicsError) {
        try checkFinite(y, "potentialEnergyZero")
        potentialEnergyZeroSetting = y
    }
}
