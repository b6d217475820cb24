/// A pair of shapes whose broadphase boxes overlap, with the latest manifold and the impulses kept for warm starting.
/// Contacts are keyed by shape pair and live as long as the boxes overlap; `touching` follows the manifold.
///
/// 200 bytes: the manifold last, so the two flags fill the end of its storage rather than a slot of their own.
struct Contact {
    var shapeA: Int32
    var shapeB: Int32
    var bodyA: Int32
    var bodyB: Int32
    var friction: Double
    var restitution: Double
    /// Impulses of the manifold's points from the last step, matched by feature id for warm starting.
    var normalImpulse1: Double = 0
    var tangentImpulse1: Double = 0
    var normalImpulse2: Double = 0
    var tangentImpulse2: Double = 0
    var manifold = Manifold()
    var touching = false
    var inUse = true

    /// Key of an unordered shape pair, lower index first.
    static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = UInt64(UInt32(bitPattern: min(a, b))), hi = UInt64(UInt32(bitPattern: max(a, b)))
        return (lo << 32) | hi
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
        touching = new.pointCount > 0
    }
}

/// A contact that began or ended touching during a step, reported after it.
struct ContactEvent {
    var shapeA: Int32
    var shapeB: Int32
    var began: Bool
    /// The first manifold point when it began (world coordinates).
    var point: Vector
    /// For a "began": the contact's handle, its unit normal from shape A to shape B, how fast the shapes approached
    /// along it when the step began (pt/s, never negative), and the normal impulse the step applied (mass x pt/s,
    /// every sub-step and the restitution pass summed; see `ImpulseWatch`).
    var contact: Int32 = -1
    var normal = Vector.zero
    var speed: Double = 0
    var impulse: Double = 0
}

/// Friction mixing: the rougher surface wins, so an item's own friction rules against a surface that sets none
/// (a boundary, an item whose friction was never set), as a physics class expects.
func mixFriction(_ a: Double, _ b: Double) -> Double { max(a, b) }
/// Restitution mixing: the bouncier surface wins.
func mixRestitution(_ a: Double, _ b: Double) -> Double { max(a, b) }
