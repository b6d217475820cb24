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
        // Only the old ids are needed, not a copy of the whole old manifold.
        let id1 = manifold.id1IfPresent, id2 = manifold.id2IfPresent
        let (on1, ot1, on2, ot2) = (normalImpulse1, tangentImpulse1, normalImpulse2, tangentImpulse2)
        func carried(_ id: UInt32) -> (Double, Double) {
            if id1 == id { return (on1, ot1) }
            if id2 == id { return (on2, ot2) }
            return (0, 0)
        }
        manifold = copy new
        (normalImpulse1, tangentImpulse1) = new.id1IfPresent.map(carried) ?? (0, 0)
        (normalImpulse2, tangentImpulse2) = new.id2IfPresent.map(carried) ?? (0, 0)
    }

    /// Forgets the impulses (a step that could not be solved for one of the bodies).
    mutating func resetImpulses() {
        normalImpulse1 = 0; tangentImpulse1 = 0
        normalImpulse2 = 0; tangentImpulse2 = 0
    }
}
