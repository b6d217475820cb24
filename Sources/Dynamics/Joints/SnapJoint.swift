/// The snap constraint (UIKit's snap behaviour): a soft spring pulls the item's centre to a world point and a second
/// soft spring turns it back to angle 0. Body A is the ground and takes no part.
extension Joint {
    func warmStartSnap(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let b = Int(bodyB)
        var sB = states[b]
        let rb = sB.dq.rotate(rB)
        sB.v += sB.invMass * linearImpulse
        sB.w += sB.invInertia * (cross(rb, linearImpulse) + angularImpulse)
        states[b].v = sB.v; states[b].w = sB.w
    }

    mutating func solveSnap(_ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: JointContext) {
        let b = Int(bodyB)
        var sB = states[b]
        let s = springSoftness
        let mB = sB.invMass, iB = sB.invInertia

        if iB > 0 {
            let angle = deltaAngle + sB.dq.angle
            let impulse = -s.massScale / iB * (sB.w + s.biasRate * angle) - s.impulseScale * angularImpulse
            angularImpulse += impulse
            sB.w += iB * impulse
        }

        let rb = sB.dq.rotate(rB)
        let C = deltaCenter + sB.dp + rb
        let cdot = sB.v + cross(sB.w, rb)
        let k11 = mB + rb.y * rb.y * iB
        let k12 = -rb.y * rb.x * iB
        let k22 = mB + rb.x * rb.x * iB
        let x = solve2x2(k11, k12, k22, cdot + s.biasRate * C)
        let impulse = Vector(-s.massScale * x.x - s.impulseScale * linearImpulse.x, -s.massScale * x.y - s.impulseScale * linearImpulse.y)
        linearImpulse += impulse
        sB.v += mB * impulse
        sB.w += iB * cross(rb, impulse)
        states[b].v = sB.v; states[b].w = sB.w
    }
}
