import BenchKit
import DynamicsLua
import LuaKit

/// Our engine driven from Lua: the scene is built by a generated Lua script and every frame is one call of
/// `animator:step()` from Lua, so the difference to `DynamicsWorld` is what the bindings cost.
public final class LuaWorld: SimulationWorld {
    /// The engine as the harness lists it.
    public static let engine = Engine(name: "ours+Lua", settings: "ours+Lua: the same, built and stepped from Lua") {
        try LuaWorld(scene: $0)
    }

    private let state: LuaState
    private let host: DynamicsHost
    private let sceneBodies: Int

    /// Builds the scene by running its generated script; a Lua error becomes an EngineError.
    public init(scene: SceneSpec, substeps: Int = 4) throws {
        // The generated script makes one item per shape with density and friction only, and free pins.
        if let needs = scene.needsBeyondBasics { throw EngineError("ours+Lua: the scene script builds no \(needs)") }
        state = LuaState()
        host = openDynamics(state)
        sceneBodies = scene.bodies.count
        do {
            try state.run(LuaSceneScript.make(scene, delegate: scene.countsContacts, substeps: substeps),
                          name: "=scene")
        } catch {
            throw EngineError("ours+Lua: \(error.message)")
        }
    }

    public func step(_ dt: Double) throws {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        _ = s.getGlobal("bench_step")
        s.push(dt)
        do { try s.call(arguments: 1, results: 0) } catch { throw EngineError("ours+Lua: \(error.message)") }
        if host.hadCallbackErrors { throw EngineError("ours+Lua: a Lua callback failed") }
    }

    public func position(of index: Int) -> Vec2 {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        _ = s.getGlobal("bench_pos")
        s.push(index)
        guard (try? s.call(arguments: 1, results: 2)) != nil, let x = s.number(at: -2), let y = s.number(at: -1) else {
            return Vec2(.nan, .nan)
        }
        return Vec2(x, y)
    }

    public var bodyCount: Int { integerGlobal("bench_body_count") }

    public var contactBegins: Int { integerGlobal("bench_count") }

    public var note: String? {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        _ = s.getGlobal("bench_note")
        guard (try? s.call(arguments: 0, results: 1)) != nil else { return nil }
        return s.string(at: -1)
    }

    private func integerGlobal(_ function: String) -> Int {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        _ = s.getGlobal(function)
        guard (try? s.call(arguments: 0, results: 1)) != nil, let value = s.integer(at: -1) else { return 0 }
        return Int(value)
    }
}
