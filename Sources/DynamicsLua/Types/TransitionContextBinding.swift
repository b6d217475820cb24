import Dynamics
import LuaKit

extension LuaStack {
    func push(context: TransitionContext) { push(object: context, className: TransitionContextBinding.className) }
}

/// The context a transition's animator works in (UIViewControllerContextTransitioning).
enum TransitionContextBinding {
    static let className = "TransitionContext"

    private static func ctx(_ s: LuaStack) throws(LuaError) -> TransitionContext {
        try s.checkObject(1, as: TransitionContext.self, expected: className)
    }

    private static func key(_ s: LuaStack) throws(LuaError) -> TransitionKey {
        TransitionKey(rawValue: try s.checkChoice(2, .arg(2), TransitionKey.allCases.map(\.rawValue))) ?? .from
    }

    /// A call on the interaction; what the core refuses is named after the method.
    private static func interactive(_ s: LuaStack, _ name: String,
                                    _ body: (TransitionContext) throws(DynamicsError) -> Void) throws(LuaError) -> Int32 {
        let c = try ctx(s)
        do throws(DynamicsError) { try body(c) } catch { throw LuaError("\(name): \(error.message)") }
        return 0
    }

    static var description: TypeDescription<TransitionContext> {
        TypeDescription(
            name: className, uikitName: "UIViewControllerContextTransitioning",
            summary: "what a transition's animator works with: the container, both controllers, their frames, completion",
            constructors: ["handed to animateTransition(self, ctx); also t:start() and t.context"],
            properties: [
                Property("containerView", "View",
                         "the view the transition happens in; the from-view is in it, the animator adds the to-view",
                         get: { s, c in s.push(view: c.containerView) }),
                .boolean("isAnimated", "always true here", get: \.isAnimated),
                .boolean("isInteractive", "true while an interaction drives the transition", get: \.isInteractive),
                Property("presentationStyle", "\"custom\" | \"fullScreen\" | \"overFullScreen\"", default: "\"custom\"",
                         "the transition's style", get: { s, c in s.push(c.presentationStyle.rawValue) }),
                .boolean("transitionWasCancelled", "true once the interaction cancelled the transition",
                         get: \.transitionWasCancelled),
                Property("targetTransform", "table", "{ a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0 }: no rotation here",
                         get: { s, _ in
                             s.newTable(record: 6)
                             for (k, v) in [("a", 1.0), ("b", 0), ("c", 0), ("d", 1), ("tx", 0), ("ty", 0)] {
                                 s.push(v); s.rawSet(-2, field: k)
                             }
                         }),
                .number("duration", "number, s", "what transitionDuration returned", get: \.duration),
            ],
            methods: [
                Method("viewControllerForKey", "ctx:viewControllerForKey(\"from\" | \"to\")",
                       "the controller going away or being shown") { s throws(LuaError) in
                    let c = try ctx(s)
                    s.push(viewController: c.viewController(forKey: try key(s)))
                    return 1
                },
                Method("viewForKey", "ctx:viewForKey(\"from\" | \"to\")", "that controller's root view") { s throws(LuaError) in
                    let c = try ctx(s)
                    s.push(view: c.view(forKey: try key(s)))
                    return 1
                },
                Method("initialFrame", "ctx:initialFrame(vc)",
                       "where vc's view starts: the container's bounds for the from-controller, a zero rect for the to-controller") {
                    s throws(LuaError) in
                    let c = try ctx(s)
                    s.push(box: c.initialFrame(try s.checkViewController(2, .arg(2))))
                    return 1
                },
                Method("finalFrame", "ctx:finalFrame(vc)",
                       "where vc's view ends: the container's bounds for the to-controller, a zero rect for the one going away") {
                    s throws(LuaError) in
                    let c = try ctx(s)
                    s.push(box: c.finalFrame(try s.checkViewController(2, .arg(2))))
                    return 1
                },
                Method("updateInteractiveTransition", "ctx:updateInteractiveTransition(percent)",
                       "moves the animations to percent (0..1)") { s throws(LuaError) in
                    let c = try ctx(s)
                    let p = try s.checkFinite(2, .arg(2))
                    guard p >= 0, p <= 1 else {
                        throw LuaError.argument(2, "percent must be between 0 and 1, got \(NumberText.short(p))")
                    }
                    do throws(DynamicsError) { try c.updateInteractiveTransition(p) } catch {
                        throw LuaError("updateInteractiveTransition: \(error.message)")
                    }
                    return 0
                },
                Method("finishInteractiveTransition", "ctx:finishInteractiveTransition()", "runs the animations to the end") {
                    s throws(LuaError) in
                    try interactive(s, "finishInteractiveTransition") { c throws(DynamicsError) in try c.finishInteractiveTransition() }
                },
                Method("cancelInteractiveTransition", "ctx:cancelInteractiveTransition()",
                       "runs the animations back to the start and marks the transition cancelled") { s throws(LuaError) in
                    try interactive(s, "cancelInteractiveTransition") { c throws(DynamicsError) in try c.cancelInteractiveTransition() }
                },
                Method("pauseInteractiveTransition", "ctx:pauseInteractiveTransition()",
                       "holds the animations for the interaction again") { s throws(LuaError) in
                    try interactive(s, "pauseInteractiveTransition") { c throws(DynamicsError) in try c.pauseInteractiveTransition() }
                },
                Method("completeTransition", "ctx:completeTransition(didComplete)",
                       "ends the transition (once): true leaves the to-view at its final frame, false puts the from-view back") {
                    s throws(LuaError) in
                    let c = try ctx(s)
                    guard s.type(at: 2) == .boolean else {
                        throw LuaError.argument(2, "boolean expected, got \(s.typeName(at: 2))")
                    }
                    let done = s.boolean(at: 2)
                    do throws(LuaError) {
                        _ = try AnimatorBinding.stepping(s) { try c.completeTransition(done) }
                    } catch {
                        throw LuaError("completeTransition: \(error.message)")
                    }
                    return 0
                },
            ],
            describe: { c in "TransitionContext \(c.presentationStyle.rawValue)" + (c.isInteractive ? " interactive" : "") },
            construct: nil)
    }

    static var type: BoundType { description.boundType }
}
