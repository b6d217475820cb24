#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dynamics
import LuaKit
import Pictures

/// One play at a time in a process: a play owns the terminal while it runs (and, through LuaInterrupt, Ctrl-C), so a
/// second one (another thread, another interpreter) waits rather than drawing over it.
/// Recursive, so a caller that already holds it may play.
final class PlayLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// The lock every play takes.
    static let shared = PlayLock()
}

/// `animator:play(seconds [, { speed = 1, ... }])` and `.play SECONDS`: the world animated in the terminal.
///
/// In a terminal it draws up to 30 frames a second, redrawn in place, pacing the steps so simulated time runs at
/// `speed` times real time; Ctrl-C stops it and leaves the world where it got to. When standard output is not a
/// terminal it never sleeps: it steps the whole time and prints only the last frame, so piped scripts stay fast.
enum PlayBinding {
    /// The keys `play` accepts: the drawing options plus the pace.
    static let keys = PictureOptions.drawKeys + ["speed", "fps"]

    /// How a play ended, for the status line and `.play`'s answer.
    struct Outcome {
        var frames = 0
        var simulated = 0.0
        var interrupted = false
        var callbackFailed = false
        /// The animator paused (everything at rest) before the time was up.
        var atRest = false
        /// The last picture and its status line, when standard output is not a terminal (else it is on screen).
        var lastFrame: String?
    }

    static func play(_ s: LuaStack) throws(LuaError) -> Int32 {
        let a = try s.checkAnimator(1, .arg(1))
        let seconds = try s.checkNonNegative(2, .arg(2))
        _ = try dynamics(argument: 2) { () throws(DynamicsError) in try a.frames(covering: seconds) }
        let o = try PictureOptions.table(s, 3, typeName: "play", keys: keys)
        let speed = try o.flatMapOption { o throws(LuaError) in try PictureOptions.positive(o, "speed") } ?? 1
        let fps = try o.flatMapOption { o throws(LuaError) in try PictureOptions.positive(o, "fps") } ?? 30
        guard fps <= 120 else { throw LuaError.argument(3, "field 'fps': at most 120 frames a second, got \(formatNumber(fps))") }
        let outcome = try run(s, a, seconds: seconds, speed: speed, fps: fps, canvas: try PictureOptions.canvas(o))
        s.push(outcome.simulated)
        return 1
    }

    /// Plays `seconds` of `a`. Terminal or not, the same frames are stepped, so a scene ends in the same state.
    /// `printsLastFrame` false leaves printing the last frame (off a terminal) to the caller, as `.play` does.
    static func run(_ s: LuaStack, _ a: Animator, seconds: Double, speed: Double, fps: Double,
                    canvas: TerminalCanvas.Options, printsLastFrame: Bool = true) throws(LuaError) -> Outcome {
        // The interrupt guard first, then the player's lock: the order every caller takes them in (the REPL guards
        // its commands before `.play` plays), so two threads can never wait on each other.
        try LuaInterrupt.guarding(s) { () throws(LuaError) -> Outcome in
            try PlayLock.shared.withLock { () throws(LuaError) -> Outcome in
                try playLocked(s, a, seconds: seconds, speed: speed, fps: fps, canvas: canvas, printsLastFrame: printsLastFrame)
            }
        }
    }

