/// Pin joints (UIKit's pin attachment): the anchors stay together, the bodies turn freely about them, resisted by a
/// friction torque or driven by a motor, and optionally held within an angle range.
extension Joint {
    mutating func solveRevolute(_ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: JointContext, _ useBias: Bool) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        // Most pins have neither friction nor a limit, and skip the division.
        if maxFrictionTorque > 0 || enableLimit { solveRevoluteAxial(&sA, &sB, ctx, useBias) }
        solvePointPart(&sA, &sB, ctx.jointSoftness, useBias)
        storeVelocities(sA, sB, into: states)
    }

    /// The motor (pin friction is a motor of speed zero) and the angle range.
    private mutating func solveRevoluteAxial(_ sA: inout BodyState, _ sB: inout BodyState, _ ctx: JointContext,
                                             _ useBias: Bool) {
        let iSum = sA.invInertia + sB.invInertia
        let axialMass = iSum > 0 ? 1 / iSum : 0

        // The motor drives the relative spin toward its speed with a capped torque; at speed zero it is friction.
        // Solved before the limits, so a limit always has the last word.
        if maxFrictionTorque > 0 && axialMass > 0 {
            let cdot = sB.w - sA.w - motorSpeed
            let maxImpulse = ctx.h * maxFrictionTorque
            let old = frictionImpulse
            frictionImpulse = min(max(old - axialMass * cdot, -maxImpulse), maxImpulse)
            let impulse = frictionImpulse - old
            sA.w -= sA.invInertia * impulse
            sB.w += sB.invInertia * impulse
        }

        if enableLimit && axialMass > 0 {
            let angle = currentJointAngle(sA, sB)
            if lowerLimit.isFinite {
                let (bias, massScale, impulseScale) = limitTerms(angle - lowerLimit, ctx, useBias)
                let cdot = sB.w - sA.w
                let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * lowerImpulse
                let newImpulse = max(lowerImpulse + impulse, 0)
                let applied = newImpulse - lowerImpulse
                lowerImpulse = newImpulse
                sA.w -= sA.invInertia * applied
                sB.w += sB.invInertia * applied
            }
            if upperLimit.isFinite {
                let (bias, massScale, impulseScale) = limitTerms(upperLimit - angle, ctx, useBias)
                let cdot = sA.w - sB.w
                let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * upperImpulse
                let newImpulse = max(upperImpulse + impulse, 0)
                let applied = newImpulse - upperImpulse
                upperImpulse = newImpulse
                sA.w += sA.invInertia * applied
                sB.w -= sB.invInertia * applied
            }
        }
    }
}
