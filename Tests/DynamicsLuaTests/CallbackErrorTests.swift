import Testing
import LuaKit
import DynamicsLua

/// Errors inside callbacks are reported with a traceback that names the callback; the step completes,
/// the world stays consistent, and the host counts them so `luadyn FILE` can exit 1.
@Test func actionErrorIsReportedAndTheStepCompletes() throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    try lua.run("""
        a = Animator()
        v = View{ center = {0, 0}, size = {10, 10} }
        g = Gravity{ v }
        ran = 0
        g.action = function(b) ran = ran + 1; error("boom in action") end
        a:addBehavior(g)
        a:step()
        a:step()
        """, name: "@scene.lua")
    #expect(errors.messages.count == 2)
    let first = errors.messages.first ?? ""
    #expect(first.contains("Gravity action"))
    #expect(first.contains("scene.lua:5: boom in action"))
    #expect(first.contains("stack traceback"))
    #expect(DynamicsHost.of(lua)?.callbackErrorCount == 2)
    #expect(DynamicsHost.of(lua)?.hadCallbackErrors == true)
    // Both steps completed: time advanced by two frames and the item fell.
    try lua.run("assert(ran == 2); assert(math.abs(a.elapsedTime - 2/60) < 1e-12); assert(v.center.y > 0)", name: "=check")
}

@Test func delegateErrorNamesTheMethodAndOtherCallbacksStillRun() throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    try lua.run("""
        a = Animator{ width = 100, height = 100 }
        v = View{ center = {50, 80}, size = {20, 20} }
        c = Collision{ v, translatesReferenceBoundsIntoBoundary = true }
        c.delegate = { beganBoundaryContact = function(self) error("bad delegate") end }
        after = 0
        c.action = function() after = after + 1 end
        a:addBehavior(Gravity{ v }); a:addBehavior(c)
        a:run(1)
        """, name: "@scene.lua")
    #expect(errors.messages.count == 1)
    #expect(errors.messages.first?.contains("Collision delegate 'beganBoundaryContact'") == true)
    #expect(errors.messages.first?.contains("scene.lua:4: bad delegate") == true)
    // Actions kept running after the failing delegate, until the animator paused at rest.
    try lua.run("assert(after > 20, after); assert(not a.isRunning); assert(math.abs(v.center.y - 90) < 1)", name: "=check")
    DynamicsHost.of(lua)?.resetCallbackErrors()
    #expect(DynamicsHost.of(lua)?.hadCallbackErrors == false)
}

@Test func delegateObjectsWithMetatablesWork() throws {
    let lua = try makeDynamicsState()
    try lua.run("""
        local Listener = {}
        Listener.__index = Listener
        function Listener:didPause(animator) self.paused = animator end
        local listener = setmetatable({}, Listener)
        local a = Animator{ width = 100, height = 100, delegate = listener }
        local v = View{ center = {50, 50}, size = {20, 20} }
        a:addBehavior(Collision{ v, translatesReferenceBoundsIntoBoundary = true })
        a:addBehavior(Gravity{ v })
        a:runUntilRest(10)
        assert(listener.paused == a, "a method found through __index is called")
        """, name: "=scene")
}

/// One Swift object is one Lua value: items handed to callbacks are the Views the script made, and a behaviour
/// in an animator stays alive (with its action) after Lua drops every reference to it.
@Test func identityAndLifetime() throws {
    let lua = try makeDynamicsState()
    try lua.run("""
        a = Animator{ width = 100, height = 100 }
        local v = View{ center = {50, 50}, size = {20, 20} }
        mine = { [v] = "mine" }
        count = 0
        do
          local g = Gravity{ v }
          g.action = function(b) count = count + 1 end
          a:addBehavior(g)
        end
        collectgarbage(); collectgarbage()
        a:step()
        assert(count == 1, "the action of a behaviour Lua dropped still runs")
        assert(mine[a.items[1]] == "mine", "the animator's item is the same Lua value")
        assert(a.behaviors[1].action ~= nil)
        """, name: "=scene")
}