    private static func playLocked(_ s: LuaStack, _ a: Animator, seconds: Double, speed: Double, fps: Double,
                                   canvas: TerminalCanvas.Options, printsLastFrame: Bool) throws(LuaError) -> Outcome {
        var pacer: FramePacer
        do throws(PictureError) { pacer = try FramePacer(timeStep: a.timeStep, speed: speed, maxFramesPerSecond: fps) } catch {
            throw PictureOptions.error(error, arg: 3)
        }
        var options = canvas
        let live = TerminalOutput.isTerminal
        if live, options.maxHeight == nil, let size = TerminalOutput.size {
            // Leave room for the status line and the prompt, so the picture never scrolls.
            options.maxHeight = max(1, size.rows - 3)
        }
        let painter = TerminalCanvas(options: PictureOptions.framed(options, for: a.snapshot()))
        func picture() throws(LuaError) -> [String] {
            let snapshot = a.snapshot()
            // Trails grow frame by frame while the play draws them (the sessions keep them after every frame).
            let trails = PictureOptions.trails(s, a, asked: options.showTrails, now: snapshot)
            do throws(PictureError) { return try painter.lines(snapshot, trails: trails) } catch { throw PictureOptions.error(error, arg: 3) }
        }
        _ = try picture()  // bad drawing options fail before anything is stepped

        let totalFrames = try dynamics { () throws(DynamicsError) in try a.frames(covering: seconds) }
        var outcome = Outcome()
        let start = a.elapsedTime

        func status() -> String {
            let t = NumberText.fixed(a.elapsedTime, decimals: 2)
            let pace = speed == 1 ? "real time" : "\(formatNumber(speed))x"
            if outcome.atRest { return "t = \(t) s  (\(pace)), everything at rest" }
            return "t = \(t) s  (\(pace))" + (live ? "  Ctrl-C stops" : "")
        }

        if live {
            try TerminalOutput.writeNow(LiveFrame.begin + LiveFrame.frame(try picture(), status: status()), on: s)
            _ = pacer.delay(now: FramePacer.monotonicSeconds())  // the first stepped frame is due one interval later
        }
        // The frames go through the animator's one loop; after each, this counts it, and at the end of each batch
        // of `stepsPerFrame` frames it draws (on a terminal, paced) and decides whether to go on.
        let host = DynamicsHost.of(s)
        var inBatch = 0
        var reported = host?.callbackErrorCount ?? 0
        var failure: LuaError?
        func afterFrame(_ a: Animator) throws(LuaError) -> Bool {
            outcome.frames += 1
            inBatch += 1
            // Lua callbacks report their errors through the host rather than throwing; either way, stop here so the
            // message is not buried under frames.
            let errors = host?.callbackErrorCount ?? 0
            if errors > reported { outcome.callbackFailed = true }
            reported = errors
            // Ctrl-C: the run stops after this frame and raises `interrupted!` (FrameStepping); the picture and the
            // terminal are put right first.
            if LuaInterrupt.isPending { outcome.interrupted = true }
            guard inBatch == pacer.stepsPerFrame || outcome.frames == totalFrames || outcome.callbackFailed
                || outcome.interrupted else { return true }
            inBatch = 0
            // A paused animator would only show the same picture until the time is up.
            if !a.isRunning { outcome.atRest = true }
            // No drawing once Ctrl-C is pending: the write would raise it halfway through a frame's picture.
            if live && !outcome.interrupted {
                pacer.waitForNextFrame()
                try TerminalOutput.writeNow(LiveFrame.frame(try picture(), status: status()), on: s)
            }
            return !(outcome.interrupted || outcome.atRest || outcome.callbackFailed)
        }
        do throws(LuaError) {
            let result = try FrameStepping.run(s, a, .frames(totalFrames), afterFrame: afterFrame)
            if !result.failures.isEmpty { outcome.callbackFailed = true }
        } catch {
            // Ctrl-C may also land inside a drawing's write (raised there with its traceback): it is the same
            // interrupt, reported plainly once the terminal is put right.
            if LuaInterrupt.isInterruption(error) {
                outcome.interrupted = true
                failure = LuaError(LuaInterrupt.message, kind: .message)
            } else {
                failure = error
            }
        }
        outcome.simulated = a.elapsedTime - start
        if live {
            // Stopped by Ctrl-C: the last frame is drawn where the world stopped, its status line saying so, and
            // the error that follows ("interrupted!") is the only other word about it.
            if outcome.interrupted {
                let stopped = "t = \(NumberText.fixed(a.elapsedTime, decimals: 2)) s  stopped by Ctrl-C"
                try TerminalOutput.writeNow(LiveFrame.frame(try picture(), status: stopped), on: s)
            }
            try TerminalOutput.writeNow(LiveFrame.end, on: s)
        } else {
            outcome.lastFrame = (try picture()).joined(separator: "\n") + "\n" + status()
            if printsLastFrame, let text = outcome.lastFrame { try TerminalOutput.print(text, on: s) }
        }
        if let failure { throw failure }
        return outcome
    }
}

extension Optional {
    /// `map` for a transform that returns an optional and throws a typed error.
    func flatMapOption<U>(_ transform: (Wrapped) throws(LuaError) -> U?) throws(LuaError) -> U? {
        guard let value = self else { return nil }
        return try transform(value)
    }
}
