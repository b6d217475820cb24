import BenchKit
import OurEngine
import Foundation

/// The Lua crossing costs and the start-up time of luadyn beside the stock lua5.4.
enum CrossingSection {
    /// The section's Markdown text: `figures` come from a child (or its failure), the delegate's cost among them.
    static func render(figures: Result<[(String, Double)], EngineError>, luadyn: String?, runs: Int) -> String {
        var table = Table(headers: ["what", "cost"])
        switch figures {
        case let .success(list):
            for (name, ns) in list { table.rows.append([name, Format.fixed(ns, 0) + " ns"]) }
        case let .failure(error):
            table.rows.append(["Lua crossings", error.message])
        }
        let lua = Subprocess.which("lua5.4")
        // The two start-ups are timed alternately, run by run, so a change in the machine's load falls on both.
        let startups = StartupFigures.measure([lua, luadyn].compactMap { $0 }, runs: runs)
        if let lua {
            table.rows.append(["start-up of `lua5.4 -e ''`", startups[lua]?.timeText ?? "failed to run"])
            table.rows.append(["peak resident memory of `lua5.4 -e ''`", startups[lua]?.memoryText ?? "failed to run"])
            table.rows.append(["start-up of `lua5.4` to its first prompt (pseudo-terminal, median)",
                               PromptTiming.median(lua, runs: runs)])
        }
        if let luadyn {
            table.rows.append(["start-up of `luadyn -e ''`", startups[luadyn]?.timeText ?? "failed to run"])
            table.rows.append(["peak resident memory of `luadyn -e ''`", startups[luadyn]?.memoryText ?? "failed to run"])
            if let lua, let ours = startups[luadyn], let theirs = startups[lua] {
                let memory = ours.peakBytes.flatMap { o in theirs.peakBytes.map { Double(o) / Double($0) } }
                table.rows.append(["`luadyn -e ''` over `lua5.4 -e ''`: time, processor time, peak resident memory",
                                   Format.fixed(ours.seconds / theirs.seconds, 2) + "x, "
                                   + Format.fixed(ours.processorSeconds / theirs.processorSeconds, 2) + "x, "
                                   + (memory.map { Format.fixed($0, 2) + "x" } ?? "not measured")])
            }
            table.rows.append(["start-up of `luadyn` to its first prompt (pseudo-terminal, median)",
                               PromptTiming.median(luadyn, runs: runs)])
        } else {
            table.rows.append(["start-up of `luadyn -e ''`", "not measured (no --luadyn)"])
        }
        return table.render()
    }

    /// The child's lines for each figure: "crossing NS NAME".
    static func lines(_ figures: [(String, Double)]) -> String {
        figures.map { "crossing \($0.1) \($0.0)" }.joined(separator: "\n")
    }

    /// Reads a child's lines back.
    static func parse(_ output: String) -> [(String, Double)] {
        output.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ", maxSplits: 2)
            guard f.count == 3, f[0] == "crossing", let ns = Double(f[1]) else { return nil }
            return (String(f[2]), ns)
        }
    }

    /// The delegate row, with what the measurement saw (the figure itself is the row's cost).
    static func delegateFigures(_ figure: DelegateCost.Figure) -> [(String, Double)] {
        [("ns per contact event delivered to a Lua delegate (a gas of 200 circles, \(figure.frames) frames, "
            + Format.fixed(figure.eventsPerFrame, 1) + " began and ended events per frame, all four methods; with minus without delegate, frames "
            + "alternated, median of blocks of 20 frames)", figure.nanosecondsPerEvent)]
    }
}

/// The start-up of `PATH -e ''`: the mean wall time over the runs, and the largest peak resident set of a few runs
/// (nil when GNU time is missing).
struct StartupFigures {
    var seconds: Double
    /// The mean processor time (user and system) over the same runs.
    var processorSeconds: Double
    var peakBytes: Int?

    var timeText: String {
        Format.fixed(seconds * 1000, 2) + " ms (processor " + Format.fixed(processorSeconds * 1000, 2) + " ms)"
    }
    var memoryText: String { peakBytes.map { Format.bytes(Double($0)) } ?? "not measured (needs /usr/bin/time)" }

    /// Each program once untimed (so its files are in the page cache), then `runs` rounds of one run of each in
    /// turn, so a change in the machine's load falls on both. Started with posix_spawn and reaped with waitpid,
    /// output to /dev/null: Foundation.Process adds tens of milliseconds of its own. A program that fails is
    /// left out. Then five runs of each under GNU time for the peak resident set.
    static func measure(_ paths: [String], runs: Int) -> [String: StartupFigures] {
        var figures: [String: StartupFigures] = [:]
        for path in paths where Subprocess.spawnAndWait(path, ["-e", ""]) == 0 {
            figures[path] = StartupFigures(seconds: 0, processorSeconds: 0, peakBytes: nil)
        }
        for _ in 0..<max(runs, 1) {
            for path in paths where figures[path] != nil {
                var run: (status: Int32, seconds: Double)?
                let seconds = MonotonicClock.seconds { run = Subprocess.spawnAndWaitWithProcessorTime(path, ["-e", ""]) }
                guard let run, run.status == 0 else { figures[path] = nil; continue }
                figures[path]!.seconds += seconds / Double(max(runs, 1))
                figures[path]!.processorSeconds += run.seconds / Double(max(runs, 1))
            }
        }
        for _ in 0..<5 {
            for path in paths where figures[path] != nil {
                guard let bytes = Subprocess.peakResidentBytes(path, ["-e", ""]) else { continue }
                figures[path]!.peakBytes = max(figures[path]!.peakBytes ?? 0, bytes)
            }
        }
        return figures
    }
}
