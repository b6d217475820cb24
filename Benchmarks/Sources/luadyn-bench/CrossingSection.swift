import BenchKit
import Foundation

/// The Lua crossing costs and the start-up time of luadyn beside the stock lua5.4.
enum CrossingSection {
    /// The section's Markdown text.
    static func render(luadyn: String?, runs: Int) -> String {
        var table = Table(headers: ["what", "cost"])
        table.rows.append(["ns per `item.center` read from Lua", "pending (bindings)"])
        table.rows.append(["ns per `animator:step()` call (empty world)", "pending (bindings)"])
        table.rows.append(["ns per contact event delivered to a Lua delegate", "pending (bindings)"])
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
