import Testing
import LuaKit
import DynamicsLua

/// `animator.time` counts every frame stepped, paused or not, where `elapsedTime` stops at rest; `runUntilRest`
/// stops at its limit and says whether it came to rest.
@Suite struct ClockAndRestLimitTests {
    private func numbers(_ lua: LuaState, _ expression: String, count: Int32) throws -> [Double] {
        try lua.run("return " + expression, name: "=read")
        defer { lua.stack.pop(count) }
        return (0..<count).map { lua.stack.number(at: -count + $0) ?? .nan }
    }

    @Test func timeAdvancesEveryFrameWhileElapsedTimeStopsAtRest() throws {
        let lua = LuaState()
        openDynamics(lua)
        // An animator with nothing to move is paused from the start: its frames still pass on `time`.
        try lua.run("""
            a = Animator()
            expected = 0
            for _ = 1, 3 do a:step(0.1) expected = expected + 0.1 end
            """, name: "=scene")
        let read = try numbers(lua, "a.time, expected, a.elapsedTime", count: 3)
        #expect(read[0] == read[1])
        #expect(read[2] == 0)
    }

    @Test func aStepLoopOnTimeEndsWhenTheWorldRests() throws {
        let lua = LuaState()
        openDynamics(lua)
        // The view rests on the floor at once, so elapsedTime would stop short of 1 s and the loop would not end.
        try lua.run("""
            a = Animator{ width = 100, height = 100 }
            local v = View{ center = {50, 95}, size = {10, 10} }
            a:addBehavior(Collision{ v, translatesReferenceBoundsIntoBoundary = true })
            frames = 0
            while a.time < 1 - 1e-9 do a:step() frames = frames + 1 end
            """, name: "=scene")
        let read = try numbers(lua, "frames, a.elapsedTime, a.time", count: 3)
        #expect(read[0] == 60)
        #expect(read[1] < read[2])
    }

    @Test func runUntilRestStopsAtItsLimitAndSaysSo() throws {
        let lua = LuaState()
        openDynamics(lua)
        try lua.run("""
            a = Animator()
            a.allowsSleep = false
            local v = View{ center = {0, 0}, size = {10, 10} }
            a:addBehavior(Gravity{ v })
            seconds, rested = a:runUntilRest(0.5)
            idle = Animator()
            idleSeconds, idleRested = idle:runUntilRest()
            """, name: "=scene")
        let read = try numbers(lua, "seconds, a.time, idleSeconds", count: 3)
        #expect(abs(read[0] - 30.0 / 60) < 1e-12, "30 frames of 1/60 cover the limit")
        #expect(read[1] == read[0])
        #expect(read[2] == 0)
        try lua.run("assert(rested == false and idleRested == true)", name: "=check")
    }
}
