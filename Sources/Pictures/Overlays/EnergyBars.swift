import Dynamics

/// The three energy bars every picture shows when asked (terminal, SVG, the HTML replay and the live view):
/// kinetic, potential and their total, in the animator's display units, each bar as long as its value's size
/// against the largest of the three (or against a larger `scale` shared by a run of frames, so the bars of one
/// replay compare across time). Potential energy is measured from `animator.potentialEnergyZero`, so it can be
/// negative: a negative value's bar is as long as its size and its label says minus.
public struct EnergyBars: Sendable, Equatable {
    /// One bar.
    public struct Bar: Sendable, Equatable {
        /// "kinetic", "potential" or "total".
        public var name: String
        /// The energy in display units (`DisplayUnits.energy`).
        public var value: Double
        /// The bar's length as a fraction of the full length, 0...1.
        public var fraction: Double
        public var color: RGBColor
        /// `kinetic 12.5 J`.
        public var label: String
    }

    /// Kinetic, potential, total.
    public var bars: [Bar]
    /// The unit the values are in ("J" or "mass·pt²/s²").
    public var unit: String

    /// The colours of the bars, as the live view draws them.
    public static let colors = [RGBColor(hex: 0xe15759), RGBColor(hex: 0x4e79a7), RGBColor(hex: 0x59a14f)]

    /// The bars for the energies of `snapshot`; `scale`, in mass·pt²/s², is the size a full bar stands for when it is
    /// larger than all three (for a replay: the largest over the recording).
    public init(_ snapshot: WorldSnapshot, scale: Double = 0) {
        self.init(kinetic: snapshot.kineticEnergy, potential: snapshot.potentialEnergy, units: snapshot.units, scale: scale)
    }

    /// The bars for `kinetic` and `potential` (mass·pt²/s²) shown in `units`.
    public init(kinetic: Double, potential: Double, units: DisplayUnits, scale: Double = 0) {
        let values = [kinetic, potential, kinetic + potential]
        let full = EnergyBars.fullScale(kinetic: kinetic, potential: potential, at: scale)
        unit = units.energyUnit
        bars = zip(["kinetic", "potential", "total"], zip(values, EnergyBars.colors)).map { name, pair in
            let (value, color) = pair
            let shown = units.energy(value)
            let fraction = full > 0 && value.isFinite ? min(abs(value) / full, 1) : 0
            return Bar(name: name, value: shown, fraction: fraction, color: color,
                       label: "\(name) \(NumberText.compact(shown)) \(units.energyUnit)")
        }
    }

    /// The size a full bar stands for: the largest of the three sizes and `scale`.
    public static func fullScale(kinetic: Double, potential: Double, at scale: Double = 0) -> Double {
        let sizes = [kinetic, potential, kinetic + potential, scale].filter(\.isFinite).map(abs)
        return sizes.max() ?? 0
    }
}
