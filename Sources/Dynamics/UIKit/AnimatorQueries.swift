/// What a ray cast from the animator's world met first.
public struct RayHit {
    /// The item hit, or nil for a boundary.
    public var item: DynamicItem?
    /// The boundary hit (its collision behaviour and identifier; the identifier is nil for the reference-bounds
    /// boundary), or nil for an item.
    public var boundary: (behavior: DynamicBehavior, identifier: BoundaryIdentifier?)?
    /// Where, in world coordinates.
    public var point: Vector
    /// The outward unit normal of what was hit, there.
    public var normal: Vector
    /// How far along the ray, 0 at its start and 1 at its end.
    public var fraction: Double
}

extension Animator {
    /// The items whose shape contains `point` (edges included), in the order of `items`.
    public func items(at point: Vector) -> [DynamicItem] {
        knownItems.filter { item in
            let local = Rotation(angle: item.angle).inverseRotate(point - item.center)
            return item.isGroup ? item.collisionShapes.contains { $0.contains(local) } : item.collisionShape.contains(local)
        }
    }

    /// The first item or boundary the segment from `start` to `end` meets, or nil. A ray that starts inside an item
    /// does not see that item's outline.
    public func rayCast(from start: Vector, to end: Vector) -> RayHit? {
        var best: RayHit?
        for item in knownItems {
            let q = Rotation(angle: item.angle)
            let a = q.inverseRotate(start - item.center), b = q.inverseRotate(end - item.center)
            // A group is hit where the first of its members' shapes is.
            let shapes = item.isGroup ? item.collisionShapes : [item.collisionShape]
            var nearest: (fraction: Double, normal: Vector)?
            for shape in shapes {
                if let h = shape.rayCast(from: a, to: b), h.fraction < (nearest?.fraction ?? .infinity) { nearest = h }
            }
            guard let hit = nearest, hit.fraction < (best?.fraction ?? .infinity) else { continue }
            best = RayHit(item: item, boundary: nil, point: start + hit.fraction * (end - start), normal: q.rotate(hit.normal),
                          fraction: hit.fraction)
        }
        DynamicBehavior.walk(behaviors) { b in
            guard let hit = b.rayCast(from: start, to: end, referenceBounds: referenceBounds),
                  hit.fraction < (best?.fraction ?? .infinity) else { return }
            best = RayHit(item: nil, boundary: (b, hit.boundary), point: start + hit.fraction * (end - start),
                          normal: hit.normal, fraction: hit.fraction)
        }
        return best
    }
}
