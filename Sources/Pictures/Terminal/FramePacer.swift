#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Paces live play: how many simulation steps go into each drawn frame, and how long to wait before drawing it,
/// so that simulated time runs at `speed` times real time with at most `maxFramesPerSecond` pictures a second.
/// The Lua side does the stepping; this only does the arithmetic and the waiting.
public struct FramePacer: Sendable {
    /// Seconds of simulated time per step (the animator's time step).
    public let timeStep: Double
    /// Simulated seconds per real second (0.5: slow motion).
    public let speed: Double
    /// Most pictures drawn a second.
    public let maxFramesPerSecond: Double
    /// Simulation steps per drawn frame (at least 1).
    public let stepsPerFrame: Int
    /// Real seconds between drawn frames.
    public let frameInterval: Double
    /// When the next frame is due, in the caller's clock seconds; nil before the first frame.
    public private(set) var nextDeadline: Double?

    /// A pacer for steps of `timeStep` at `speed`, drawing at most `maxFramesPerSecond` (default 30) a second.
    /// Every value must be finite and positive.
    public init(timeStep: Double, speed: Double = 1, maxFramesPerSecond: Double = 30) throws(PictureError) {
        guard timeStep.isFinite, timeStep > 0 else { throw .invalidOption("time step must be finite and positive") }
        guard speed.isFinite, speed > 0 else { throw .invalidOption("speed must be finite and positive") }
        guard maxFramesPerSecond.isFinite, maxFramesPerSecond > 0 else {
            throw .invalidOption("frames per second must be finite and positive")
        }
        self.timeStep = timeStep
        self.speed = speed
        self.maxFramesPerSecond = maxFramesPerSecond
        // Simulated time that passes during the shortest allowed frame; whole steps of it, at least one,
        // and capped so a huge speed cannot ask for an absurd number of steps.
        let simulatedPerFrame = speed / maxFramesPerSecond
        // The tolerance keeps 1/30 over 1/60 at 2 steps when rounding lands a hair above it.
        let steps = (simulatedPerFrame / timeStep * (1 - 1e-9)).rounded(.up)
        stepsPerFrame = Int(min(max(steps, 1), 100_000))
        frameInterval = Double(stepsPerFrame) * timeStep / speed
    }

    /// Seconds to wait, given the current time `now` (any monotonic clock in seconds), before showing the next
    /// frame. When drawing fell behind by more than a frame the schedule restarts from now instead of rushing.
    public mutating func delay(now: Double) -> Double {
        guard let due = nextDeadline else {
            nextDeadline = now + frameInterval
            return 0
        }
        if now > due + frameInterval {
            nextDeadline = now + frameInterval
            return 0
        }
        nextDeadline = due + frameInterval
        return max(0, due - now)
    }

    /// Waits until the next frame is due on the system's monotonic clock.
    public mutating func waitForNextFrame() {
        FramePacer.sleep(seconds: delay(now: FramePacer.monotonicSeconds()))
    }

    /// Seconds on a monotonic clock with an arbitrary origin.
    public static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Blocks the calling thread for `seconds` (nothing for zero, negative or non-finite values).
    public static func sleep(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let clamped = min(seconds, 3600)
        var request = timespec(tv_sec: Int(clamped), tv_nsec: Int((clamped - clamped.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
