import Dynamics
import LuaKit
import Pictures

/// `t:play([seconds] [, options])`: a transition animated in the terminal, paced to real time; off a terminal it
/// steps the whole time at once and prints the last frame.
enum TransitionPlay {
    static func play(_ s: LuaStack, _ h: TransitionHandle) throws(LuaError) -> Int32 {
        var optionsArg: Int32 = 3
        var seconds = 10.0
        var untilDone = true
        if s.type(at: 2) == .table {
            optionsArg = 2
        } else if !s.isNil(at: 2) {
            seconds = try s.checkNonNegative(2, .arg(2))
            guard seconds <= 86_400 else { throw LuaError.argument(2, "at most 86400 seconds at once") }
            untilDone = false
        }
        let o = try PictureOptions.table(s, optionsArg, typeName: "play", keys: PlayBinding.keys)
        let speed = try o.flatMapOption { o throws(LuaError) in try PictureOptions.positive(o, "speed") } ?? 1
        let fps = try o.flatMapOption { o throws(LuaError) in try PictureOptions.positive(o, "fps") } ?? 30
        guard fps <= 120 else { throw LuaError.argument(optionsArg, "field 'fps': at most 120 frames a second") }
        var options = try PictureOptions.canvas(o)
        try TransitionBinding.ensureStarted(s, h, "play")
        let live = TerminalOutput.isTerminal
        if live, options.maxHeight == nil, let size = TerminalOutput.size { options.maxHeight = max(1, size.rows - 3) }
        let painter = TerminalCanvas(options: PictureOptions.framed(options, for: h.core.snapshot()))
        func picture() throws(LuaError) -> [String] {
            do throws(PictureError) { return try painter.lines(h.core.snapshot()) } catch {
                throw PictureOptions.error(error, arg: optionsArg)
            }
        }
        func status() -> String {
            let c = h.core
            let state = c.isFinished ? (c.wasCancelled ? "cancelled" : "completed") : "running"
            return "t = \(NumberText.fixed(c.time, decimals: 2)) s, \(state)"
        }
        var pacer: FramePacer
        do throws(PictureError) {
            pacer = try FramePacer(timeStep: TransitionBinding.timeStep, speed: speed, maxFramesPerSecond: fps)
        } catch { throw PictureOptions.error(error, arg: optionsArg) }
        let before = h.core.time
        try PlayLock.shared.withLock { () throws(LuaError) in
            if live { try TerminalOutput.writeNow(LiveFrame.begin + LiveFrame.frame(try picture(), status: status()), on: s) }
            var inBatch = 0
            do throws(LuaError) {
                _ = try TransitionBinding.run(s, h, seconds: seconds, untilDone: untilDone) { () throws(LuaError) in
                    inBatch += 1
                    guard live, inBatch >= pacer.stepsPerFrame, !LuaInterrupt.isPending else { return }
                    inBatch = 0
                    pacer.waitForNextFrame()
                    try TerminalOutput.writeNow(LiveFrame.frame(try picture(), status: status()), on: s)
                }
            } catch {
                if live { try TerminalOutput.writeNow(LiveFrame.end, on: s) }
                throw error
            }
            if live {
                try TerminalOutput.writeNow(LiveFrame.frame(try picture(), status: status()) + LiveFrame.end, on: s)
            } else {
                try TerminalOutput.print((try picture()).joined(separator: "\n") + "\n" + status(), on: s)
            }
        }
        s.push(h.core.time - before)
        return 1
    }
}
