#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Console
import Dynamics
import DynamicsLua
import LiveView
import LuaKit

/// Where the bindings meet the live view server: `animator:serve` starts a `LiveSession`, the REPL's idle
/// moments and `luadyn --serve`'s loop tick it, all on the Lua thread.
enum LiveViewHooks {
    /// A session as the bindings see it.
    final class Served: LiveViewServing {
        let session: LiveSession
        init(_ session: LiveSession) { self.session = session }
        var url: String { session.url }
        func tick(now: Double, step: () throws -> Bool) throws { try session.tick(now: now, step: step) }
        func didStep(now: Double) { session.didStep(now: now) }
        func setTraced(items: [DynamicItem], fields: [String]) { session.setTraced(items: items, fields: fields) }
        func stop() { session.stop() }
    }

    static func install(_ host: DynamicsHost, state: LuaState, launcher: inout Launcher) {
        host.startLiveView = { animator, port throws(LiveViewStartError) in
            do throws(LiveViewError) {
                return Served(try LiveSession(animator: animator, port: port))
            } catch {
                throw LiveViewStartError(error.message)
            }
        }
        launcher.startServing = { port throws(LuaError) in
            try host.serveScene(state, port: port)
        }
        launcher.idle = {
            guard host.isServing else { return false }
            do throws(LuaError) {
                try host.serveTick(state)
            } catch {
                host.onCallbackError(error.message)
            }
            return host.isServing
        }
        launcher.serveUntilInterrupted = {
            serveUntilInterrupted(host, state: state)
        }
    }

    /// `luadyn --serve` without `-i`: ticks about every 4 ms until one Ctrl-C (the first one stops serving;
    /// the guard puts the default action back, so a second one would end the process at once).
    static func serveUntilInterrupted(_ host: DynamicsHost, state: LuaState) -> Int32 {
        var status: Int32 = 0
        do throws(LuaError) {
            try LuaInterrupt.guarding(state) { () throws(LuaError) in
                while !LuaInterrupt.arrived && host.isServing {
                    try host.serveTick(state)
                    var pause = timespec(tv_sec: 0, tv_nsec: 4_000_000)
                    nanosleep(&pause, nil)
                }
            }
        } catch {
            // Ctrl-C raised inside a callback arrives as the error `interrupted!`: that is the way out, not a failure.
            if !LuaInterrupt.isInterruption(error) {
                Output.standard.error((CommandLine.arguments.first ?? "luadyn") + ": " + error.message)
                status = 1
            }
        }
        host.stopServing()
        return status
    }
}
