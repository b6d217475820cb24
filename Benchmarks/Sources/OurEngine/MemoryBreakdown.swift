import BenchKit
import Dynamics

/// Where the memory of our engine's pile goes: the world's arrays part by part (by capacity, as the world counts
/// them), after building a pile and stepping it, as a Markdown table. The rest of the resident growth is the
/// objects that describe the world (items, behaviours), the shapes' point blocks and their filter lists, and the
/// allocator's own overhead.
public enum MemoryBreakdown {
    /// Builds a pile of `count` bodies through the Swift API, steps it `steps` frames on `workers` threads, and
    /// lists the world's parts.
    public static func table(count: Int, steps: Int, workers: Int = 1) throws -> Table {
        let world = try DynamicsWorld(scene: Scenes.pile(count: count, steps: steps), workers: workers)
        for _ in 0..<steps { try world.step(Runner.dt) }
        let parts = world.storageParts
        var table = Table(headers: ["part", "in use", "room for", "bytes each", "bytes per body"])
        for part in parts where part.bytes > 0 {
            table.rows.append([part.name, "\(part.count)", "\(part.capacity)",
                               part.elementBytes > 0 ? "\(part.elementBytes)" : "-",
                               Format.fixed(Double(part.bytes) / Double(count), 0)])
        }
        let total = parts.reduce(0) { $0 + $1.bytes }
        table.rows.append(["all the world's arrays", "", "", "", Format.fixed(Double(total) / Double(count), 0)])
        return table
    }
}
