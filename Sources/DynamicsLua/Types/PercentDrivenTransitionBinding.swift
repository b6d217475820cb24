import Dynamics
import LuaKit

/// The `PercentDrivenTransition` binding (UIPercentDrivenInteractiveTransition).
enum PercentDrivenTransitionBinding {
    static let className = "PercentDrivenTransition"

    private static func p(_ s: LuaStack) throws(LuaError) -> PercentDrivenTransition {
        try s.checkObject(1, as: PercentDrivenTransition.self, expected: className)
    }

    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let p = PercentDrivenTransition()
        if !s.isNil(at: 1) {
            try s.checkType(1, .table, site: .arg(1))
            let o = OptionTable(s, at: 1, arg: 1, typeName: className)
            let d = description
            try o.checkKeys(d.optionNames, allowsArray: false)
            try d.applyOptions(o, to: p)
        }
        s.push(object: p, className: className)
        return 1
    }

    /// A call that may end animations, and so run completions (Lua callbacks).
    private static func drive(_ s: LuaStack, _ name: String, _ body: (PercentDrivenTransition) throws(DynamicsError) -> Void)
        throws(LuaError) -> Int32 {
        let p = try p(s)
        do throws(DynamicsError) { try body(p) } catch { throw LuaError("\(name): \(error.message)") }
        return 0
    }

    static var description: TypeDescription<PercentDrivenTransition> {
        TypeDescription(
            name: className, uikitName: "UIPercentDrivenInteractiveTransition",
            summary: "drives a transition by a percentage (pass as Transition{ interactive = p }), then finishes or cancels it",
            constructors: ["PercentDrivenTransition{ completionSpeed = 1, completionCurve = \"easeInOut\" }"],
            properties: [
                .number("percentComplete", "number, 0..1", default: "0", "how far update has driven the transition",
                        get: \.percentComplete),
                .number("completionSpeed", "number", default: "1",
                        "finish and cancel run the rest of the way at this multiple of the normal speed", rule: .positive,
                        get: \.completionSpeed, set: { try $0.setCompletionSpeed($1) }),
                .choice("completionCurve", TimingCurve.names, default: "\"easeInOut\"", "the curve of that last run",
                        get: { $0.completionCurve.name },
                        set: { p, name in p.completionCurve = TimingCurve(name: name) ?? .easeInOut }),
            ],
            methods: [
                Method("update", "p:update(percent)", "moves the transition's animations to percent (0..1) of the way") {
                    s throws(LuaError) in
                    let p = try p(s)
                    let percent = try s.checkFinite(2, .arg(2))
                    guard percent >= 0, percent <= 1 else {
                        throw LuaError.argument(2, "percent must be between 0 and 1, got \(NumberText.short(percent))")
                    }
                    do throws(DynamicsError) { try p.update(percent) } catch { throw LuaError("update: \(error.message)") }
                    return 0
                },
                Method("finish", "p:finish()", "runs the animations on to the end") { s throws(LuaError) in
                    try drive(s, "finish") { p throws(DynamicsError) in try p.finish() }
                },
                Method("cancel", "p:cancel()", "runs the animations back to the start; the transition is cancelled") {
                    s throws(LuaError) in
                    try drive(s, "cancel") { p throws(DynamicsError) in try p.cancel() }
                },
                Method("pause", "p:pause()", "holds the animations where they are, driven by update again") { s throws(LuaError) in
                    try drive(s, "pause") { p throws(DynamicsError) in try p.pause() }
                },
            ],
            describe: { p in "PercentDrivenTransition \(NumberText.fixed(p.percentComplete * 100, decimals: 0))%" },
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}
