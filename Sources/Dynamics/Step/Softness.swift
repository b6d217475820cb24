/// The coefficients of a soft constraint for one sub-step: a spring of `hertz` and damping ratio `zeta`, solved
/// implicitly so it stays stable at any stiffness (the "soft step" idea from Erin Catto's Solver2D notes).
struct Softness {
    /// How much of the position error is fed back as a velocity, per second.
    var biasRate: Double
    /// Scales the effective mass: below 1 the constraint yields like a spring.
    var massScale: Double
    /// Removes a share of the accumulated impulse each iteration, which is what makes the spring implicit.
    var impulseScale: Double

    /// A rigid constraint: no feedback of position error through this path.
    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    /// The coefficients for a spring of `hertz` with damping ratio `zeta`, sub-step `h`; zero hertz means rigid.
    init(hertz: Double, zeta: Double, h: Double) {
        guard hertz > 0 else { self = .rigid; return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate; self.massScale = massScale; self.impulseScale = impulseScale
    }
}

/// Tuning of the solver that is not a length tolerance (those live in `Tolerance`).
enum SolverTuning {
    /// Contact stiffness as a share of the sub-step rate: a quarter, Box2D's upper bound (60 Hz at 4 sub-steps of a
    /// 1/60 frame). Box2D's default of 30 Hz lets a 20-box column of 30 pt boxes buckle within a second or two when it
    /// is kept awake; at a quarter of the sub-step rate it holds several seconds, and more sub-steps make it stiffer.
    static let contactHertzPerSubstepRate: Double = 0.25
    /// Contacts are heavily over-damped so stacks do not bounce from position correction.
    static let contactDampingRatio: Double = 10
    /// Springs slower than this (omega h, radians per sub-step) are integrated explicitly, which keeps their energy;
    /// stiffer ones use the implicit soft form. 0.5 is well inside explicit stability (2): springs up to about 19 Hz
    /// at the default 4 sub-steps of a 1/60 frame.
    static let explicitSpringLimit: Double = 0.5
    /// Joint stiffness as a share of the sub-step rate: a quarter, like contacts (and Box2D v3's clamp on joint
    /// stiffness). At half the sub-step rate (omega h = pi) a soft joint is past what one iteration per sub-step
    /// can follow along a chain: a 20 x 20 grid of pinned circles hanging from its middle tore its pins 3 m apart,
    /// where at a quarter they stretch 1 cm (docs/performance.md).
    static let jointHertzPerSubstepRate: Double = 0.25
    /// Joints are damped with a ratio of 2.
    static let jointDampingRatio: Double = 2
    /// Position correction of an overlapping contact never pushes faster than 3 m/s.
    static let contactPushMaxVelocity: Double = 3 * Tolerance.lengthUnitsPerMeter
    /// Approach speeds below 10 cm/s do not bounce by default, so a bouncing item comes to rest, while a 20 pt/s
    /// impact keeps its elasticity (`Animator.restitutionThreshold` changes it).
    static let defaultRestitutionThreshold: Double = 0.1 * Tolerance.lengthUnitsPerMeter
    /// By default a body is still when slower than 1 cm/s (at its centre and at its far edge from rotation): slow
    /// motion a person can see goes on (a block gliding at 4 pt/s, a pendulum swinging through 1 pt), while a settled
    /// pile still sleeps within a few seconds.
    static let defaultSleepThreshold: Double = 0.01 * Tolerance.lengthUnitsPerMeter
    /// An island goes to sleep after all its bodies stayed still this long.
    static let timeToSleep: Double = 0.5
    /// Turn cap per sub-step (a quarter turn's half, Box2D's figure): far above anything a scene does on purpose
    /// (188 rad/s at 4 sub-steps of a 1/60 frame), it keeps a runaway body from producing infinities.
    static let maxRotationPerSubstep: Double = 0.25 * Double.pi
    /// Speed cap that keeps a runaway body from producing infinities: 400 m/s.
    static let maxLinearSpeed: Double = 400 * Tolerance.lengthUnitsPerMeter
}
