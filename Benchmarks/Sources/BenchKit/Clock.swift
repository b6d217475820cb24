import Glibc

/// A monotonic clock in nanoseconds (CLOCK_MONOTONIC: never jumps with the wall clock).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed start.
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Seconds taken by `body`, run once.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() &- start) / 1e9
    }
}
