import Dynamics
import LuaKit
import Pictures

/// A transition as Lua holds it: the core transition, and the recording its pictures keep.
final class TransitionHandle {
    let core: Transition
    var recording: Recording?
    var finishedRecording: Recording?
    init(core: Transition) { self.core = core }
}

/// The `Transition` binding: a view-controller transition made steppable, with pictures.
enum TransitionBinding {
    static let className = "Transition"
    /// Frames a run steps: the property animators' and dynamic animators' usual 60 a second.
    static let timeStep = 1.0 / 60

    private static func handle(_ s: LuaStack) throws(LuaError) -> TransitionHandle {
        try s.checkObject(1, as: TransitionHandle.self, expected: className)
    }

    /// `Transition{ from =, to =, size = {320, 568}, animator = A, interactive = p, style = "custom" }`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        try s.checkType(1, .table, site: .arg(1))
        let o = OptionTable(s, at: 1, arg: 1, typeName: className)
        try o.checkKeys(["from", "to", "size", "animator", "interactive", "style"], allowsArray: false)
        guard let from = try o.value("from", { s, i, site throws(LuaError) in try s.checkViewController(i, site) }) else {
            throw LuaError.argument(1, "field 'from': ViewController expected, got nil")
        }
        guard let to = try o.value("to", { s, i, site throws(LuaError) in try s.checkViewController(i, site) }) else {
            throw LuaError.argument(1, "field 'to': ViewController expected, got nil")
        }
        let size = try o.size("size") ?? from.view.size
        let style = try o.value("style") { s, i, site throws(LuaError) in
            PresentationStyle(rawValue: try s.checkChoice(i, site, PresentationStyle.allCases.map(\.rawValue))) ?? .custom
        } ?? .custom
        let interaction = try o.value("interactive") { s, i, site throws(LuaError) -> PercentDrivenTransition? in
            if s.type(at: i) == .boolean && !s.boolean(at: i) { return nil }
            guard let p = s.object(at: i, as: PercentDrivenTransition.self) else {
                throw site.error("PercentDrivenTransition or false expected, got \(s.typeName(at: i))")
            }
            return p
        } ?? nil
        s.rawGet(1, field: "animator")
        let animatorIndex = s.top
        guard s.type(at: animatorIndex) == .table else {
            throw LuaError.argument(1, "field 'animator': table with transitionDuration and animateTransition expected, got \(s.typeName(at: animatorIndex))")
        }
        try checkAnimatorTable(s, animatorIndex)
        let table = Callback(ref: s.popReference())
        let animator = LuaTransitionAnimator(table: table, host: DynamicsHost.of(s), stack: s)
        let core = try dynamics(argument: 1) { () throws(DynamicsError) in
            try Transition(from: from, to: to, size: size, animator: animator, interaction: interaction, style: style)
        }
        s.push(object: TransitionHandle(core: core), className: className)
        return 1
    }

    /// The animator table must answer transitionDuration and animateTransition with functions (looked up as Lua
    /// would, so metatables count); the optional members, when present, must be functions too.
    private static func checkAnimatorTable(_ s: LuaStack, _ index: Int32) throws(LuaError) {
        let base = s.top
        defer { s.top = base }
        try s.load("local t = ...; return type(t.transitionDuration), type(t.animateTransition), "
                   + "type(t.animationEnded), type(t.interruptibleAnimator)", name: "=(luadyn transition check)")
        s.pushCopy(of: index)
        do throws(LuaError) { try s.call(arguments: 1, results: 4) } catch {
            throw LuaError.argument(1, "field 'animator': \(error.message)")
        }
        let names = ["transitionDuration", "animateTransition", "animationEnded", "interruptibleAnimator"]
        for (k, name) in names.enumerated() {
            let type = s.string(at: base + 1 + Int32(k)) ?? "nil"
            if k < 2 && type != "function" {
                throw LuaError.argument(1, "field 'animator': the animator has no \(name) function (got \(type))")
            }
            if k >= 2 && type != "nil" && type != "function" {
                throw LuaError.argument(1, "field 'animator': \(name) must be a function, got \(type)")
            }
        }
    }

    /// Starts the transition if it has not started yet; errors of the animator's callbacks come back as Lua errors
    /// with the transition undone.
    @discardableResult
    static func ensureStarted(_ s: LuaStack, _ h: TransitionHandle, _ name: String) throws(LuaError) -> TransitionContext {
        if let ctx = h.core.context { return ctx }
        do throws(LuaError) {
            let ctx = try AnimatorBinding.stepping(s) { try h.core.start() }
            guard let ctx else { throw LuaError("\(name): the transition could not start") }
            return ctx
        } catch {
            throw LuaError("\(name): \(error.message)")
        }
    }

    /// One frame; false when a callback raised (reported through the host).
    @discardableResult
    static func step(_ s: LuaStack, _ h: TransitionHandle, _ dt: Double) throws(LuaError) -> Bool {
        let ok = try AnimatorBinding.stepping(s) { try h.core.step(dt) } != nil
        if h.recording != nil { h.recording?.append(h.core.snapshot()) }
        return ok
    }

    /// Frames of the time step for `seconds`, stopping early when finished, a callback fails or Ctrl-C arrives.
    static func run(_ s: LuaStack, _ h: TransitionHandle, seconds: Double, untilDone: Bool,
                    afterFrame: () throws(LuaError) -> Void = {}) throws(LuaError) -> Double {
        let frames = Int((seconds / timeStep - 1e-9).rounded(.up))
        var stepped = 0.0
        try LuaInterrupt.guarding(s) { () throws(LuaError) in
            var n = 0
            while n < frames {
                if untilDone && h.core.isFinished { break }
                let ok = try step(s, h, timeStep)
                n += 1
                stepped += timeStep
                try afterFrame()
                if !ok || LuaInterrupt.isPending { break }
            }
            try LuaInterrupt.check()
        }
        return stepped
    }

    private static func drawing(_ s: LuaStack, _ h: TransitionHandle, arg: Int32) throws(LuaError) -> String {
        let o = try PictureOptions.table(s, arg, typeName: "draw", keys: PictureOptions.drawKeys)
        let options = try PictureOptions.canvas(o)
        let snapshot = h.core.snapshot()
        do throws(PictureError) { return try TerminalCanvas(options: PictureOptions.framed(options, for: snapshot)).draw(snapshot) } catch {
            throw PictureOptions.error(error, arg: arg)
        }
    }

    static var methods: [Method] {
        [
            Method("start", "t:start()",
                   "puts the from-view in the container and calls animateTransition; returns the context") { s throws(LuaError) in
                let h = try handle(s)
                if h.core.context != nil { throw LuaError("start: the transition has already started") }
                s.push(context: try ensureStarted(s, h, "start"))
                return 1
            },
            Method("step", "t:step([dt = 1/60])", "advances the transition's animators (starting it first if needed)") {
                s throws(LuaError) in
                let h = try handle(s)
                let dt = s.isNil(at: 2) ? timeStep : try s.checkPositive(2, .arg(2))
                try ensureStarted(s, h, "step")
                try step(s, h, dt)
                return 0
            },
            Method("run", "t:run(seconds)", "steps frames of 1/60 s for that long, or until the transition finishes") {
                s throws(LuaError) in
                let h = try handle(s)
                let seconds = try s.checkNonNegative(2, .arg(2))
                guard seconds <= 86_400 else { throw LuaError.argument(2, "at most 86400 seconds at once") }
                try ensureStarted(s, h, "run")
                s.push(try run(s, h, seconds: seconds, untilDone: true))
                return 1
            },
            Method("runUntilDone", "t:runUntilDone([maxSeconds = 10])",
                   "steps until completeTransition is called; returns the seconds it took. Past maxSeconds the transition "
                   + "is ended as cancelled (everything back at the start) and this is an error") { s throws(LuaError) in
                let h = try handle(s)
                let limit = s.isNil(at: 2) ? 10 : try s.checkNonNegative(2, .arg(2))
                guard limit <= 86_400 else { throw LuaError.argument(2, "at most 86400 seconds at once") }
                try ensureStarted(s, h, "runUntilDone")
                let before = h.core.time
                let errors = DynamicsHost.of(s)?.callbackErrorCount ?? 0
                _ = try run(s, h, seconds: limit, untilDone: true)
                if !h.core.isFinished && (DynamicsHost.of(s)?.callbackErrorCount ?? 0) == errors {
                    _ = try AnimatorBinding.stepping(s) { try h.core.abandon() }
                    throw LuaError.argument(2, "the transition did not complete within \(NumberText.short(limit)) s of simulated "
                        + "time (something must call ctx:completeTransition); it was ended as cancelled")
                }
                s.push(h.core.time - before)
                return 1
            },
            Method("draw", "t:draw{ width = 80, ... }", "prints the container (both controllers' views) in the terminal") {
                s throws(LuaError) in
                let h = try handle(s)
                try TerminalOutput.print(try drawing(s, h, arg: 2), on: s)
                return 0
            },
            Method("drawing", "t:drawing{ ... }", "the same drawing, returned as a string") { s throws(LuaError) in
                let h = try handle(s)
                s.push(try drawing(s, h, arg: 2))
                return 1
            },
            Method("snapshot", "t:snapshot(\"frame.svg\" [, { labels = true }])", "writes an SVG of the container; returns the file name") {
                s throws(LuaError) in
                let h = try handle(s)
                return try PicturesBinding.writeSnapshot(s) { h.core.snapshot() }
            },
            Method("record", "t:record([{ maxFrames = 36000 }])", "records every frame stepped from now on, for exportHTML") {
                s throws(LuaError) in
                let h = try handle(s)
                let o = try PictureOptions.table(s, 2, typeName: "record", keys: ["maxFrames"])
                var maxFrames: Int?
                if let o { maxFrames = try PictureOptions.integer(o, "maxFrames", in: 1...10_000_000) }
                var recording = maxFrames.map { Recording(maxFrames: $0) } ?? Recording()
                recording.append(h.core.snapshot())
                h.recording = recording
                return 0
            },
            Method("stopRecording", "t:stopRecording()", "stops recording; returns the number of frames kept") { s throws(LuaError) in
                let h = try handle(s)
                let count = h.recording?.frames.count ?? 0
                if let r = h.recording { h.finishedRecording = r }
                h.recording = nil
                s.push(count)
                return 1
            },
            Method("exportHTML", "t:exportHTML(\"run.html\" [, { speed = 1, width = 640 }])",
                   "writes the recording as one HTML page with a player") { s throws(LuaError) in
                let h = try handle(s)
                let path = try PicturesBinding.checkPath(s, 2)
                let o = try PictureOptions.table(s, 3, typeName: "exportHTML", keys: PictureOptions.htmlKeys)
                let options = try PictureOptions.html(o)
                guard let recording = h.recording ?? h.finishedRecording else {
                    throw LuaError("exportHTML: nothing recorded yet; call t:record() before stepping")
                }
                do throws(PictureError) { try HTMLReplay(options: options).write(recording, to: path) } catch {
                    throw PictureOptions.error(error, arg: 3)
                }
                s.push(path)
                return 1
            },
            Method("play", "t:play([seconds = until done] [, { speed = 1, fps = 30, width = 80, ... }])",
                   "animates the transition in the terminal; piped, steps at once and prints the last frame") {
                s throws(LuaError) in
                try TransitionPlay.play(s, try handle(s))
            },
        ]
    }

    static var description: TypeDescription<TransitionHandle> {
        TypeDescription(
            name: className, uikitName: "UIKit's view-controller transitioning, made steppable",
            summary: "a transition from one ViewController to another, run by an animator table (UIViewControllerAnimatedTransitioning)",
            constructors: ["Transition{ from = vcA, to = vcB, size = {320, 568}, animator = A, interactive = false, style = \"custom\" }"],
            properties: [
                Property("context", "TransitionContext or nil", default: "nil", "the context, once started",
                         get: { s, h in if let c = h.core.context { s.push(context: c) } else { s.pushNil() } }),
                Property("containerView", "View or nil", default: "nil", "the container, once started",
                         get: { s, h in if let c = h.core.context { s.push(view: c.containerView) } else { s.pushNil() } }),
                Property("from", "ViewController", "the controller going away", get: { s, h in s.push(viewController: h.core.from) }),
                Property("to", "ViewController", "the controller being shown", get: { s, h in s.push(viewController: h.core.to) }),
                Property("animator", "table", "the UIViewControllerAnimatedTransitioning table",
                         get: { s, h in
                             if let a = h.core.animator as? LuaTransitionAnimator { a.table.ref.push(on: s) } else { s.pushNil() }
                         }),
                Property("interactive", "PercentDrivenTransition or nil", default: "nil", "the interaction controller",
                         get: { s, h in
                             if let p = h.core.interaction {
                                 s.push(object: p, className: PercentDrivenTransitionBinding.className)
                             } else { s.pushNil() }
                         }),
                Property("style", "\"custom\" | \"fullScreen\" | \"overFullScreen\"", default: "\"custom\"",
                         "presentation style; overFullScreen keeps the from-view under the new one",
                         get: { s, h in s.push(h.core.style.rawValue) }),
                .boolean("isFinished", "true once completeTransition was called", get: \.core.isFinished),
                .boolean("wasCancelled", "true when it completed with false", get: \.core.wasCancelled),
                .number("time", "number, s", default: "0", "simulated seconds stepped since the start", get: \.core.time),
                Property("isRecording", "boolean", default: "false", "true between record() and stopRecording()",
                         get: { s, h in s.push(h.recording != nil) }),
            ],
            methods: methods,
            describe: { h in
                let c = h.core
                let state = c.context == nil ? "not started" : c.isFinished ? (c.wasCancelled ? "cancelled" : "completed") : "running"
                return "Transition \"\(c.from.title)\" -> \"\(c.to.title)\" t=\(NumberText.fixed(c.time, decimals: 2))s \(state)"
            },
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}
