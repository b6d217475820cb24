/// A rotation stored as cosine and sine. A positive angle turns +x toward +y (clockwise on a y-down screen).
public struct Rotation: Hashable, Sendable {
    public var c: Double
    public var s: Double

    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    @inlinable public init(angle: Double) {
        // Most items stand square: cos(±0) is 1 and sin(±0) is the zero itself, with no call into libm (the
        // sine and cosine of thousands of ground tiles were a twentieth of building a scene).
        if angle == 0 {
            c = 1; s = angle
        } else {
            c = cos(angle); s = sin(angle)
        }
    }

    public static let identity = Rotation(c: 1, s: 0)

    @inlinable public var angle: Double { atan2(s, c) }
    /// Rotates a vector by this rotation.
    @inlinable public func rotate(_ v: Vector) -> Vector { Vector(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates a vector by the inverse of this rotation.
    @inlinable public func inverseRotate(_ v: Vector) -> Vector { Vector(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// This rotation followed by `other`... as a product q * r (apply r first, then q).
    @inlinable public func multiplied(by r: Rotation) -> Rotation {
        Rotation(c: c * r.c - s * r.s, s: s * r.c + c * r.s)
    }
    /// The rotation r relative to this one: q^T * r.
    @inlinable public func inverseMultiplied(by r: Rotation) -> Rotation {
        Rotation(c: c * r.c + s * r.s, s: c * r.s - s * r.c)
    }
    /// Advances by angle `deltaAngle` with the cheap first-order update, renormalised (Box2D v3's integrate-rotation idea):
    /// accurate for the small per-sub-step angles the solver produces, and never drifts off the unit circle.
    @inlinable public func integrated(by deltaAngle: Double) -> Rotation {
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rotation(c: c2 * inv, s: s2 * inv)
    }
}

/// The angle from rotation a to rotation b, in (-pi, pi].
@inlinable public func relativeAngle(_ a: Rotation, _ b: Rotation) -> Double {
    let s = a.c * b.s - a.s * b.c
    let c = a.c * b.c + a.s * b.s
    return atan2(s, c)
}

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
