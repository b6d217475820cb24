/// What the contact update reads of a body for each of its contacts: where it is and whether it moves or sleeps.
///
/// The update visits contacts in handle order, which is no order of the bodies, and a body record is 232 bytes
/// whose pose and flags lie on different cache lines: reading two bodies per contact missed the cache several times
/// a contact in a tumbling pile. The poses are gathered once per step, in body order, into a dense array of these
/// (40 bytes a body, so a world of thousands stays in the core's own cache), and every contact reads them there.
struct ContactBodyPose {
    var transform: Transform
    /// An awake dynamic body or a kinematic one on the move: its contacts get new manifolds.
    var moves: Bool
    /// Whether the body is awake (a touching contact with a body that is not must wake it).
    var isAwake: Bool

    /// The pose and flags of the body at `body`, read in place.
    @inline(__always)
    init(_ body: UnsafePointer<Body>) {
        transform = body.pointee.transform
        let simulated = body.pointee.isSimulated, movingKinematic = body.pointee.isMovingKinematic
        moves = simulated || movingKinematic
        isAwake = body.pointee.isAwake
    }
}

extension PhysicsWorld {
    /// Fills `poses` with one `ContactBodyPose` per body slot.
    static func gatherContactPoses(_ bodies: ContiguousArray<Body>, into poses: inout ContiguousArray<ContactBodyPose>) {
        poses.removeAll(keepingCapacity: true)
        poses.reserveCapacity(bodies.count)
        bodies.withUnsafeBufferPointer { bp in
            let base = bp.baseAddress
            for i in bp.indices { poses.append(ContactBodyPose(base.unsafelyUnwrapped + i)) }
        }
    }

    /// Brings `poses` up to date after bodies woke (only their flags can have changed during the update).
    static func refreshContactPoseFlags(_ bodies: ContiguousArray<Body>, _ poses: inout ContiguousArray<ContactBodyPose>) {
        bodies.withUnsafeBufferPointer { bp in
            poses.withUnsafeMutableBufferPointer { pp in
                let base = bp.baseAddress
                for i in bp.indices { pp[i] = ContactBodyPose(base.unsafelyUnwrapped + i) }
            }
        }
    }
}
