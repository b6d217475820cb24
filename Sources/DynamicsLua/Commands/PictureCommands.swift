import Dynamics
import LuaKit
import Pictures

/// The REPL's picture dot-commands, registered with the others through `DynamicsCommands.all`.
enum PictureCommands {
    static var all: [DynamicsCommands.Command] {
        [
            .init(name: "draw", synopsis: "[WIDTH]",
                  help: "draw the animator's world in the terminal (WIDTH cells, default 80 or the terminal's width)", run: draw),
            .init(name: "play", synopsis: "SECONDS [SPEED]",
                  help: "animate the world live for SECONDS of simulated time (SPEED 0.5: slow motion); Ctrl-C stops", run: play),
            .init(name: "plot", synopsis: "[energy|speed]",
                  help: "chart what the animator kept while recording or tracing: energies (default) or item speeds", run: plot),
        ]
    }

    /// `.draw [WIDTH]`: the picture `animator:draw()` prints, returned for the REPL to print.
    static func draw(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try DynamicsCommands.currentAnimator(state)
        var options = try PictureOptions.canvas(nil)
        let text = arguments.trimmed
        if !text.isEmpty {
            guard let width = Int(text), (1...2000).contains(width) else {
                throw LuaError(".draw takes a width in cells (1 to 2000), e.g. .draw 60", kind: .raw)
            }
            options.width = width
        }
        let snapshot = a.snapshot()
        do throws(PictureError) { return try TerminalCanvas(options: PictureOptions.framed(options, for: snapshot)).draw(snapshot) } catch { throw LuaError(error.description, kind: .raw) }
    }

    /// `.play SECONDS [SPEED]`
    static func play(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try DynamicsCommands.currentAnimator(state)
        let words = arguments.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count), let seconds = Double(words[0]), seconds.isFinite, seconds >= 0 else {
            throw LuaError(".play takes seconds and an optional speed, e.g. .play 2 or .play 2 0.5", kind: .raw)
        }
        var speed = 1.0
        if words.count == 2 {
            guard let value = Double(words[1]), value.isFinite, value > 0 else {
                throw LuaError(".play's speed must be a positive number, e.g. .play 2 0.5", kind: .raw)
            }
            speed = value
        }
        _ = try dynamics { () throws(DynamicsError) in try a.frames(covering: seconds) }
        let outcome = try PlayBinding.run(state.stack, a, seconds: seconds, speed: speed, fps: 30,
                                          canvas: try PictureOptions.canvas(nil), printsLastFrame: false)
        if let last = outcome.lastFrame { return last }
        let t = NumberText.fixed(a.elapsedTime, decimals: 2)
        return outcome.interrupted ? "stopped at t = \(t) s" : "played to t = \(t) s"
    }

    /// `.plot [energy|speed]`
    static func plot(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try DynamicsCommands.currentAnimator(state)
        let what = arguments.trimmed.isEmpty ? "energy" : arguments.trimmed
        guard what == "energy" || what == "speed" else {
            throw LuaError(".plot shows 'energy' or 'speed', got '\(what)'", kind: .raw)
        }
        guard let history = PictureSessions.of(state.stack)?.existing(a)?.history, history.time.count >= 2 else {
            throw LuaError("nothing to plot yet: call animator:record() or animator:trace{ file = \"t.csv\" }, then step", kind: .raw)
        }
        var options = PlotOptions()
        options.colorMode = TerminalOutput.colorMode
        options.width = min(100, max(40, (TerminalOutput.size?.columns ?? 81) - 1))
        var series: [PlotSeries]
        if what == "energy" {
            let total = zip(history.kinetic, history.potential).map { $0 + $1 }
            options.title = "energy against time; potential is zero at y = \(NumberText.short(a.potentialEnergyZero)) pt"
            options.yTitle = "energy (mass·pt²/s²)"
            options.xTitle = "time (s)"
            series = [PlotSeries(name: "kinetic", x: history.time, y: history.kinetic),
                      PlotSeries(name: "potential", x: history.time, y: history.potential),
                      PlotSeries(name: "total", x: history.time, y: total)]
        } else {
            options.title = "speed against time"
            options.yTitle = "speed (pt/s)"
            options.xTitle = "time (s)"
            series = zip(history.speedItems, history.speeds).map { PlotSeries(name: $0.name, x: history.time, y: $1) }
        }
        do throws(PictureError) { return try Pictures.plot(series, options: options) } catch { throw LuaError(error.description, kind: .raw) }
    }
}
