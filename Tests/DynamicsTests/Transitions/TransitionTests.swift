import Testing
@testable import Dynamics

/// An animator written in Swift: slides the to-view in from the right with a property animator.
private final class SlideIn: AnimatedTransitioning {
    var ended: [Bool] = []
    var duration = 0.5
    var completes = true
    func transitionDuration(_ context: TransitionContext) throws -> Double { duration }
    func animateTransition(_ context: TransitionContext) throws {
        let to = context.view(forKey: .to)
        let final = context.finalFrame(context.viewController(forKey: .to))
        try to.setCenter(Vector(final.center.x + final.width, final.center.y))
        try context.containerView.addSubview(to)
        let pa = try PropertyAnimator(duration: duration, curve: .linear)
        try pa.addAnimations { try to.setCenter(final.center) }
        let completes = self.completes
        pa.addCompletion { _ in if completes { try context.completeTransition(!context.transitionWasCancelled) } }
        try pa.startAnimation()
    }
    func animationEnded(_ completed: Bool) throws { ended.append(completed) }
}

/// Lets every view of the from-controller fall under gravity onto a floor; completes when the animator pauses.
private final class FallAway: AnimatedTransitioning, AnimatorDelegate {
    var ended: [Bool] = []
    var dynamics: Animator?
    weak var context: TransitionContext?
    func transitionDuration(_ context: TransitionContext) throws -> Double { 1 }
    func animateTransition(_ context: TransitionContext) throws {
        self.context = context
        try context.containerView.addSubview(context.view(forKey: .to))
        context.containerView.moveSubview(context.view(forKey: .to), to: 0)
        let a = try Animator(referenceItem: context.containerView)
        let views = context.view(forKey: .from).subviews
        try a.addBehavior(GravityBehavior(items: views))
        let c = CollisionBehavior(items: views)
        c.translatesReferenceBoundsIntoBoundary = true
        try a.addBehavior(c)
        a.delegate = self
        dynamics = a
    }
    func dynamicAnimatorDidPause(_ animator: Animator) throws { try context?.completeTransition(true) }
    func animationEnded(_ completed: Bool) throws { ended.append(completed) }
}

@Suite struct TransitionTests {
    private func controllers() throws -> (ViewController, ViewController) {
        let a = try ViewController(title: "A", size: Vector(320, 568), views: [
            try DynamicItem(center: Vector(100, 100), size: Vector(60, 40), name: "a1"),
            try DynamicItem(center: Vector(200, 200), size: Vector(50, 50), name: "a2"),
        ])
        let b = try ViewController(title: "B", size: Vector(320, 568),
                                   views: [try DynamicItem(center: Vector(160, 300), size: Vector(80, 80), name: "b1")])
        return (a, b)
    }

    @Test func contextKeysViewsAndFramesAreUIKits() throws {
        let (a, b) = try controllers()
        let slide = SlideIn()
        slide.completes = false
        let t = try Transition(from: a, to: b, size: Vector(320, 568), animator: slide)
        // Before the animator runs, the from-view alone is in the container.
        final class Peek: AnimatedTransitioning {
            var seen: [String] = []
            func transitionDuration(_ context: TransitionContext) throws -> Double { 0.1 }
            func animateTransition(_ context: TransitionContext) throws {
                seen = context.containerView.subviews.map(\.name)
                try context.completeTransition(true)
            }
        }
        let peek = Peek()
        let (c, d) = try controllers()
        let tp = try Transition(from: c, to: d, size: Vector(320, 568), animator: peek)
        try tp.start()
        #expect(peek.seen == ["A"])
        let ctx = try t.start()
        #expect(ctx.viewController(forKey: .from) === a && ctx.viewController(forKey: .to) === b)
        #expect(ctx.view(forKey: .from) === a.view && ctx.view(forKey: .to) === b.view)
        let bounds = AABB(lower: .zero, upper: Vector(320, 568))
        #expect(ctx.initialFrame(a) == bounds && ctx.finalFrame(b) == bounds)
        #expect(ctx.finalFrame(a).width == 0 && ctx.finalFrame(a).height == 0, "the disappearing view's final frame is zero")
        #expect(ctx.initialFrame(b).width == 0, "the appearing view is not on screen at the start")
        #expect(ctx.isAnimated && !ctx.isInteractive)
        #expect(ctx.containerView.size == Vector(320, 568))
        #expect(ctx.containerView.subviews.map(\.name) == ["A", "B"])
    }

