/// What a touching contact keeps beside its pair (`Contact.touch`): its latest manifold, the friction and
/// restitution mixed from its shapes, and the impulses of the manifold's points from the last step, matched by
/// feature id for warm starting.
///
/// Made when the contact begins touching, with no impulses (the manifold before had no point to carry one from),
/// and given back when it stops (an empty manifold carries none either), so a contact that touches again starts
/// from nothing, as it always did. 184 bytes.
struct ContactTouch {
    var friction: Double
    var restitution: Double
    var normalImpulse1: Double = 0
    var tangentImpulse1: Double = 0
    var normalImpulse2: Double = 0
    var tangentImpulse2: Double = 0
    var manifold: Manifold

    /// A contact's first touch: `manifold` has points.
    init(friction: Double, restitution: Double, manifold: borrowing Manifold) {
        self.friction = friction
        self.restitution = restitution
        self.manifold = copy manifold
    }

    /// Replaces the manifold, carrying impulses over to points that came from the same features.
    @inline(__always)
    mutating func update(with new: borrowing Manifold) {
        let kept = keptImpulses
        manifold = copy new
        carry(kept)
    }

    /// The impulses and the ids of the points they belong to: read before the manifold is replaced in place (only
    /// the ids are needed, not a copy of the whole old manifold), then handed to `carry`.
    @inline(__always)
    var keptImpulses: KeptImpulses {
        KeptImpulses(id1: manifold.id1IfPresent, id2: manifold.id2IfPresent, normal1: normalImpulse1,
                     tangent1: tangentImpulse1, normal2: normalImpulse2, tangent2: tangentImpulse2)
    }

    /// Gives the points of the new manifold the impulses `old` kept for the same features, and nothing to the others.
    @inline(__always)
    mutating func carry(_ old: KeptImpulses) {
        func carried(_ id: UInt32) -> (Double, Double) {
            if old.id1 == id { return (old.normal1, old.tangent1) }
            if old.id2 == id { return (old.normal2, old.tangent2) }
            return (0, 0)
        }
        (normalImpulse1, tangentImpulse1) = manifold.id1IfPresent.map(carried) ?? (0, 0)
        (normalImpulse2, tangentImpulse2) = manifold.id2IfPresent.map(carried) ?? (0, 0)
    }

    /// Forgets the impulses (a step that could not be solved for one of the bodies).
    mutating func resetImpulses() {
        normalImpulse1 = 0; tangentImpulse1 = 0
        normalImpulse2 = 0; tangentImpulse2 = 0
    }
}

/// A touch record's impulses with the ids of the points that had them (see `ContactTouch.keptImpulses`).
struct KeptImpulses {
    var id1: UInt32?
    var id2: UInt32?
    var normal1: Double
    var tangent1: Double
    var normal2: Double
    var tangent2: Double
}
