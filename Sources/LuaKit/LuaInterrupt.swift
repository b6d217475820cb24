#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLua

// What the SIGINT handler may touch: plain values only (no retain, no allocation), set before it is installed.
nonisolated(unsafe) private var interruptTarget: OpaquePointer? = nil
nonisolated(unsafe) private var interruptArrived: sig_atomic_t = 0
/// Set by the time limit's alarm; it stays set, so every later run stops at once too.
nonisolated(unsafe) private var timeIsUp: sig_atomic_t = 0

/// The alarm of `--max-time`: the same request as Ctrl-C, with the time limit's message (set before the alarm).
private func timeLimitReached(_ number: Int32) {
    clua_use_time_limit_reason()
    timeIsUp = 1
    interruptArrived = 1
    if let L = interruptTarget { clua_request_interrupt(L) }
}

/// The SIGINT handler: asks the running Lua code to stop (lua.c's `laction`). It puts back the default action
/// first, so a second Ctrl-C ends the process: the way out of code that never looks at the request.
private func interruptRunningLua(_ number: Int32) {
    setSignalAction(SIGINT, SIG_DFL)
    interruptArrived = 1
    if let L = interruptTarget { clua_request_interrupt(L) }
}

/// Installs `handler` for `signal` without SA_RESTART, as lua.c does, so a blocking read (`io.read` waiting on a
/// terminal) returns at once with EINTR instead of waiting for the line, and the hook can raise.
@discardableResult
private func setSignalAction(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> sigaction {
    var previous = sigaction()
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    action.sa_flags = 0
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, &previous)
    return previous
}

/// Ctrl-C while Lua code runs, the way lua.c handles it: the Lua error `interrupted!` raised in the running code
/// (with a traceback, so a script ends with status 1 and a `pcall` can catch it).
///
/// Swift code that runs long without calling Lua (a stepping loop) asks `isPending` once per frame and stops when it
/// is true; on the way back into Lua the request is raised as the same error. Code that runs Lua callbacks and
/// reports their errors asks `isInterruption` first: an interrupt is not the callback's fault and must end the
/// loop, so it hands the request on with `carry`.
public enum LuaInterrupt {
    /// Held by the thread whose code is guarded; recursive, so guarded code may guard again.
    nonisolated(unsafe) private static let guardLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return mutex
    }()

    /// Runs `body` with Ctrl-C turned into `interrupted!`: the handler is installed only while it runs, and the one
    /// that was there before comes back after, so Ctrl-C at other times keeps its usual meaning (at a prompt, the
    /// line editor reads it as a key).
    public static func guarding<T>(_ state: LuaState, _ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        // SIGINT's disposition is one per process: interpreters on other threads (tests run in parallel) take turns.
        pthread_mutex_lock(guardLock)
        defer { pthread_mutex_unlock(guardLock) }
        // Nested runs (a command running Lua that runs more) keep the outer guard.
        if interruptTarget != nil { return try body() }
        interruptTarget = state.L
        interruptArrived = timeIsUp
        // Time ran out between runs: this one stops at its first instruction.
        if timeIsUp != 0 { clua_request_interrupt(state.L) }
        var previousAction = setSignalAction(SIGINT, interruptRunningLua)
        // A parent may hand us SIGINT blocked (spawned from a thread that blocks it); Ctrl-C must still arrive.
        var unblock = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            // Back to what was there (lua.c puts back the default; an embedding may have its own).
            sigaction(SIGINT, &previousAction, nil)
            // A request the code finished before seeing must not interrupt the next chunk (a time limit will).
            clua_clear_interrupt(state.L)
            interruptTarget = nil
        }
        return try body()
    }

    /// Runs `body` while no other thread can be inside `guarding`: for code that changes SIGINT's disposition
    /// itself (an embedding, a test) and must not have a guard on another thread put back an older one.
    public static func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(guardLock)
        defer { pthread_mutex_unlock(guardLock) }
        return try body()
    }

    /// `guarding(_:_:)` for the interpreter that `stack` belongs to (a coroutine's stack finds its main thread).
    public static func guarding<T>(_ stack: LuaStack, _ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        try guarding(LuaState.owner(of: stack.L), body)
    }

    /// True when Ctrl-C arrived during a guarded run and no Lua code has raised it yet: a Swift loop stops here.
    public static var isPending: Bool {
        guard let L = interruptTarget else { return false }
        return clua_interrupt_is_pending(L) != 0
    }

    /// True when Ctrl-C arrived during the current guarded run, raised or not.
    public static var arrived: Bool { interruptArrived != 0 }

    /// Whether `error` is the interrupt raised in Lua code (`interrupted!`, perhaps after a position, then the
    /// traceback), rather than an error of the code itself.
    public static func isInterruption(_ error: LuaError) -> Bool {
        let firstLine = error.message.split(separator: "\n", maxSplits: 1).first ?? ""
        return (firstLine.hasSuffix(message) || (timeIsUp != 0 && firstLine.hasSuffix(timeLimitMessage))) && arrived
    }

    /// Requests the interrupt again: for code that caught it from a callback and must let it reach the caller (the
    /// next frame's check stops the loop; the return into Lua raises it).
    public static func carry() {
        guard let L = interruptTarget else { return }
        clua_request_interrupt(L)
    }

    /// The message of the interrupt error, as lua.c words it.
    public static let message = "interrupted!"

    /// The message when the time limit is reached.
    nonisolated(unsafe) private(set) static var timeLimitMessage = "time limit exceeded"

    /// Stops every run of Lua code, and every Swift loop that checks for Ctrl-C, once `seconds` of real time have
    /// passed from now, with the error "time limit of N s exceeded" (`luadyn --max-time`).
    public static func limitTime(seconds: Double) {
        timeLimitMessage = "time limit of \(formatSeconds(seconds)) s exceeded"
        clua_set_time_limit_reason(timeLimitMessage)
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = timeLimitReached
        #else
        action.__sigaction_u.__sa_handler = timeLimitReached
        #endif
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGALRM, &action, nil)
        // A parent may hand us SIGALRM blocked (spawned from a thread that blocks it); the alarm must still arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        var timer = itimerval()
        let whole = max(0, seconds.rounded(.down))
        timer.it_value.tv_sec = Int(whole)
        timer.it_value.tv_usec = Int(((seconds - whole) * 1_000_000).rounded())
        if timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0 { timer.it_value.tv_usec = 1 }
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }

    private static func formatSeconds(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// Throws `interrupted!` when Ctrl-C is pending, taking the request back: for a Swift loop that stopped for it,
    /// so its caller sees the same error whether it is Lua code or a REPL command.
    public static func check() throws(LuaError) {
        guard let L = interruptTarget, clua_interrupt_is_pending(L) != 0 else { return }
        // A time limit stays requested, so code that catches this error is stopped again.
        if timeIsUp == 0 { clua_clear_interrupt(L) }
        throw LuaError(timeIsUp != 0 ? timeLimitMessage : message, kind: .message)
    }
}
