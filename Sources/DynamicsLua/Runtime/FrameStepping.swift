import Dynamics
import LuaKit

/// Every way the bindings advance an animator (`step`, `run`, `runUntilRest`, `.step`, `.run`, `play`) goes through
/// here, so recordings and traces see each frame. While nothing records or traces an animator, `run` and
/// `runUntilRest` hand the whole loop to the solver as before; while something does, they step frame by frame
/// with the same frame count and stopping rules.
enum FrameStepping {
    /// One frame of `dt` (nil: the time step); false when a callback raised (already reported through the host).
    @discardableResult
    static func step(_ s: LuaStack, _ a: Animator, _ dt: Double? = nil) throws(LuaError) -> Bool {
        // The host and its sessions are found once: `animator:step()` from a Lua loop is a hot path.
        let host = DynamicsHost.of(s)
        let sessions = host?.pictures
        let ok = try frame(s, a, dt, host: host, sessions: sessions)
        try sessions?.flush(a)
        return ok
    }

    /// Frames of the time step for `seconds`, stopping after a frame whose callbacks raised (as `Animator.run`).
    static func run(_ s: LuaStack, _ a: Animator, _ seconds: Double) throws(LuaError) {
        guard let sessions = PictureSessions.of(s), sessions.isObserving(a) else {
            _ = try AnimatorBinding.stepping(s) { try a.run(seconds) }
            return
        }
        let frames = Int((seconds / a.timeStep - 1e-9).rounded(.up))
        for _ in 0..<max(frames, 0) {
            guard try frame(s, a, nil) else { break }
        }
        try sessions.flush(a)
    }

    /// Frames until the animator pauses or `limit` seconds have passed; the simulated seconds it took.
    static func runUntilRest(_ s: LuaStack, _ a: Animator, _ limit: Double) throws(LuaError) -> Double {
        let start = a.elapsedTime
        guard let sessions = PictureSessions.of(s), sessions.isObserving(a) else {
            let seconds = try AnimatorBinding.stepping(s) { try a.runUntilRest(maxSeconds: limit) }
            return seconds ?? (a.elapsedTime - start)
        }
        var t = 0.0
        // A resume is always announced with isRunning already true, so isRunning alone says whether to go on.
        while a.isRunning && t < limit - 1e-9 {
            let ok = try frame(s, a, nil)
            t += a.timeStep
            guard ok else { return a.elapsedTime - start }
        }
        try sessions.flush(a)
        return t
    }

    /// One frame and what watches it, without flushing the trace (callers flush once at the end).
    static func frame(_ s: LuaStack, _ a: Animator, _ dt: Double?) throws(LuaError) -> Bool {
        let host = DynamicsHost.of(s)
        return try frame(s, a, dt, host: host, sessions: host?.pictures)
    }

    /// `frame(_:_:_:)` with the host and sessions already found.
    private static func frame(_ s: LuaStack, _ a: Animator, _ dt: Double?, host: DynamicsHost?,
                              sessions: PictureSessions?) throws(LuaError) -> Bool {
        let ok = try AnimatorBinding.stepping(s, host: host) { try a.step(dt) } != nil
        try sessions?.didStep(a)
        return ok
    }
}
