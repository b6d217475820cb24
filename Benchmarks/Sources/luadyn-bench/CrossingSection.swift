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
        if let lua = Subprocess.which("lua5.4") {
            table.rows.append(["start-up of `lua5.4 -e ''`", startup(lua, runs: runs)])
            table.rows.append(["peak resident memory of `lua5.4 -e ''`", peakMemory(lua)])
            table.rows.append(["start-up of `lua5.4` to its first prompt (pseudo-terminal, median)",
                               PromptTiming.median(lua, runs: runs)])
        }
        if let luadyn {
            table.rows.append(["start-up of `luadyn -e ''`", startup(luadyn, runs: runs)])
            table.rows.append(["peak resident memory of `luadyn -e ''`", peakMemory(luadyn)])
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

    /// The peak resident set of one run of `path -e ''` (after one untimed run, so files are in the page cache).
    static func peakMemory(_ path: String) -> String {
        guard Subprocess.spawnAndWait(path, ["-e", ""]) == 0,
              let run = Subprocess.spawnAndWaitWithPeakMemory(path, ["-e", ""]), run.status == 0 else { return "failed to run" }
        return Format.bytes(Double(run.peakBytes))
    }

    /// Mean wall time of `path -e ''` over `runs` runs after one untimed run, as text. Started with posix_spawn
    /// and reaped with waitpid, output to /dev/null: Foundation.Process adds tens of milliseconds of its own.
    static func startup(_ path: String, runs: Int) -> String {
        guard Subprocess.spawnAndWait(path, ["-e", ""]) == 0 else { return "failed to run" }
        var total = 0.0
        for _ in 0..<runs {
            total += MonotonicClock.seconds { _ = Subprocess.spawnAndWait(path, ["-e", ""]) }
        }
        return Format.fixed(total / Double(runs) * 1000, 2) + " ms"
    }
}
