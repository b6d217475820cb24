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
        let fields = parts.fields.isEmpty ? [] : sampleFields(parts.fields, items: items)
        return WorldSnapshot(time: elapsedTime, referenceBounds: referenceBounds, items: items, boundaries: parts.boundaries,
                             joints: parts.joints, contactPoints: points, fields: fields)
    }

    /// Each field sampled at the centres of a grid of about 16 cells across the reference bounds (or the box around
    /// the items and the fields' positions when there are none).
    private func sampleFields(_ fields: [FieldBehavior], items: [ItemSnapshot]) -> [FieldSnapshot] {
        var box: AABB
        if let referenceBounds {
            box = referenceBounds
        } else {
            var lo = fields[0].position, hi = lo
            for it in items {
                let r = 0.5 * it.size.length
                lo = minVector(lo, it.center - Vector(r, r)); hi = maxVector(hi, it.center + Vector(r, r))
            }
            for f in fields { lo = minVector(lo, f.position); hi = maxVector(hi, f.position) }
            box = AABB(lower: lo, upper: hi).expanded(by: 20)
        }
        let spacing = max(box.width, box.height) / 16
        let columns = max(Int((box.width / spacing).rounded()), 1), rows = max(Int((box.height / spacing).rounded()), 1)
        var grid: [Vector] = []
        for r in 0..<rows {
            for c in 0..<columns {
                grid.append(Vector(box.lower.x + (Double(c) + 0.5) * box.width / Double(columns),
                                   box.lower.y + (Double(r) + 0.5) * box.height / Double(rows)))
            }
        }
        return fields.map { f in
            FieldSnapshot(kind: f.kind.rawValue, position: f.position, points: grid,
                          accelerations: grid.map { f.sampleAcceleration(at: $0, time: time) }, spacing: spacing)
        }
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
