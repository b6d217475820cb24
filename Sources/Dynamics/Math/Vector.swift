/// A 2D vector or point in points (pt), y down as in UIKit.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vector(0, 0)

    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(s * a.x, s * a.y) }
    @inlinable public static func / (a: Vector, s: Double) -> Vector { Vector(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vector, b: Vector) { a.x += b.x; a.y += b.y }
    @inlinable public static func -= (a: inout Vector, b: Vector) { a.x -= b.x; a.y -= b.y }
    @inlinable public static func *= (a: inout Vector, s: Double) { a.x *= s; a.y *= s }

    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The unit vector in this direction, or zero for a (near) zero vector.
    @inlinable public var normalized: Vector {
        let l = length
        return l < 1e-300 ? .zero : Vector(x / l, y / l)
    }
    /// This vector turned a quarter turn counter-clockwise in math axes: (-y, x).
    @inlinable public var leftPerp: Vector { Vector(-y, x) }
    /// This vector turned a quarter turn clockwise in math axes: (y, -x).
    @inlinable public var rightPerp: Vector { Vector(y, -x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

@inlinable public func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y }
/// The 2D cross product (z of the 3D one).
@inlinable public func cross(_ a: Vector, _ b: Vector) -> Double { a.x * b.y - a.y * b.x }
/// Cross of a vector with a scalar angular quantity: v x w.
@inlinable public func cross(_ v: Vector, _ s: Double) -> Vector { Vector(s * v.y, -s * v.x) }
/// Cross of a scalar angular quantity with a vector: w x v.
@inlinable public func cross(_ s: Double, _ v: Vector) -> Vector { Vector(-s * v.y, s * v.x) }
@inlinable public func distance(_ a: Vector, _ b: Vector) -> Double { (b - a).length }
@inlinable public func lerp(_ a: Vector, _ b: Vector, _ t: Double) -> Vector { Vector(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
@inlinable public func minVector(_ a: Vector, _ b: Vector) -> Vector { Vector(min(a.x, b.x), min(a.y, b.y)) }
@inlinable public func maxVector(_ a: Vector, _ b: Vector) -> Vector { Vector(max(a.x, b.x), max(a.y, b.y)) }
