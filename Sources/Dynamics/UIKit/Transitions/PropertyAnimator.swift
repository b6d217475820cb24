/// Where a property animator's animations ended (UIViewAnimatingPosition).
public enum AnimatingPosition: String, Sendable {
    case end, start, current
}

/// A property animator's state (UIViewAnimatingState).
public enum AnimatingState: String, Sendable {
    /// Not started, or finished: its animations are done with.
    case inactive
    /// Started, running or paused.
    case active
    /// Stopped part-way; `finishAnimation(at:)` decides where its views end up.
    case stopped
}

/// UIKit's UIViewPropertyAnimator: animates views' centre, angle, alpha and size from where they are to the targets
/// its animations set, along a timing curve over a duration. It can be paused, scrubbed (`fractionComplete`),
/// reversed, continued with other timing, stopped, and it calls its completions with the position it ended at.
/// Time passes only through `step(_:)`: a transition steps the property animators of its container.
public final class PropertyAnimator {
    /// Seconds the whole way takes.
    public let duration: Double
    /// The timing of a run from the start.
    public let curve: TimingCurve
    /// What its animations change.
    public private(set) var tracks: [AnimationTrack] = []
    public private(set) var state: AnimatingState = .inactive
    /// True while time moves it (started and not paused, stopped or finished).
    public private(set) var isRunning = false
    /// Runs toward the start instead of the end.
    public var isReversed = false {
        didSet { if isReversed != oldValue, segment != nil { restartSegment() } }
    }
    /// Scrubbing by `fractionComplete` while paused moves views linearly in it, not along the curve.
    public var scrubsLinearly = true
    /// The fraction of the duration that has passed, 0...1.
    public private(set) var fractionComplete: Double = 0

    /// The completions, in the order added; each gets the position the animations ended at.
    private var completions: [(AnimatingPosition) throws -> Void] = []
    private var delayLeft = 0.0
    /// The progress the views were last put at (what the screen shows).
    private var shownProgress = 0.0
    /// A scrubbed or re-timed run: from the progress shown when it began to the end (or start) along its own curve
    /// over its own length. Nil: the progress is the curve at `fractionComplete`.
    private struct Segment {
        var fromProgress: Double, fromFraction: Double
        var curve: TimingCurve
        var length: Double
        var elapsed = 0.0
    }
    private var segment: Segment?
    /// Scrubbed by hand since the last run: a continuation starts from the progress shown.
    private var wasScrubbed = false
    /// Set by `continueAnimation(curve:durationFactor:)`, used by the next segment.
    private var continuation: (curve: TimingCurve, factor: Double)?

