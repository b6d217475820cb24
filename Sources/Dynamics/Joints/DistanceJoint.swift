/// Distance joints: UIKit's distance attachment (a rod, or a spring with a frequency) and its limit attachment (a rope
/// between a minimum and a maximum length).
extension Joint {
    func warmStartDistance(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(bodyA), b = Int(bodyB)
        var pair = BodyPair(a: states[a], b: states[b])
        let (ra, rb, d) = currentAnchors(pair.a, pair.b)
        pair.apply((axialImpulse + lowerImpulse - upperImpulse) * d.normalized, ra, rb)
        pair.storeVelocities(into: states, a, b)
    }

    mutating func solveDistance(_ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: JointContext, _ useBias: Bool) {
        let a = Int(bodyA), b = Int(bodyB)
        var pair = BodyPair(a: states[a], b: states[b])
        let (ra, rb, d) = currentAnchors(pair.a, pair.b)
        let len = d.length
        let axis = d.normalized
        let crA = cross(ra, axis), crB = cross(rb, axis)
        let k = pair.a.invMass + pair.b.invMass + pair.a.invInertia * crA * crA + pair.b.invInertia * crB * crB
        let axialMass = k > 0 ? 1 / k : 0

        switch distanceMode {
        case .rigid:
            let s = useBias ? ctx.jointSoftness : .rigid
            let bias = useBias ? s.biasRate * (len - length) : 0
            let cdot = dot(axis, pair.relativeVelocity(ra, rb))
            let impulse = -s.massScale * axialMass * (cdot + bias) - s.impulseScale * axialImpulse
            axialImpulse += impulse
            pair.apply(impulse * axis, ra, rb)
        case .spring where useBias:
            // The spring acts once per sub-step (in the solve pass); acting in the relax pass too would damp it twice.
            let cdot = dot(axis, pair.relativeVelocity(ra, rb))
            // A spring given by its stiffness has the frequency its ends' effective mass gives it, now.
            let springHertz = stiffness > 0 ? (stiffness * k).squareRoot() / (2 * Double.pi) : hertz
            let omegaH = 2 * Double.pi * springHertz * ctx.h
            if omegaH < SolverTuning.explicitSpringLimit {
                // Explicit spring, implicit damper: with the sub-step's velocity-then-position order this keeps an
                // undamped spring's energy, where the implicit soft form loses about (omega h)^2 / 2 per sub-step.
                // It is a force, recomputed every sub-step, so nothing is kept for warm starting.
                let omega = 2 * Double.pi * springHertz, damp = 2 * dampingRatio * omegaH
                let impulse = -axialMass * (omega * omegaH * (len - length) + damp * cdot) / (1 + damp)
                axialImpulse = 0
                pair.apply(impulse * axis, ra, rb)
            } else {
                // Too stiff for the sub-step to follow explicitly: the implicit soft form is stable at any stiffness.
                let s = stiffness > 0 ? Softness(hertz: springHertz, zeta: dampingRatio, h: ctx.h) : springSoftness
                let impulse = -s.massScale * axialMass * (cdot + s.biasRate * (len - length)) - s.impulseScale * axialImpulse
                axialImpulse += impulse
                pair.apply(impulse * axis, ra, rb)
            }
        case .free, .spring:
            break
        }

        if enableLimit {
            if lowerLimit.isFinite {
                // Lower limit: only pushes apart.
                let (bias, massScale, impulseScale) = limitTerms(len - lowerLimit, ctx, useBias)
                let cdot = dot(axis, pair.relativeVelocity(ra, rb))
                let impulse = -massScale * axialMass * (cdot + bias) - impulseScale * lowerImpulse
                let newImpulse = max(0, lowerImpulse + impulse)
                pair.apply((newImpulse - lowerImpulse) * axis, ra, rb)
                lowerImpulse = newImpulse
            }
            if upperLimit.isFinite {
                // Upper limit: only pulls together.
                let (bias, massScale, impulseScale) = limitTerms(upperLimit - len, ctx, useBias)
                let cdot = -dot(axis, pair.relativeVelocity(ra, rb))
                let impulse = -massScale * axialMass * (cdot + bias) - impulseScale * upperImpulse
                let newImpulse = max(0, upperImpulse + impulse)
                pair.apply(-(newImpulse - upperImpulse) * axis, ra, rb)
                upperImpulse = newImpulse
            }
        }
        pair.storeVelocities(into: states, a, b)
    }

    /// Bias, mass scale and impulse scale of a one-sided limit with slack `C`: while slack remains the limit may close
    /// it within the sub-step (speculative), once violated it pushes back softly (only in the biased pass).
    @inline(__always)
    func limitTerms(_ C: Double, _ ctx: JointContext, _ useBias: Bool) -> (Double, Double, Double) {
        if C > 0 { return (C * ctx.inverseH, 1, 0) }
        if useBias { return (ctx.jointSoftness.biasRate * C, ctx.jointSoftness.massScale, ctx.jointSoftness.impulseScale) }
        return (0, 1, 0)
    }
}
