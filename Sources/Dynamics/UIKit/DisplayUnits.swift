/// How values are shown to people (printing, traces, plots, pictures): in points or metres, with y down as UIKit
/// has it or up as physics books draw it. Scripts always read and write points, y down; only what is shown changes.
public struct DisplayUnits: Sendable, Equatable {
    /// Metres instead of points.
    public var metres = false
    /// How many points make a metre (positive and finite).
    public var pointsPerMetre = 100.0
    /// y grows upward from `floor`, and angles turn counter-clockwise.
    public var yUp = false
    /// The y (points, y down) that is height 0 when `yUp`: the bottom of the reference bounds, else 0.
    public var floor = 0.0

    /// Points, y down: what scripts use.
    public init() {}

    /// Whether anything is shown differently from what scripts use.
    public var isPlain: Bool { !metres && !yUp }

    /// The unit of lengths: "pt" or "m".
    public var lengthUnit: String { metres ? "m" : "pt" }
    /// The unit of speeds.
    public var speedUnit: String { metres ? "m/s" : "pt/s" }
    /// The unit of energies: joules for metres (a mass unit is then taken as a kilogram).
    public var energyUnit: String { metres ? "J" : "mass·pt²/s²" }

    /// A length or distance.
    public func length(_ points: Double) -> Double { metres ? points / pointsPerMetre : points }
    /// A position: x as it is, y measured from the floor upward when `yUp`.
    public func position(_ p: Vector) -> Vector { Vector(length(p.x), yUp ? length(floor - p.y) : length(p.y)) }
    /// A velocity or any other direction: y flipped when `yUp`.
    /// (`0 - y`, not `-y`: a still item shows 0, not -0.)
    public func vector(_ v: Vector) -> Vector { Vector(length(v.x), yUp ? 0 - length(v.y) : length(v.y)) }
    /// An angle or angular velocity: counter-clockwise positive when `yUp` (a mirror image turns the other way).
    public func angle(_ a: Double) -> Double { yUp ? 0 - a : a }
    /// An energy (mass·pt²/s²).
    public func energy(_ e: Double) -> Double { metres ? e / (pointsPerMetre * pointsPerMetre) : e }
    /// A y coordinate shown in these units back in points, y down (for placing a grid line at a round height).
    public func pointsY(_ shown: Double) -> Double { yUp ? floor - points(shown) : points(shown) }
    /// A shown length back in points.
    public func points(_ shown: Double) -> Double { metres ? shown * pointsPerMetre : shown }
}

extension Animator {
    /// How this animator's values are shown to people; the floor follows `potentialEnergyZero`.
    public var displayUnits: DisplayUnits {
        var units = displayUnitsSetting
        units.floor = potentialEnergyZero
        return units
    }

    /// Shows lengths in metres (true) or points.
    public func setDisplaysMetres(_ metres: Bool) { displayUnitsSetting.metres = metres }

    /// Sets how many points make a metre; it must be positive and finite.
    public func setPointsPerMetre(_ x: Double) throws(DynamicsError) {
        try checkPositive(x, "pointsPerMetre")
        displayUnitsSetting.pointsPerMetre = x
    }

    /// Shows y growing upward from the floor, angles counter-clockwise.
    public func setDisplaysYUp(_ yUp: Bool) { displayUnitsSetting.yUp = yUp }
}
