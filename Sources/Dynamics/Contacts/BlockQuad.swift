/// Four block-solved contact constraints prepared at once, straight into their quad: the one-thread build's common
/// case (`ContactLanes.build(preparing:...)`), where nearly every constraint of a stack has two points and a
/// well-conditioned block.
///
/// Prepared one at a time (`ContactSolver.prepare`), staged and then written lane by lane (`WideContact.write`), a
/// constraint took about 300 instructions, most of them scalar double-precision arithmetic and single conversions
/// to float. Here the four constraints' numbers are gathered into four-lane vectors, worked out lane by lane with
/// the same IEEE operations in the same order as `ContactSolver.prepare` and `ContactBlock` use, and each field of
/// the quad is rounded to floats in one conversion and stored whole. The quad holds the same bits as the one-by-one
/// path would write, which the lanes' tests compare.
enum BlockQuad {
    private typealias D = SIMD4<Double>

    /// What one constraint's preparation reads, gathered for its lane.
    private struct Input {
        var nx = 0.0, ny = 0.0, mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0, friction = 0.0
        var rA1x = 0.0, rA1y = 0.0, rB1x = 0.0, rB1y = 0.0, separation1 = 0.0
        var rA2x = 0.0, rA2y = 0.0, rB2x = 0.0, rB2y = 0.0, separation2 = 0.0
        var normalImpulse1 = 0.0, tangentImpulse1 = 0.0, normalImpulse2 = 0.0, tangentImpulse2 = 0.0
    }

    /// The quads' softness numbers against a moving and against a static body, rounded to floats as
    /// `WideContact.write` rounds them, worked out once per build.
    struct SoftnessFloats {
        let contact: (biasRate: Float, massScale: Float, impulseScale: Float, softScale: Float, rootSoftScale: Float)
        let stiff: (biasRate: Float, massScale: Float, impulseScale: Float, softScale: Float, rootSoftScale: Float)

        init(contact c: Softness, static s: Softness) {
            // `ContactConstraint.softScale` and its root, as `WideContact.write` works them out.
            let scaleC = 1 / c.massScale, scaleS = 1 / s.massScale
            contact = (Float(c.biasRate), Float(c.massScale), Float(c.impulseScale), Float(scaleC),
                       Float(scaleC.squareRoot()))
            stiff = (Float(s.biasRate), Float(s.massScale), Float(s.impulseScale), Float(scaleS),
                     Float(scaleS.squareRoot()))
        }
    }

    /// What writing the quads of a step's constraints needs when the block-solved ones were left unprepared
    /// (`StepJob.prepareContacts`, `ContactLanes.writeQuads`): each constraint's kind, what `prepare` reads, and the
    /// softness of both kinds, for the quads and for preparing a constraint after all.
    ///
    /// With `makes`, the constraints were not even made: the quads of the last step's layout are written for them
    /// (`ContactLanes.keepsLayout`), each from its link, and a constraint whose kind differs from `kinds` (the last
    /// step's) stops the quad.
    struct Unprepared {
        var kinds: UnsafePointer<UInt8>
        /// Each constraint's contact, bodies and touch record (`ContactSolveOrder.links`).
        var links: UnsafePointer<SIMD4<Int32>>
        var makes = false
        /// The last step's `SolverBodies.sources` (`slotCount` of them), when the quads hold its slots and may keep
        /// them (`ContactLanes.QuadsWritten.slotsKept`).
        var slotSources: UnsafePointer<Int32>? = nil
        var slotCount = 0
        var touches: UnsafePointer<ContactTouch>
        var bodies: UnsafeMutableBufferPointer<Body>
        var states: UnsafeMutableBufferPointer<BodyState>
        var contactSoftness: Softness
        var staticSoftness: Softness
        var softness: SoftnessFloats
    }