    @Test func completedLeavesTheToViewAtItsFinalFrameAndTheFromViewGone() throws {
        let (a, b) = try controllers()
        let slide = SlideIn()
        let t = try Transition(from: a, to: b, size: Vector(320, 568), animator: slide)
        let ctx = try t.start()
        var steps = 0
        while !t.isFinished && steps < 600 { try t.step(1.0 / 60); steps += 1 }
        #expect(t.isFinished && !t.wasCancelled)
        #expect(abs(Double(steps) / 60 - 0.5) < 0.02)
        #expect(b.view.superview === ctx.containerView && a.view.superview == nil)
        #expect(b.view.center == Vector(160, 284))
        #expect(slide.ended == [true])
        #expect(throws: DynamicsError.self) { try ctx.completeTransition(true) }
        #expect(slide.ended == [true], "animationEnded is called once")
    }

    @Test func interactiveHalfThenCancelGoesBackAndFinishGoesOn() throws {
        for cancel in [true, false] {
            let (a, b) = try controllers()
            let slide = SlideIn()
            let p = PercentDrivenTransition()
            let t = try Transition(from: a, to: b, size: Vector(320, 568), animator: slide, interaction: p)
            let ctx = try t.start()
            #expect(ctx.isInteractive)
            let start = b.view.center
            for _ in 0..<30 { try t.step(1.0 / 60) }
            #expect(b.view.center == start, "an interactive transition waits for its interaction")
            try p.update(0.5)
            #expect(abs(b.view.center.x - (start.x + 160) / 2) < 0.5, "half-way between start and final")
            if cancel { try p.cancel() } else { try p.finish() }
            var steps = 0
            while !t.isFinished && steps < 600 { try t.step(1.0 / 60); steps += 1 }
            #expect(t.isFinished && t.wasCancelled == cancel && ctx.transitionWasCancelled == cancel)
            if cancel {
                #expect(abs(b.view.center.x - start.x) < 0.5 && abs(b.view.center.y - start.y) < 0.5)
                #expect(a.view.superview === ctx.containerView && b.view.superview == nil)
                #expect(a.view.center == Vector(160, 284))
            } else {
                #expect(b.view.center == Vector(160, 284) && a.view.superview == nil)
            }
            #expect(slide.ended == [!cancel])
        }
    }

    @Test func physicsDismissalCompletesFromDidPause() throws {
        let (a, b) = try controllers()
        let fall = FallAway()
        let t = try Transition(from: a, to: b, size: Vector(320, 568), animator: fall)
        try t.start()
        while !t.isFinished && t.time < 3 { try t.step(1.0 / 60) }
        #expect(t.isFinished && !t.wasCancelled)
        #expect(t.time < 3, "completed after \(t.time) s")
        #expect(fall.ended == [true])
        // The views came to rest on the floor of the container.
        for v in a.view.subviews { #expect(abs(v.center.y + v.size.y / 2 - 568) < 2) }
    }

    @Test func aFailingStartLeavesNothingHalfDone() throws {
        final class Broken: AnimatedTransitioning {
            struct Oops: Error {}
            func transitionDuration(_ context: TransitionContext) throws -> Double { 0.3 }
            func animateTransition(_ context: TransitionContext) throws {
                let to = context.view(forKey: .to)
                try context.containerView.addSubview(to)
                let pa = try PropertyAnimator(duration: 0.3)
                try pa.addAnimations { try to.setAlpha(0.3) }
                try pa.setFractionComplete(0.5)
                throw Oops()
            }
        }
        let (a, b) = try controllers()
        let t = try Transition(from: a, to: b, size: Vector(320, 568), animator: Broken())
        #expect(throws: Broken.Oops.self) { try t.start() }
        #expect(t.context == nil && !t.isFinished)
        #expect(a.view.superview == nil && b.view.superview == nil && b.view.alpha == 1)
        let negative = SlideIn()
        negative.duration = -1
        let (c, d) = try controllers()
        #expect(throws: DynamicsError.self) { try Transition(from: c, to: d, size: Vector(320, 568), animator: negative).start() }
        #expect(c.view.superview == nil)
    }

    @Test func abandoningAnUnfinishedTransitionCancelsIt() throws {
        let (a, b) = try controllers()
        let slide = SlideIn()
        slide.completes = false
        let t = try Transition(from: a, to: b, size: Vector(320, 568), animator: slide)
        let ctx = try t.start()
        for _ in 0..<20 { try t.step(1.0 / 60) }
        try t.abandon()
        #expect(t.isFinished && t.wasCancelled && slide.ended == [false])
        #expect(a.view.superview === ctx.containerView && b.view.superview == nil)
    }
}
