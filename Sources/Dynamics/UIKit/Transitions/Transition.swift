/// How the controller being shown is presented (a few of UIModalPresentationStyle's cases).
public enum PresentationStyle: String, Sendable, CaseIterable {
    /// The animator decides everything; the from-view leaves the container when the transition completes.
    case custom
    /// As `custom`.
    case fullScreen
    /// The from-view stays in the container under the new one when the transition completes.
    case overFullScreen
}

/// One view-controller transition, UIKit's transitioning machinery made steppable: it builds a container view,
/// puts the from-controller's view in it, hands a context to the animator's `animateTransition`, advances the
/// property animators and dynamic animators that work in the container, and ends when the animator calls
/// `completeTransition`. With an interaction controller it is driven by percentages until finished or cancelled.
public final class Transition {
    public let from: ViewController
    public let to: ViewController
    /// The container's size.
    public let size: Vector
    public let animator: AnimatedTransitioning
    public let interaction: PercentDrivenTransition?
    public let style: PresentationStyle
    /// The context, once started.
    public private(set) var context: TransitionContext?
    /// True once `completeTransition` has been called.
    public private(set) var isFinished = false
    /// True when it completed with false (cancelled).
    public private(set) var wasCancelled = false
    /// Simulated seconds stepped since it started.
    public private(set) var time: Double = 0
    /// The property animators and dynamic animators working in the container, in the order they joined.
    public private(set) var propertyAnimators: [PropertyAnimator] = []
    public private(set) var dynamicAnimators: [Animator] = []
    /// While true, time does not move the property animators: the interaction sets their progress.
    var isDrivenInteractively = false
    /// Where the from-view was before the transition, to put it back if the start fails.
    private var fromViewHome: (superview: DynamicItem?, index: Int)?

    /// A transition from `from` to `to` in a container of `size`. Throws for the same controller twice or a bad size.
    public init(from: ViewController, to: ViewController, size: Vector, animator: AnimatedTransitioning,
                interaction: PercentDrivenTransition? = nil, style: PresentationStyle = .custom) throws(DynamicsError) {
        guard from !== to else { throw DynamicsError("from and to must be different view controllers") }
        try checkPositive(size.x, "width", atMost: largestItemExtent)
        try checkPositive(size.y, "height", atMost: largestItemExtent)
        if let interaction, interaction.transition != nil {
            throw DynamicsError("the interaction controller already drives another transition")
        }
        self.from = from; self.to = to; self.size = size; self.animator = animator
        self.interaction = interaction; self.style = style
    }

    /// The container's bounds, (0, 0, w, h).
    public var containerBounds: AABB { AABB(lower: .zero, upper: size) }

    // MARK: Starting

    /// Builds the container with the from-view in it and calls `animateTransition` (and, when interactive,
    /// `interruptibleAnimator`). If one of them throws, or the duration is not a finite number >= 0, everything is
    /// put back as it was and the error is rethrown.
    @discardableResult
    public func start() throws -> TransitionContext {
        guard context == nil else { throw DynamicsError("the transition has already started") }
        if let interaction, interaction.transition != nil, interaction.transition !== self {
            throw DynamicsError("the interaction controller already drives another transition")
        }
        let container = try DynamicItem(center: size * 0.5, size: size, name: "container")
        container.hostingTransition = self
        if let parent = from.view.superview {
            fromViewHome = (parent, parent.subviews.firstIndex { $0 === from.view } ?? 0)
        } else {
            fromViewHome = (nil, 0)
        }
        for vc in [from, to] where vc.view.animator == nil && vc.view.size != size {
            vc.view.size = size
            try vc.view.setCenter(size * 0.5)
        }
        try container.addSubview(from.view)
        let ctx = TransitionContext(transition: self, container: container)
        context = ctx
        interaction?.transition = self
        isDrivenInteractively = interaction != nil
        do {
            let duration = try animator.transitionDuration(ctx)
            guard duration.isFinite, duration >= 0 else {
                throw DynamicsError("transitionDuration must return a finite number >= 0, got \(duration)")
            }
            ctx.duration = duration
            try animator.animateTransition(ctx)
            if interaction != nil, let pa = try animator.interruptibleAnimator(ctx) { adopt(pa) }
        } catch {
            undoStart()
            throw error
        }
        if isDrivenInteractively {
            for pa in propertyAnimators where pa.state == .active { try? pa.pauseAnimation() }
        }
        return ctx
    }

    /// Puts everything back as it was before `start`: animations undone, dynamic animators emptied, the container
    /// emptied and the from-view back where it was.
    private func undoStart() {
        for pa in propertyAnimators.reversed() { pa.rollBack() }
        for a in dynamicAnimators { a.removeAllBehaviors() }
        propertyAnimators = []
        dynamicAnimators = []
        if let container = context?.containerView {
            for v in container.subviews { v.detachFromSuperview() }
            container.hostingTransition = nil
        }
        if let home = fromViewHome, let parent = home.superview {
            try? parent.addSubview(from.view)
            parent.moveSubview(from.view, to: home.index)
        }
        if interaction?.transition === self { interaction?.transition = nil }
        context = nil
        isDrivenInteractively = false
    }

