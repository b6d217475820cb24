/// Tolerances of the engine, in points. Box2D's figures are in metres; 100 pt make one metre here.
public enum Tolerance {
    /// Points per metre: the engine works in points and scales metre-sized tolerances by this.
    public static let lengthUnitsPerMeter: Double = 100
    /// Overlap the solver allows, so contacts stay warm and stacks do not jitter.
    public static let linearSlop: Double = 0.005 * lengthUnitsPerMeter
    /// Contacts are made this far before shapes touch (speculative contacts).
    public static let speculativeDistance: Double = 4 * linearSlop
    /// Broadphase boxes are fattened by this much so small motions do not move proxies.
    public static let aabbMargin: Double = 0.05 * lengthUnitsPerMeter
}
