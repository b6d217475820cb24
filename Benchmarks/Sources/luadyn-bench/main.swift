// luadyn-bench: the benchmark scenes in our engine and its peers, printed as Markdown tables.
// Every measurement runs in a child process of its own (this program again, with an internal --child-* option):
// engines never share a heap, and an engine that traps (or reaches a stub) fails its cell, not the run.
import BenchKit
import Foundation
import OurEngine

/// Prints and flushes at once, so progress shows through a pipe (scripts/bench tees the output).
func say(_ text: String) {
    print(text)
    fflush(nil)
}

/// Prints to standard error and leaves with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case let .success(parsed): options = parsed
case let .failure(error): fail(error.message, status: 2)
}
let plan = Plan.make(quick: options.quick, boxV3Scenes: !options.box2dV3Libraries.isEmpty)
let runner = Runner(warmupSteps: 10)
/// What every child process is told again: the scene sizes and the engines.
let childFlags = (options.quick ? ["--quick"] : []) + options.engineArguments
let engines = Engines(options: options)

// MARK: children

if let child = options.childScene {
    guard let scene = plan.scene(for: child.key) else { fail("no scene '\(child.key)'", status: 2) }
    guard let engine = engines.named(child.engine) else { fail("no engine '\(child.engine)'", status: 2) }
    switch runner.run(scene, on: engine) {
    case let .measured(result): say(result.line); exit(0)
    case let .failed(_, _, reason): fail(reason, status: 1)
    }
}
if let paired = options.paired {
    guard let scene = plan.scene(for: paired.scene) ?? plan.scenes.first(where: { $0.name.contains(paired.scene) }) else {
        fail("no scene '\(paired.scene)'", status: 2)
    }
    let chosen: [Engine] = paired.engines.map { name in
        guard let engine = engines.named(name) else { fail("no engine '\(name)'", status: 2) }
        return engine
    }
    do {
        let run = try PairedFrames.measure(scene, on: chosen, frames: paired.frames)
        let names: [String] = chosen.map { $0.name }, reference = names[0]
        say("Paired frames: \(scene.name), \(paired.frames) frames of each engine in turn, windows of "
            + "\(run.window); slow where \(reference)'s median is over \(run.slowFactor)x its fastest tenth.\n")
        let timeHeads: String = names.map { "\($0) ms" }.joined(separator: " | ")
        let ratioHeads: String = names.dropFirst().map { "\($0) / \(reference)" }.joined(separator: " | ")
        say("| windows | count | \(timeHeads) | \(ratioHeads) |")
        say("|:--|--:|" + String(repeating: "--:|", count: 2 * names.count - 1))
        let (quiet, slow) = run.summaries
        for (label, summary) in [("quiet", quiet), ("slow", slow)] {
            guard let summary else { say("| \(label) | 0 |" + String(repeating: " |", count: 2 * names.count - 1)); continue }
            let times: String = summary.milliseconds.map { Format.fixed($0, 3) }.joined(separator: " | ")
            let ratios: String = summary.ratios.dropFirst().map { Format.fixed($0, 3) }.joined(separator: " | ")
            say("| \(label) | \(summary.windows) | \(times) | \(ratios) |")
        }
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}
if let child = options.childMemory {
    guard let engine = engines.named(child.engine) else { fail("no engine '\(child.engine)'", status: 2) }
    do {
        say(try MemoryFigures.measureHere(engine: engine, count: child.count, steps: plan.memorySteps).line)
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}
if let parts = options.childMemoryParts {
    do {
        say(try MemoryBreakdown.table(count: parts.count, steps: plan.memorySteps, workers: parts.workers).render())
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}
if let child = options.childBuild {
    guard let scene = plan.scene(for: child.key) else { fail("no scene '\(child.key)'", status: 2) }
    guard let engine = engines.named(child.engine) else { fail("no engine '\(child.engine)'", status: 2) }
    do {
        say(try SceneBuildCost.measureHere(scene, on: engine).line)
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}
if options.childCrossings {
    do {
        var figures = try LuaCrossings.measure(iterations: plan.crossingIterations).map { ($0.name, $0.nanoseconds) }
        let delegate = try DelegateCost.measure(frames: plan.delegateFrames)
        figures += CrossingSection.delegateFigures(delegate)
        say(CrossingSection.lines(figures))
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}

if options.childFields {
    do {
        let figure = try FieldCost.measure(frames: options.quick ? 100 : 600)
        say("| radial gravity field with a region | \(Format.fixed(figure.fieldMilliseconds, 3)) | "
            + "\(Format.fixed(figure.gravityMilliseconds, 3)) | \(Format.fixed(figure.ratio, 2))x |")
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}

/// Runs one scene on one engine in a child and reads its result back.
func runChild(key: String, scene: SceneSpec, engine: String) -> SceneOutcome {
    guard let outcome = Subprocess.run(Subprocess.selfPath, ["--child-scene", key, engine] + childFlags) else {
        return .failed(scene: scene.name, engine: engine, reason: "could not start a child process")
    }
    if outcome.status == 0,
       let result = outcome.output.split(separator: "\n").lazy
           .compactMap({ SceneResult(line: String($0), scene: scene.name, engine: engine) }).first {
        return .measured(result)
    }
    return .failed(scene: scene.name, engine: engine, reason: outcome.failure)
}

/// Times building every scene of the plan, and the grids and pile of the doubling test, on every engine (each
/// figure the median of `plan.buildRuns` children), then the structures of `BuildCost`.
func buildingSection() {
    say("\n## Building: ms to make each scene and step its first frame, one child process each\n")
    let list = plan.buildScenes.filter { options.only == nil || $0.scene.name.contains(options.only ?? "") }
    var costs: [[SceneBuildCost?]] = []
    for (key, scene) in list {
        let row = columns.map { engine -> SceneBuildCost? in
            let runs = (0..<plan.buildRuns).compactMap { _ -> SceneBuildCost? in
                guard let outcome = Subprocess.run(Subprocess.selfPath, ["--child-build", key, engine] + childFlags),
                      outcome.status == 0 else { return nil }
                return outcome.output.split(separator: "\n").lazy.compactMap { SceneBuildCost(line: String($0)) }.first
            }
            return runs.count == plan.buildRuns ? SceneBuildCost.median(runs) : nil
        }
        costs.append(row)
        let times = zip(columns, row).map { name, c in "\(name) " + (c.map { Format.milliseconds($0.totalSeconds * 1000) } ?? "failed") }
        FileHandle.standardError.write(Data("bench: building \(scene.name): \(times.joined(separator: ", ")) ms\n".utf8))
    }
    say(Report.buildTable(scenes: list.map(\.scene), engines: columns, costs: costs, peers: engines.peers).render())
    say("\nMaking the world (bodies, shapes, joints) plus its first frame, median of \(plan.buildRuns) fresh "
        + "processes: ours makes its bodies and joints in the first frame's sync, so only the sum compares. "
        + "Ratios are ours (Swift API) over each peer.")
    if options.only != nil { return }
    say("")
    var table = Table(headers: ["what", "seconds"])
    do {
        for figure in try BuildCost.measure(scale: options.quick ? 0.25 : 1) {
            table.rows.append([figure.name, Format.fixed(figure.seconds, 3)])
        }
    } catch {
        table.rows.append(["failed", "\(error)"])
    }
    say(table.render())
}

// MARK: the run

let columns = engines.columns
say("# LuaDynamics benchmarks\(options.quick ? " (quick)" : "")\n")
say("Single thread, 1/60 s per frame, sleep off, same bodies, sizes, densities and frictions in every engine "
    + "(scenes in metres; ours in points, 1 m = 100 pt). Effort: "
    + engines.available.map(\.settings).joined(separator: "; ") + ".")

if options.onlyBuilding {
    buildingSection()
    exit(0)
}

// Scenes.
let chosen = plan.scenes.indices.filter { options.only == nil || plan.scenes[$0].name.contains(options.only ?? "") }
var outcomes: [[SceneOutcome]] = []
for index in chosen {
    let scene = plan.scenes[index]
    // Round after round, every engine once a round, so a slow moment of the machine falls on one round of each.
    var rounds: [[SceneOutcome]] = []
    for _ in 0..<options.rounds {
        rounds.append(columns.map { runChild(key: Plan.key(scene: index), scene: scene, engine: $0) })
    }
    let row = columns.indices.map { c in SceneOutcome.medianRound(rounds.map { $0[c] }).unsafelyUnwrapped }
    outcomes.append(row)
    // Progress on standard error, so a long run shows it is alive without disturbing the tables.
    let times = zip(columns, row).map { name, o in "\(name) " + (o.result.map { Format.milliseconds($0.meanMilliseconds) } ?? "failed") }
    FileHandle.standardError.write(Data("bench: \(scene.name): \(times.joined(separator: ", ")) ms\n".utf8))
}
let scenes = chosen.map { plan.scenes[$0] }
say("\n## Scenes: mean ms per frame\(options.rounds > 1 ? " (each engine's median of \(options.rounds) rounds)" : ""), "
    + "ratios, stability\n")
say(Report.sceneTable(scenes: scenes, engines: columns, outcomes: outcomes, peers: engines.peers,
                      pending: engines.pending, ratios: engines.extraRatios).render())
say("\nRatios are ours (Swift API) over each peer: below 1 is faster. Stability: the largest drift of a stack's "
    + "top box from where it started, or the largest stretch of a pinned pair, in cm.")
for line in Report.failures(outcomes) { say("- \(line)") }
for result in outcomes.flatMap({ $0 }).compactMap(\.result) {
    if let note = result.note { say("- \(result.engine) / \(result.scene): \(note)") }
}
for (scene, row) in zip(scenes, outcomes) where scene.countsContacts {
    let counts = zip(columns, row).compactMap { name, o in o.result.map { "\(name) \($0.contactBegins)" } }
    say("- contacts begun in '\(scene.name)': \(counts.joined(separator: ", ")).")
}
if options.only != nil { exit(0) }

// Scaling.
if !options.skipScaling {
    say("\n## Scaling: piles of \(plan.scalingCounts.map(String.init).joined(separator: ", ")) bodies, "
        + "\(plan.scalingSteps) frames\n")
    var table = Table(headers: ["engine"] + plan.scalingCounts.map { "\($0) ms" } + ["exponent"])
    for name in columns {
        var ms: [Double?] = []
        for n in plan.scalingCounts {
            let scene = Scenes.pile(count: n, steps: plan.scalingSteps)
            ms.append(runChild(key: Plan.key(pile: n, steps: plan.scalingSteps), scene: scene, engine: name)
                .result?.meanMilliseconds)
        }
        let points = zip(plan.scalingCounts, ms).compactMap { n, t in t.map { (Double(n), $0) } }
        let fit = Statistics.powerLaw(x: points.map(\.0), y: points.map(\.1))
        table.rows.append([name] + ms.map { $0.map(Format.milliseconds) ?? "failed" }
                          + [fit.map { Format.fixed($0.exponent, 2) } ?? "-"])
    }
    say(table.render())
    say("\nExponent: least-squares slope of log(ms per frame) against log(bodies); 1 is linear.")
}

// Memory.
if !options.skipMemory {
    say("\n## Memory: a pile of \(plan.memoryCount) bodies after \(plan.memorySteps) frames, one process each\n")
    var table = Table(headers: ["engine", "bytes per body", "peak RSS", "RSS before building"])
    for name in columns {
        let args = ["--child-memory", name, "\(plan.memoryCount)"] + childFlags
        guard let outcome = Subprocess.run(Subprocess.selfPath, args) else {
            table.rows.append([name, "could not start", "", ""])
            continue
        }
        if outcome.status == 0,
           let figures = outcome.output.split(separator: "\n").compactMap({ MemoryFigures(line: String($0)) }).first {
            table.rows.append([name, Format.fixed(figures.bytesPerBody, 0), Format.bytes(Double(figures.peakBytes)),
                               Format.bytes(Double(figures.baselineBytes))])
        } else {
            table.rows.append([name, outcome.failure, "", ""])
        }
    }
    say(table.render())
    say("\nBytes per body: growth of the resident set from before building to after stepping, over the body "
        + "count (world, shapes, contacts; for ours+Lua also the Lua objects).")
    say("\nWhere ours spends it: the world's arrays by capacity, per body of the same pile (the rest of the growth "
        + "is the items and behaviours, the shapes' point blocks and filter lists, and the allocator's overhead).")
    for workers in options.workersGiven || !options.box2dV3Libraries.isEmpty ? [1, options.workers] : [1] {
        say("\n\(workers == 1 ? "One thread" : "\(workers) threads"):\n")
        let args = ["--child-memory-parts", "\(plan.memoryCount)", "\(workers)"] + childFlags
        if let outcome = Subprocess.run(Subprocess.selfPath, args), outcome.status == 0 {
            say(outcome.output.split(separator: "\n").filter { $0.hasPrefix("|") }.joined(separator: "\n"))
        } else {
            say("(the breakdown failed)")
        }
    }
}

// Building.
if !options.skipBuilding {
    buildingSection()
}

// Fields.
if !options.skipFields {
    say("\n## Fields: 1,000 items, a field beside Gravity (ms per frame, median of blocks of 20 frames)\n")
    say("| what | field ms | Gravity ms | ratio |\n|:--|--:|--:|--:|")
    if let outcome = Subprocess.run(Subprocess.selfPath, ["--child-fields"] + childFlags), outcome.status == 0 {
        say(outcome.output.split(separator: "\n").filter { $0.hasPrefix("|") }.joined(separator: "\n"))
    } else {
        say("| radial gravity field with a region | failed | | |")
    }
    say("\nThe same 1,000 awake items without collisions, stepped in alternation and timed by processor time; the "
        + "field is evaluated per item per sub-step, Gravity is a constant. Target: a ratio under 1.5.")
}

// Crossing costs.
if !options.skipCrossings {
    say("\n## Crossing costs (Lua <-> Swift)\n")
    let figures: Result<[(String, Double)], EngineError>
    if let outcome = Subprocess.run(Subprocess.selfPath, ["--child-crossings"] + childFlags) {
        figures = outcome.status == 0 ? .success(CrossingSection.parse(outcome.output))
                                      : .failure(EngineError(outcome.failure))
    } else {
        figures = .failure(EngineError("could not start a child process"))
    }
    say(CrossingSection.render(figures: figures, luadyn: options.luadyn,
                               runs: plan.startupRuns))
}
