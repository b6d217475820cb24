/// The numbers behind the fields' meanings (see FieldKind), in points and seconds.
enum FieldScale {
    /// pt/s^2 per unit of strength of gravity-like fields (linear, radial, vortex) and of electric force per charge.
    static let acceleration: Double = 1000
    /// pt/s^2 per unit of strength of a noise field, and pt/s of a velocity field's unit direction.
    static let noise: Double = 100
    static let velocity: Double = 100
    /// Distances in the falloff term are in units of this many points, so `strength` is the field 100 pt away.
    static let falloffLength: Double = 100
    /// Stiffness per unit mass of a spring field of strength 1: a period of 1 s.
    static let springStiffness: Double = 4 * Double.pi * Double.pi
    /// rad/s per unit of strength x charge / mass of a magnetic field: one turn a second.
    static let magneticTurnRate: Double = 2 * Double.pi
}
