/// What a transition's animator provides (UIViewControllerAnimatedTransitioning). Errors thrown from
/// `transitionDuration`, `animateTransition` or `interruptibleAnimator` undo the start of the transition.
public protocol AnimatedTransitioning: AnyObject {
    /// Seconds the transition's animations take (finite, not negative).
    func transitionDuration(_ context: TransitionContext) throws -> Double
    /// Sets up the animations; something must eventually call `context.completeTransition(_:)`.
    func animateTransition(_ context: TransitionContext) throws
    /// Called once, after `completeTransition`, with whether the transition completed.
    func animationEnded(_ completed: Bool) throws
    /// The property animator an interactive transition scrubs, if the animator offers one.
    func interruptibleAnimator(_ context: TransitionContext) throws -> PropertyAnimator?
}

/// Optional members.
extension AnimatedTransitioning {
    /// Does nothing.
    public func animationEnded(_ completed: Bool) throws {}
    /// None.
    public func interruptibleAnimator(_ context: TransitionContext) throws -> PropertyAnimator? { nil }
}
