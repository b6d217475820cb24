import Dynamics
import LuaKit
import Pictures

/// The animator's picture methods: a terminal drawing, an SVG file, and a recording replayed as one HTML page.
/// The trace, play and energy read-outs live in their own files; AnimatorBinding lists all of them.
enum PicturesBinding {
    private static func animator(_ s: LuaStack) throws(LuaError) -> Animator { try s.checkAnimator(1, .arg(1)) }

    /// The terminal drawing of `a` with the options at argument 2.
    static func drawing(_ s: LuaStack, _ a: Animator) throws(LuaError) -> String {
        let o = try PictureOptions.table(s, 2, typeName: "draw", keys: PictureOptions.drawKeys)
        let options = try PictureOptions.canvas(o)
        let snapshot = a.snapshot()
        let trails = PictureOptions.trails(s, a, asked: options.showTrails, now: snapshot)
        do throws(PictureError) {
            return try TerminalCanvas(options: PictureOptions.framed(options, for: snapshot)).draw(snapshot, trails: trails)
        } catch { throw PictureOptions.error(error, arg: 2) }
    }

    /// Every method this file adds to Animator, in the order help lists them.
    static var methods: [Method] {
        [
            // Prints, so typing `animator:draw()` at the prompt shows the picture rather than a quoted string.
            Method("draw", "animator:draw{ width = 80, height =, glyphs = \"braille\", color =, labels = true, contacts = false, velocities = false, forces = false, trails = false, energy = false, grid = false }",
                   "prints the world as a terminal drawing (colour only on a colour terminal)") { s throws(LuaError) in
                let a = try animator(s)
                try TerminalOutput.print(try drawing(s, a), on: s)
                return 0
            },
            Method("drawing", "animator:drawing{ ... }",
                   "the same drawing as draw, returned as a string instead of printed") { s throws(LuaError) in
                let a = try animator(s)
                s.push(try drawing(s, a))
                return 1
            },
            Method("play", "animator:play(seconds [, { speed = 1, fps = 30, width = 80, ... }])",
                   "animates live in the terminal (Ctrl-C stops); piped, steps at once and prints the last frame", PlayBinding.play),
            Method("snapshot", "animator:snapshot(\"frame.svg\" [, { velocities = false, forces = false, trails = false, energy = false, grid = false, contacts = false, labels = true }])",
                   "writes an SVG picture of the world; returns the file name") { s throws(LuaError) in
                let a = try animator(s)
                return try writeSnapshot(s, animator: a) { a.snapshot() }
            },
            Method("record", "animator:record([{ maxFrames = 36000 }])",
                   "starts recording every frame stepped from now on, for exportHTML") { s throws(LuaError) in
                let a = try animator(s)
                let o = try PictureOptions.table(s, 2, typeName: "record", keys: ["maxFrames"])
                var maxFrames: Int?
                if let o { maxFrames = try PictureOptions.integer(o, "maxFrames", in: 1...10_000_000) }
                guard let sessions = PictureSessions.of(s) else { return 0 }
                let session = sessions.session(a)
                var recording = maxFrames.map { Recording(maxFrames: $0) } ?? Recording()
                // The replay starts where the world is now, not one frame later.
                recording.append(a.snapshot())
                session.recording = recording
                session.lastTime = a.elapsedTime
                if session.trace == nil { session.history.reset() }
                session.history.append(a)
                return 0
            },
            Method("stopRecording", "animator:stopRecording()",
                   "stops recording; returns the number of frames kept") { s throws(LuaError) in
                let a = try animator(s)
                guard let session = PictureSessions.of(s)?.existing(a), let recording = session.recording else {
                    s.push(0)
                    return 1
                }
                session.finishedRecording = recording
                session.recording = nil
                s.push(recording.frames.count)
                return 1
            },
            Method("exportHTML", "animator:exportHTML(\"run.html\" [, { trails = false, velocities = false, forces = false, energy = false, grid = false, speed = 1, width = 640 }])",
                   "writes the recording as one self-contained HTML page with a player") { s throws(LuaError) in
                let a = try animator(s)
                let path = try checkPath(s, 2)
                let o = try PictureOptions.table(s, 3, typeName: "exportHTML", keys: PictureOptions.htmlKeys)
                let options = try PictureOptions.html(o)
                let session = PictureSessions.of(s)?.existing(a)
                guard let recording = session?.recording ?? session?.finishedRecording else {
                    throw LuaError("exportHTML: nothing recorded yet; call animator:record() before stepping")
                }
                do throws(PictureError) { try HTMLReplay(options: options).write(recording, to: path) } catch { throw PictureOptions.error(error, arg: 3) }
                s.push(path)
                return 1
            },
            Method("trace", "animator:trace{ file = \"trace.csv\", items = {...}, fields = {\"center\", \"velocity\", \"angle\", \"angularVelocity\"} }",
                   "writes a row now and after every frame (CSV, or JSON Lines for .jsonl) until stopTrace", TraceBinding.start),
            Method("stopTrace", "animator:stopTrace()",
                   "ends the trace, writing what is left; returns the number of rows", TraceBinding.stop),
        ]
    }