    /// An animator of `duration` seconds (finite, not negative) along `curve`.
    public init(duration: Double, curve: TimingCurve = .easeInOut) throws(DynamicsError) {
        guard duration.isFinite, duration >= 0 else {
            throw DynamicsError("duration must be a finite number >= 0, got \(duration)")
        }
        if case let .spring(ratio) = curve {
            guard ratio.isFinite, ratio > 0, ratio <= 1 else {
                throw DynamicsError("dampingRatio must be greater than 0 and at most 1, got \(ratio)")
            }
        }
        if case let .cubic(x1, y1, x2, y2) = curve {
            guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
                throw DynamicsError("cubic control points need finite numbers with x between 0 and 1")
            }
        }
        self.duration = duration
        self.curve = curve
    }

    // MARK: Animations and completions

    /// Runs `body`, which sets target values on views; the views stay where they are and the animator moves them
    /// there as it runs. Animations added while it is part-way cover the rest of the way. If `body` throws,
    /// nothing is added and every view it changed is put back.
    public func addAnimations(_ body: () throws -> Void) throws {
        guard state != .stopped else { throw DynamicsError("a stopped animator takes no animations; call finishAnimation first") }
        var added = try AnimationRecording.record(body)
        let start = state == .inactive ? 0 : shownProgress
        for i in added.indices { added[i].startProgress = start < 1 ? start : 0 }
        tracks += added
        for t in added { Self.hostingTransition(of: t.item)?.adopt(self) }
    }

    /// Adds a completion, called with the position when the animations end.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) throws -> Void) {
        completions.append(completion)
    }

    /// The transition whose container holds the view, if any.
    static func hostingTransition(of item: DynamicItem) -> Transition? {
        var v = item
        while let parent = v.superview { v = parent }
        return v.hostingTransition
    }

    // MARK: Control (UIViewAnimating)

    /// Starts (or resumes) after `delay` seconds.
    public func startAnimation(afterDelay delay: Double = 0) throws(DynamicsError) {
        guard delay.isFinite, delay >= 0 else { throw DynamicsError("delay must be a finite number >= 0, got \(delay)") }
        guard state != .stopped else { throw DynamicsError("a stopped animator cannot start; call finishAnimation first") }
        if state == .active && !isRunning { return try continueAnimation() }
        if state == .inactive { beginFromStart() }
        state = .active
        isRunning = true
        delayLeft = delay
    }

    /// Pauses where it is; an inactive animator becomes active and paused at its start.
    public func pauseAnimation() throws(DynamicsError) {
        guard state != .stopped else { throw DynamicsError("a stopped animator cannot pause; call finishAnimation first") }
        if state == .inactive { beginFromStart(); apply(shownProgress) }
        state = .active
        isRunning = false
    }

    /// Stops. Without finishing, the views stay where they are and the animator is done (no completion is called);
    /// otherwise it waits in `stopped` for `finishAnimation(at:)`.
    public func stopAnimation(withoutFinishing: Bool) throws(DynamicsError) {
        guard state == .active else { throw DynamicsError("only an active animator can stop (this one is \(state.rawValue))") }
        isRunning = false
        segment = nil
        if withoutFinishing {
            reset()
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator with its views at the end, the start or where they are, then calls the completions.
    public func finishAnimation(at position: AnimatingPosition) throws {
        guard state == .stopped else { throw DynamicsError("finishAnimation needs a stopped animator (this one is \(state.rawValue))") }
        try finish(at: position)
    }

    /// Runs on from where it is paused: along its own curve, or, when it was scrubbed or is given one, from the
    /// shown progress along `curve` over the remaining part of the duration times `durationFactor`.
    public func continueAnimation(curve newCurve: TimingCurve? = nil, durationFactor: Double = 1) throws(DynamicsError) {
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw DynamicsError("durationFactor must be a finite number >= 0, got \(durationFactor)")
        }
        guard state == .active else { throw DynamicsError("only an active animator can continue (this one is \(state.rawValue))") }
        if newCurve != nil || durationFactor != 1 || wasScrubbed {
            continuation = (newCurve ?? (wasScrubbed ? .linear : curve), durationFactor)
            restartSegment()
        }
        isRunning = true
        delayLeft = 0
    }

    /// Scrubs to `fraction` of the duration (0...1): the views move there at once. An inactive animator becomes
    /// active and paused; a running one runs on from there.
    public func setFractionComplete(_ fraction: Double) throws(DynamicsError) {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else {
            throw DynamicsError("fractionComplete must be between 0 and 1, got \(fraction)")
        }
        guard state != .stopped else { throw DynamicsError("a stopped animator cannot be scrubbed; call finishAnimation first") }
        if state == .inactive { state = .active; isRunning = false }
        fractionComplete = fraction
        segment = nil
        if isRunning {
            wasScrubbed = false
            apply(curve.progress(at: fraction))
        } else {
            wasScrubbed = scrubsLinearly
            apply(scrubsLinearly ? fraction : curve.progress(at: fraction))
        }
    }

    // MARK: Time

    /// Advances `dt` seconds; a run that reaches its end (or its start, reversed) puts the views there and calls the
    /// completions. Completion errors are collected and thrown as `CallbackFailures` after all have run.
    public func step(_ dt: Double) throws {
        guard dt.isFinite, dt > 0 else { throw DynamicsError("dt must be a positive finite number, got \(dt)") }
        guard isRunning else { return }
        var dt = dt
        if delayLeft > 0 {
            let used = min(delayLeft, dt)
            delayLeft -= used
            dt -= used
            if dt <= 0 { return }
        }
        if var seg = segment {
            seg.elapsed += dt
            let u = seg.length > 0 ? min(seg.elapsed / seg.length, 1) : 1
            segment = seg
            let target = isReversed ? 0.0 : 1.0
            fractionComplete = seg.fromFraction + (target - seg.fromFraction) * u
            apply(seg.fromProgress + (target - seg.fromProgress) * seg.curve.progress(at: u))
            if u >= 1 { try finish(at: isReversed ? .start : .end) }
            return
        }
        let delta = duration > 0 ? dt / duration : 1
        fractionComplete = min(max(fractionComplete + (isReversed ? -delta : delta), 0), 1)
        apply(curve.progress(at: fractionComplete))
        if !isReversed && fractionComplete >= 1 { try finish(at: .end) }
        else if isReversed && fractionComplete <= 0 { try finish(at: .start) }
    }

    // MARK: Inside

    private func apply(_ progress: Double) {
        shownProgress = progress
        for t in tracks { t.apply(progress: progress) }
    }

    /// Begins a segment from what is shown now toward the end (or start) over the remaining time.
    private func restartSegment() {
        let c = continuation ?? (.linear, 1)
        let remaining = isReversed ? fractionComplete : 1 - fractionComplete
        segment = Segment(fromProgress: shownProgress, fromFraction: fractionComplete, curve: c.curve,
                          length: duration * remaining * c.factor)
        wasScrubbed = false
    }

    private func finish(at position: AnimatingPosition) throws {
        switch position {
        case .end: fractionComplete = 1; apply(1)
        case .start: fractionComplete = 0; apply(0)
        case .current: break
        }
        let toCall = completions
        reset()
        var failures: [CallbackFailure] = []
        for c in toCall {
            do { try c(position) } catch { failures.append(CallbackFailure(callback: "completion", error: error)) }
        }
        if !failures.isEmpty { throw CallbackFailures(failures) }
    }

    /// Done: inactive, with no animations or completions left, ready for new ones.
    private func reset() {
        state = .inactive
        isRunning = false
        tracks = []
        completions = []
        segment = nil
        continuation = nil
        wasScrubbed = false
        delayLeft = 0
    }

    /// An inactive animator begins at its start (the end, reversed).
    private func beginFromStart() {
        fractionComplete = isReversed ? 1 : 0
        shownProgress = fractionComplete
    }

    /// Puts every view back at its start and forgets the animations (a transition undoing a failed start).
    func rollBack() {
        for t in tracks.reversed() { t.restore() }
        reset()
    }
}
