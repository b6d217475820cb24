extension Animator {
    /// A plain-value picture of the world now, for Pictures: items, boundaries, joints and touching contact points.
    public func snapshot() -> WorldSnapshot {
        var items: [ItemSnapshot] = []
        var groups: [GroupSnapshot] = []
        for it in knownItems where it.isVisible {
            let body = it.bodyID >= 0 && Int(it.bodyID) < world.bodies.count ? world.bodies[Int(it.bodyID)] : nil
            let isAnchored = body.map { !$0.isDynamic } ?? false
            let isAsleep = body.map { $0.isDynamic && !$0.isAwake } ?? false
            // A group is drawn as its members, each as itself, and an outline around them.
            if let g = it.groupParts {
                for m in g.members {
                    items.append(ItemSnapshot(name: m.name, color: m.color, shape: m.shape.kind, size: m.size, center: m.center,
                                              angle: m.angle, velocity: m.velocity, angularVelocity: m.angularVelocity,
                                              outline: m.collisionShape.outline(), isAnchored: isAnchored, isAsleep: isAsleep,
                                              alpha: m.effectiveAlpha))
                }
                groups.append(GroupSnapshot(name: it.name, outline: groupOutline(it)))
                continue
            }
            let place = it.placementInRoot
            items.append(ItemSnapshot(name: it.name, color: it.color, shape: it.shape.kind, size: it.size, center: place.center,
                                      angle: place.angle, velocity: it.velocity, angularVelocity: it.angularVelocity,
                                      outline: outline(of: it), isAnchored: isAnchored, isAsleep: isAsleep,
                                      alpha: it.effectiveAlpha))
            items[items.count - 1].holdsSubviews = !it.subviews.isEmpty
            items[items.count - 1].force = isAnchored ? .zero : it.netForce
            // Subviews nobody animates here ride along with their superview; animated ones are drawn on their own.
            for sub in it.subviews where sub.animator !== self { sub.appendSnapshots(to: &items) }
        }
        var parts = SnapshotParts()
        for b in behaviorTree { b.contribute(to: &parts, referenceBounds: referenceBounds) }
        var points: [Vector] = []
        for c in world.contacts where c.inUse && c.touching {
            let manifold = world.touches[Int(c.touch)].manifold
            if let p = manifold.point1, p.separation < Tolerance.linearSlop { points.append(p.point) }
            if let p = manifold.point2, p.separation < Tolerance.linearSlop { points.append(p.point) }
        }
        let fields = parts.fields.isEmpty ? [] : sampleFields(parts.fields, items: items)
        var snapshot = WorldSnapshot(time: elapsedTime, referenceBounds: referenceBounds, items: items,
                                     boundaries: parts.boundaries, joints: parts.joints, contactPoints: points,
                                     fields: fields)
        snapshot.groups = groups
        snapshot.units = displayUnits
        snapshot.kineticEnergy = kineticEnergy
        snapshot.potentialEnergy = potentialEnergy
        return snapshot
    }

    /// The box around a group's members in the group's own frame, turned and placed as the group is now (world
    /// coordinates, closed).
    private func groupOutline(_ group: DynamicItem) -> [Vector] {
        var lo = Vector(Double.infinity, Double.infinity), hi = -lo
        for shape in group.collisionShapes {
            for p in shape.outline() { lo = minVector(lo, p); hi = maxVector(hi, p) }
        }
        guard lo.isFinite, hi.isFinite else { return [] }
        let xf = Transform(p: group.center, q: Rotation(angle: group.angle))
        return [lo, Vector(hi.x, lo.y), hi, Vector(lo.x, hi.y)].map(xf.apply)
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
