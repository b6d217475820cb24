import Glibc

/// A monotonic clock in nanoseconds (CLOCK_MONOTONIC: never jumps with the wall clock).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed start.
    public static func now() -> UInt64 { nanoseconds(of: CLOCK_MONOTONIC) }

    /// Seconds taken by `body`, run once.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double { try timed(by: now, body) }
}

/// The processor time of the calling thread in nanoseconds (CLOCK_THREAD_CPUTIME_ID): time the thread was not
/// running does not count, so another process taking the core mid-measurement does not land in it. Used where a
/// small difference of two large times is wanted on a shared machine (the delegate cost).
public enum ThreadCPUClock {
    /// Nanoseconds of processor time this thread has used.
    public static func now() -> UInt64 { nanoseconds(of: CLOCK_THREAD_CPUTIME_ID) }

    /// Processor seconds taken by `body`, run once.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double { try timed(by: now, body) }
}

private func nanoseconds(of clock: clockid_t) -> UInt64 {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

private func timed(by now: () -> UInt64, _ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return Double(now() &- start) / 1e9
}
