import BenchKit
import DynamicsLua
import LuaKit

/// What it costs to cross between Lua and Swift, measured with loops run inside Lua: each loop's time less the time
/// of the same loop doing only a local assignment, over the iteration count.
public enum LuaCrossings {
    /// One measured crossing.
    public struct Figure: Sendable {
        public var name: String
        public var nanoseconds: Double
    }

    /// Measures reading `item.center`, stepping a paused animator and stepping an animator with one falling item.
    public static func measure(iterations: Int) throws -> [Figure] {
        let state = LuaState()
        openDynamics(state)
        do {
            try state.run("""
                V = View{ center = {0, 0}, size = {10, 10} }
                A = Animator{}
                A:addBehavior(Gravity{ V })
                E = Animator{}
                """, name: "=crossings")
        } catch {
            throw EngineError("crossings: \(error.message)")
        }
        func loop(_ body: String, _ n: Int) throws -> Double {
            let chunk = "local V, A, E = V, A, E\nfor i = 1, \(n) do \(body) end"
            do {
                return try MonotonicClock.seconds { try state.run(chunk, name: "=loop") }
            } catch {
                throw EngineError("crossings: \(error)")
            }
        }
        let n = max(iterations, 1)
        let few = max(n / 100, 1)
        let base = try loop("local c = V", n)
        let baseFew = try loop("local c = V", few)
        return [
            Figure(name: "ns per `item.center` read from Lua",
                   nanoseconds: (try loop("local c = V.center", n) - base) / Double(n) * 1e9),
            Figure(name: "ns per `animator:step()` call, paused animator (the crossing alone)",
                   nanoseconds: (try loop("E:step()", n) - base) / Double(n) * 1e9),
            Figure(name: "ns per `animator:step()` call, one falling item (crossing + a minimal frame)",
                   nanoseconds: (try loop("A:step()", few) - baseFew) / Double(few) * 1e9),
        ]
    }
}
