/// UIKit's UIPercentDrivenInteractiveTransition: drives a transition's animations by a percentage (a finger's
/// progress), then finishes them or sends them back to the start at `completionSpeed` along `completionCurve`.
public final class PercentDrivenTransition {
    /// How far the interaction has driven the transition, 0...1.
    public private(set) var percentComplete: Double = 0
    /// Finishing or cancelling runs the rest of the way at this multiple of the normal speed (positive).
    public private(set) var completionSpeed: Double = 1
    /// The curve of that last run.
    public var completionCurve: TimingCurve = .easeInOut
    /// The transition it drives, once started.
    public internal(set) weak var transition: Transition?

    public init() {}

    /// Sets the completion speed (finite and positive).
    public func setCompletionSpeed(_ x: Double) throws(DynamicsError) {
        guard x.isFinite, x > 0 else { throw DynamicsError("completionSpeed must be a positive finite number, got \(x)") }
        completionSpeed = x
    }

    private func context() throws(DynamicsError) -> TransitionContext {
        guard let t = transition, let ctx = t.context else {
            throw DynamicsError("the interactive transition has not started (pass it as interactive = and call start)")
        }
        return ctx
    }

    /// Moves the animations to `percent` (0...1) of the way.
    public func update(_ percent: Double) throws(DynamicsError) { try context().updateInteractiveTransition(percent) }
    /// Runs the animations on to the end.
    public func finish() throws(DynamicsError) { try context().finishInteractiveTransition() }
    /// Runs the animations back to the start; the transition then reports it was cancelled.
    public func cancel() throws(DynamicsError) { try context().cancelInteractiveTransition() }
    /// Stops the animations where they are and hands control back to the interaction.
    public func pause() throws(DynamicsError) { try context().pauseInteractiveTransition() }

    func didUpdate(_ percent: Double) { percentComplete = percent }
}
