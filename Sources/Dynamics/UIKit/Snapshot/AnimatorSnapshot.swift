extension Animator {
    /// A plain-value picture of the world now, for Pictures: items, boundaries, joints and touching contact points.
    public func snapshot() -> WorldSnapshot {
        var items: [ItemSnapshot] = []
        for it in knownItems {
            let body = it.bodyID >= 0 && Int(it.bodyID) < world.bodies.count ? world.bodies[Int(it.bodyID)] : nil
            items.append(ItemSnapshot(name: it.name, color: it.color, shape: it.shape.kind, size: it.size, center: it.center,
                                      angle: it.angle, velocity: it.velocity, angularVelocity: it.angularVelocity,
                                      outline: outline(of: it), isAnchored: body.map { !$0.isDynamic } ?? false,
                                      isAsleep: body.map { $0.isDynamic && !$0.isAwake } ?? false))
        }
        var parts = SnapshotParts()
        for b in behaviorTree { b.contribute(to: &parts, referenceBounds: referenceBounds) }
        var points: [Vector] = []
        for c in world.contacts where c.inUse && c.touching {
            if let p = c.manifold.point1, p.separation < Tolerance.linearSlop { points.append(p.point) }
            if let p = c.manifold.point2, p.separation < Tolerance.linearSlop { points.append(p.point) }
        }
        return WorldSnapshot(time: elapsedTime, referenceBounds: referenceBounds, items: items, boundaries: parts.boundaries,
                             joints: parts.joints, contactPoints: points)
    }

    /// The item's outline from the shape the world holds for it, or a shape made for the purpose when it has none.
    private func outline(of item: DynamicItem) -> [Vector] {
        let s = Int(item.shapeID)
        if item.shapeID >= 0, s < world.shapes.count, world.shapes[s].inUse {
            return world.shapes.withUnsafeBufferPointer { $0[s].shape.outline() }
        }
        return item.collisionShape.outline()
    }
}
