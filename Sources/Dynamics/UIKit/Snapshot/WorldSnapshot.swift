// SEAM between Dynamics and Pictures: a plain-value picture of the world at one instant.
// The Animator fills it (Animator.snapshot()); Pictures draws it and knows nothing else of Dynamics.

/// The shape an item collides with, as UIKit names it (collisionBoundsType).
public enum ItemShapeKind: String, Sendable { case rectangle, ellipse, capsule, path }

/// One dynamic item at an instant.
public struct ItemSnapshot: Sendable {
    public var name: String
    /// A CSS colour name or `#rrggbb`, or nil for the default.
    public var color: String?
    public var shape: ItemShapeKind
    public var size: Vector
    public var center: Vector
    public var angle: Double
    public var velocity: Vector
    public var angularVelocity: Double
    /// The collision outline relative to the centre, before rotation (an ellipse or circle as a fine polygon).
    public var outline: [Vector]
    public var isAnchored: Bool
    public var isAsleep: Bool
    /// Opacity, 0 (invisible) to 1 (opaque): the view's alpha times its superviews'.
    public var alpha: Double
    /// The view holds subviews (a screen or a panel): a picture that cannot blend draws it as an outline, so what
    /// it holds shows.
    public var holdsSubviews = false
    /// The net force on the item over the last frame, mass·pt/s² (`DynamicItem.netForce`): what force arrows show.
    /// Zero for anchored items, group members (their group's body takes the force) and views nobody animates.
    public var force: Vector = .zero
    public init(name: String, color: String?, shape: ItemShapeKind, size: Vector, center: Vector, angle: Double,
                velocity: Vector, angularVelocity: Double, outline: [Vector], isAnchored: Bool, isAsleep: Bool,
                alpha: Double = 1) {
        self.name = name; self.color = color; self.shape = shape; self.size = size; self.center = center
        self.angle = angle; self.velocity = velocity; self.angularVelocity = angularVelocity; self.outline = outline
        self.isAnchored = isAnchored; self.isAsleep = isAsleep; self.alpha = alpha
    }
}

/// A boundary of a collision behaviour: a polyline in world coordinates.
public struct BoundarySnapshot: Sendable {
    /// The identifier given to `addBoundary`, or nil for the reference-bounds boundary.
    public var identifier: String?
    public var points: [Vector]
    public var isClosed: Bool
    public init(identifier: String?, points: [Vector], isClosed: Bool) {
        self.identifier = identifier; self.points = points; self.isClosed = isClosed
    }
}

/// A joint drawn as a line between two world points (an anchor point counts as a point).
public struct JointSnapshot: Sendable {
    public var kind: String
    public var pointA: Vector
    public var pointB: Vector
    public init(kind: String, pointA: Vector, pointB: Vector) { self.kind = kind; self.pointA = pointA; self.pointB = pointB }
}

/// An item group, drawn as an outline around its members (the members are items of the snapshot themselves).
public struct GroupSnapshot: Sendable {
    public var name: String
    /// The corners of the box around the members, turned with the group, in world coordinates (a closed outline).
    public var outline: [Vector]
    public init(name: String, outline: [Vector]) { self.name = name; self.outline = outline }
}

/// A field sampled on a grid, for arrows: what a still item of unit charge per mass would feel at each point.
public struct FieldSnapshot: Sendable {
    /// The field's kind, as Lua names it (`radialGravity`).
    public var kind: String
    public var position: Vector
    /// The grid's points, row by row.
    public var points: [Vector]
    /// The acceleration at each point, pt/s^2 (zero outside the field's region).
    public var accelerations: [Vector]
    /// The spacing of the grid, pt.
    public var spacing: Double
    public init(kind: String, position: Vector, points: [Vector], accelerations: [Vector], spacing: Double) {
        self.kind = kind; self.position = position; self.points = points; self.accelerations = accelerations
        self.spacing = spacing
    }
}

/// Everything a picture of the world needs.
public struct WorldSnapshot: Sendable {
    public var time: Double
    /// The reference bounds (0, 0, w, h), or nil for an abstract coordinate system.
    public var referenceBounds: AABB?
    public var items: [ItemSnapshot]
    public var boundaries: [BoundarySnapshot]
    public var joints: [JointSnapshot]
    /// World points of the touching contacts.
    public var contactPoints: [Vector]
    /// The item groups, each outlined around its members.
    public var groups: [GroupSnapshot] = []
    /// How the animator shows values to people (grid labels and scales use it).
    public var units = DisplayUnits()
    /// The fields, in tree order.
    public var fields: [FieldSnapshot]
    /// The animator's kinetic and potential energy, mass·pt²/s² (`Animator.kineticEnergy`, `potentialEnergy`), for
    /// energy bars; zero for a picture made without an animator.
    public var kineticEnergy = 0.0
    public var potentialEnergy = 0.0
    public init(time: Double, referenceBounds: AABB?, items: [ItemSnapshot], boundaries: [BoundarySnapshot],
                joints: [JointSnapshot], contactPoints: [Vector], fields: [FieldSnapshot] = []) {
        self.time = time; self.referenceBounds = referenceBounds; self.items = items; self.boundaries = boundaries
        self.joints = joints; self.contactPoints = contactPoints; self.fields = fields
    }
}
