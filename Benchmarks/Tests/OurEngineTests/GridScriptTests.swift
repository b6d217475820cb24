import Testing
import BenchKit
import DynamicsLua
import LuaKit
@testable import OurEngine

/// The Lua grid of the building figures must be the joint grid scene: the same circles where the scene has them,
/// and one pin for each of the scene's pins, or its time compares nothing.
@Suite struct GridScriptTests {
    private func number(_ state: LuaState, _ expression: String) throws -> Double {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        try state.run("return \(expression)", name: "=read")
        return try #require(s.number(at: -1))
    }

    @Test(arguments: [4, 9])
    func theLoopGridHasTheScenesCirclesAndPins(side: Int) throws {
        let scene = Scenes.jointGrid(side: side, steps: 1)
        let state = LuaState()
        openDynamics(state)
        // The script's locals are read by code run in the same chunk, then kept in globals.
        try state.run(BuildCost.gridScript(side: side) + """

            grid_items, grid_behaviors = #A.items, #A.behaviors
            local last = items[#items].center
            grid_last_x, grid_last_y = last.x, last.y
            """, name: "=grid")
        #expect(try number(state, "grid_items") == Double(scene.bodies.count))
        // Gravity and the two item behaviours, then the pins.
        #expect(try number(state, "grid_behaviors") == Double(3 + scene.pins.count))
        // After one frame the last circle is within a point of where the scene puts it (1 m = 100 pt): gravity
        // moves nothing farther than 1000 pt/s^2 x (1/60 s)^2 = 0.28 pt in a frame.
        let last = try #require(scene.bodies.last).position
        #expect(abs(try number(state, "grid_last_x") - last.x * 100) < 1)
        #expect(abs(try number(state, "grid_last_y") - last.y * 100) < 1)
    }
}
