/// The part of a body the sub-step loop touches, packed small so constraint solving walks little memory.
/// Static and sleeping bodies get a zero state with zero inverse mass, so constraints need no special cases.
struct BodyState {
    var v = Vector.zero
    var w: Double = 0
    /// Translation of the centre of mass since the step began.
    var dp = Vector.zero
    /// Rotation since the step began.
    var dq = Rotation.identity
    var invMass: Double = 0
    var invInertia: Double = 0

    /// Whether constraints change this body's velocity: static, sleeping and kinematic bodies have no inverse mass
    /// or inertia, so sharing one of them orders nothing between two constraints.
    @inline(__always)
    var moves: Bool { invMass != 0 || invInertia != 0 }
}

/// The two bodies of one constraint while it is solved: copied out of the state array once, updated, written back.
struct BodyPair {
    var a: BodyState
    var b: BodyState

    /// Velocity of B's point at `rB` relative to A's point at `rA`.
    @inline(__always)
    func relativeVelocity(_ rA: Vector, _ rB: Vector) -> Vector {
        b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
    }

    /// Writes the velocities back to bodies `a` and `b`: the only part of a state that solving changes.
    @inline(__always)
    func storeVelocities(into states: UnsafeMutableBufferPointer<BodyState>, _ a: Int, _ b: Int) {
        states[a].v = self.a.v
        states[a].w = self.a.w
        states[b].v = self.b.v
        states[b].w = self.b.w
    }

    /// Applies impulse `P` to B at `rB` and its opposite to A at `rA`.
    @inline(__always)
    mutating func apply(_ P: Vector, _ rA: Vector, _ rB: Vector) {
        a.v -= a.invMass * P
        a.w -= a.invInertia * cross(rA, P)
        b.v += b.invMass * P
        b.w += b.invInertia * cross(rB, P)
    }
}
