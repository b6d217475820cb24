/// What one engine did with one scene.
public struct SceneResult: Sendable {
    public var scene: String
    public var engine: String
    /// Mean wall time of one frame in milliseconds, over every timed frame.
    public var meanMilliseconds: Double
    /// Median frame time in milliseconds (robust to the odd slow frame).
    public var medianMilliseconds: Double
    /// Slowest frame in milliseconds.
    public var maxMilliseconds: Double
    /// The scene's stability figure in metres, or nil if it has none.
    public var stability: Double?
    public var bodyCount: Int
    public var contactBegins: Int
    /// False when some body ended with a non-finite position.
    public var finite: Bool
    /// The engine's note on this run, if any.
    public var note: String? = nil
}

/// The outcome of a run: a result, or why there is none.
public enum SceneOutcome: Sendable {
    case measured(SceneResult)
    case failed(scene: String, engine: String, reason: String)

    /// The result, when there is one.
    public var result: SceneResult? {
        if case let .measured(r) = self { return r }
        return nil
    }

    /// Of one engine's rounds of a scene, the round whose mean frame time is the median of the measured ones (the
    /// lower of the middle two for an even count), whole, so its other figures belong to the same run; the first
    /// failure when no round measured anything. A slow moment of the machine then moves one round, not the
    /// figure. Nil for no rounds.
    public static func medianRound(_ rounds: [SceneOutcome]) -> SceneOutcome? {
        let measured = rounds.compactMap(\.result).sorted { $0.meanMilliseconds < $1.meanMilliseconds }
        guard !measured.isEmpty else { return rounds.first }
        return .measured(measured[(measured.count - 1) / 2])
    }
}

/// Runs scenes on engines: a short untimed warm-up on a throw-away copy of the world, then every frame of a
/// fresh world timed on its own with the monotonic clock.
public struct Runner: Sendable {
    /// Frame length: every engine steps 1/60 s per frame.
    public static let dt = 1.0 / 60.0
    /// Frames stepped on the throw-away world, to fault in code and warm the allocator.
    public var warmupSteps: Int

    /// Makes a runner with a given warm-up.
    public init(warmupSteps: Int = 10) { self.warmupSteps = warmupSteps }

    /// Runs `scene` on `engine` and measures it.
    public func run(_ scene: SceneSpec, on engine: Engine) -> SceneOutcome {
        do {
            if warmupSteps > 0 {
                let warm = try engine.make(scene)
                for _ in 0..<min(warmupSteps, scene.steps) { try warm.step(Runner.dt) }
            }
            let world = try engine.make(scene)
            guard world.bodyCount >= scene.bodies.count else {
                return .failed(scene: scene.name, engine: engine.name,
                               reason: "built \(world.bodyCount) of \(scene.bodies.count) bodies")
            }
            let start = scene.bodies.map(\.position)
            var frames = [Double]()
            frames.reserveCapacity(scene.steps)
            for _ in 0..<scene.steps {
                let t0 = MonotonicClock.now()
                try world.step(Runner.dt)
                frames.append(Double(MonotonicClock.now() &- t0) / 1e6)
            }
            var finite = true
            for i in scene.bodies.indices {
                let p = world.position(of: i)
                if !p.x.isFinite || !p.y.isFinite { finite = false; break }
            }
            let figure = Stability.figure(scene.stability, start: { start[$0] }, now: { world.position(of: $0) })
            return .measured(SceneResult(
                scene: scene.name, engine: engine.name, meanMilliseconds: Statistics.mean(frames),
                medianMilliseconds: Statistics.median(frames), maxMilliseconds: frames.max() ?? 0,
                stability: figure, bodyCount: world.bodyCount, contactBegins: world.contactBegins, finite: finite,
                note: world.note))
        } catch {
            return .failed(scene: scene.name, engine: engine.name, reason: "\(error)")
        }
    }
}

extension SceneResult {
    /// The one line a child process prints for its parent (the note, which may hold spaces, comes last).
    public var line: String {
        let figure = stability.map { "\($0)" } ?? "-"
        var text = "result \(meanMilliseconds) \(medianMilliseconds) \(maxMilliseconds) \(figure) \(bodyCount) "
            + "\(contactBegins) \(finite ? 1 : 0)"
        if let note { text += " " + note }
        return text
    }

    /// Reads a child's line back for `scene` on `engine`; nil for anything else.
    public init?(line: String, scene: String, engine: String) {
        let f = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
        guard f.count >= 8, f[0] == "result", let mean = Double(f[1]), let median = Double(f[2]),
              let max = Double(f[3]), let bodies = Int(f[5]), let contacts = Int(f[6]),
              let finite = Int(f[7]) else { return nil }
        let stability: Double?
        if f[4] == "-" { stability = nil } else if let value = Double(f[4]) { stability = value } else { return nil }
        self.init(scene: scene, engine: engine, meanMilliseconds: mean, medianMilliseconds: median,
                  maxMilliseconds: max, stability: stability, bodyCount: bodies, contactBegins: contacts,
                  finite: finite == 1, note: f.count > 8 ? String(f[8]) : nil)
    }
}
