import Dynamics
import LuaKit
import Pictures

/// The REPL's picture dot-commands, registered with the others through `DynamicsCommands.all`.
enum PictureCommands {
    static var all: [DynamicsCommands.Command] {
        [
            .init(name: "draw", synopsis: "[WIDTH] [velocities forces trails energy grid]",
                  help: "draw the animator's world in the terminal (WIDTH cells, default 80 or the terminal's width), with the overlays named", run: draw),
            .init(name: "play", synopsis: "SECONDS [SPEED] [velocities forces trails energy grid]",
                  help: "animate the world live for SECONDS of simulated time (SPEED 0.5: slow motion), with the overlays named; Ctrl-C stops", run: play),
            .init(name: "plot", synopsis: "[energy|speed]",
                  help: "chart what the animator kept while recording or tracing: energies (default) or item speeds", run: plot),
        ]
    }

    /// The overlays the picture commands take by name, as words after their numbers.
    static let overlayWords = ["velocities", "forces", "trails", "energy", "grid"]

    /// Splits `arguments` into the numbers before the overlay words and switches those overlays on in `options`.
    /// A word that is neither is an error naming the command and the words it knows.
    static func numbersAndOverlays(_ arguments: String, command: String,
                                   into options: inout TerminalCanvas.Options) throws(LuaError) -> [Substring] {
        var numbers: [Substring] = []
        for word in arguments.split(separator: " ", omittingEmptySubsequences: true) {
            switch word {
            case "velocities": options.showVelocities = true
            case "forces": options.showForces = true
            case "trails": options.showTrails = true
            case "energy": options.showEnergy = true
            case "grid": options.showGrid = true
            default:
                guard Double(word) != nil else {
                    throw LuaError(".\(command) does not know '\(word)'; overlays: \(overlayWords.joined(separator: ", "))", kind: .raw)
                }
                numbers.append(word)
            }
        }
        // An arrow inside a filled item lights dots that are lit already: items are outlined while arrows show.
        if options.showVelocities || options.showForces { options.filled = false }
        return numbers
    }

    /// `.draw [WIDTH] [OVERLAYS]`: the picture `animator:draw()` prints, returned for the REPL to print.
    static func draw(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try DynamicsCommands.currentAnimator(state)
        var options = try PictureOptions.canvas(nil)
        let numbers = try numbersAndOverlays(arguments, command: "draw", into: &options)
        if !numbers.isEmpty {
            guard numbers.count == 1, let width = Int(numbers[0]), (1...2000).contains(width) else {
                throw LuaError(".draw takes a width in cells (1 to 2000), e.g. .draw 60", kind: .raw)
            }
            options.width = width
        }
        let snapshot = a.snapshot()
        let trails = PictureOptions.trails(state.stack, a, asked: options.showTrails, now: snapshot)
        do throws(PictureError) {
            return try TerminalCanvas(options: PictureOptions.framed(options, for: snapshot)).draw(snapshot, trails: trails)
        } catch { throw LuaError(error.description, kind: .raw) }
    }

    /// `.play SECONDS [SPEED] [OVERLAYS]`
    static func play(_ state: LuaState, _ arguments: String) throws(LuaError) -> String {
        let a = try DynamicsCommands.currentAnimator(state)
        var canvas = try PictureOptions.canvas(nil)
        let words = try numbersAndOverlays(arguments, command: "play", into: &canvas)
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
                                          canvas: canvas, printsLastFrame: false)
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
        // In the animator's display units (points or metres).
        let units = a.displayUnits
        options.xTitle = "t (s)"
        if what == "energy" {
            let kinetic = history.kinetic.map(units.energy), potential = history.potential.map(units.energy)
            let total = zip(kinetic, potential).map { $0 + $1 }
            options.title = "energy against time; potential energy is zero at the floor (animator.potentialEnergyZero)"
            options.yTitle = "E (\(units.energyUnit))"
            series = [PlotSeries(name: "kinetic", x: history.time, y: kinetic),
                      PlotSeries(name: "potential", x: history.time, y: potential),
                      PlotSeries(name: "total", x: history.time, y: total)]
        } else {
            options.title = "speed against time"
            options.yTitle = "speed (\(units.speedUnit))"
            series = zip(history.speedItems, history.speeds).map {
                PlotSeries(name: $0.name, x: history.time, y: $1.map(units.length))
            }
        }
        do throws(PictureError) { return try Pictures.plot(series, options: options) } catch { throw LuaError(error.description, kind: .raw) }
    }
}
