// SEAM between the collision half (Geometry/, Collision/) and the solver half (Solver/, Behaviors/).
// The public signatures here are the contract; the bodies marked STUB are to be replaced by the collision work.

/// Why a shape or path could not be made; the message is what a user should read.
public struct GeometryError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Mass properties of a shape at a given density (mass per square point).
public struct MassData: Sendable, Equatable {
    public var mass: Double
    /// Centre of mass in the shape's local frame.
    public var center: Vector
    /// Rotational inertia about the centre of mass.
    public var rotationalInertia: Double
    public init(mass: Double, center: Vector, rotationalInertia: Double) {
        self.mass = mass; self.center = center; self.rotationalInertia = rotationalInertia
    }
}

/// What kind of geometry a shape is.
public enum ShapeKind: Sendable { case circle, polygon, segment }

/// The geometry of one collision shape in its body's local frame (origin at the body's origin).
public struct Shape: Sendable {
    public let kind: ShapeKind
    // STUB representation: the collision work chooses the real storage (fixed-capacity, no per-step allocation).
    public var vertices: [Vector]
    public var radius: Double

    /// A circle (also used for round items).
    public static func circle(center: Vector = .zero, radius: Double) -> Shape {
        Shape(kind: .circle, vertices: [center], radius: radius)
    }
    /// A rectangle centred on `center`, turned by `angle`.
    public static func box(halfWidth: Double, halfHeight: Double, center: Vector = .zero, angle: Double = 0) -> Shape {
        let q = Rotation(angle: angle)
        let corners = [Vector(-halfWidth, -halfHeight), Vector(halfWidth, -halfHeight),
                       Vector(halfWidth, halfHeight), Vector(-halfWidth, halfHeight)]
        return Shape(kind: .polygon, vertices: corners.map { q.rotate($0) + center }, radius: 0)
    }
    /// A convex approximation of an axis-aligned ellipse with the given half axes (documented where it is defined).
    public static func ellipse(radiusX: Double, radiusY: Double) -> Shape { fatalError("STUB") }
    /// A convex polygon through `points` (either winding); throws for concave, self-crossing or degenerate input.
    public static func polygon(_ points: [Vector], radius: Double = 0) throws(GeometryError) -> Shape { fatalError("STUB") }
    /// A two-sided segment (boundaries).
    public static func segment(_ a: Vector, _ b: Vector) -> Shape { Shape(kind: .segment, vertices: [a, b], radius: 0) }

    /// Mass, centroid and inertia at `density` (mass per square point). Segments have no mass.
    public func massData(density: Double) -> MassData { fatalError("STUB") }
    /// The box around this shape placed by `xf`.
    public func aabb(_ xf: Transform) -> AABB { fatalError("STUB") }
    /// Points around the shape in local coordinates, for drawing (a circle gives a fine polygon).
    public func outline() -> [Vector] { fatalError("STUB") }
}
