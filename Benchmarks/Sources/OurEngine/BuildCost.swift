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
        figures.append(Figure(name: "the same grid from a Lua script with loops, and its first frame",
                              seconds: try lua(gridScript(side: side))))
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

    /// The joint grid of `Scenes.jointGrid` as a person would write it in Lua: loops over rows and columns, not
    /// one statement per item and pin as the generated scene script has (whose writing and parsing, a third of
    /// "through Lua", is the harness's cost, not the API's). Made, then stepped one frame.
    static func gridScript(side: Int) -> String {
        """
        local side = \(side)
        local middle = side // 2
        local A = Animator{ workerCount = 1 }
        local G = Gravity{}
        local P = ItemBehavior{ friction = \(Scenes.friction) }
        local F = ItemBehavior{ friction = \(Scenes.friction), anchored = true }
        local function fixed(row, column) return row == 0 and math.abs(column - middle) <= 3 end
        local items = {}
        for row = 0, side - 1 do
          for column = 0, side - 1 do
            local v = View{ center = {(column - (side - 1) / 2) * 100, row * 100}, size = {80, 80}, shape = "ellipse" }
            items[row * side + column + 1] = v
            P:addItem(v)
            if fixed(row, column) then F:addItem(v) else G:addItem(v) end
          end
        end
        for _, b in ipairs{G, P, F} do A:addBehavior(b) end
        local function pin(u, v)
          local a, b = u.center, v.center
          A:addBehavior(Attachment.pin(u, v, {(a.x + b.x) / 2, (a.y + b.y) / 2}))
        end
        for row = 0, side - 1 do
          for column = 0, side - 1 do
            local i = row * side + column + 1
            if column > 0 and not (fixed(row, column) and fixed(row, column - 1)) then pin(items[i - 1], items[i]) end
            if row > 0 then pin(items[i - side], items[i]) end
          end
        end
        A:step()
        """
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
