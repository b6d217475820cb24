// luadyn-bench: the benchmark scenes in our engine and its peers, printed as Markdown tables.
import BenchKit
import Foundation

/// Prints and flushes at once, so progress shows through a pipe (scripts/bench tees the output).
func say(_ text: String) {
    print(text)
    fflush(nil)
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case let .success(parsed): options = parsed
case let .failure(error):
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(2)
}
let plan = Plan.make(quick: options.quick)

// A child measuring one engine's memory prints one line and leaves.
if let child = options.childMemory {
    guard let engine = Engines.named(child.engine) else {
        FileHandle.standardError.write(Data("no engine '\(child.engine)'\n".utf8))
        exit(2)
    }
    do {
        say(try MemoryFigures.measureHere(engine: engine, count: child.count, steps: plan.memorySteps).line)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

let runner = Runner(warmupSteps: 10)
let columns = Engines.columns

say("# LuaDynamics benchmarks\(options.quick ? " (quick)" : "")\n")
say("Single thread, 1/60 s per frame, sleep off, 1 m = 100 pt. Effort: "
      + (["ours: 4 sub-steps"] + Engines.available.map(\.settings)).joined(separator: "; ") + ".")
if !Engines.pending.isEmpty {
    say("Pending (not buildable yet): \(Engines.pending.sorted().joined(separator: ", ")).")
}

// Scenes.
let scenes = plan.scenes.filter { options.only == nil || $0.name.contains(options.only ?? "") }
var outcomes: [[SceneOutcome]] = []
for scene in scenes {
    var row: [SceneOutcome] = []
    for name in columns {
        if let engine = Engines.named(name) {
            row.append(runner.run(scene, on: engine))
        } else {
            row.append(.failed(scene: scene.name, engine: name, reason: "pending"))
        }
    }
    outcomes.append(row)
}
say("\n## Scenes: mean ms per frame, ratios, stability\n")
say(Report.sceneTable(scenes: scenes, engines: columns, outcomes: outcomes, pending: Engines.pending).render())
say("\nStability: the largest drift of a stack's top box, or the largest stretch of a pinned pair, in cm.")
for line in Report.failures(outcomes) where !line.hasSuffix(": pending") { say("- \(line)") }
for result in outcomes.flatMap({ $0 }).compactMap(\.result) {
    if let note = result.note { say("- \(result.engine) / \(result.scene): \(note)") }
}
for (scene, row) in zip(scenes, outcomes) where scene.countsContacts {
    let counts = zip(columns, row).compactMap { name, o in o.result.map { "\(name) \($0.contactBegins)" } }
    say("Contacts begun in '\(scene.name)': \(counts.joined(separator: ", ")).")
}
if options.only != nil { exit(0) }

// Scaling.
if !options.skipScaling {
    say("\n## Scaling: piles of \(plan.scalingCounts.map(String.init).joined(separator: ", ")) bodies, "
          + "\(plan.scalingSteps) frames\n")
    var table = Table(headers: ["engine"] + plan.scalingCounts.map { "\($0) ms" } + ["exponent"])
    for name in columns {
        guard let engine = Engines.named(name) else {
            table.rows.append([name] + plan.scalingCounts.map { _ in "pending" } + ["pending"])
            continue
        }
        let result = ScalingResult.measure(engine: engine, counts: plan.scalingCounts, steps: plan.scalingSteps,
                                           runner: runner)
        table.rows.append([name] + result.milliseconds.map { $0.map(Format.milliseconds) ?? "failed" }
                          + [result.exponent.map { Format.fixed($0, 2) } ?? "-"])
    }
    say(table.render())
    say("\nExponent: least-squares slope of log(ms) against log(bodies); 1 is linear.")
}

// Memory, one child process per engine.
if !options.skipMemory {
    say("\n## Memory: a pile of \(plan.memoryCount) bodies after \(plan.memorySteps) frames\n")
    var table = Table(headers: ["engine", "bytes per body", "peak RSS", "RSS before building"])
    for name in columns {
        guard Engines.named(name) != nil else {
            table.rows.append([name, "pending", "pending", "pending"])
            continue
        }
        let args = ["--child-memory", name, "\(plan.memoryCount)"] + (options.quick ? ["--quick"] : [])
        if let (status, output) = Subprocess.run(Subprocess.selfPath, args), status == 0,
           let figures = output.split(separator: "\n").compactMap({ MemoryFigures(line: String($0)) }).first {
            table.rows.append([name, Format.fixed(figures.bytesPerBody, 0), Format.bytes(Double(figures.peakBytes)),
                               Format.bytes(Double(figures.baselineBytes))])
        } else {
            table.rows.append([name, "failed", "failed", "failed"])
        }
    }
    say(table.render())
    say("\nBytes per body: growth of the resident set from before building to after stepping, over the body count.")
}

// Crossing costs between Lua and Swift.
if !options.skipCrossings {
    say("\n## Crossing costs (Lua <-> Swift)\n")
    say(CrossingSection.render(luadyn: options.luadyn, runs: plan.startupRuns))
}
