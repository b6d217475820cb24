/// Memory of one engine holding a pile, measured inside a child process made for it alone, so one engine's
/// heap never counts against another's.
public struct MemoryFigures: Sendable, Equatable {
    /// Resident bytes before the world was built.
    public var baselineBytes: Int
    /// Resident bytes after building the pile and stepping it.
    public var afterBytes: Int
    /// Peak resident bytes of the whole child process (VmHWM).
    public var peakBytes: Int
    /// Bodies in the pile.
    public var bodies: Int

    /// Growth of the resident set per body: what the world and its contacts cost beyond an empty process.
    public var bytesPerBody: Double { bodies > 0 ? Double(afterBytes - baselineBytes) / Double(bodies) : 0 }

    /// The line a child prints for its parent.
    public var line: String { "memory \(baselineBytes) \(afterBytes) \(peakBytes) \(bodies)" }

    /// Reads a child's line back; nil for anything else.
    public init?(line: String) {
        let f = line.split(separator: " ")
        guard f.count == 5, f[0] == "memory", let a = Int(f[1]), let b = Int(f[2]), let c = Int(f[3]),
              let d = Int(f[4]) else { return nil }
        self.init(baselineBytes: a, afterBytes: b, peakBytes: c, bodies: d)
    }

    /// Makes figures from their parts.
    public init(baselineBytes: Int, afterBytes: Int, peakBytes: Int, bodies: Int) {
        self.baselineBytes = baselineBytes; self.afterBytes = afterBytes; self.peakBytes = peakBytes
        self.bodies = bodies
    }

    /// The child's side: builds a pile of `count` bodies on `engine`, steps it `steps` frames, and reports.
    public static func measureHere(engine: Engine, count: Int, steps: Int) throws -> MemoryFigures {
        let scene = Scenes.pile(count: count, steps: steps)
        guard let before = ProcStatus.current() else { throw EngineError("no /proc/self/status") }
        let world = try engine.make(scene)
        for _ in 0..<steps { try world.step(Runner.dt) }
        guard let after = ProcStatus.current() else { throw EngineError("no /proc/self/status") }
        withExtendedLifetime(world) {}
        return MemoryFigures(baselineBytes: before.residentBytes, afterBytes: after.residentBytes,
                             peakBytes: after.peakResidentBytes, bodies: count)
    }
}
