extension Animator {
    /// A plain-value picture of the world now, for Pictures: items, boundaries, joints and touching contact points.
    public func snapshot() -> WorldSnapshot {
        var items: [ItemSnapshot] = []
        for it in knownItems where it.isVisible {
            let body = it.bodyID >= 0 && Int(it.bodyID) < world.bodies.count ? world.bodies[Int(it.bodyID)] : nil
            let place = it.placementInRoot
            items.append(ItemSnapshot(name: it.name, color: it.color, shape: it.shape.kind, size: it.size, center: place.center,
                                      angle: place.angle, velocity: it.velocity, angularVelocity: it.angularVelocity,
                                      outline: outline(of: it), isAnchored: body.map { !$0.isDynamic } ?? false,
                                      isAsleep: body.map { $0.isDynamic && !$0.isAwake } ?? false,
                                      alpha: it.effectiveAlpha))
            items[items.count - 1].holdsSubviews = !it.subviews.isEmpty
            // Subviews nobody animates here ride along with their superview; animated ones are drawn on their own.
            for sub in it.subviews where sub.animator !== self { sub.appendSnapshots(to: &items) }
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

extension DynamicItem {
    /// Adds this view (unless hidden) and its subviews, in drawing order, placed in the outermost superview's
    /// coordinates, with their effective alpha.
    public func appendSnapshots(to items: inout [ItemSnapshot]) {
        guard isVisible else { return }
        let place = placementInRoot
        items.append(ItemSnapshot(name: name, color: color, shape: shape.kind, size: size, center: place.center,
                                  angle: place.angle, velocity: velocity, angularVelocity: angularVelocity,
                                  outline: collisionShape.outline(), isAnchored: false, isAsleep: false,
                                  alpha: effectiveAlpha))
        items[items.count - 1].holdsSubviews = !subviews.isEmpty
        for sub in subviews { sub.appendSnapshots(to: &items) }
    }
}
