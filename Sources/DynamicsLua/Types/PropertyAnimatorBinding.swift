import Dynamics
import LuaKit

extension LuaStack {
    func push(propertyAnimator pa: PropertyAnimator) { push(object: pa, className: PropertyAnimatorBinding.className) }

    /// A timing curve name at `index`: "easeInOut", "linear", "easeIn" or "easeOut".
    func checkCurve(_ index: Int32, _ site: Site) throws(LuaError) -> TimingCurve {
        TimingCurve(name: try checkChoice(index, site, TimingCurve.names)) ?? .easeInOut
    }
}

/// The `PropertyAnimator` binding (UIViewPropertyAnimator).
enum PropertyAnimatorBinding {
    static let className = "PropertyAnimator"

    private static func pa(_ s: LuaStack) throws(LuaError) -> PropertyAnimator {
        try s.checkObject(1, as: PropertyAnimator.self, expected: className)
    }

    /// `PropertyAnimator{ duration = 0.3, curve = "easeInOut" }` or `{ duration =, dampingRatio = 0.7 }` or
    /// `{ duration =, controlPoint1 = {x, y}, controlPoint2 = {x, y} }`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let pa: PropertyAnimator
        if s.isNil(at: 1) {
            pa = try dynamics { () throws(DynamicsError) in try PropertyAnimator(duration: 0.3) }
        } else {
            try s.checkType(1, .table, site: .arg(1))
            let o = OptionTable(s, at: 1, arg: 1, typeName: className)
            try o.checkKeys(["duration", "curve", "dampingRatio", "controlPoint1", "controlPoint2", "scrubsLinearly"],
                            allowsArray: false)
            let duration = try o.value("duration") { s, i, site throws(LuaError) in try s.checkNonNegative(i, site) } ?? 0.3
            var curve = try o.value("curve") { s, i, site throws(LuaError) in try s.checkCurve(i, site) } ?? .easeInOut
            let ratio = try o.value("dampingRatio") { s, i, site throws(LuaError) in
                let x = try s.checkFinite(i, site)
                guard x > 0, x <= 1 else { throw site.error("dampingRatio must be greater than 0 and at most 1, got \(x)") }
                return x
            }
            let p1 = try o.point("controlPoint1"), p2 = try o.point("controlPoint2")
            if [o.has("curve"), ratio != nil, p1 != nil || p2 != nil].filter({ $0 }).count > 1 {
                throw LuaError.argument(1, "give one of curve, dampingRatio or controlPoint1 and controlPoint2")
            }
            if let ratio { curve = .spring(dampingRatio: ratio) }
            if p1 != nil || p2 != nil {
                guard let p1, let p2 else { throw LuaError.argument(1, "give both controlPoint1 and controlPoint2") }
                curve = .cubic(x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y)
            }
            pa = try dynamics(argument: 1) { () throws(DynamicsError) in try PropertyAnimator(duration: duration, curve: curve) }
            if let linear = try o.boolean("scrubsLinearly") { pa.scrubsLinearly = linear }
        }
        s.push(propertyAnimator: pa)
        return 1
    }

    /// Runs a core call that may call Lua back (animations, completions) with this thread as the callback thread.
    static func calling<T>(_ s: LuaStack, _ body: () throws -> T) throws(LuaError) -> T? {
        try AnimatorBinding.stepping(s, body)
    }

    static var description: TypeDescription<PropertyAnimator> {
        TypeDescription(
            name: className, uikitName: "UIViewPropertyAnimator",
            summary: "moves views' center, angle, alpha and size to targets along a timing curve; pausable, scrubbable, reversible",
            constructors: ["PropertyAnimator{ duration = 0.3, curve = \"easeInOut\" | \"linear\" | \"easeIn\" | \"easeOut\" }",
                           "PropertyAnimator{ duration = 0.5, dampingRatio = 0.7 }  (spring timing)",
                           "PropertyAnimator{ duration = 1, controlPoint1 = {0.1, 0.9}, controlPoint2 = {0.2, 1} }"],
            properties: [
                .number("duration", "number, s", default: "0.3", "how long the whole way takes", get: \.duration),
                Property("curve", "string", default: "\"easeInOut\"",
                         "\"linear\", \"easeIn\" (Bezier 0.42,0,1,1), \"easeOut\" (0,0,0.58,1), \"easeInOut\" (0.42,0,0.58,1), \"cubic\" or \"spring\"",
                         get: { s, pa in s.push(pa.curve.name) }),
                Property("dampingRatio", "number or nil", default: "nil", "the spring's damping ratio (0 < ratio <= 1)",
                         get: { s, pa in
                             if case let .spring(r) = pa.curve { s.push(r) } else { s.pushNil() }
                         }),
                .number("fractionComplete", "number, 0..1", default: "0",
                        "the fraction of the duration done; setting it scrubs (pauses an inactive animator there)",
                        rule: .nonNegative, option: false, get: \.fractionComplete,
                        set: { try $0.setFractionComplete($1) }),
                .boolean("scrubsLinearly", default: "true", "scrubbing moves views linearly in fractionComplete",
                         option: false, get: \.scrubsLinearly, set: { $0.scrubsLinearly = $1 }),
                .boolean("isRunning", "true while time moves it", get: \.isRunning),
                .boolean("isReversed", default: "false", "runs back toward the start", option: false,
                         get: \.isReversed, set: { $0.isReversed = $1 }),
                Property("state", "\"inactive\" | \"active\" | \"stopped\"", default: "\"inactive\"",
                         "UIViewAnimatingState", get: { s, pa in s.push(pa.state.rawValue) }),
            ],
            methods: [
                Method("addAnimations", "pa:addAnimations(fn)",
                       "runs fn, which sets target center, angle, alpha or size of views; the animator moves them there") {
                    s throws(LuaError) in
                    let pa = try pa(s)
                    try s.checkType(2, .function, site: .arg(2))
                    s.pushCopy(of: 2)
                    let fn = Callback(ref: s.popReference())
                    do {
                        try pa.addAnimations { () throws in
                            try TransitionCalls.callFunction(s, fn, label: "animations")
                        }
                    } catch let error as LuaError {
                        throw LuaError("addAnimations: \(error.message)")
                    } catch {
                        throw LuaError("addAnimations: \(error)")
                    }
                    return 0
                },
                Method("addCompletion", "pa:addCompletion(fn)",
                       "fn(position) runs when the animations end; position is \"end\", \"start\" or \"current\"") {
                    s throws(LuaError) in
                    let pa = try pa(s)
                    try s.checkType(2, .function, site: .arg(2))
                    s.pushCopy(of: 2)
                    let fn = Callback(ref: s.popReference())
                    let host = DynamicsHost.of(s)
                    let fallback = s
                    pa.addCompletion { position throws in
                        let stack = TransitionCalls.stack(host, fallback)
                        try TransitionCalls.callFunction(stack, fn, label: nil) { s in s.push(position.rawValue); return 1 }
                    }
                    return 0
                },
                Method("startAnimation", "pa:startAnimation([delay])", "starts (or resumes) after delay seconds") {
                    s throws(LuaError) in
                    let pa = try pa(s)
                    let delay = s.isNil(at: 2) ? 0 : try s.checkNonNegative(2, .arg(2))
                    try dynamics { () throws(DynamicsError) in try pa.startAnimation(afterDelay: delay) }
                    return 0
                },
                Method("pauseAnimation", "pa:pauseAnimation()", "pauses where it is") { s throws(LuaError) in
                    let pa = try pa(s)
                    try dynamics { () throws(DynamicsError) in try pa.pauseAnimation() }
                    return 0
                },
                Method("stopAnimation", "pa:stopAnimation(withoutFinishing)",
                       "stops; true: done where it is, no completion; false: waits for finishAnimation") { s throws(LuaError) in
                    let pa = try pa(s)
                    guard s.type(at: 2) == .boolean else {
                        throw LuaError.argument(2, "boolean expected, got \(s.typeName(at: 2))")
                    }
                    let without = s.boolean(at: 2)
                    try dynamics { () throws(DynamicsError) in try pa.stopAnimation(withoutFinishing: without) }
                    return 0
                },
                Method("finishAnimation", "pa:finishAnimation(\"end\" | \"start\" | \"current\")",
                       "ends a stopped animator with its views there, then calls the completions") { s throws(LuaError) in
                    let pa = try pa(s)
                    let name = try s.checkChoice(2, .arg(2), ["end", "start", "current"])
                    let position = AnimatingPosition(rawValue: name) ?? .end
                    guard pa.state == .stopped else {
                        throw LuaError("finishAnimation: the animator is \(pa.state.rawValue), not stopped (call stopAnimation(false) first)")
                    }
                    _ = try calling(s) { try pa.finishAnimation(at: position) }
                    return 0
                },
                Method("continueAnimation", "pa:continueAnimation([curve [, durationFactor]])",
                       "runs on from where it is paused (along curve, over the remaining time x durationFactor)") {
                    s throws(LuaError) in
                    let pa = try pa(s)
                    let curve = s.isNil(at: 2) ? nil : try s.checkCurve(2, .arg(2))
                    let factor = s.isNil(at: 3) ? 1 : try s.checkNonNegative(3, .arg(3))
                    try dynamics { () throws(DynamicsError) in try pa.continueAnimation(curve: curve, durationFactor: factor) }
                    return 0
                },
                Method("step", "pa:step([dt = 1/60])",
                       "advances an animator used on its own (a transition advances those of its container)") {
                    s throws(LuaError) in
                    let pa = try pa(s)
                    let dt = s.isNil(at: 2) ? 1.0 / 60 : try s.checkPositive(2, .arg(2))
                    _ = try calling(s) { try pa.step(dt) }
                    return 0
                },
            ],
            describe: { pa in
                "PropertyAnimator \(pa.curve.name) \(NumberText.short(pa.duration))s \(pa.state.rawValue)"
                    + (pa.isRunning ? " running" : "") + " fraction=\(NumberText.fixed(pa.fractionComplete, decimals: 2))"
            },
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}
