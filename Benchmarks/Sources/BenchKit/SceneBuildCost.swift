/// How long one engine takes to build one scene, measured in a child process of its own (a fresh heap): the call
/// that makes the world (bodies, shapes, joints), and the first frame after it. Some engines defer work to the first
/// step (ours makes its bodies and joints there, when the animator syncs its behaviours with the world), so a fair
/// comparison is the sum of the two.
public struct SceneBuildCost: Sendable, Equatable {
    /// Seconds the engine took to make the world from the scene.
    public var makeSeconds: Double
    /// Seconds of the first frame stepped after that.
    public var firstStepSeconds: Double

    /// Making the world and stepping its first frame.
    public var totalSeconds: Double { makeSeconds + firstStepSeconds }

    /// The line a child prints for its parent.
    public var line: String { "build \(makeSeconds) \(firstStepSeconds)" }

    /// Figures from their parts.
    public init(makeSeconds: Double, firstStepSeconds: Double) {
        self.makeSeconds = makeSeconds; self.firstStepSeconds = firstStepSeconds
    }

    /// Reads a child's line back; nil for anything else.
    public init?(line: String) {
        let f = line.split(separator: " ")
        guard f.count == 3, f[0] == "build", let make = Double(f[1]), let first = Double(f[2]),
              make >= 0, first >= 0 else { return nil }
        self.init(makeSeconds: make, firstStepSeconds: first)
    }

    /// The child's side: builds `scene` on `engine` once, steps one frame, and keeps both times.
    public static func measureHere(_ scene: SceneSpec, on engine: Engine) throws -> SceneBuildCost {
        var world: (any SimulationWorld)?
        let make = try MonotonicClock.seconds { world = try engine.make(scene) }
        guard let world else { throw EngineError("no world") }
        let first = try MonotonicClock.seconds { try world.step(Runner.dt) }
        return SceneBuildCost(makeSeconds: make, firstStepSeconds: first)
    }

    /// The figures of several runs, each taken at its median (make and first step apart).
    public static func median(_ runs: [SceneBuildCost]) -> SceneBuildCost? {
        guard !runs.isEmpty else { return nil }
        return SceneBuildCost(makeSeconds: Statistics.median(runs.map(\.makeSeconds)),
                              firstStepSeconds: Statistics.median(runs.map(\.firstStepSeconds)))
    }
}
