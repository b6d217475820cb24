import BenchKit
import Dynamics
import DynamicsLua
import LuaKit

/// How long building takes: worlds and structures made the way a script or an app makes them, each timed once in
/// a fresh state. Building must grow linearly with what is built (the figures double when the size doubles).
public enum BuildCost {
    /// One building figure: what was built and the seconds it took.
    public struct Figure: Sendable {
        public var name: String
        public var seconds: Double
    }

    /// The figures, at `scale` (1: the sizes the targets name; 0.5 for a quick run).
    public static func measure(scale: Double = 1) throws -> [Figure] {
        let side = max(2, Int(100 * scale.squareRoot()))
        let depth = max(2, Int(10_000 * scale)), points = max(2, Int(40_000 * scale))
        let grid = Scenes.jointGrid(side: side, steps: 1)
        var figures: [Figure] = []
        figures.append(Figure(name: "\(side) x \(side) joint grid (\(grid.pins.count) pins), Swift API",
                              seconds: try MonotonicClock.seconds { _ = try DynamicsWorld(scene: grid) }))
        figures.append(Figure(name: "the same grid through Lua",
                              seconds: try MonotonicClock.seconds { _ = try LuaWorld(scene: grid) }))
        figures.append(Figure(name: "\(depth) nested composite behaviours through Lua", seconds: try lua("""
            local root = Behavior{}
            local b = root
            for i = 1, \(depth) do local c = Behavior{}; b:addChild(c); b = c end
            local a = Animator()
            a:addBehavior(root)
            """)))
        figures.append(Figure(name: "a path of \(points) points through Lua", seconds: try lua("""
            local p = Path():moveTo(0, 0)
            for i = 1, \(points) do p:lineTo(i, (i % 2) * 3) end
            """)))
        return figures
    }

    /// Seconds to run `script` in a fresh state with the dynamics API open.
    private static func lua(_ script: String) throws -> Double {
        let state = LuaState()
        openDynamics(state)
        return try MonotonicClock.seconds {
            do throws(LuaError) { try state.run(script, name: "=build") } catch { throw EngineError(error.message) }
        }
    }
}
