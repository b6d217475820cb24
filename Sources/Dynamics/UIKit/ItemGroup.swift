/// The members of an item group (UIKit's UIDynamicItemGroup) and where each sits in the group's own frame.
///
/// A group is itself a `DynamicItem`: behaviours hold it in place of its members, the world gives it one body with
/// one collision shape per member (a compound body), and after every frame the members take their places from it.
public final class ItemGroupParts {
    /// The members, in the order given.
    public let members: [DynamicItem]
    /// Each member's centre in the group's frame (origin at the group's centre of mass, angle 0 when made).
    let offsets: [Vector]
    /// Each member's angle relative to the group's.
    let angles: [Double]

    init(members: [DynamicItem], offsets: [Vector], angles: [Double]) {
        self.members = members; self.offsets = offsets; self.angles = angles
    }

    /// Member `k`'s placement in the group's frame.
    func pose(_ k: Int) -> Transform { Transform(p: offsets[k], q: Rotation(angle: angles[k])) }
}

extension DynamicItem {
    /// A group of `members` that moves as one rigid body (UIDynamicItemGroup): its centre is the members' centre of
    /// mass, its angle starts at 0, its size is the box around the members as they are now. Throws for no members,
    /// a member given twice, or a member that is itself a group.
    public convenience init(group members: [DynamicItem], name: String = "", color: String? = nil) throws(DynamicsError) {
        guard let first = members.first else { throw DynamicsError("a group needs at least one item") }
        var seen = IdentityTable(capacity: members.count)  // looked up, never iterated
        for m in members {
            guard m.groupParts == nil else { throw DynamicsError("the item '\(m.name)' is a group; groups do not nest") }
            guard seen.insert(ObjectIdentifier(m), 0) else {
                throw DynamicsError("the item '\(m.name)' is in the group twice")
            }
        }
        // One density holds for every member (a member is in no behaviour of its own), so the centre of mass is the
        // area-weighted centre of the members' centroids.
        var mass = 0.0, moment = Vector.zero
        var lo = first.frame.lower, hi = first.frame.upper
        for m in members {
            let md = m.massData(density: 1)
            mass += md.mass
            moment += md.mass * (m.center + Rotation(angle: m.angle).rotate(md.center))
            let frame = m.frame
            lo = minVector(lo, frame.lower); hi = maxVector(hi, frame.upper)
        }
        let center = moment / mass
        try self.init(center: center, size: hi - lo, angle: 0, name: name, color: color, shape: .rectangle)
        groupParts = ItemGroupParts(members: members, offsets: members.map { $0.center - center }, angles: members.map(\.angle))
        isGroup = true
    }

    /// The members when this item is a group, else an empty array.
    public var members: [DynamicItem] { groupParts?.members ?? [] }

    /// Mass, centre of mass and inertia of a group at one density: each member's own, moved to where it sits in the
    /// group and summed by the parallel axis theorem.
    func groupMassData(_ g: ItemGroupParts, density d: Double) -> MassData {
        var mass = 0.0, moment = Vector.zero, inertiaAboutOrigin = 0.0
        for (k, m) in g.members.enumerated() {
            let md = m.massData(density: d)
            let c = g.pose(k).apply(md.center)
            mass += md.mass
            moment += md.mass * c
            inertiaAboutOrigin += md.rotationalInertia + md.mass * dot(c, c)
        }
        guard mass > 0 else { return MassData(mass: 0, center: .zero, rotationalInertia: 0) }
        let center = moment / mass
        return MassData(mass: mass, center: center, rotationalInertia: inertiaAboutOrigin - mass * dot(center, center))
    }

    /// The collision shapes in the item's own frame: one for a view, one per member for a group.
    var collisionShapes: [Shape] {
        guard let g = groupParts else { return [collisionShape] }
        return g.members.indices.map { g.members[$0].collisionShape(placedBy: g.pose($0)) }
    }

    /// Puts every member where the group now holds it, moving with the group's velocity at that point.
    func placeMembers() {
        guard let g = groupParts else { return }
        let q = Rotation(angle: angle)
        for (k, m) in g.members.enumerated() {
            let r = q.rotate(g.offsets[k])
            m.take(center: center + r, angle: angle + g.angles[k], velocity: velocity + cross(angularVelocity, r),
                   angularVelocity: angularVelocity)
        }
    }
}