    /// The lane's input for the constraint `link` names (contact, bodies, touch record), or nil when its manifold
    /// has not two points.
    @inline(__always)
    private static func input(_ link: SIMD4<Int32>, touches: UnsafePointer<ContactTouch>,
                              bodies: UnsafeMutablePointer<Body>, states: UnsafeMutablePointer<BodyState>) -> Input? {
        let t = touches + Int(link.w)
        guard let p1 = t.pointee.manifold.point1, let p2 = t.pointee.manifold.point2 else { return nil }
        let a = Int(link.y), b = Int(link.z)
        var x = Input()
        x.mA = states[a].invMass; x.iA = states[a].invInertia
        x.mB = states[b].invMass; x.iB = states[b].invInertia
        let normal = t.pointee.manifold.normal
        x.nx = normal.x; x.ny = normal.y
        x.friction = t.pointee.friction
        let offsetA = bodies[a].center - bodies[a].origin
        let offsetB = bodies[b].center - bodies[b].origin
        let rA1 = p1.anchorA - offsetA, rB1 = p1.anchorB - offsetB
        let rA2 = p2.anchorA - offsetA, rB2 = p2.anchorB - offsetB
        x.rA1x = rA1.x; x.rA1y = rA1.y; x.rB1x = rB1.x; x.rB1y = rB1.y; x.separation1 = p1.separation
        x.rA2x = rA2.x; x.rA2y = rA2.y; x.rB2x = rB2.x; x.rB2y = rB2.y; x.separation2 = p2.separation
        x.normalImpulse1 = t.pointee.normalImpulse1; x.tangentImpulse1 = t.pointee.tangentImpulse1
        x.normalImpulse2 = t.pointee.normalImpulse2; x.tangentImpulse2 = t.pointee.tangentImpulse2
        return x
    }

