/// The two sides of a transition (UIKit's transition context keys).
public enum TransitionKey: String, Sendable, CaseIterable {
    case from, to
}

/// UIKit's UIViewControllerContextTransitioning: what an animator works with, handed to `animateTransition`.
public final class TransitionContext {
    /// The view the transition takes place in: the from-view is in it from the start; the animator adds the to-view.
    public let containerView: DynamicItem
    /// The duration the animator asked for.
    public internal(set) var duration: Double = 0
    private weak var transition: Transition?
    private let from: ViewController, to: ViewController, style: PresentationStyle, hasInteraction: Bool

    init(transition: Transition, container: DynamicItem) {
        self.transition = transition
        containerView = container
        from = transition.from; to = transition.to; style = transition.style
        hasInteraction = transition.interaction != nil
    }

    private func live() throws(DynamicsError) -> Transition {
        guard let t = transition else { throw DynamicsError("the transition of this context is gone") }
        return t
    }

    public func viewController(forKey key: TransitionKey) -> ViewController { key == .from ? from : to }
    public func view(forKey key: TransitionKey) -> DynamicItem { viewController(forKey: key).view }

    /// Where the controller's view is at the start: the container's bounds for the from-controller, a zero rect for
    /// the controller being shown (it is not on screen yet), and a zero rect for a controller not in the transition.
    public func initialFrame(_ vc: ViewController) -> AABB {
        vc === from ? AABB(lower: .zero, upper: containerView.size) : AABB(lower: .zero, upper: .zero)
    }

    /// Where the controller's view should be at the end: the container's bounds for the controller being shown, a
    /// zero rect for the one going away (UIKit's CGRectZero for a disappearing view) or one not in the transition.
    public func finalFrame(_ vc: ViewController) -> AABB {
        if vc === to { return AABB(lower: .zero, upper: containerView.size) }
        if vc === from && style == .overFullScreen { return AABB(lower: .zero, upper: containerView.size) }
        return AABB(lower: .zero, upper: .zero)
    }

    /// Always true: transitions here are animated.
    public var isAnimated: Bool { true }
    /// True while an interaction drives the transition.
    public var isInteractive: Bool { transition?.isDrivenInteractively ?? false }
    public var presentationStyle: PresentationStyle { style }
    /// True once the interaction cancelled the transition.
    public private(set) var transitionWasCancelled = false

    public func updateInteractiveTransition(_ percent: Double) throws(DynamicsError) {
        try interactive("updateInteractiveTransition").update(percent)
    }

    public func finishInteractiveTransition() throws(DynamicsError) {
        try interactive("finishInteractiveTransition").release(toStart: false)
    }

    public func cancelInteractiveTransition() throws(DynamicsError) {
        let t = try interactive("cancelInteractiveTransition")
        try t.release(toStart: true)
        transitionWasCancelled = true
    }

    public func pauseInteractiveTransition() throws(DynamicsError) {
        try interactive("pauseInteractiveTransition").pauseInteraction()
    }

    private func interactive(_ what: String) throws(DynamicsError) -> Transition {
        let t = try live()
        guard hasInteraction else { throw DynamicsError("\(what) needs an interactive transition (interactive = PercentDrivenTransition{})") }
        return t
    }

    /// Ends the transition (once); see `Transition.complete`.
    public func completeTransition(_ didComplete: Bool) throws { try live().complete(didComplete) }
}
