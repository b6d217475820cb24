/// The normal impulses of a two-point manifold solved together.
///
/// Solved one point after the other, the first point of a box landing flat takes the whole impact, the box turns,
/// and the second point pushes it back the other way a sub-step later: the box lands tilted and, on a box, can
/// tumble off. Solved together, both points take their share at once and a flat landing stays flat.
///
/// The two normal impulses x solve a linear complementarity problem (x >= 0, w = M x + b >= 0, x w = 0), where K
/// is how an impulse at either point changes the normal speed at each and a are the impulses so far. A touching
/// point is a soft spring: the one-point soft step, new impulse = massScale (a - (vn + bias) / K) ... is, for two
/// touching points, (K / massScale) x = K a - vn - bias, so every mode of the pair (sinking and rocking) is a spring
/// of the contact's frequency and damping. (Giving each point its own compliance instead, from its diagonal entry of
/// K, left a 20-row pyramid rocking at about 3 Hz and growing.) A speculative point (a gap) is rigid and closes
/// the gap this sub-step (bias s / h); the relax pass and impacts (`ContactImpact`) are rigid with no bias. A soft point scales
/// its row and column of K by sqrt(1 / massScale), so M = K / massScale when both are soft and M = K when neither
/// is, and b = vn + bias - K a. With two unknowns the problem is solved by trying its four cases in turn (both
/// push, only the first, only the second, neither), as Box2D 2.4's block solver does.
/// The sub-step solve does this in single precision, four or eight constraints at once (`WideContactSolver.solveBlock`
/// and the C kernels `ContactKernel` chooses).
struct ContactBlock {
    var k11: Double = 0
    var k12: Double = 0
    var k22: Double = 0

    /// The points are far enough apart for the block to be well conditioned; otherwise they are solved one by one.
    var isSolvable: Bool { k11 > 0 }

    /// Largest condition number (roughly k11^2 / det K) for which the block is used: points nearly on top of each
    /// other make K nearly singular and its solution meaningless.
    static let maxCondition: Double = 1000

    init() {}

    /// The block of points `p1` and `p2` along normal `n`, or an unsolvable one when it is badly conditioned.
    /// k11 and k22 are computed exactly as the points' normal masses are, so a diagonal K gives their impulses.
    init(_ p1: ContactConstraintPoint, _ p2: ContactConstraintPoint, _ n: Vector,
         _ mA: Double, _ iA: Double, _ mB: Double, _ iB: Double) {
        let rn1A = cross(p1.rA, n), rn1B = cross(p1.rB, n)
        let rn2A = cross(p2.rA, n), rn2B = cross(p2.rB, n)
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        guard k11 * k11 < Self.maxCondition * (k11 * k22 - k12 * k12) else { return }
        self.k11 = k11; self.k12 = k12; self.k22 = k22
    }

    /// The new accumulated impulses (x1, x2) for matrix M = [m11 k12; k12 m22], right-hand side b and impulses so
    /// far (a1, a2). The four cases are tried in order; when rounding leaves none of them valid the impulses stay.
    @inline(__always)
    static func complementarity(_ m11: Double, _ k12: Double, _ m22: Double, _ b1: Double, _ b2: Double,
                                _ a1: Double, _ a2: Double) -> (Double, Double) {
        // Both push.
        let det = m11 * m22 - k12 * k12
        let both1 = (k12 * b2 - m22 * b1) / det, both2 = (k12 * b1 - m11 * b2) / det
        if both1 >= 0 && both2 >= 0 { return (both1, both2) }
        // Only the first pushes; the second separates.
        let first = -b1 / m11
        if first >= 0 && k12 * first + b2 >= 0 { return (first, 0) }
        // Only the second pushes.
        let second = -b2 / m22
        if second >= 0 && k12 * second + b1 >= 0 { return (0, second) }
        // Neither.
        if b1 >= 0 && b2 >= 0 { return (0, 0) }
        return (a1, a2)
    }
}
