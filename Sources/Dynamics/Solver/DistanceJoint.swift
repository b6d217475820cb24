/// Distance joints: UIKit's distance attachment (a rod, or a spring with a frequency) and its limit attachment (a rope
/// between a minimum and a maximum length).
extension Joint {
    func warmStartDistance(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let (ra, rb, d) = currentAnchors(sA, sB)
        let axis = d.normalized
        let P = (axialImpulse + lowerImpulse - upperImpulse) * axis
        sA.v -= sA.invMass * P; sA.w -= sA.invInertia * cross(ra, P)
        sB.v += sB.invMass * P; sB.w += sB.invInertia * cross(rb, P)
        states[a] = sA; states[b] = sB
    }

    mutating func solveDistance(_ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: JointContext, _ useBias: Bool) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let (ra, rb, d) = currentAnchors(sA, sB)
        let len = d.length
        let axis = d.normalized
        let crA = cross(ra, axis), crB = cross(rb, axis)
        let k = sA.invMass + sB.invMass + sA.invInertia * crA * crA + sB.invInertia * crB * crB
        let axialMass = k > 0 ? 1 / k : 0

        func apply(_ impulse: Double) {
            let P = impulse * axis
            sA.v -= sA.invMass * P; sA.w -= sA.invInertia * cross(ra, P)
            sB.v += sB.invMass * P; sB.w += sB.invInertia * cross(rb, P)
        }
        func cdot() -> Double { dot(axis, sB.v + cross(sB.w, rb) - sA.v - cross(sA.w, ra)) }

        switch distanceMode {
        case .rigid:
            let C = len - length
            let s = useBias ? softness : .rigid
            let bias = useBias ? s.biasRate * C : 0
            let impulse = -s.massScale * axialMass * (cdot() + bias) - s.impulseScale * axialImpulse
            axialImpulse += impulse
            apply(impulse)
        case .spring where useBias:
            // A spring is physical, not error correction, so it acts in the relax pass too.
            let C = len - length
            let s = springSoftness
            let impulse = -s.massScale * axialMass * (cdot() + s.biasRate * C) - s.impulseScale * axialImpulse
            axialImpulse += impulse
            apply(impulse)
        case .free, .spring:
            break
        }

        if enableLimit {
            // Lower limit: only pushes apart.
            if lowerLimit.isFinite {
                let C = len - lowerLimit
                var bias: Double = 0, massScale: Double = 1, impulseScale: Double = 0
                if C > 0 { bias = C * ctx.inverseH } else if useBias {
                    bias = softness.biasRate * C; massScale = softness.massScale; impulseScale = softness.impulseScale
                }
                let impulse = -massScale * axialMass * (cdot() + bias) - impulseScale * lowerImpulse
                let newImpulse = max(0, lowerImpulse + impulse)
                apply(newImpulse - lowerImpulse)
                lowerImpulse = newImpulse
            }
            // Upper limit: only pulls together.
            if upperLimit.isFinite {
                let C = upperLimit - len
                var bias: Double = 0, massScale: Double = 1, impulseScale: Double = 0
                if C > 0 { bias = C * ctx.inverseH } else if useBias {
                    bias = softness.biasRate * C; massScale = softness.massScale; impulseScale = softness.impulseScale
                }
                let impulse = -massScale * axialMass * (-cdot() + bias) - impulseScale * upperImpulse
                let newImpulse = max(0, upperImpulse + impulse)
                apply(-(newImpulse - upperImpulse))
                upperImpulse = newImpulse
            }
        }
        states[a] = sA; states[b] = sB
    }
}
