import Testing
import LuaKit
import DynamicsLua

@Test func demoStepRunAndState() throws {
    let lua = try makeDynamicsState()
    let made = try DynamicsCommands.demo(lua, "")
    #expect(made.contains("animator = Animator"))
    let stepped = try DynamicsCommands.step(lua, "3")
    #expect(stepped.contains("t=0.05s"))
    #expect(stepped.contains("View \"red\""))
    // After running long enough both squares rest on the floor: centre 568 - 30.
    _ = try DynamicsCommands.run(lua, "5")
    try lua.run("assert(math.abs(red.center.y - 538) < 1.5, red.center.y); assert(math.abs(blue.center.y - 538) < 1.5)", name: "=check")
    let state = try DynamicsCommands.state(lua, "")
    #expect(state.contains("paused"))
}

@Test func dotCommandErrorsAreMessages() throws {
    let lua = try makeDynamicsState()
    #expect(throws: LuaError.self) { try DynamicsCommands.step(lua, "") }
    _ = try DynamicsCommands.demo(lua, "")
    do {
        _ = try DynamicsCommands.step(lua, "many")
        Issue.record("expected an error")
    } catch {
        #expect(error.message.contains("whole number"))
    }
    do {
        _ = try DynamicsCommands.run(lua, "nan")
        Issue.record("expected an error")
    } catch {
        #expect(error.message.contains(".run takes a number"))
    }
    #expect(try DynamicsCommands.help(lua, "magnitud").contains("did you mean 'magnitude'?"))
    #expect(try DynamicsCommands.help(lua, "Snap").contains("UISnapBehavior"))
    #expect(DynamicsCommands.all.map(\.name) == ["step", "run", "state", "demo", "help", "draw", "play", "plot", "serve"])
}
