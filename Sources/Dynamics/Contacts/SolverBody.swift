/// One body as the contact quads see it during a pass, in single precision: 32 bytes, two vectors that each load in
/// one instruction, where the double-precision `BodyState` holds what the quads read in 56 bytes.
///
/// A pass (warm start, solve, relax) gathers its bodies once from the states, rounding to floats, and writes their
/// velocities back once after the last quad. Quads solved straight on the double states rounded on every read and
/// converted back on every write, once per constraint of a body.
struct SolverBody {
    /// Velocity x and y, angular velocity, and a lane no one reads (kept zero).
    var velocity: SIMD4<Float>
    /// Translation of the centre since the step began (x, y), and the rotation since then (cosine, sine).
    var motion: SIMD4<Float>

    /// A body that does not move: what a static or sleeping body's zero state rounds to.
    static let atRest = SolverBody(velocity: .zero, motion: SIMD4(0, 0, 1, 0))

    /// The velocities of `s`, rounded.
    @inline(__always)
    static func velocity(_ s: UnsafePointer<BodyState>) -> SIMD4<Float> {
        let v = loadPair(UnsafeMutablePointer(mutating: s))
        return SIMD4(lowHalf: SIMD2<Float>(v), highHalf: SIMD2(Float(s.pointee.w), 0))
    }

    /// The motion of `s` since the step began, rounded.
    @inline(__always)
    static func motion(_ s: UnsafePointer<BodyState>) -> SIMD4<Float> {
        let raw = UnsafeRawPointer(s)
        let dp = raw.loadUnaligned(fromByteOffset: MemoryLayout<BodyState>.offset(of: \.dp).unsafelyUnwrapped,
                                   as: SIMD2<Double>.self)
        let dq = raw.loadUnaligned(fromByteOffset: MemoryLayout<BodyState>.offset(of: \.dq).unsafelyUnwrapped,
                                   as: SIMD2<Double>.self)
        return SIMD4(lowHalf: SIMD2<Float>(dp), highHalf: SIMD2<Float>(dq))
    }
}

/// The solver bodies of a set of quads: one for each body the quads name, in the order they first name them (quad
/// by quad, each quad's A sides, then its B sides).
/// Building them rewrites the quads' body indices (`WideContact.bodyA`, `bodyB`) into slots of this array.
///
/// Static and sleeping bodies are gathered and written back like the others (their zero states stay zero): which
/// bodies a step moves only the step knows, and there are few such bodies in a pass.
struct SolverBodies {
    /// The bodies, by slot.
    var bodies = ContiguousArray<SolverBody>()
    /// The body (index into the states) of each slot.
    var sources = ContiguousArray<Int32>()
    /// Per body of the states, its slot while the slots are being made, else -1.
    private var slotOfBody = ContiguousArray<Int32>()
    /// When the slots were named lane by lane (`build(_:states:lanes:)`), where each lane's slots end: lane `l` of
    /// `laneEnds.count` lanes first met the bodies of slots `laneEnds[l - 1]..<laneEnds[l]` (from 0 for lane 0),
    /// and gathers and writes them back (`ContactStageJob.slotRange`). Empty otherwise.
    var laneEnds = ContiguousArray<Int32>()

    /// Bytes of room in its arrays.
    var storageBytes: Int {
        bodies.capacity * MemoryLayout<SolverBody>.stride
            + (sources.capacity + slotOfBody.capacity + laneEnds.capacity) * MemoryLayout<Int32>.stride
    }

    /// Gives every body the quads name a slot and rewrites the quads' body indices into slots.
    mutating func build(_ quads: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>) {
        beginNaming(bodyCount: states.count)
        name(quads)
        finishNaming()
    }

    /// `build`, naming the quads lane by lane (`QuadLanes`, whose units hold every quad once): each lane's bodies
    /// get slots after the last lane's, so the slots a lane gathers are the bodies its own quads meet first, and
    /// `laneEnds` says where each lane's end. Which slot a body gets changes no result, only where it lies.
    mutating func build(_ quads: UnsafeMutableBufferPointer<WideContact>, states: UnsafeMutableBufferPointer<BodyState>,
                        lanes: QuadLaneBuffers) {
        beginNaming(bodyCount: states.count)
        for lane in 0..<lanes.threads {
            for u in lanes.units(of: lane) { name(UnsafeMutableBufferPointer(rebasing: quads[lanes.quads(u)])) }
            laneEnds.append(Int32(sources.count))
        }
        finishNaming()
    }

    /// Starts giving slots to the bodies of quads named one run after another (`name`), for a world of
    /// `bodyCount` bodies; `finishNaming` ends it. Naming each group's quads just after they are written, while
    /// they are in the cache, gives the slots `build` gives when called on all of them.
    mutating func beginNaming(bodyCount: Int) {
        sources.removeAll(keepingCapacity: true)
        laneEnds.removeAll(keepingCapacity: true)
        if slotOfBody.count < bodyCount {
            slotOfBody.append(contentsOf: repeatElement(-1, count: bodyCount - slotOfBody.count))
        }
    }

