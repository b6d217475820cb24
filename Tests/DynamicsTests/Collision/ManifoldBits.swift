@testable import Dynamics

/// Every bit of a manifold: normal, then each point's anchors, point, separation and id (a marker for no point).
/// Narrowphase paths that must agree exactly are compared through it.
func manifoldBits(_ m: Manifold) -> [UInt64] {
    var out = [m.normal.x.bitPattern, m.normal.y.bitPattern]
    for p in [m.point1, m.point2] {
        guard let p else { out.append(.max); continue }
        out += [p.anchorA.x, p.anchorA.y, p.anchorB.x, p.anchorB.y, p.point.x, p.point.y, p.separation].map(\.bitPattern)
        out.append(UInt64(p.id))
    }
    return out
}
