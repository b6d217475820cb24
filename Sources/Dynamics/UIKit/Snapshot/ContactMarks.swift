/// A touching contact point with the direction it pushes along, for overlays that draw contact normals.
public struct ContactMark: Sendable, Equatable {
    /// The point in world coordinates, midway between the surfaces.
    public var point: Vector
    /// Unit normal from the first shape of the pair to the second.
    public var normal: Vector
    /// A mark from its parts.
    public init(point: Vector, normal: Vector) { self.point = point; self.normal = normal }
}

extension Animator {
    /// The touching contact points and their normals now, in the world's contact order (the same points as
    /// `snapshot().contactPoints`, without building the rest of a snapshot).
    public func contactMarks() -> [ContactMark] {
        var marks: [ContactMark] = []
        for c in world.contacts where c.inUse && c.touching {
            let manifold = world.touches[Int(c.touch)].manifold
            let normal = manifold.normal
            if let p = manifold.point1, p.separation < Tolerance.linearSlop { marks.append(ContactMark(point: p.point, normal: normal)) }
            if let p = manifold.point2, p.separation < Tolerance.linearSlop { marks.append(ContactMark(point: p.point, normal: normal)) }
        }
        return marks
    }
}

extension Animator {
    /// The joints as the snapshot draws them (attachments, snaps), without the items' outlines: for pictures that
    /// redraw joints every frame.
    public func jointLines() -> [JointSnapshot] {
        var parts = SnapshotParts()
        for b in behaviorTree { b.contribute(to: &parts, referenceBounds: referenceBounds) }
        return parts.joints
    }
}
