import CContactKernels

/// Which code runs the contact solve's passes over quads (`WideContact`): the Swift kernel (`WideContactSolver`,
/// four lanes, on every processor), or the C kernels of `CContactKernels`, four lanes with SSE2 (every x86-64
/// processor) or eight with AVX2 (two quads of one group at once), chosen at run time. All three do the same
/// operations in the same order in each lane, so they give the same bits, and a world may use any of them.
enum ContactKernel: Sendable, CaseIterable {
    case swift
    case sse2
    case avx2

    /// The kernel worlds use unless told otherwise: the environment's `LUADYN_CONTACT_KERNEL` (`swift`, `sse2` or
    /// `avx2`) when this processor runs it, else the widest kernel it runs. Asked once.
    static let preferred: ContactKernel = {
        let requested = luadyn_contact_kernel_requested()
        if requested >= 0, let kernel = Self(code: requested), kernel.isSupported { return kernel }
        return best
    }()

    /// The widest kernel this processor runs.
    static let best: ContactKernel = {
        guard layoutMatches else { return .swift }
        return Self(code: luadyn_contact_kernels_supported()) ?? .swift
    }()

    /// Whether this processor runs the kernel.
    var isSupported: Bool { code <= Self.best.code }

    /// This kernel where the processor runs it, else the widest one it runs.
    var supported: ContactKernel { isSupported ? self : Self.best }

    private init?(code: Int32) {
        switch code {
        case 0: self = .swift
        case 1: self = .sse2
        case 2: self = .avx2
        default: return nil
        }
    }

    private var code: Int32 {
        switch self {
        case .swift: 0
        case .sse2: 1
        case .avx2: 2
        }
    }

    /// Whether the C kernels' picture of the quads and solver bodies (`LuadynWideContact`, `LuadynSolverBody`) is
    /// the Swift layout, field by field: the C kernels are used only then.
    static let layoutMatches: Bool = {
        typealias C = LuadynWideContact
        typealias S = WideContact
        typealias P = LuadynWidePoint
        typealias Q = WidePoint
        typealias B = LuadynSolverBody
        func at<T, U>(_ c: PartialKeyPath<T>, _ s: PartialKeyPath<U>) -> Bool {
            MemoryLayout<T>.offset(of: c) == MemoryLayout<U>.offset(of: s)
        }
        let sizes: [Bool] = [
            MemoryLayout<C>.size == MemoryLayout<S>.size, MemoryLayout<C>.stride == MemoryLayout<S>.stride,
            MemoryLayout<P>.size == MemoryLayout<Q>.size, MemoryLayout<B>.stride == MemoryLayout<SolverBody>.stride,
        ]
        let quad: [Bool] = [
            at(\C.bodyA, \S.bodyA), at(\C.bodyB, \S.bodyB), at(\C.nx, \S.nx), at(\C.ny, \S.ny),
            at(\C.friction, \S.friction), at(\C.biasRate, \S.biasRate), at(\C.massScale, \S.massScale),
            at(\C.impulseScale, \S.impulseScale), at(\C.massA, \S.massA), at(\C.inertiaA, \S.inertiaA),
            at(\C.massB, \S.massB), at(\C.inertiaB, \S.inertiaB), at(\C.k11, \S.k11), at(\C.k12, \S.k12),
            at(\C.k22, \S.k22), at(\C.softScale, \S.softScale), at(\C.rootSoftScale, \S.rootSoftScale),
            at(\C.p1, \S.p1), at(\C.p2, \S.p2),
        ]
        let point: [Bool] = [
            at(\P.rAx, \Q.rAx), at(\P.rAy, \Q.rAy), at(\P.rBx, \Q.rBx), at(\P.rBy, \Q.rBy),
            at(\P.baseSeparation, \Q.baseSeparation), at(\P.normalImpulse, \Q.normalImpulse),
            at(\P.tangentImpulse, \Q.tangentImpulse), at(\P.normalMass, \Q.normalMass),
            at(\P.tangentMass, \Q.tangentMass),
        ]
        let body: [Bool] = [at(\B.velocity, \SolverBody.velocity), at(\B.motion, \SolverBody.motion)]
        typealias G = LuadynLaneGroup
        let group: [Bool] = [
            MemoryLayout<G>.stride == MemoryLayout<LaneGroup>.stride, at(\G.quadStart, \LaneGroup.quadStart),
            at(\G.blockQuads, \LaneGroup.blockQuads), at(\G.twoPointQuads, \LaneGroup.twoPointQuads),
            at(\G.onePointQuads, \LaneGroup.onePointQuads),
        ]
        return (sizes + quad + point + body + group).allSatisfy { $0 }
    }()

