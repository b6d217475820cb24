/// The point-to-point part shared by pin (revolute) and fixed (weld) joints: the two anchors stay together.
extension Joint {
    func warmStartPoint(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let (ra, rb, _) = currentAnchors(sA, sB)
        let axial = angularImpulse + frictionImpulse + lowerImpulse - upperImpulse
        let P = linearImpulse
        sA.v -= sA.invMass * P; sA.w -= sA.invInertia * (cross(ra, P) + axial)
        sB.v += sB.invMass * P; sB.w += sB.invInertia * (cross(rb, P) + axial)
        storeVelocities(sA, sB, into: states)
    }

    /// One soft iteration of the point constraint on the given states.
    mutating func solvePointPart(_ sA: inout BodyState, _ sB: inout BodyState, _ softness: Softness, _ useBias: Bool) {
        let (ra, rb, d) = currentAnchors(sA, sB)
        let cdot = sB.v + cross(sB.w, rb) - sA.v - cross(sA.w, ra)
        var bias = Vector.zero, massScale: Double = 1, impulseScale: Double = 0
        if useBias {
            bias = softness.biasRate * d; massScale = softness.massScale; impulseScale = softness.impulseScale
        }
        let mA = sA.invMass, mB = sB.invMass, iA = sA.invInertia, iB = sB.invInertia
        let k11 = mA + mB + ra.y * ra.y * iA + rb.y * rb.y * iB
        let k12 = -ra.y * ra.x * iA - rb.y * rb.x * iB
        let k22 = mA + mB + ra.x * ra.x * iA + rb.x * rb.x * iB
        let x = solve2x2(k11, k12, k22, cdot + bias)
        let impulse = Vector(-massScale * x.x - impulseScale * linearImpulse.x, -massScale * x.y - impulseScale * linearImpulse.y)
        linearImpulse += impulse
        sA.v -= mA * impulse; sA.w -= iA * cross(ra, impulse)
        sB.v += mB * impulse; sB.w += iB * cross(rb, impulse)
    }

    /// The relative angle now, from the angle at the step start and the rotations since.
    @inline(__always)
    func currentJointAngle(_ sA: BodyState, _ sB: BodyState) -> Double {
        deltaAngle + relativeAngle(sA.dq, sB.dq)
    }
}
