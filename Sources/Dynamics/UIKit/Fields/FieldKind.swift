/// What a field does to the items in its region (UIFieldBehavior's makers). With strength 1 and no falloff:
public enum FieldKind: String, Sendable, CaseIterable {
    /// Accelerates items along `direction` like a Gravity of the same magnitude (1000 pt/s^2 per unit).
    case linearGravity
    /// Accelerates items toward `position` at 1000 pt/s^2.
    case radialGravity
    /// Pulls each item's velocity toward `direction` x 100 pt/s, at a rate of `strength` per second.
    case velocity
    /// Pushes items by a smooth, seeded random field of up to about 100 pt/s^2.
    case noise
    /// Like noise, scaled by each item's speed (per second): still items feel nothing.
    case turbulence
    /// Pulls items toward `position` like a spring of stiffness 4 pi^2 per unit mass: period 1 s.
    case spring
    /// Pushes charged items away from `position` with a force of 1000 x charge (attracts opposite charges).
    case electric
    /// Turns moving charged items at 2 pi x charge / mass rad/s without changing their speed (counter-clockwise on
    /// screen when strength x charge is positive).
    case magnetic
    /// Accelerates items around `position` at 1000 pt/s^2, counter-clockwise on screen.
    case vortex
    /// Slows items: force = -strength x mass x velocity per second, so speed decays as e^(-strength t).
    case drag
    /// A function of the item's position, velocity, mass and charge gives the force (evaluated once per frame).
    case custom

    /// Whether the field has a potential energy (uniform linear gravity, radial, spring and electric fields).
    var isConservative: Bool {
        switch self {
        case .linearGravity, .radialGravity, .spring, .electric: true
        default: false
        }
    }
}
