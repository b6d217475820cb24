import Dynamics
import LuaKit
import Pictures

/// What one animator is recording: frames for a replay, a trace file, and the energy history `.plot` shows.
/// It holds the animator weakly: a session never keeps a world alive.
final class AnimatorPictures {
    weak var animator: Animator?
    /// The recording in progress, or nil.
    var recording: Recording?
    /// The last recording stopped, kept for `exportHTML` after `stopRecording`.
    var finishedRecording: Recording?
    /// The trace in progress, or nil.
    var trace: TraceSession?
    /// Energy and speeds per frame while recording or tracing.
    var history = FrameHistory()
    /// The simulated time of the last frame seen, so a paused animator's empty steps add nothing.
    var lastTime: Double
    /// Where each item has been, kept only while pictures of this animator ask for trails.
    var trails: Trails?

    init(animator: Animator) {
        self.animator = animator
        lastTime = animator.elapsedTime
    }

    /// True while anything wants every frame.
    var isObserving: Bool { recording != nil || trace != nil || trails != nil }

    deinit { trace?.finish() }
}

/// A trace being written: the file, the writer's format and the items it follows, in column order.
final class TraceSession {
    var file: TraceFile
    let items: [DynamicItem]
    /// Set after a write failed, so one full disk is reported once and not on every frame.
    private(set) var failed = false

    init(file: TraceFile, items: [DynamicItem]) {
        self.file = file
        self.items = items
    }

    /// Writes the row for the items as they are now.
    func record(time: Double) throws(PictureError) {
        let snapshots = items.map { item in
            ItemSnapshot(name: item.name, color: item.color, shape: item.shape.kind, size: item.size, center: item.center,
                         angle: item.angle, velocity: item.velocity, angularVelocity: item.angularVelocity, outline: [],
                         isAnchored: false, isAsleep: false)
        }
        do throws(PictureError) { try file.record(time: time, items: snapshots) } catch { failed = true; throw error }
    }

    /// Writes the rows still waiting.
    func flush() throws(PictureError) {
        do throws(PictureError) { try file.flush() } catch { failed = true; throw error }
    }

    /// Flushes for the last time, ignoring errors: used when the trace ends without anyone to report to.
    func finish() {
        guard !failed else { return }
        try? file.flush()
    }
}

/// Per-frame numbers kept for `.plot`: time, kinetic and potential energy, and each item's speed.
struct FrameHistory {
    /// Most frames kept (ten minutes at 60 frames a second); older ones are dropped first.
    static let capacity = 36_000
    /// Items whose speed is kept (the first ones of the animator).
    static let speedItems = 6

    var time: [Double] = []
    var kinetic: [Double] = []
    var potential: [Double] = []
    /// The items whose speeds are kept, and their speeds per frame (NaN where an item had left the animator).
    var speedItems: [DynamicItem] = []
    var speeds: [[Double]] = []

    mutating func reset() { self = FrameHistory() }

    mutating func append(_ a: Animator) {
        if time.count >= FrameHistory.capacity {
            // Drop the oldest tenth at once so appending stays cheap on average.
            let drop = FrameHistory.capacity / 10
            time.removeFirst(drop); kinetic.removeFirst(drop); potential.removeFirst(drop)
            for i in speeds.indices { speeds[i].removeFirst(min(drop, speeds[i].count)) }
        }
        let items = a.items
        if speedItems.isEmpty {
            speedItems = Array(items.prefix(FrameHistory.speedItems))
            speeds = speedItems.map { _ in [] }
        }
        for (i, item) in speedItems.enumerated() {
            speeds[i].append(item.animator === a ? item.velocity.length : .nan)
        }
        time.append(a.elapsedTime)
        kinetic.append(a.kineticEnergy)
        potential.append(a.potentialEnergy)
    }
}

/// The picture sessions of one interpreter, kept in the registry like the host. Sessions are in an array in the
/// order made (never a dictionary), so anything done to "every session" happens in the same order each run.
final class PictureSessions {
    /// A key, not a string: every frame stepped from Lua looks the sessions up.
    static let registryKey = LuaKey("luadyn.pictures")
    static let className = "luadyn.Pictures"

    /// Read after every frame stepped from Lua; written only when a session is made, never during a read, so the
    /// dynamic exclusivity check (a runtime call per access) is left out.
    @exclusivity(unchecked) private var sessions: [AnimatorPictures] = []

    /// Defines the class and stores the host's (fresh) sessions in the registry of `state`.
    static func install(_ state: LuaState, _ host: DynamicsHost) throws(LuaError) {
        try state.defineClass(LuaClassSpec(name: className))
        state.stack.push(object: host.pictures, className: className)
        state.stack.setRegistryValue(registryKey)
    }

    /// The sessions of the interpreter `stack` belongs to (nil if `openDynamics` did not run).
    static func of(_ stack: LuaStack) -> PictureSessions? {
        stack.pushRegistryValue(registryKey)
        defer { stack.pop() }
        return stack.object(at: -1, as: PictureSessions.self)
    }

    /// The session of `animator`, if one was made.
    func existing(_ animator: Animator) -> AnimatorPictures? {
        sessions.first { $0.animator === animator }
    }

    /// The session of `animator`, made on first use; sessions of animators that are gone are dropped
    /// (their traces flushed) on the way.
    func session(_ animator: Animator) -> AnimatorPictures {
        sessions.removeAll { $0.animator == nil }
        if let found = existing(animator) { return found }
        let made = AnimatorPictures(animator: animator)
        sessions.append(made)
        return made
    }

    /// The trails of `animator` for a picture of `snapshot` (the animator now) that asks for them: kept from now on,
    /// every frame, until a picture is drawn without them; the first such picture has only where the items are.
    func trails(_ animator: Animator, now snapshot: WorldSnapshot) -> [[Vector]] {
        let session = session(animator)
        if session.trails == nil { session.trails = Trails(); session.lastTime = animator.elapsedTime }
        session.trails?.append(snapshot)
        return session.trails?.paths ?? []
    }

    /// Stops keeping trails for `animator`: a picture was drawn without them.
    func stopTrails(_ animator: Animator) { existing(animator)?.trails = nil }

    /// Whether some session wants every frame of `animator`.
    func isObserving(_ animator: Animator) -> Bool { existing(animator)?.isObserving ?? false }

    /// Called after each frame of `animator`: records the frame, writes the trace row and keeps the energies.
    /// A frame in which no time passed (a paused animator) adds nothing.
    func didStep(_ animator: Animator) throws(LuaError) {
        guard let session = existing(animator), session.isObserving, animator.elapsedTime != session.lastTime else { return }
        session.lastTime = animator.elapsedTime
        if session.recording != nil || session.trails != nil {
            let snapshot = animator.snapshot()
            session.recording?.append(snapshot)
            session.trails?.append(snapshot)
        }
        if session.recording != nil || session.trace != nil { session.history.append(animator) }
        if let trace = session.trace {
            do throws(PictureError) {
                try trace.record(time: animator.elapsedTime)
            } catch {
                session.trace = nil
                throw LuaError("trace stopped: \(error.description)")
            }
        }
    }

    /// Writes waiting trace rows of `animator`, so the file is complete whenever the script looks at it.
    func flush(_ animator: Animator) throws(LuaError) {
        guard let session = existing(animator), let trace = session.trace else { return }
        do throws(PictureError) {
            try trace.flush()
        } catch {
            session.trace = nil
            throw LuaError("trace stopped: \(error.description)")
        }
    }
}
