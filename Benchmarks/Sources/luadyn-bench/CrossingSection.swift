import BenchKit
import Foundation

/// The Lua crossing costs and the start-up time of luadyn beside the stock lua5.4.
enum CrossingSection {
    /// The section's Markdown text: `figures` come from a child (or its failure), `delegateCost` from the piles.
    static func render(figures: Result<[(String, Double)], EngineError>, delegateCost: String,
                       luadyn: String?, runs: Int) -> String {
        var table = Table(headers: ["what", "cost"])
        switch figures {
        case let .success(list):
            for (name, ns) in list { table.rows.append([name, Format.fixed(ns, 0) + " ns"]) }
        case let .failure(error):
            table.rows.append(["Lua crossings", error.message])
        }
        table.rows.append(["ns per contact event delivered to a Lua delegate", delegateCost])
        if let lua = Subprocess.which("lua5.4") {
            table.rows.append(["start-up of `lua5.4 -e ''`", startup(lua, runs: runs)])
        }
        if let luadyn {
            table.rows.append(["start-up of `luadyn -e ''`", startup(luadyn, runs: runs)])
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

    /// Cost of one delegate call from the Lua piles with and without a delegate: the extra time per frame times
    /// the frames, over the events delivered.
    static func delegateCost(with: SceneResult?, without: SceneResult?, steps: Int) -> String {
        guard let with, let without, with.contactBegins > 0 else { return "not measured" }
        let extra = (with.meanMilliseconds - without.meanMilliseconds) * Double(steps) * 1e6
        return Format.fixed(extra / Double(with.contactBegins), 0) + " ns (\(with.contactBegins) events; "
            + "difference of two timed piles, so noisy)"
    }

    /// Mean wall time of `path -e ''` over `runs` runs after one untimed run, as text.
    static func startup(_ path: String, runs: Int) -> String {
        guard let first = Subprocess.run(path, ["-e", ""]), first.status == 0 else { return "failed to run" }
        var total = 0.0
        for _ in 0..<runs {
            total += MonotonicClock.seconds { _ = Subprocess.run(path, ["-e", ""]) }
        }
        return Format.fixed(total / Double(runs) * 1000, 2) + " ms"
    }
}
