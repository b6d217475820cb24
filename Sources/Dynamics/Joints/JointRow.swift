/// One joint of a step's solve as the sub-step loop reads it: its bodies, and for a plain pin everything its solve
/// needs, in 80 bytes, where a joint record (`Joint`) is about 300.
///
/// A step's rows are made when its joints are prepared, in the order they are solved (step order, or the colours'
/// order, `JointColouring`), so every pass over the joints is one sequential sweep through a compact array instead
/// of a walk through the records; the pins' impulses go back to their records once, after the last sub-step
/// (`storeImpulses`). A plain pin (a revolute joint without friction, motor or limit, and no angular impulse left
/// from one) is solved from its row alone, by the same arithmetic as on its record (`PointConstraint`), so its
/// results are the same bit for bit; any other joint is solved on its record, in its place in the order.
struct JointRow {
    var bodyA: Int32
    var bodyB: Int32
    /// The joint (index into the world's joints).
    var joint: Int32
    /// Whether the row is a plain pin, solved from the row; otherwise the record is.
    var isPin: Bool
    // A plain pin's anchors and relative placement, frozen by `Joint.prepare`, and its accumulated impulse.
    var rA: Vector
    var rB: Vector
    var deltaCenter: Vector
    var linearImpulse: Vector

    /// The row of joint `joint`, just prepared.
    @inline(__always)
    init(_ j: Joint, joint: Int32) {
        bodyA = j.bodyA; bodyB = j.bodyB; self.joint = joint
        isPin = Self.isPlainPin(j)
        rA = j.rA; rB = j.rB; deltaCenter = j.deltaCenter; linearImpulse = j.linearImpulse
    }

    /// The row of the plain pin `joint`, prepared from its bodies: the anchors and placement `Joint.prepare` would
    /// freeze, by the same expressions, so the same bits.
    @inline(__always)
    private init(pin j: UnsafePointer<Joint>, joint: Int32, bodies: UnsafeMutableBufferPointer<Body>) {
        let a = Int(j.pointee.bodyA), b = Int(j.pointee.bodyB)
        bodyA = j.pointee.bodyA; bodyB = j.pointee.bodyB; self.joint = joint
        isPin = true
        rA = bodies[a].q.rotate(j.pointee.localAnchorA - bodies[a].localCenter)
        rB = bodies[b].q.rotate(j.pointee.localAnchorB - bodies[b].localCenter)
        deltaCenter = bodies[b].center - bodies[a].center
        linearImpulse = j.pointee.linearImpulse
    }

    /// Whether `j` is solved from its row: a pin whose warm start would add an angular impulse keeps to its record.
    @inline(__always)
    static func isPlainPin(_ j: Joint) -> Bool {
        j.kind == .revolute && !j.enableLimit && !(j.maxFrictionTorque > 0) && j.angularImpulse == 0
            && j.frictionImpulse == 0 && j.lowerImpulse == 0 && j.upperImpulse == 0
    }

    /// A row nothing has prepared yet (room for later steps).
    static let unused = JointRow(Joint(kind: .weld, bodyA: 0, bodyB: 0), joint: -1)

    /// Warm starts the joint.
    @inline(__always)
    func warmStart(joints: UnsafeMutableBufferPointer<Joint>, states: UnsafeMutableBufferPointer<BodyState>) {
        guard isPin else {
            joints[Int(joint)].warmStart(states: states)
            return
        }
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        // The record's warm start adds the sum of its angular impulses, all zero for a plain pin: adding the
        // zero keeps the rounding of a zero's sign the same.
        PointConstraint.warmStart(&sA, &sB, rA: rA, rB: rB, P: linearImpulse, axial: 0)
        Self.storeVelocities(sA, sB, a, b, states)
    }

    /// Solves the joint once, with position feedback or without.
    @inline(__always)
    mutating func solve(joints: UnsafeMutableBufferPointer<Joint>, states: UnsafeMutableBufferPointer<BodyState>,
                        context: JointContext, useBias: Bool) {
        guard isPin else {
            joints[Int(joint)].solve(states: states, context: context, useBias: useBias)
            return
        }
        let a = Int(bodyA), b = Int(bodyB)
        var sA = states[a], sB = states[b]
        PointConstraint.solve(&sA, &sB, rA: rA, rB: rB, deltaCenter: deltaCenter, linearImpulse: &linearImpulse,
                              context.jointSoftness, useBias)
        Self.storeVelocities(sA, sB, a, b, states)
    }

