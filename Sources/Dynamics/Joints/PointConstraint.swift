/// The point-to-point part shared by pin (revolute) and fixed (weld) joints: the two anchors stay together.
///
/// The arithmetic is written once, on the anchors, the relative placement and the impulse it is given, so a joint
/// record (`Joint`) and a compact row of the solve (`JointRow`) run the very same instructions and give the same
/// bits.
enum PointConstraint {
    /// Current anchors and their separation, from the motion since the step began.
    @inline(__always)
    static func currentAnchors(_ sA: BodyState, _ sB: BodyState, rA: Vector, rB: Vector,
                               deltaCenter: Vector) -> (rA: Vector, rB: Vector, d: Vector) {
        let ra = sA.dq.rotate(rA), rb = sB.dq.rotate(rB)
        return (ra, rb, (sB.dp - sA.dp) + deltaCenter + rb - ra)
    }

    /// Applies the accumulated impulse `P` (and the angular impulse `axial`) to the two bodies, as a warm start.
    @inline(__always)
    static func warmStart(_ sA: inout BodyState, _ sB: inout BodyState, rA: Vector, rB: Vector, P: Vector,
                          axial: Double) {
        let ra = sA.dq.rotate(rA), rb = sB.dq.rotate(rB)
        sA.v -= sA.invMass * P; sA.w -= sA.invInertia * (cross(ra, P) + axial)
        sB.v += sB.invMass * P; sB.w += sB.invInertia * (cross(rb, P) + axial)
    }

    /// One soft iteration of the point constraint on the given states, adding to `linearImpulse`.
    @inline(__always)
    static func solve(_ sA: inout BodyState, _ sB: inout BodyState, rA: Vector, rB: Vector, deltaCenter: Vector,
                      linearImpulse: inout Vector, _ softness: Softness, _ useBias: Bool) {
        let (ra, rb, d) = currentAnchors(sA, sB, rA: rA, rB: rB, deltaCenter: deltaCenter)
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
}

extension Joint {
    func warmStartPoint(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let axial = angularImpulse + frictionImpulse + lowerImpulse - upperImpulse
        PointConstraint.warmStart(&sA, &sB, rA: rA, rB: rB, P: linearImpulse, axial: axial)
        storeVelocities(sA, sB, into: states)
    }

    /// One soft iteration of the point constraint on the given states.
    @inline(__always)
    mutating func solvePointPart(_ sA: inout BodyState, _ sB: inout BodyState, _ softness: Softness, _ useBias: Bool) {
        PointConstraint.solve(&sA, &sB, rA: rA, rB: rB, deltaCenter: deltaCenter, linearImpulse: &linearImpulse,
                              softness, useBias)
    }

    /// The relative angle now, from the angle at the step start and the rotations since.
    @inline(__always)
    func currentJointAngle(_ sA: BodyState, _ sB: BodyState) -> Double {
        deltaAngle + relativeAngle(sA.dq, sB.dq)
    }
}
