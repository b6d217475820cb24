// Energy read-outs for lessons and checks. Units follow the API: mass in API mass units (a 100 x 100 item of
// density 1 has mass 1), lengths in points, time in seconds, so energies are in mass·pt²/s².

extension Animator {
    /// Kinetic energy of every moving item: ½ m |v|² of its centre of mass plus ½ I ω² about it.
    /// Anchored items never move and count for nothing; an item with rotation turned off keeps only the linear part.
    public var kineticEnergy: Double {
        let table = itemSettings(behaviorTree)
        var total = 0.0
        for (k, item) in knownItems.enumerated() {
            let properties = table.settings[k].properties ?? ItemProperties()
            guard !properties.anchored else { continue }
            let md = item.massData(density: properties.density)
            let r = Rotation(angle: item.angle).rotate(md.center)
            // The item reports the velocity of its centre; the centre of mass moves with v + ω × r.
            let w = properties.allowsRotation ? item.angularVelocity : 0
            let vCenterOfMass = item.velocity + cross(w, r)
            total += 0.5 * md.mass * vCenterOfMass.lengthSquared + 0.5 * md.rotationalInertia * w * w
        }
        return total
    }

    /// Potential energy: the springs' elastic energy, and in the gravity behaviours, for each item and each gravity
    /// acting on it,
    /// −m (a · p) where a is that gravity's acceleration (pt/s²) and p the item's centre of mass.
    /// The zero level is the point (0, `potentialEnergyZero`): by default the bottom of the reference bounds, so under
    /// the default downward gravity an item at y has potential 1000 m (floor − y), positive above the floor; without
    /// reference bounds it is the origin, and an item at y has −1000 m y.
    /// Anchored items are not moved by gravity and count for nothing.
    /// Both read the tree rather than the last sync, so they are right before the first step too.
    public var potentialEnergy: Double {
        // The accelerations acting on each item are summed first, in tree order, as the solver does.
        let tree = behaviorTree
        let table = itemSettings(tree)
        var total = 0.0
        let zero = Vector(0, potentialEnergyZero)
        for (k, item) in knownItems.enumerated() where table.settings[k].gravity != .zero {
            let properties = table.settings[k].properties ?? ItemProperties()
            guard !properties.anchored else { continue }
            let md = item.massData(density: properties.density)
            let centerOfMass = item.center + Rotation(angle: item.angle).rotate(md.center)
            total -= md.mass * dot(table.settings[k].gravity, centerOfMass - zero)
        }
        // Springs and anything else that stores energy.
        for b in tree { total += b.potentialEnergy(self, settings: table) }
        return total
    }
}