    /// Gives the bodies of `quads`, the next quads in order, their slots, and rewrites the quads' body indices
    /// into them.
    mutating func name(_ quads: UnsafeMutableBufferPointer<WideContact>) {
        guard let q = quads.baseAddress else { return }
        // Held in a local while `slots` appends to `sources`.
        var slotOf = ContiguousArray<Int32>()
        swap(&slotOf, &slotOfBody)
        slotOf.withUnsafeMutableBufferPointer { slotOf in
            let slot = slotOf.baseAddress.unsafelyUnwrapped
            for k in 0..<quads.count {
                q[k].bodyA = slots(q[k].bodyA, slot)
                q[k].bodyB = slots(q[k].bodyB, slot)
            }
        }
        swap(&slotOf, &slotOfBody)
    }

    /// Ends the naming `beginNaming` started: the solver bodies are made room for, one per slot.
    mutating func finishNaming() {
        slotOfBody.withUnsafeMutableBufferPointer { slot in
            for body in sources { slot[Int(body)] = -1 }
        }
        let count = sources.count
        if bodies.count > count {
            bodies.removeLast(bodies.count - count)
        } else if bodies.count < count {
            bodies.append(contentsOf: repeatElement(SolverBody.atRest, count: count - bodies.count))
        }
    }

    /// The slots of bodies `i`, each given one the first time it is met.
    @inline(__always)
    private mutating func slots(_ i: SIMD4<Int32>, _ slot: UnsafeMutablePointer<Int32>) -> SIMD4<Int32> {
        var result = SIMD4<Int32>()
        for lane in 0..<4 {
            let body = Int(i[lane])
            if slot[body] < 0 {
                slot[body] = Int32(sources.count)
                sources.append(Int32(body))
            }
            result[lane] = slot[body]
        }
        return result
    }

    /// Puts the body indices back into the quads `build` gave slots.
    func restore(_ quads: UnsafeMutableBufferPointer<WideContact>) {
        sources.withUnsafeBufferPointer { Self.restore(quads, sources: $0.baseAddress.unsafelyUnwrapped) }
    }

    /// Puts the body indices back into `quads`, whose slots name bodies by `sources` (a `sources` array).
    @inline(__always)
    static func restore(_ quads: UnsafeMutableBufferPointer<WideContact>, sources: UnsafePointer<Int32>) {
        for k in quads.indices {
            for lane in 0..<4 {
                quads[k].bodyA[lane] = sources[Int(quads[k].bodyA[lane])]
                quads[k].bodyB[lane] = sources[Int(quads[k].bodyB[lane])]
            }
        }
    }

    /// Runs `body` with the slots in raw buffers.
    mutating func withBuffers<R>(_ body: (SolverBodyBuffers) -> R) -> R {
        let sources = self.sources, ends = self.laneEnds
        return bodies.withUnsafeMutableBufferPointer { b in
            sources.withUnsafeBufferPointer { s in
                ends.withUnsafeBufferPointer { e in body(SolverBodyBuffers(bodies: b, sources: s, laneEnds: e)) }
            }
        }
    }
}

/// What one pass of the contact solve reads: the slots' bodies and which states they come from.
struct SolverBodyBuffers {
    var bodies: UnsafeMutableBufferPointer<SolverBody>
    var sources: UnsafeBufferPointer<Int32>
    /// Where each lane's slots end, when they were named lane by lane (`SolverBodies.laneEnds`), else empty.
    var laneEnds = UnsafeBufferPointer<Int32>(start: nil, count: 0)

    /// Rounds the velocities of the slots' bodies from their states, and their motion too with `motion`.
    @inline(__always)
    func gather(_ states: UnsafeMutablePointer<BodyState>, motion: Bool) {
        if motion {
            for k in sources.indices {
                let s = states + Int(sources[k])
                bodies[k] = SolverBody(velocity: SolverBody.velocity(s), motion: SolverBody.motion(s))
            }
        } else {
            for k in sources.indices { bodies[k].velocity = SolverBody.velocity(states + Int(sources[k])) }
        }
    }

    /// Writes the slots' velocities back to their states.
    @inline(__always)
    func scatter(_ states: UnsafeMutablePointer<BodyState>) {
        for k in sources.indices {
            let v = bodies[k].velocity, s = states + Int(sources[k])
            UnsafeMutableRawPointer(s).storeBytes(of: SIMD2<Double>(v.lowHalf), as: SIMD2<Double>.self)
            s.pointee.w = Double(v[2])
        }
    }
}
