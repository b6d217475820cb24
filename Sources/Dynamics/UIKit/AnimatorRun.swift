/// How long a run of frames goes on.
public enum RunLength: Sendable, Equatable {
    /// This many frames.
    case frames(Int)
    /// Frames of `timeStep` covering this many seconds (the last frame may end a little after).
    case seconds(Double)
    /// Until the animator pauses, or at most this many seconds of frames.
    case untilRest(maxSeconds: Double)
}

/// What a run of frames did.
public struct RunResult: Sendable {
    /// Frames stepped (a paused animator's frames count: each still took its turn).
    public var frames = 0
    /// Simulated seconds the frames covered: frames x timeStep.
    public var seconds = 0.0
    /// The animator is paused: every item came to rest.
    public var reachedRest = false
    /// `afterFrame` asked to stop before the length was reached.
    public var stoppedByCaller = false
    /// The callbacks of the last frame threw; the run stopped after that frame.
    public var failures: [CallbackFailure] = []

    /// A run that has not stepped.
    public init() {}
}

extension Animator {
    /// The most frames one run may take: far beyond any real scene, far below where counting them overflows.
    public static let maxFramesPerRun = 100_000_000

    /// The one loop through which every run of frames goes (`run`, `runUntilRest`, the Lua bindings' `step`, `run`,
    /// `runUntilRest` and `play`, the REPL's `.step`, `.run` and `.play`): frames of `timeStep`, one `step()` each,
    /// until `length` is reached. After each frame `afterFrame` may look at the world (recordings, traces, a
    /// player's drawing, an interrupt check) and return false to stop. A frame whose callbacks threw ends the run;
    /// its failures are in the result. Throws `DynamicsError` for a length that is not finite and non-negative or
    /// that would take more than `maxFramesPerRun` frames, and for a run started from inside a callback.
    public func advance(_ length: RunLength, afterFrame: ((Animator) throws -> Bool)? = nil) throws -> RunResult {
        let limit: Int
        var untilRest = false
        switch length {
        case let .frames(n):
            guard n >= 0, n <= Self.maxFramesPerRun else {
                throw DynamicsError("a run takes 0 to \(Self.maxFramesPerRun) frames, got \(n)")
            }
            limit = n
        case let .seconds(seconds):
            try checkNonNegative(seconds, "seconds")
            limit = try frames(covering: seconds)
        case let .untilRest(maxSeconds):
            try checkNonNegative(maxSeconds, "maxSeconds")
            limit = try frames(covering: maxSeconds)
            untilRest = true
        }
        var result = RunResult()
        while result.frames < limit {
            // A resume is always announced with isRunning already true, so isRunning alone says whether to go on.
            if untilRest && !isRunning { break }
            do {
                try step()
            } catch let failures as CallbackFailures {
                result.failures = failures.failures
            }
            result.frames += 1
            result.seconds += timeStep
            if !result.failures.isEmpty { break }
            if let afterFrame, try !afterFrame(self) {
                result.stoppedByCaller = true
                break
            }
        }
        result.reachedRest = !isRunning
        return result
    }

    /// The frames of `timeStep` that cover `seconds` (non-negative), or an error when there would be more than
    /// `maxFramesPerRun`.
    public func frames(covering seconds: Double) throws(DynamicsError) -> Int {
        let exact = (seconds / timeStep - 1e-9).rounded(.up)
        guard exact <= Double(Self.maxFramesPerRun) else {
            throw DynamicsError("\(formatSeconds(seconds)) seconds would be more than \(Self.maxFramesPerRun) frames of "
                                + "timeStep; ask for less at once")
        }
        return max(Int(exact), 0)
    }

    private func formatSeconds(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// Steps frames of `timeStep` until `seconds` have passed, stopping after a frame whose callbacks threw (and
    /// then throwing `CallbackFailures`).
    public func run(_ seconds: Double) throws {
        let result = try advance(.seconds(seconds))
        if !result.failures.isEmpty { throw CallbackFailures(result.failures) }
    }

    /// Steps until the animator pauses or `maxSeconds` have passed; returns the simulated seconds it took.
    @discardableResult
    public func runUntilRest(maxSeconds: Double = 60) throws -> Double {
        let result = try advance(.untilRest(maxSeconds: maxSeconds))
        if !result.failures.isEmpty { throw CallbackFailures(result.failures) }
        return result.seconds
    }
}
