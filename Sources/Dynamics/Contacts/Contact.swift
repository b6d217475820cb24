/// A pair of shapes whose broadphase boxes overlap. Contacts are keyed by shape pair and live as long as the boxes
/// overlap. Only a contact that touches (its latest manifold has points) has a manifold to keep, with the mixed
/// material and the impulses kept for warm starting: those live in a `ContactTouch` of the world's `touches`, made
/// when the contact begins touching and given back when it ends, which the many contacts that only wait nearby
/// (three in four in a settling pile of 10,000) do without.
///
/// 24 bytes, where the manifold in place made 200.
struct Contact {
    var shapeA: Int32
    var shapeB: Int32
    var bodyA: Int32
    var bodyB: Int32
    /// The contact's `ContactTouch` in the world's `touches` while it touches, else -1.
    var touch: Int32 = -1
    var inUse = true

    /// Whether the latest manifold has points.
    var touching: Bool { touch >= 0 }

    /// The link of the constraint made from this contact, contact `index` (see `ContactConstraint.link`).
    @inline(__always)
    func link(_ index: Int32) -> SIMD4<Int32> { SIMD4(index, bodyA, bodyB, touch) }

    /// Key of an unordered shape pair, lower index first.
    static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = UInt64(UInt32(bitPattern: min(a, b))), hi = UInt64(UInt32(bitPattern: max(a, b)))
        return (lo << 32) | hi
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