    /// The properties this file adds to Animator.
    static var properties: [Property<Animator>] {
        [
            Property("kineticEnergy", "number, mass·pt²/s²",
                     "½ m v² + ½ I ω² of every item that is not anchored (mass: a 100x100 item of density 1 is 1)",
                     get: { s, a in s.push(a.kineticEnergy) }),
            Property("potentialEnergy", "number, mass·pt²/s²",
                     "every spring's ½ k x², plus m g h for every gravity on each item, h its height above potentialEnergyZero (1000 m (zero - y) under default gravity)",
                     get: { s, a in s.push(a.potentialEnergy) }),
            .number("potentialEnergyZero", "number, pt (a y)", default: "bottom of the reference bounds, else 0",
                    "the height where gravitational potential energy is 0, so things above the floor have positive energy",
                    get: \.potentialEnergyZero, set: { try $0.setPotentialEnergyZero($1) }),
            .choice("units", ["points", "metres"], default: "\"points\"",
                    "how printing, traces, plots and pictures show lengths; scripts still read and write points",
                    get: { $0.displayUnits.metres ? "metres" : "points" }, set: { a, units in a.setDisplaysMetres(units == "metres") }),
            .number("pointsPerMetre", "number", default: "100", "points in a metre, for units = \"metres\"",
                    rule: .positive, get: \.displayUnits.pointsPerMetre, set: { try $0.setPointsPerMetre($1) }),
            .boolean("yUp", default: "false",
                     "show y growing upward from potentialEnergyZero (the floor) and angles counter-clockwise; scripts still use y down",
                     get: \.displayUnits.yUp, set: { $0.setDisplaysYUp($1) }),
            Property("isRecording", "boolean", default: "false",
                     "true between animator:record() and animator:stopRecording()",
                     get: { s, a in s.push(PictureSessions.of(s)?.existing(a)?.recording != nil) }),
        ]
    }

    /// `snapshot(file [, options])` of an animator or a transition: checks the file name (argument 2) and the options
    /// (argument 3), writes the SVG of what `snapshot` gives and pushes the file name.
    /// `animator`: whose trails to keep when the options ask for them (nil: a picture with no trails to keep).
    static func writeSnapshot(_ s: LuaStack, animator: Animator? = nil, _ snapshot: () -> WorldSnapshot) throws(LuaError) -> Int32 {
        let path = try checkPath(s, 2)
        if let problem = problem(withPictureName: path) { throw LuaError.argument(2, problem) }
        let o = try PictureOptions.table(s, 3, typeName: "snapshot", keys: PictureOptions.svgKeys)
        let options = try PictureOptions.svg(o)
        let picture = snapshot()
        let trails = animator.map { PictureOptions.trails(s, $0, asked: options.showTrails, now: picture) } ?? []
        do throws(PictureError) { try SVGRenderer(options: options).write(picture, trails: trails, to: path) } catch {
            throw PictureOptions.error(error, arg: 3)
        }
        s.push(path)
        return 1
    }

    /// Why a picture cannot be written under `path`, or nil: snapshots are SVG, so a name promising another image
    /// format is refused rather than filled with SVG text that image viewers would not open.
    static func problem(withPictureName path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "pdf"].contains(ext) else { return nil }
        return "snapshots are SVG pictures, not .\(ext): name the file .svg (browsers and image editors open it)"
    }

    /// A file name at argument `arg`: a non-empty string.
    static func checkPath(_ s: LuaStack, _ arg: Int32) throws(LuaError) -> String {
        guard s.type(at: arg) == .string, let path = s.string(at: arg) else {
            throw LuaError.argument(arg, "file name expected, got \(s.typeName(at: arg))")
        }
        if let problem = problem(withFileName: path) { throw LuaError.argument(arg, problem) }
        return try Sandbox.writablePath(path, in: s.state)
    }

    /// What is wrong with a file name, or nil. A NUL would cut the name short where the system reads it, so the
    /// file would be written under another name.
    static func problem(withFileName path: String) -> String? {
        if path.isEmpty { return "file name must not be empty" }
        if path.utf8.contains(0) { return "file name must not contain a NUL character" }
        return nil
    }
}