    /// The quads of a run, as the schedule orders them.
    enum Kind: Int32 {
        /// Two-point constraints whose normal impulses are solved together (`ContactBlock`).
        case block = 0
        /// Other constraints with two points.
        case twoPoints = 1
        /// Constraints with one point: their zero second points are skipped.
        case onePoint = 2
    }

    /// Warm starts `quads`, all of kind `kind`, in order. With `.avx2`, the quads must share no moving body (a
    /// slice of one group, `LaneGroup`): two are solved at once.
    @inline(__always)
    func warmStart(_ quads: UnsafeMutableBufferPointer<WideContact>, kind: Kind, bodies: UnsafeMutablePointer<SolverBody>) {
        guard let base = quads.baseAddress, !quads.isEmpty else { return }
        switch self {
        case .swift:
            if kind == .onePoint {
                WideContactSolver.warmStartOnePoint(quads, bodies: bodies)
            } else {
                WideContactSolver.warmStart(quads, bodies: bodies)
            }
        case .sse2:
            luadyn_warm_start_sse2(Self.c(base), quads.count, Self.c(bodies), kind.rawValue)
        case .avx2:
            luadyn_warm_start_avx2(Self.c(base), quads.count, Self.c(bodies), kind.rawValue)
        }
    }

    /// Solves `quads`, all of kind `kind`, once in order (see `warmStart` for `.avx2`).
    @inline(__always)
    func solve(_ quads: UnsafeMutableBufferPointer<WideContact>, kind: Kind, bodies: UnsafeMutablePointer<SolverBody>,
               inverseH: Float, useBias: Bool) {
        guard let base = quads.baseAddress, !quads.isEmpty else { return }
        switch self {
        case .swift:
            switch kind {
            case .block: WideContactSolver.solveBlock(quads, bodies: bodies, inverseH: inverseH, useBias: useBias)
            case .twoPoints: WideContactSolver.solve(quads, bodies: bodies, inverseH: inverseH, useBias: useBias)
            case .onePoint: WideContactSolver.solveOnePoint(quads, bodies: bodies, inverseH: inverseH, useBias: useBias)
            }
        case .sse2:
            luadyn_solve_sse2(Self.c(base), quads.count, Self.c(bodies), kind.rawValue, inverseH, Self.pushFloor,
                              useBias ? 1 : 0)
        case .avx2:
            luadyn_solve_avx2(Self.c(base), quads.count, Self.c(bodies), kind.rawValue, inverseH, Self.pushFloor,
                              useBias ? 1 : 0)
        }
    }

    /// Warm starts every group of `groups` in turn, the eight-lane kernel's way: one call for all of them.
    @inline(__always)
    static func warmStartAVX2(_ quads: UnsafeMutableBufferPointer<WideContact>, groups: UnsafeBufferPointer<LaneGroup>,
                              bodies: UnsafeMutablePointer<SolverBody>) {
        guard let base = quads.baseAddress, let g = groups.baseAddress else { return }
        luadyn_warm_start_groups_avx2(c(base), c(g), groups.count, c(bodies))
    }

    /// Solves every group of `groups` once in turn, the eight-lane kernel's way (see `warmStartAVX2`).
    @inline(__always)
    static func solveAVX2(_ quads: UnsafeMutableBufferPointer<WideContact>, groups: UnsafeBufferPointer<LaneGroup>,
                          bodies: UnsafeMutablePointer<SolverBody>, inverseH: Float, useBias: Bool) {
        guard let base = quads.baseAddress, let g = groups.baseAddress else { return }
        luadyn_solve_groups_avx2(c(base), c(g), groups.count, c(bodies), inverseH, pushFloor, useBias ? 1 : 0)
    }

    /// The lowest bias velocity of an overlap, as the Swift kernel rounds it.
    private static let pushFloor = Float(-SolverTuning.contactPushMaxVelocity)

    @inline(__always)
    private static func c(_ quads: UnsafeMutablePointer<WideContact>) -> UnsafeMutablePointer<LuadynWideContact> {
        UnsafeMutableRawPointer(quads).assumingMemoryBound(to: LuadynWideContact.self)
    }

    @inline(__always)
    private static func c(_ groups: UnsafePointer<LaneGroup>) -> UnsafePointer<LuadynLaneGroup> {
        UnsafeRawPointer(groups).assumingMemoryBound(to: LuadynLaneGroup.self)
    }

    @inline(__always)
    private static func c(_ bodies: UnsafeMutablePointer<SolverBody>) -> UnsafeMutablePointer<LuadynSolverBody> {
        UnsafeMutableRawPointer(bodies).assumingMemoryBound(to: LuadynSolverBody.self)
    }
}
