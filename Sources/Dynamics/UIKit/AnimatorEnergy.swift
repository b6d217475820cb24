// Energy read-outs for lessons and checks. Units follow the API: mass in API mass units (a 100 x 100 item of
// density 1 has mass 1), lengths in points, time in seconds, so energies are in mass·pt²/s².

extension Animator {
    /// Kinetic energy of every moving item: ½ m |v|² of its centre of mass plus ½ I ω² about it.
    /// Anchored items never move and count for nothing; an item with rotation turned off keeps only the linear part.
    public var kineticEnergy: Double {
        let tree = behaviors.flatMap(\.subtree)
        var total = 0.0
        for item in knownItems {
            let properties = winningProperties(of: item, in: tree)
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

    /// Potential energy in the gravity behaviours: for each item and each gravity acting on it,
    /// −m (a · p) where a is that gravity's acceleration (pt/s²) and p the item's centre of mass.
    /// The zero level is the origin (0, 0) of the animator's coordinates, so under the default downward gravity
    /// an item at y has potential −1000 m y: it falls toward larger y and lower potential.
    /// Anchored items are not moved by gravity and count for nothing.
    public var potentialEnergy: Double {
        let tree = behaviors.flatMap(\.subtree)
        // Sum the accelerations acting on each item first, in tree order, as the solver does.
        var acceleration = [Vector](repeating: .zero, count: knownItems.count)
        for case let g as GravityBehavior in tree {
            for it in g.items {
                guard let k = knownItems.firstIndex(where: { $0 === it }) else { continue }
                acceleration[k] += g.acceleration
            }
        }
        var total = 0.0
        for (k, item) in knownItems.enumerated() where acceleration[k] != .zero {
            let properties = winningProperties(of: item, in: tree)
            guard !properties.anchored else { continue }
            let md = item.massData(density: properties.density)
            let centerOfMass = item.center + Rotation(angle: item.angle).rotate(md.center)
            total -= md.mass * dot(acceleration[k], centerOfMass)
        }
        return total
    }

    /// The properties the last item behaviour holding `item` gives it (UIKit's "added last wins"); read from the tree
    /// rather than from the last sync, so the read-out is right before the first step too.
    private func winningProperties(of item: DynamicItem, in tree: [DynamicBehavior])
        -> (density: Double, anchored: Bool, allowsRotation: Bool) {
        var result = (density: 1.0, anchored: false, allowsRotation: true)
        for case let ib as DynamicItemBehavior in tree where ib.contains(item) {
            result = (ib.density, ib.anchored, ib.allowsRotation)
        }
        return result
    }
}
