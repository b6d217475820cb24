import Dynamics

/// The rectangle of the world a picture shows.
public enum SceneBounds {
    /// The reference bounds when the snapshot has usable ones, else the box around everything drawn plus a
    /// margin of `marginFraction` of its larger side; a scene with nothing in it shows 100 x 100 points at the origin.
    public static func view(of snapshot: WorldSnapshot, marginFraction: Double = 0.05) -> AABB {
        if let bounds = snapshot.referenceBounds, isUsable(bounds) { return bounds }
        guard let box = contentBox(of: snapshot) else {
            return AABB(lower: Vector(0, 0), upper: Vector(100, 100))
        }
        // A line or a point has no area; give it some so the scale stays finite.
        let side = max(box.width, box.height, 1)
        let margin = side * max(0, marginFraction)
        var view = box.expanded(by: margin)
        if view.width < side * 0.1 { view = widened(view, x: side * 0.05, y: 0) }
        if view.height < side * 0.1 { view = widened(view, x: 0, y: side * 0.05) }
        return view
    }

    /// The box around every finite point drawn: item outlines, boundaries, joints and contacts; nil when none.
    public static func contentBox(of snapshot: WorldSnapshot) -> AABB? {
        var box: AABB?
        func include(_ p: Vector) {
            guard p.isFinite else { return }
            let point = AABB(lower: p, upper: p)
            box = box.map { $0.union(point) } ?? point
        }
        for item in snapshot.items { ItemOutline.world(item).forEach(include) }
        for boundary in snapshot.boundaries { boundary.points.forEach(include) }
        for joint in snapshot.joints { include(joint.pointA); include(joint.pointB) }
        snapshot.contactPoints.forEach(include)
        return box
    }

    static func isUsable(_ b: AABB) -> Bool {
        b.lower.isFinite && b.upper.isFinite && b.width > 0 && b.height > 0
    }

    private static func widened(_ b: AABB, x: Double, y: Double) -> AABB {
        AABB(lower: Vector(b.lower.x - x, b.lower.y - y), upper: Vector(b.upper.x + x, b.upper.y + y))
    }
}
