import Dynamics
import LuaKit

/// The REPL's physics dot-commands as plain functions: each takes the state and the text after the command name
/// and returns what to print. The REPL registers them (name, synopsis and help are given alongside).
///
/// They act on the current animator: the one made last, or the one chosen with `use(animator)`.
public enum DynamicsCommands {
    /// One dot-command: `.name synopsis` — help.
    public struct Command {
        public let name: String
        public let synopsis: String
        public let help: String
        public let run: (LuaState, String) throws(LuaError) -> String
    }

    /// Every physics dot-command, in the order `.help` should list them.
    public static var all: [Command] {
        [
            Command(name: "step", synopsis: "[N]", help: "advance the animator N frames (default 1) and show its items", run: step),
            Command(name: "run", synopsis: "SECONDS", help: "run the animator for that many simulated seconds", run: run),
            Command(name: "state", synopsis: "", help: "show the animator and every item's place and speed", run: state),
            Command(name: "demo", synopsis: "", help: "make a small scene in `animator` (two squares falling into a box)", run: demo),
            Command(name: "help", synopsis: "NAME", help: "explain a type, field or method (as help(\"NAME\") does)", run: help),
        ] + PictureCommands.all + [
            Command(name: "serve", synopsis: "[PORT | stop]",
                    help: "show the animator live in a browser (its URL is printed); .serve stop ends it", run: serve),
        ]
    }

    /// The animator the commands act on: the one made last, or chosen with `use(animator)`.
    static func currentAnimator(_ state: LuaState) throws(LuaError) -> Animator {
        if let animator = CurrentAnimator.get(state.stack) { return animator }
        throw LuaError("no animator yet: make one, e.g. animator = Animator{ width = 320, height = 568 }, or try .demo", kind: .raw)
    }

    /// The animator's line and one line per item.
    static func describe(_ a: Animator) -> String {
        ([AnimatorBinding.describe(a)] + a.items.map { "  " + ViewBinding.describe($0) }).joined(separator: "\n")
    }

    /// `.serve [PORT | stop]`
    public static func serve(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try currentAnimator(state)
        guard let host = DynamicsHost.of(state) else { throw LuaError("no host", kind: .raw) }
        let text = arguments.trimmed
        if text == "stop" {
            return host.liveViews.stop(a) ? "stopped serving" : "the animator was not served"
        }
        var port = 0
        if !text.isEmpty {
            guard let n = Int(text), (0...65535).contains(n) else {
                throw LuaError(".serve takes a port from 0 to 65535 (0: a free one) or 'stop', got '\(text)'", kind: .raw)
            }
            port = n
        }
        do {
            let url = try host.liveViews.serve(a, port: port)
            return "serving at \(url) (the world steps in real time while the prompt waits; .serve stop ends it)"
        } catch {
            throw LuaError(error.message, kind: .raw)
        }
    }

    /// `.step [N]`
    public static func step(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try currentAnimator(state)
        let text = arguments.trimmed
        let frames: Int
        if text.isEmpty {
            frames = 1
        } else {
            guard let n = Int(text), n >= 0, n <= 1_000_000 else {
                throw LuaError(".step takes a whole number of frames (0 to 1000000), got '\(text)'", kind: .raw)
            }
            frames = n
        }
        try FrameStepping.run(state.stack, a, .frames(frames))
        return describe(a)
    }

    /// `.run SECONDS`
    public static func run(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try currentAnimator(state)
        guard let seconds = Double(arguments.trimmed), seconds.isFinite, seconds >= 0 else {
            throw LuaError(".run takes a number of seconds, e.g. .run 2", kind: .raw)
        }
        try FrameStepping.run(state.stack, a, .seconds(seconds))
        return describe(a)
    }

    /// `.state`
    public static func state(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        describe(try currentAnimator(state))
    }

    /// `.help NAME`
    public static func help(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let name = arguments.trimmed
        let text = name.isEmpty ? HelpCatalog.overview : HelpBinding.text(forName: name)
        if text.hasPrefix("no help for") { return text }
        return HelpUnits.shown(text, in: CurrentAnimator.get(state.stack)?.displayUnits)
    }

    /// The scene `.demo` makes, as Lua a learner can read and retype.
    public static let demoScript = """
        animator = Animator{ width = 320, height = 568 }
        red = View{ center = {110, 100}, size = {60, 60}, name = "red", color = "red" }
        blue = View{ center = {200, 200}, size = {60, 60}, angle = 0.3, name = "blue", color = "blue" }
        gravity = Gravity{ red, blue }
        collision = Collision{ red, blue, translatesReferenceBoundsIntoBoundary = true }
        animator:addBehavior(gravity)
        animator:addBehavior(collision)
        """

    /// `.demo`
    public static func demo(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        try state.run(demoScript, name: "=demo")
        return demoScript + "\n-- made: try .run 2, .state, or animator:step()"
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmed: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
