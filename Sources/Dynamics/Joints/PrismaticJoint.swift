/// Sliding joints (UIKit's sliding attachment): body B moves along an axis fixed in body A, without turning relative
/// to it, optionally within a translation range.
extension Joint {
    func warmStartPrismatic(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let (ra, rb, d) = currentAnchors(sA, sB)
        let axis = sA.dq.rotate(axisA), perp = axis.leftPerp
        let a1 = cross(d + ra, axis), a2 = cross(rb, axis)
        let s1 = cross(d + ra, perp), s2 = cross(rb, perp)
        let axial = lowerImpulse - upperImpulse
        let P = axial * axis + linearImpulse.x * perp
        let lA = axial * a1 + linearImpulse.x * s1 + linearImpulse.y
        let lB = axial * a2 + linearImpulse.x * s2 + linearImpulse.y
        sA.v -= sA.invMass * P; sA.w -= sA.invInertia * lA
        sB.v += sB.invMass * P; sB.w += sB.invInertia * lB
        storeVelocities(sA, sB, into: states)
    }

    mutating func solvePrismatic(_ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: JointContext, _ useBias: Bool) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let mA = sA.invMass, mB = sB.invMass, iA = sA.invInertia, iB = sB.invInertia
        let (ra, rb, d) = currentAnchors(sA, sB)
        let axis = sA.dq.rotate(axisA)
        let translation = dot(axis, d)
        let a1 = cross(d + ra, axis), a2 = cross(rb, axis)

        if enableLimit {
            let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
            let axialMass = k > 0 ? 1 / k : 0
            if lowerLimit.isFinite {
                let (bias, massScale, impulseScale) = limitTerms(translation - lowerLimit, ctx, useBias)
                let cdot = dot(axis, sB.v - sA.v) + a2 * sB.w - a1 * sA.w
                let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * lowerImpulse
                let newImpulse = max(lowerImpulse + impulse, 0)
                applyAxial(newImpulse - lowerImpulse, axis, a1, a2, &sA, &sB)
                lowerImpulse = newImpulse
            }
            if upperLimit.isFinite {
                let (bias, massScale, impulseScale) = limitTerms(upperLimit - translation, ctx, useBias)
                let cdot = -(dot(axis, sB.v - sA.v) + a2 * sB.w - a1 * sA.w)
                let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * upperImpulse
                let newImpulse = max(upperImpulse + impulse, 0)
                applyAxial(-(newImpulse - upperImpulse), axis, a1, a2, &sA, &sB)
                upperImpulse = newImpulse
            }
        }

        // Perpendicular offset and relative angle, solved together.
        let perp = axis.leftPerp
        let s1 = cross(d + ra, perp), s2 = cross(rb, perp)
        let cdot = Vector(dot(perp, sB.v - sA.v) + s2 * sB.w - s1 * sA.w, sB.w - sA.w)
        var bias = Vector.zero, massScale: Double = 1, impulseScale: Double = 0
        if useBias {
            let C = Vector(dot(perp, d), currentJointAngle(sA, sB))
            let softness = ctx.jointSoftness
            bias = softness.biasRate * C; massScale = softness.massScale; impulseScale = softness.impulseScale
        }
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 } // both bodies keep their angle anyway; keeps K invertible
        let x = solve2x2(k11, k12, k22, cdot + bias)
        let impulse = Vector(-massScale * x.x - impulseScale * linearImpulse.x, -massScale * x.y - impulseScale * linearImpulse.y)
        linearImpulse += impulse
        let P = impulse.x * perp
        let lA = impulse.x * s1 + impulse.y
        let lB = impulse.x * s2 + impulse.y
        sA.v -= mA * P; sA.w -= iA * lA
        sB.v += mB * P; sB.w += iB * lB
        storeVelocities(sA, sB, into: states)
    }

    /// An impulse along the axis; the lever arms `a1`, `a2` include the offset between the anchors.
    @inline(__always)
    private func applyAxial(_ impulse: Double, _ axis: Vector, _ a1: Double, _ a2: Double,
                            _ sA: inout BodyState, _ sB: inout BodyState) {
        let P = impulse * axis
        sA.v -= sA.invMass * P; sA.w -= sA.invInertia * impulse * a1
        sB.v += sB.invMass * P; sB.w += sB.invInertia * impulse * a2
    }
}
