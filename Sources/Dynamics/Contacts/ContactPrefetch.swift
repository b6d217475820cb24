import CContactKernels

/// Cache lines the contact setup asks for a few constraints ahead of reading them.
///
/// Preparing the constraints and storing their impulses go in solve order (by group: a level or a colour), while
/// the touch records, bodies and states they read lie in contact and body order: nearly every constraint misses the
/// cache on each of them, and the loop waits for memory several times per constraint. The solve order is known
/// before the loop, so the loop asks for the lines of the constraint `distance` places ahead while it works on this
/// one, and the misses overlap. A prefetch is a hint: it changes no result, only when the memory is read.
enum ContactPrefetch {
    /// How many constraints ahead the preparation asks for (and the impulse store, in quads of four): enough for
    /// a line to arrive from memory while the constraints before it are prepared, few enough that the lines are
    /// still in the cache when they are read (measured on the large pyramid; docs/performance.md).
    static let distance = 16

    /// Asks for every line of the record at `p`.
    @inline(__always)
    static func record<T>(_ p: UnsafePointer<T>) { records(p, count: 1) }

    /// Asks for every line of the `count` records from `p` on (none for no record), to be written with `write`.
    @inline(__always)
    static func records<T>(_ p: UnsafePointer<T>, count: Int, write: Bool = false) {
        guard count > 0 else { return }
        let raw = UnsafeRawPointer(p), size = (count - 1) * MemoryLayout<T>.stride + MemoryLayout<T>.size
        var offset = 0
        while offset < size {
            if write { luadyn_prefetch_for_write(raw + offset) } else { luadyn_prefetch(raw + offset) }
            offset += 64
        }
        // The last byte, whose line the steps of 64 miss when the records do not start on a line.
        if write { luadyn_prefetch_for_write(raw + (size - 1)) } else { luadyn_prefetch(raw + (size - 1)) }
    }

    /// Asks for bytes `from..<to` of the record at `p`: a span of at most two lines, so its ends name them.
    @inline(__always)
    private static func bytes(_ p: UnsafeRawPointer, _ from: Int, _ to: Int, write: Bool = false) {
        if write {
            luadyn_prefetch_for_write(p + from); luadyn_prefetch_for_write(p + (to - 1))
        } else {
            luadyn_prefetch(p + from); luadyn_prefetch(p + (to - 1))
        }
    }

    // The fields' offsets below fold to constants: each is a stored property named by a literal key path.

    /// From the first byte of a body's origin and centre of mass to the last, the only fields the preparation
    /// reads of it.
    @inline(__always)
    private static var bodyOffsets: (Int, Int) {
        let origin = MemoryLayout<Body>.offset(of: \Body.origin).unsafelyUnwrapped
        let center = MemoryLayout<Body>.offset(of: \Body.center).unsafelyUnwrapped
        return (min(origin, center), max(origin, center) + MemoryLayout<Vector>.size)
    }

    /// From the first byte of a state's inverse mass and inertia to the last, the only fields the preparation and
    /// the quads read of it.
    @inline(__always)
    private static var massOffsets: (Int, Int) {
        let mass = MemoryLayout<BodyState>.offset(of: \BodyState.invMass).unsafelyUnwrapped
        let inertia = MemoryLayout<BodyState>.offset(of: \BodyState.invInertia).unsafelyUnwrapped
        return (min(mass, inertia), max(mass, inertia) + MemoryLayout<Double>.size)
    }

    /// From the first byte of a touch record's impulses to the last: what the impulse store writes.
    @inline(__always)
    private static var impulseOffsets: (Int, Int) {
        let first = MemoryLayout<ContactTouch>.offset(of: \ContactTouch.normalImpulse1).unsafelyUnwrapped
        let last = MemoryLayout<ContactTouch>.offset(of: \ContactTouch.tangentImpulse2).unsafelyUnwrapped
        return (first, last + MemoryLayout<Double>.size)
    }

    /// What `ContactSolver.prepare` reads for the constraint `link` names (its contact, bodies and touch record,
    /// as `ContactSolveOrder.links` holds them): the whole touch record, the bodies' origins and centres, the
    /// states' masses.
    @inline(__always)
    static func preparation(_ link: SIMD4<Int32>, touches: UnsafePointer<ContactTouch>, bodies: UnsafePointer<Body>,
                            states: UnsafePointer<BodyState>) {
        record(touches + Int(link.w))
        let (bodyFrom, bodyTo) = bodyOffsets, (massFrom, massTo) = massOffsets
        bytes(UnsafeRawPointer(bodies + Int(link.y)), bodyFrom, bodyTo)
        bytes(UnsafeRawPointer(bodies + Int(link.z)), bodyFrom, bodyTo)
        bytes(UnsafeRawPointer(states + Int(link.y)), massFrom, massTo)
        bytes(UnsafeRawPointer(states + Int(link.z)), massFrom, massTo)
    }

    /// What `ContactSolver.store` reads and writes of the touch record at `touch`: its impulses, and which points
    /// its manifold has (the record's last bytes).
    @inline(__always)
    static func store(_ touch: UnsafePointer<ContactTouch>) {
        let raw = UnsafeRawPointer(touch), (from, to) = impulseOffsets
        bytes(raw, from, to, write: true)
        luadyn_prefetch(raw + (MemoryLayout<ContactTouch>.size - 1))
    }

    /// What `WideContact.write` reads of the bodies of the prepared constraint at `c`: their masses. Asked for a
    /// little after the constraint itself (`record`), whose bodies it reads.
    @inline(__always)
    static func masses(of c: UnsafePointer<ContactConstraint>, states: UnsafePointer<BodyState>) {
        let (massFrom, massTo) = massOffsets
        bytes(UnsafeRawPointer(states + Int(c.pointee.bodyA)), massFrom, massTo)
        bytes(UnsafeRawPointer(states + Int(c.pointee.bodyB)), massFrom, massTo)
    }
}
