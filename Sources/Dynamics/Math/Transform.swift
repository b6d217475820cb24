/// A rigid transform: rotate by `q`, then translate by `p`.
public struct Transform: Hashable, Sendable {
    public var p: Vector
    public var q: Rotation

    @inlinable public init(p: Vector, q: Rotation) { self.p = p; self.q = q }
    public static let identity = Transform(p: .zero, q: .identity)

    /// Maps a local point to world.
    @inlinable public func apply(_ v: Vector) -> Vector { q.rotate(v) + p }
    /// Maps a world point to local.
    @inlinable public func inverseApply(_ v: Vector) -> Vector { q.inverseRotate(v - p) }
    /// The transform `b` expressed in this frame: this^-1 * b.
    @inlinable public func inverseMultiplied(by b: Transform) -> Transform {
        Transform(p: q.inverseRotate(b.p - p), q: q.inverseMultiplied(by: b.q))
    }
}
