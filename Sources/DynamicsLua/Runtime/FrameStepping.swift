import Dynamics
import LuaKit

/// How the bindings advance an animator. One frame of any length is `step`; every run of frames (`run`,
/// `runUntilRest`, `play`, the REPL's `.step`, `.run` and `.play`) is `run`, which goes through the animator's one
/// loop (`Animator.advance`), so recordings and traces see each frame, callbacks run on this Lua thread and their
/// errors are reported the same way, whoever asked for the frames.
enum FrameStepping {
    /// One frame of `dt` (nil: the time step); false when a callback raised (already reported through the host).
    @discardableResult
    static func step(_ s: LuaStack, _ a: Animator, _ dt: Double? = nil) throws(LuaError) -> Bool {
        // The host and its sessions are found once: `animator:step()` from a Lua loop is a hot path.
        let host = DynamicsHost.of(s)
        let sessions = host?.pictures
        let ok = try AnimatorBinding.stepping(s, host: host) { try a.step(dt) } != nil
        host?.worldMemory.update(a, in: s.state)
        try sessions?.didStep(a)
        try sessions?.flush(a)
        host?.liveViews.didStep(a)
        return ok
    }

    /// Frames of the time step for `length`. After each frame, what records or traces the animator sees it, then
    /// `afterFrame` (return false to stop). Callback failures are reported through the host and end the run.
    /// Ctrl-C ends the run after the current frame with the error `interrupted!`.
    @discardableResult
    static func run(_ s: LuaStack, _ a: Animator, _ length: RunLength,
                    afterFrame: ((Animator) throws(LuaError) -> Bool)? = nil) throws(LuaError) -> RunResult {
        let host = DynamicsHost.of(s)
        let sessions = host?.pictures
        let observing = sessions?.isObserving(a) ?? false
        // Ctrl-C is looked at once per frame: a run runs no Lua of its own in which the interrupt could be raised
        // (callbacks that catch it hand it on, see Callbacks). The run stops after the frame it arrived in, so the
        // world is whole, and the caller gets `interrupted!` (a script ends, the REPL shows its prompt).
        return try LuaInterrupt.guarding(s) { () throws(LuaError) in
            let watch: (Animator) throws -> Bool = { a in
                if observing { try sessions?.didStep(a) }
                host?.liveViews.didStep(a)
                let goOn = try afterFrame?(a) ?? true
                return goOn && !LuaInterrupt.isPending
            }
            let result = try AnimatorBinding.stepping(s, host: host) { try a.advance(length, afterFrame: watch) }
            host?.worldMemory.update(a, in: s.state)
            try sessions?.flush(a)
            try LuaInterrupt.check()
            return result
        }
    }
}
