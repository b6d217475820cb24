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
}
