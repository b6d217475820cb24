import BenchKit
import OurEngine
import PeerEngines

/// Every engine of the run, ours first so the ratios read "ours / peer".
struct Engines {
    /// Name of our engine's column.
    static let oursName = "ours"
    /// Engines that can run now.
    let available: [Engine]
    /// The peers our engine's time is divided by.
    let peers: [String]
    /// Engines whose side is not built yet: listed in the tables as pending.
    var pending: Set<String> { [] }

    /// Our engine (Swift and Lua) on one thread, Box2D 2.4 and Chipmunk, and Box2D v3 where its libraries were
    /// given: each variant on one worker, and the first (SSE2) also on `--workers` (2 unless given). Our engine on
    /// that many threads ("ours x2") runs beside Box2D v3, or whenever `--workers` is given.
    init(options: Options) {
        var engines = [DynamicsWorld.engine, LuaWorld.engine, Box2DWorld.engine, ChipmunkWorld.engine]
        var peers = ["Box2D", "Chipmunk"]
        if options.workersGiven || !options.box2dV3Libraries.isEmpty {
            engines.insert(DynamicsWorld.engine(workers: options.workers), at: 1)
        }
        for (variant, path) in options.box2dV3Libraries {
            let name = "v3 \(variant.uppercased())"
            engines.append(Box2DV3World.engine(name: name, path: path, workers: 1))
            peers.append(name)
        }
        if let first = options.box2dV3Libraries.first {
            let name = "v3 \(first.variant.uppercased()) x\(options.workers)"
            engines.append(Box2DV3World.engine(name: name, path: first.path, workers: options.workers))
            peers.append(name)
        }
        available = engines
        self.peers = peers
    }

    /// Ratios beyond "ours / peer": ours on many threads over Box2D v3 on as many.
    var extraRatios: [(String, String)] {
        let ours = available.map(\.name).filter { $0.hasPrefix(Self.oursName + " x") }
        let v3 = available.map(\.name).filter { $0.hasPrefix("v3 ") && $0.contains(" x") }
        return ours.flatMap { o in v3.map { (o, $0) } }
    }

    /// Column order for the tables.
    var columns: [String] { [Self.oursName] + available.map(\.name).filter { $0 != Self.oursName } }
    /// The engine with a given column name, if it can run.
    func named(_ name: String) -> Engine? { available.first { $0.name == name } }
}
