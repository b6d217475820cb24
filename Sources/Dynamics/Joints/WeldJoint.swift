/// Fixed joints (UIKit's fixed attachment): the anchors stay together and the relative angle stays as it was made.
extension Joint {
    mutating func solveWeld(_ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: JointContext, _ useBias: Bool) {
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        let iSum = sA.invInertia + sB.invInertia
        if iSum > 0 {
            let axialMass = 1 / iSum
            var bias: Double = 0, massScale: Double = 1, impulseScale: Double = 0
            if useBias {
                bias = ctx.jointSoftness.biasRate * currentJointAngle(sA, sB)
                massScale = ctx.jointSoftness.massScale; impulseScale = ctx.jointSoftness.impulseScale
            }
            let cdot = sB.w - sA.w
            let impulse = -axialMass * massScale * (cdot + bias) - impulseScale * angularImpulse
            angularImpulse += impulse
            sA.w -= sA.invInertia * impulse
            sB.w += sB.invInertia * impulse
        }
        solvePointPart(&sA, &sB, ctx.jointSoftness, useBias)
        storeVelocities(sA, sB, into: states)
    }
}
