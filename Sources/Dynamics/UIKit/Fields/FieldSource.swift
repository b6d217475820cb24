/// One field as the world step sees it: plain numbers, so the sub-step loop evaluates fields without touching a
/// class, an existential or a closure. The animator makes one per field behaviour every frame.
struct FieldSource {
    var kind: FieldKind
    var position: Vector
    var direction: Vector
    var strength: Double
    var falloff: Double
    var minimumRadius: Double
    /// One over the feature size of noise and turbulence, 1/pt.
    var noiseFrequency: Double
    /// Hz: how fast noise and turbulence change in time.
    var animationSpeed: Double
    var seed: UInt64
    /// The field's links are `links[firstLink ..< firstLink + linkCount]` (each field appends its own in a run).
    var firstLink: Int32 = 0
    var linkCount: Int32 = 0
}

/// A field acting on a body this frame: the body's centre was inside the field's region when the frame began.
struct FieldLink {
    var body: Int32
    var source: Int32
    /// Charge over mass, for electric and magnetic fields.
    var chargePerMass: Double
}

extension FieldSource {
    /// The falloff term at distance `r`: (r / 100 pt)^-falloff beyond `minimumRadius`, its value there inside.
    /// Whole exponents up to 3 (uniform, 1/r, inverse square, 1/r^3) are multiplied out: `pow` would be most of a
    /// field's cost per item and sub-step.
    @inline(__always)
    func falloffFactor(_ r: Double) -> Double {
        if falloff == 0 { return 1 }
        let q = FieldScale.falloffLength / max(r, minimumRadius)
        switch falloff {
        case 1: return q
        case 2: return q * q
        case 3: return q * q * q
        default: return pow(q, falloff)
        }
    }

    /// The falloff term at distance `r` over `r`, given 1 / r: central fields scale the offset by it, and one
    /// division serves both (divisions are most of a central field's cost per item and sub-step).
    @inline(__always)
    func falloffOverDistance(_ r: Double, inverse: Double) -> Double {
        if falloff == 0 { return inverse }
        let q = r >= minimumRadius ? FieldScale.falloffLength * inverse : FieldScale.falloffLength / minimumRadius
        switch falloff {
        case 1: return q * inverse
        case 2: return q * q * inverse
        case 3: return q * q * q * inverse
        default: return pow(q, falloff) * inverse
        }
    }

    /// The smooth random vector of noise and turbulence at `p` and `time`, each component in about -1...1.
    @inline(__always)
    func noiseVector(at p: Vector, time: Double) -> Vector {
        let x = p.x * noiseFrequency, y = p.y * noiseFrequency, t = time * animationSpeed
        // Two independent channels: the seed and a seed no other field shares by accident.
        return Vector(GradientNoise.value(x, y, t, seed: seed), GradientNoise.value(x, y, t, seed: seed ^ 0x5DEE_CE66_D1CE_4E5B))
    }

    /// Changes velocity `v` of an item at `p` over `h` seconds. Velocity-proportional fields (drag, velocity) relax
    /// exactly (`v` approaches its target by e^(-rate h)), and a magnetic field turns `v` by an exact rotation, so
    /// neither gains nor loses energy however large the step; the others add acceleration x h.
    @inline(__always)
    func act(on v: inout Vector, at p: Vector, chargePerMass: Double, h: Double, time: Double) {
        let d = p - position
        switch kind {
        case .linearGravity:
            v += (h * FieldScale.acceleration * strength * falloffFactor(d.length)) * direction
        case .radialGravity:
            let r = d.length
            guard r > 0 else { return }
            v -= (h * FieldScale.acceleration * strength * falloffOverDistance(r, inverse: 1 / r)) * d
        case .vortex:
            let r = d.length
            guard r > 0 else { return }
            // (d.y, -d.x) turns counter-clockwise on a y-down screen.
            v += (h * FieldScale.acceleration * strength * falloffOverDistance(r, inverse: 1 / r)) * Vector(d.y, -d.x)
        case .spring:
            v -= (h * FieldScale.springStiffness * strength * falloffFactor(d.length)) * d
        case .electric:
            let r = d.length
            guard r > 0, chargePerMass != 0 else { return }
            v += (h * FieldScale.acceleration * strength * chargePerMass * falloffOverDistance(r, inverse: 1 / r)) * d
        case .magnetic:
            guard chargePerMass != 0 else { return }
            // Counter-clockwise on screen is a negative angle in y-down axes.
            let turn = -h * FieldScale.magneticTurnRate * strength * chargePerMass * falloffFactor(d.length)
            v = Rotation(angle: turn).rotate(v)
        case .drag:
            v *= exp(-h * strength * falloffFactor(d.length))
        case .velocity:
            let target = FieldScale.velocity * direction
            v = target + exp(-h * strength * falloffFactor(d.length)) * (v - target)
        case .noise:
            v += (h * FieldScale.noise * strength * falloffFactor(d.length)) * noiseVector(at: p, time: time)
        case .turbulence:
            v += (h * strength * v.length * falloffFactor(d.length)) * noiseVector(at: p, time: time)
        case .custom:
            // Custom fields are forces gathered once per frame (they call a function the world cannot).
            break
        }
    }

    /// The acceleration an item of unit charge per mass at rest at `p` feels, pt/s^2: what pictures draw. Fields
    /// that act only on moving items show what they do to one moving at 100 pt/s to the right; a velocity field
    /// shows its target velocity's pull on a still item.
    func sampleAcceleration(at p: Vector, time: Double) -> Vector {
        let h = 1e-3
        var v = Vector.zero
        switch kind {
        case .magnetic, .drag, .turbulence: v = Vector(FieldScale.velocity, 0)
        default: break
        }
        let before = v
        act(on: &v, at: p, chargePerMass: 1, h: h, time: time)
        return (v - before) / h
    }
}
