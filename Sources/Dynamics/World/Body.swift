/// Whether a body moves under forces (dynamic), never moves (static: boundaries and anchored items), or moves at the
/// velocity it was given, whatever pushes on it (kinematic: an anchored item given a velocity, such as a moving
/// platform). Static and kinematic bodies have no inverse mass, so contacts and joints never change their motion.
enum BodyType: Sendable { case staticBody, kinematicBody, dynamicBody }

/// One rigid body. A plain struct so the solver can walk a contiguous array of them without reference counting.
/// Positions: `origin` is the item's centre (the body frame), `center` the centre of mass; they differ only for
/// path shapes whose centroid is off the item's centre.
struct Body {
    // Stored widest first, the narrow fields packed together at the end: 232 bytes a body, where the same fields in
    // their reading order took 256 (each flag and handle sat in an 8-byte slot of its own).
    var origin = Vector.zero
    var q = Rotation.identity
    var center = Vector.zero
    var localCenter = Vector.zero

    var v = Vector.zero
    var w: Double = 0

    var invMass: Double = 0
    var invInertia: Double = 0

    /// Acceleration from gravity behaviours, pt/s^2, whatever the mass.
    var gravity = Vector.zero
    /// Force and torque held across steps (continuous pushes), in mass * pt/s^2 and mass * pt^2/s^2.
    var force = Vector.zero
    var torque: Double = 0
    var linearDamping: Double = 0
    var angularDamping: Double = 0

    /// Half the smallest and the largest extent of the shape, for the continuous test and sleep.
    var minExtent: Double = 0
    var maxExtent: Double = 0
    var sleepTime: Double = 0

    // Where the body was when the step began; the solver's motion since then is in its BodyState.
    var center0 = Vector.zero
    var q0 = Rotation.identity

    /// The body's first collision shape, or -1; the rest follow through `ShapeRecord.nextOnBody` (a view has one
    /// shape, an item group one per member).
    var shape: Int32 = -1
    /// The island tag given when the body fell asleep: waking one body wakes everything that slept with it.
    var sleepTag: Int32 = 0

    var type: BodyType = .dynamicBody
    /// False for a freed slot in the world's storage.
    var inUse = true
    var fixedRotation = false
    /// Set during the continuous pass for bodies that moved far this step.
    var isFast = false
    var isAwake = true
    /// False keeps the body (and so its island) awake.
    var allowsSleep = true

    /// The transform of the body frame (the item's centre and angle).
    var transform: Transform { Transform(p: origin, q: q) }

    var isDynamic: Bool { type == .dynamicBody }
    /// A kinematic body with a velocity: it moves this step and keeps what touches it awake.
    var isMovingKinematic: Bool { type == .kinematicBody && inUse && (v != .zero || w != 0) }
    /// A body the solver moves this step.
    var isSimulated: Bool { type == .dynamicBody && isAwake && inUse }

    /// Sets the frame, keeping the centre of mass consistent with it.
    mutating func setTransform(origin newOrigin: Vector, q newQ: Rotation) {
        origin = newOrigin
        q = newQ
        center = newOrigin + newQ.rotate(localCenter)
    }

    /// Sets mass properties: the inertia given is about the centre of mass.
    mutating func setMass(_ m: Double, localCenter lc: Vector, inertia inertiaAboutCenter: Double) {
        localCenter = lc
        center = origin + q.rotate(lc)
        if type == .dynamicBody && m > 0 {
            invMass = 1 / m
            invInertia = (fixedRotation || inertiaAboutCenter <= 0) ? 0 : 1 / inertiaAboutCenter
        } else {
            invMass = 0; invInertia = 0
        }
    }
}
