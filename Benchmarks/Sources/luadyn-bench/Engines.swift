import BenchKit
import OurEngine
import PeerEngines

/// Every engine of the run, ours first so the ratios read "ours / peer".
enum Engines {
    /// Name of our engine's column.
    static let oursName = "ours"
    /// Engines that can run now.
    static var available: [Engine] { [DynamicsWorld.engine, LuaWorld.engine, Box2DWorld.engine, ChipmunkWorld.engine] }
    /// The peers our engine's time is divided by.
    static let peers = ["Box2D", "Chipmunk"]
    /// Engines whose side is not built yet: listed in the tables as pending.
    static var pending: Set<String> { [] }
    /// Column order for the tables.
    static var columns: [String] { [oursName] + available.map(\.name).filter { $0 != oursName } }
    /// The engine with a given column name, if it can run.
    static func named(_ name: String) -> Engine? { available.first { $0.name == name } }
}
