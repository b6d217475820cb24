#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLua
import LuaKit

// What the SIGINT handler may touch: plain values only (no retain, no allocation), set before it is installed.
nonisolated(unsafe) private var interruptTarget: OpaquePointer? = nil
nonisolated(unsafe) private var interruptRequested: sig_atomic_t = 0

/// The SIGINT handler: asks the running Lua code to stop (lua.c's `laction`). It puts back the default action
/// first, so a second Ctrl-C ends the process: the way out of Swift code that never returns to Lua.
private func interruptRunningLua(_ number: Int32) {
    _ = signal(SIGINT, SIG_DFL)
    interruptRequested = 1
    if let L = interruptTarget { clua_request_interrupt(L) }
}

/// Runs Lua code with Ctrl-C turned into the Lua error "interrupted!", as lua.c does: the handler is installed
/// only while the code runs, so Ctrl-C at other times keeps its usual meaning.
enum InterruptGuard {
    static func run<T>(_ state: LuaState, _ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        // Nested runs (a command running Lua that runs more) keep the outer guard.
        if interruptTarget != nil { return try body() }
        interruptTarget = state.L
        interruptRequested = 0
        _ = signal(SIGINT, interruptRunningLua)
        // A parent may hand us SIGINT blocked (spawned from a thread that blocks it); Ctrl-C must still arrive.
        var unblock = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            _ = signal(SIGINT, SIG_DFL)
            // A request the code finished before seeing must not interrupt the next chunk.
            if interruptRequested != 0 { state.clearInterrupt() }
            interruptTarget = nil
        }
        return try body()
    }
}
