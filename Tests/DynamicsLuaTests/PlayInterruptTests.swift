#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import LuaKit
@testable import DynamicsLua

/// The SIGINT disposition now (read without changing it).
private func currentInterruptHandler() -> sigaction {
    var now = sigaction()
    sigaction(SIGINT, nil, &now)
    return now
}

#if canImport(Glibc)
private func isIgnore(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}
#else
private func isIgnore(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}
#endif

/// Ctrl-C during `play` stops it after the current frame, leaves the world where it got to, raises `interrupted!`
/// in the Lua code that called it (so a script looping over `play` stops too), and puts the previous SIGINT handler
/// back. The "Ctrl-C" is a real SIGINT raised from an action block on the 10th frame: the action does not report it
/// as its own error.
@Test func interruptStopsPlayAndRestoresTheHandler() throws {
    // Plays in other tests running in parallel wait while this one owns SIGINT.
    // Nor may a guard on another thread put back a disposition it saved before this test set its own. The locks
    // are taken in the order play takes them: the interrupt guard's, then the player's.
    LuaInterrupt.exclusively {
        do {
            try PlayLock.shared.withLock { () throws(LuaError) in
                do { try interruptedPlay() } catch let error as LuaError { throw error } catch { Issue.record("\(error)") }
            }
        } catch {
            Issue.record("\(error)")
        }
    }
}

private func interruptedPlay() throws {
    // A known previous disposition to come back to: ignore (so a stray signal cannot end the test run either).
    var ignore = sigaction()
    var saved = sigaction()
    sigemptyset(&ignore.sa_mask)
    #if canImport(Glibc)
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    #else
    ignore.__sigaction_u.__sa_handler = SIG_IGN
    #endif
    sigaction(SIGINT, &ignore, &saved)
    defer { sigaction(SIGINT, &saved, nil) }

    let lua = LuaState()
    openDynamics(lua)
    // The test runner's threads block SIGINT; a REPL's main thread does not. Unblock it here, as there.
    var unblock = sigset_t(), previousMask = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
    defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

    lua.setGlobal("interrupt", function: { _ in
        raise(SIGINT)
        return 0
    })
    try lua.run("""
        a = Animator()
        local v = View{ center = {0, 0}, size = {10, 10} }
        local g = Gravity{ v }
        frames = 0
        g.action = function() frames = frames + 1; if frames == 10 then interrupt() end end
        a:addBehavior(g)
        print = function() end
        ok, message = pcall(function() while true do a:play(10) end end)
        """, name: "=play")
    try lua.run("return frames, ok, message, a.elapsedTime", name: "=read")
    let s = lua.stack
    let frames = s.number(at: -4), ok = s.boolean(at: -3), message = s.string(at: -2), elapsed = s.number(at: -1)
    s.pop(4)
    #expect(frames == 10, "play stopped right after the frame that was interrupted")
    #expect(!ok)
    #expect(message?.hasSuffix("interrupted!") == true)
    #expect(abs((elapsed ?? 0) - 10.0 / 60) < 1e-9)
    #expect(DynamicsHost.of(lua)?.hadCallbackErrors == false, "the interrupt is not reported as the action's error")
    #expect(isIgnore(currentInterruptHandler()), "the handler in place before play is back")
}