    @inline(__always)
    private static func storeVelocities(_ sA: BodyState, _ sB: BodyState, _ a: Int, _ b: Int,
                                        _ states: UnsafeMutableBufferPointer<BodyState>) {
        states[a].v = sA.v; states[a].w = sA.w
        states[b].v = sB.v; states[b].w = sB.w
    }

    /// The row of joint `joint` for the step. A plain pin is prepared into its row alone: its record's frozen
    /// fields are read by nothing but its own solve on the record, which a pin never runs, so they are not
    /// written (a write would dirty a cache line of every record, every step). Any other joint is prepared on
    /// its record (`Joint.prepare`) and its row taken from there.
    @inline(__always)
    static func prepared(_ joint: Int32, joints: UnsafeMutableBufferPointer<Joint>,
                         bodies: UnsafeMutableBufferPointer<Body>, context: JointContext) -> JointRow {
        let record = joints.baseAddress.unsafelyUnwrapped + Int(joint)
        if isPlainPin(record.pointee) { return JointRow(pin: record, joint: joint, bodies: bodies) }
        record.pointee.prepare(bodies: bodies, context: context)
        return JointRow(record.pointee, joint: joint)
    }

    /// Prepares the joints `sequence[range]` for the step and writes their rows at the same places of `rows`.
    @inline(__always)
    static func prepare(_ sequence: UnsafeBufferPointer<Int32>, _ range: Range<Int>, rows: UnsafeMutablePointer<JointRow>,
                        joints: UnsafeMutableBufferPointer<Joint>, bodies: UnsafeMutableBufferPointer<Body>,
                        context: JointContext) {
        for k in range { rows[k] = prepared(sequence[k], joints: joints, bodies: bodies, context: context) }
    }

    /// Prepares the joints `active[range]` (in step order, so in the order of their records) and writes the row of
    /// `active[t]` at `rows[place[t]]`, its place in the solve order (`JointColouring.place`). Going through the
    /// records and bodies in their order, rather than the colours' order, reads them as a few sequential streams
    /// instead of at random; the rows are written as a few sequential streams too, one per colour.
    @inline(__always)
    static func prepare(active: UnsafeBufferPointer<Int32>, place: UnsafeBufferPointer<Int32>, _ range: Range<Int>,
                        rows: UnsafeMutablePointer<JointRow>, joints: UnsafeMutableBufferPointer<Joint>,
                        bodies: UnsafeMutableBufferPointer<Body>, context: JointContext) {
        for t in range {
            rows[Int(place[t])] = prepared(active[t], joints: joints, bodies: bodies, context: context)
        }
    }

    /// Gives the pins' impulses back to their records, for the next step's warm start.
    static func storeImpulses(_ rows: UnsafeBufferPointer<JointRow>, into joints: UnsafeMutableBufferPointer<Joint>) {
        for row in rows where row.isPin { joints[Int(row.joint)].linearImpulse = row.linearImpulse }
    }

    /// Gives the impulses of the pins among `active[range]` back to their records, reading each joint's row at its
    /// place (see `prepare(active:place:_:rows:joints:bodies:context:)`): the records in their order.
    @inline(__always)
    static func storeImpulses(active: UnsafeBufferPointer<Int32>, place: UnsafeBufferPointer<Int32>, _ range: Range<Int>,
                              rows: UnsafeBufferPointer<JointRow>, into joints: UnsafeMutableBufferPointer<Joint>) {
        for t in range {
            let row = rows[Int(place[t])]
            if row.isPin { joints[Int(active[t])].linearImpulse = row.linearImpulse }
        }
    }

    /// Makes `rows` hold at least `count` rows; it never shrinks, so a step after the largest allocates nothing.
    static func reserve(_ rows: inout ContiguousArray<JointRow>, count: Int) {
        if rows.count < count { rows.append(contentsOf: repeatElement(.unused, count: count - rows.count)) }
    }
}
