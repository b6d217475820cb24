import BenchKit

/// The sizes of one run: the full suite, or a quick one that finishes in about a minute.
struct Plan {
    var scenes: [SceneSpec]
    var scalingCounts: [Int]
    var scalingSteps: Int
    var memoryCount: Int
    var memorySteps: Int
    /// Repetitions of each start-up measurement.
    var startupRuns: Int
    /// Iterations of each Lua crossing loop.
    var crossingIterations: Int
    /// Frames of each world in the delegate-cost measurement.
    var delegateFrames: Int
    /// Sides of the joint grids whose building is timed beside the scenes (each doubles the one before in area
    /// or more, so linear building shows as times that grow with the pin count).
    var buildGridSides: [Int] = []
    /// Bodies of the pile whose building is timed beside the scenes.
    var buildPileCount = 0
    /// Children per figure of the building table, taken at their median.
    var buildRuns = 3

    /// The run's sizes; `boxV3Scenes` adds Box2D v3's own benchmark scenes (rebuilt as SceneSpecs), at v3's sizes
    /// or, quick, at the sizes of v3's debug build.
    static func make(quick: Bool, boxV3Scenes: Bool = false) -> Plan {
        var plan = make(quick: quick)
        if boxV3Scenes {
            plan.scenes += quick
                ? [Scenes.v3LargePyramid(base: 20, steps: 100), Scenes.v3ManyPyramids(rows: 5, columns: 5, steps: 100),
                   Scenes.v3Tumbler(grid: 20, steps: 150), Scenes.v3JointGrid(side: 20, steps: 100),
                   Scenes.v3Smash(columns: 20, rows: 10, steps: 100), Scenes.v3Spinner(bodyCount: 499, steps: 100),
                   Scenes.v3Rain(rows: 3, columns: 10, groupSize: 2, gridCount: 200, delay: 32, steps: 150)]
                : [Scenes.v3LargePyramid(), Scenes.v3ManyPyramids(), Scenes.v3Tumbler(), Scenes.v3JointGrid(),
                   Scenes.v3Smash(), Scenes.v3Spinner(), Scenes.v3Rain()]
        }
        return plan
    }

    private static func make(quick: Bool) -> Plan {
        if quick {
            return Plan(
                scenes: [Scenes.largePyramid(base: 30, steps: 100),
                         Scenes.manyPyramids(rows: 4, perRow: 5, base: 10, steps: 100),
                         Scenes.tumbler(count: 500, steps: 120), Scenes.rain(count: 300, steps: 150),
                         Scenes.jointGrid(side: 30, steps: 100), Scenes.pile(count: 300, steps: 100),
                         Scenes.pile(count: 300, steps: 100, countsContacts: true)],
                scalingCounts: [100, 300, 1000], scalingSteps: 60, memoryCount: 2000, memorySteps: 30,
                startupRuns: 10, crossingIterations: 200_000, delegateFrames: 100,
                buildGridSides: [10, 20, 40], buildPileCount: 2000, buildRuns: 1)
        }
        return Plan(
            scenes: [Scenes.largePyramid(), Scenes.manyPyramids(), Scenes.tumbler(), Scenes.rain(),
                     Scenes.jointGrid(), Scenes.pile(count: 1000), Scenes.pile(count: 1000, countsContacts: true)],
            scalingCounts: [100, 1000, 10000], scalingSteps: 120, memoryCount: 10000, memorySteps: 60,
            startupRuns: 30, crossingIterations: 2_000_000, delegateFrames: 600,
            buildGridSides: [25, 50, 100], buildPileCount: 10_000, buildRuns: 3)
    }

    /// The key a child is given for scene number `index` of the plan.
    static func key(scene index: Int) -> String { "scene:\(index)" }
    /// The key a child is given for a pile of `count` bodies run `steps` frames.
    static func key(pile count: Int, steps: Int) -> String { "pile:\(count):\(steps)" }

    /// The key a child is given for a joint grid of `side` x `side` circles, built and stepped once.
    static func key(grid side: Int) -> String { "grid:\(side)" }

    /// The scenes whose building is timed, with their keys: every scene of the plan, then the grids of
    /// `buildGridSides` and the pile of `buildPileCount`.
    var buildScenes: [(key: String, scene: SceneSpec)] {
        var list = scenes.indices.map { (Plan.key(scene: $0), scenes[$0]) }
        for side in buildGridSides {
            var grid = Scenes.jointGrid(side: side, steps: 1)
            grid.name = "joint grid \(side) x \(side)"
            list.append((Plan.key(grid: side), grid))
        }
        if buildPileCount > 0 {
            var pile = Scenes.pile(count: buildPileCount, steps: 1)
            pile.name = "pile \(buildPileCount)"
            list.append((Plan.key(pile: buildPileCount, steps: 1), pile))
        }
        return list
    }

    /// The scene a key names, or nil.
    func scene(for key: String) -> SceneSpec? {
        let parts = key.split(separator: ":")
        if parts.count == 2, parts[0] == "scene", let i = Int(parts[1]), scenes.indices.contains(i) { return scenes[i] }
        if parts.count == 3, parts[0] == "pile", let n = Int(parts[1]), let steps = Int(parts[2]), n > 0, steps > 0 {
            return Scenes.pile(count: n, steps: steps)
        }
        if parts.count == 2, parts[0] == "grid", let side = Int(parts[1]), side > 1 {
            return Scenes.jointGrid(side: side, steps: 1)
        }
        return nil
    }
}
