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
        do throws(PictureError) { return try TerminalCanvas(options: PictureOptions.framed(options, for: snapshot)).draw(snapshot) } catch { throw PictureOptions.error(error, arg: 2) }
    }

    /// Every method this file adds to Animator.
    static var methods: [(String, LuaFunction)] {
        [
            // Prints, so typing `animator:draw()` at the prompt shows the picture rather than a quoted string.
            ("draw", { s throws(LuaError) in
                let a = try animator(s)
                try TerminalOutput.print(try drawing(s, a), on: s)
                return 0
            }),
            ("drawing", { s throws(LuaError) in
                let a = try animator(s)
                s.push(try drawing(s, a))
                return 1
            }),
            ("snapshot", { s throws(LuaError) in
                let a = try animator(s)
                let path = try checkPath(s, 2)
                let o = try PictureOptions.table(s, 3, typeName: "snapshot", keys: PictureOptions.svgKeys)
                let options = try PictureOptions.svg(o)
                do throws(PictureError) { try SVGRenderer(options: options).write(a.snapshot(), to: path) } catch { throw PictureOptions.error(error, arg: 3) }
                s.push(path)
                return 1
            }),
            ("record", { s throws(LuaError) in
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
            }),
            ("stopRecording", { s throws(LuaError) in
                let a = try animator(s)
                guard let session = PictureSessions.of(s)?.existing(a), let recording = session.recording else {
                    s.push(0)
                    return 1
                }
                session.finishedRecording = recording
                session.recording = nil
                s.push(recording.frames.count)
                return 1
            }),
            ("exportHTML", { s throws(LuaError) in
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
            }),
            ("trace", TraceBinding.start),
            ("stopTrace", TraceBinding.stop),
            ("play", PlayBinding.play),
        ]
    }

    /// Fields this file adds to Animator; pushes the value and returns true when `key` is one.
    static func get(_ s: LuaStack, _ a: Animator, _ key: String) -> Bool {
        switch key {
        case "isRecording": s.push(PictureSessions.of(s)?.existing(a)?.recording != nil)
        case "kineticEnergy": s.push(a.kineticEnergy)
        case "potentialEnergy": s.push(a.potentialEnergy)
        default: return false
        }
        return true
    }

    /// A file name at argument `arg`: a non-empty string.
    static func checkPath(_ s: LuaStack, _ arg: Int32) throws(LuaError) -> String {
        guard s.type(at: arg) == .string, let path = s.string(at: arg) else {
            throw LuaError.argument(arg, "file name expected, got \(s.typeName(at: arg))")
        }
        guard !path.isEmpty else { throw LuaError.argument(arg, "file name must not be empty") }
        return path
    }
}