    // MARK: Members

    /// A property animator whose animations move views of the container joins the transition and advances with it.
    func adopt(_ pa: PropertyAnimator) {
        guard !isFinished, !propertyAnimators.contains(where: { $0 === pa }) else { return }
        propertyAnimators.append(pa)
        if isDrivenInteractively, pa.state == .active { try? pa.pauseAnimation() }
    }

    /// A dynamic animator made on the container joins the transition and advances with it.
    func adopt(_ animator: Animator) {
        guard !dynamicAnimators.contains(where: { $0 === animator }) else { return }
        dynamicAnimators.append(animator)
    }

    // MARK: Time

    /// Advances `dt` seconds: every property animator (unless an interaction holds them), then every dynamic
    /// animator. A finished transition does nothing. Callback errors (completions, delegates, actions) are thrown as
    /// `CallbackFailures` after everything has stepped.
    public func step(_ dt: Double) throws {
        guard dt.isFinite, dt > 0 else { throw DynamicsError("dt must be a positive finite number, got \(dt)") }
        guard context != nil else { throw DynamicsError("the transition has not started") }
        guard !isFinished else { return }
        time += dt
        var failures: [CallbackFailure] = []
        if !isDrivenInteractively {
            for pa in propertyAnimators {
                do { try pa.step(dt) } catch let f as CallbackFailures { failures += f.failures }
            }
        }
        for a in dynamicAnimators {
            do { try a.step(dt) } catch let f as CallbackFailures { failures += f.failures }
        }
        if !failures.isEmpty { throw CallbackFailures(failures) }
    }

    // MARK: Interaction

    func update(_ percent: Double) throws(DynamicsError) {
        guard percent.isFinite, percent >= 0, percent <= 1 else {
            throw DynamicsError("percent must be between 0 and 1, got \(percent)")
        }
        guard !isFinished else { throw DynamicsError("the transition has finished") }
        isDrivenInteractively = true
        interaction?.didUpdate(percent)
        for pa in propertyAnimators where pa.state != .stopped {
            if pa.isRunning { try pa.pauseAnimation() }
            try pa.setFractionComplete(percent)
        }
    }

    /// Lets the animations run on to the end (`toStart` false) or back to the start, at the interaction's
    /// completion speed along its completion curve.
    func release(toStart: Bool) throws(DynamicsError) {
        guard !isFinished else { throw DynamicsError("the transition has finished") }
        isDrivenInteractively = false
        let speed = interaction?.completionSpeed ?? 1
        let curve = interaction?.completionCurve ?? .easeInOut
        for pa in propertyAnimators where pa.state == .active {
            pa.isReversed = toStart
            try pa.continueAnimation(curve: curve, durationFactor: 1 / speed)
        }
    }

    func pauseInteraction() throws(DynamicsError) {
        guard !isFinished else { throw DynamicsError("the transition has finished") }
        isDrivenInteractively = true
        for pa in propertyAnimators where pa.state == .active { try pa.pauseAnimation() }
    }

    // MARK: Completing

    /// UIKit's completeTransition: completed, the to-view is in the container at its final frame and the from-view
    /// has left it (unless the style keeps it); cancelled, the reverse. Then `animationEnded` is called, once.
    /// Throws when called a second time; errors of `animationEnded` are thrown as `CallbackFailures` after the
    /// transition has finished.
    func complete(_ didComplete: Bool) throws {
        guard let ctx = context else { throw DynamicsError("the transition has not started") }
        guard !isFinished else { throw DynamicsError("completeTransition was already called") }
        let container = ctx.containerView
        if didComplete {
            if to.view.superview !== container { try container.addSubview(to.view) }
            place(to.view, in: ctx.finalFrame(to))
            if style != .overFullScreen { from.view.detachFromSuperview() }
        } else {
            if from.view.superview !== container {
                try container.addSubview(from.view)
                container.moveSubview(from.view, to: 0)
            }
            place(from.view, in: ctx.initialFrame(from))
            to.view.detachFromSuperview()
        }
        isFinished = true
        wasCancelled = !didComplete
        isDrivenInteractively = false
        do {
            try animator.animationEnded(didComplete)
        } catch {
            throw CallbackFailures([CallbackFailure(callback: "animationEnded", error: error)])
        }
    }

    /// Moves a view to the centre of a frame (a zero frame leaves it where it is).
    private func place(_ view: DynamicItem, in frame: AABB) {
        guard frame.width > 0, frame.height > 0 else { return }
        try? view.setCenter(frame.center)
    }

    /// Ends a transition that never completed: its animations back at their start and the container as it was at
    /// the start, reported as cancelled (`animationEnded(false)`).
    public func abandon() throws {
        guard context != nil, !isFinished else { return }
        for pa in propertyAnimators { pa.rollBack() }
        try complete(false)
    }
}

extension DynamicItem {
    /// Moves a subview to `index` in the drawing order (clamped).
    func moveSubview(_ view: DynamicItem, to index: Int) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: i)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
    }
}
