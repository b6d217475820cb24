import Testing
import DynamicsLua
import LuaKit
@testable import OurEngine

/// The delegate-cost figure is (time with a delegate - time without) over the events: it means something only if the
/// scene stays busy with events to the end and the delegate leaves the world exactly as it would be without.
@Suite struct DelegateCostSceneTests {
    private func world(delegate: Bool) throws -> LuaState {
        let state = LuaState()
        openDynamics(state)
        try state.run(DelegateCost.script(delegate: delegate), name: "=delegate")
        return state
    }

    private func call(_ state: LuaState, _ function: String) throws -> Double {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        try state.run("return \(function)()", name: "=call")
        return try #require(s.number(at: -1))
    }

    @Test func theGasKeepsDeliveringEventsAndTheDelegateChangesNothing() throws {
        let with = try world(delegate: true), without = try world(delegate: false)
        var delivered = 0.0
        for block in 0..<6 {
            var total = 0.0
            for _ in 0..<100 {
                total = try call(with, "bench_frame")
                #expect(try call(without, "bench_frame") == 0)
            }
            // Every block of 100 frames still has tens of events a frame (about 75 at first, 30 at the end).
            #expect((total - delivered) / 100 > 15, "block \(block): \((total - delivered) / 100) events a frame")
            delivered = total
        }
        #expect(try call(with, "bench_fingerprint") == (try call(without, "bench_fingerprint")))
    }
}