    /// Writes the quad of the four constraints `links` (their contacts, bodies and touch records, as
    /// `ContactSolveOrder.links` holds them) into `quad` and returns true when every one of them is block-solved
    /// (`ContactConstraint.isBlockSolved`); otherwise writes nothing and returns false, and the caller prepares
    /// them one by one. With `used` below four, the lanes from `used` on are empty ones (`WideContact.empty`):
    /// their links repeat lane 0's, so their arithmetic is lane 0's.
    @inline(__always)
    static func prepare(_ quad: UnsafeMutablePointer<WideContact>, _ links: (SIMD4<Int32>, SIMD4<Int32>,
                                                                              SIMD4<Int32>, SIMD4<Int32>),
                        used: Int = 4, touches: UnsafePointer<ContactTouch>, bodies: UnsafeMutablePointer<Body>,
                        states: UnsafeMutablePointer<BodyState>, softness: SoftnessFloats) -> Bool {
        guard let x0 = input(links.0, touches: touches, bodies: bodies, states: states),
              let x1 = input(links.1, touches: touches, bodies: bodies, states: states),
              let x2 = input(links.2, touches: touches, bodies: bodies, states: states),
              let x3 = input(links.3, touches: touches, bodies: bodies, states: states) else { return false }
        @inline(__always) func lanes(_ field: (Input) -> Double) -> D { D(field(x0), field(x1), field(x2), field(x3)) }
        let nx = lanes(\.nx), ny = lanes(\.ny)
        let mA = lanes(\.mA), iA = lanes(\.iA), mB = lanes(\.mB), iB = lanes(\.iB)
        let rA1x = lanes(\.rA1x), rA1y = lanes(\.rA1y), rB1x = lanes(\.rB1x), rB1y = lanes(\.rB1y)
        let rA2x = lanes(\.rA2x), rA2y = lanes(\.rA2y), rB2x = lanes(\.rB2x), rB2y = lanes(\.rB2y)
        // The normal block first (`ContactBlock`): it decides whether the quad is made here at all. Its diagonal
        // is each point's normal K, as `ContactSolver.prepare` works it out.
        let n1A = rA1x * ny - rA1y * nx, n1B = rB1x * ny - rB1y * nx
        let n2A = rA2x * ny - rA2y * nx, n2B = rB2x * ny - rB2y * nx
        let k11 = mA + mB + iA * n1A * n1A + iB * n1B * n1B
        let k22 = mA + mB + iA * n2A * n2A + iB * n2B * n2B
        let k12 = mA + mB + iA * n1A * n2A + iB * n1B * n2B
        let conditioned = k11 * k11 .< D(repeating: ContactBlock.maxCondition) * (k11 * k22 - k12 * k12)
        guard all(conditioned .& (k11 .> 0)) else { return false }
        // Solvable, so k11 > 0 and k11 * k22 > k12 * k12 >= 0: both normal Ks are positive and their masses need
        // no zero check.
        let one = D(repeating: 1)
        // The tangent is the normal's right perpendicular (y, -x); multiplying by -1 flips the sign exactly, as the
        // scalar negation does (0 - x would not for a zero).
        let tx = ny, ty = nx * D(repeating: -1)
        @inline(__always) func point(_ rAx: D, _ rAy: D, _ rBx: D, _ rBy: D, _ separation: D, normalK: D,
                                     _ normalImpulse: D, _ tangentImpulse: D) -> WidePoint {
            let base = separation - ((rBx - rAx) * nx + (rBy - rAy) * ny)
            let tA = rAx * ty - rAy * tx, tB = rBx * ty - rBy * tx
            let tangentK = mA + mB + iA * tA * tA + iB * tB * tB
            let tangentMass = (one / tangentK).replacing(with: 0, where: .!(tangentK .> 0))
            return WidePoint(rAx: Lanes(rAx), rAy: Lanes(rAy), rBx: Lanes(rBx), rBy: Lanes(rBy),
                             baseSeparation: Lanes(base), normalImpulse: Lanes(normalImpulse),
                             tangentImpulse: Lanes(tangentImpulse), normalMass: Lanes(one / normalK),
                             tangentMass: Lanes(tangentMass))
        }
        quad.pointee.p1 = point(rA1x, rA1y, rB1x, rB1y, lanes(\.separation1), normalK: k11, lanes(\.normalImpulse1),
                                lanes(\.tangentImpulse1))
        quad.pointee.p2 = point(rA2x, rA2y, rB2x, rB2y, lanes(\.separation2), normalK: k22, lanes(\.normalImpulse2),
                                lanes(\.tangentImpulse2))
        quad.pointee.bodyA = SIMD4(links.0.y, links.1.y, links.2.y, links.3.y)
        quad.pointee.bodyB = SIMD4(links.0.z, links.1.z, links.2.z, links.3.z)
        quad.pointee.nx = Lanes(nx); quad.pointee.ny = Lanes(ny)
        quad.pointee.friction = Lanes(lanes(\.friction))
        quad.pointee.massA = Lanes(mA); quad.pointee.inertiaA = Lanes(iA)
        quad.pointee.massB = Lanes(mB); quad.pointee.inertiaB = Lanes(iB)
        quad.pointee.k11 = Lanes(k11); quad.pointee.k12 = Lanes(k12); quad.pointee.k22 = Lanes(k22)
        // A lane against a static body (a zero inverse mass) takes the static softness.
        let isStatic = SIMD4<Int32>(mA[0] == 0 || mB[0] == 0 ? -1 : 0, mA[1] == 0 || mB[1] == 0 ? -1 : 0,
                                    mA[2] == 0 || mB[2] == 0 ? -1 : 0, mA[3] == 0 || mB[3] == 0 ? -1 : 0)
        let onStatic = isStatic .!= SIMD4<Int32>()
        @inline(__always) func soft(_ moving: Float, _ still: Float) -> Lanes {
            Lanes(repeating: moving).replacing(with: still, where: onStatic)
        }
        let c = softness.contact, s = softness.stiff
        quad.pointee.biasRate = soft(c.biasRate, s.biasRate)
        quad.pointee.massScale = soft(c.massScale, s.massScale)
        quad.pointee.impulseScale = soft(c.impulseScale, s.impulseScale)
        quad.pointee.softScale = soft(c.softScale, s.softScale)
        quad.pointee.rootSoftScale = soft(c.rootSoftScale, s.rootSoftScale)
        for lane in used..<4 { WideContact.empty(lane: lane, of: quad) }
        return true
    }
}
