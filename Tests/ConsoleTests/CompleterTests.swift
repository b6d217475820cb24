import Testing
import LuaKit
@testable import Console

/// A Swift class bound the way DynamicsLua binds its types: methods, a getter for fields, a `__fields` list.
private final class Ball {
    var radius = 5.0
}

private func makeState() throws -> LuaState {
    let lua = LuaState()
    try lua.defineClass(LuaClassSpec(
        name: "Ball",
        methods: [("bounce", { _ throws(LuaError) in 0 }), ("bind", { _ throws(LuaError) in 0 })],
        getter: { s throws(LuaError) in
            let ball = try s.checkObject(1, as: Ball.self, expected: "Ball")
            switch try s.checkString(2) {
            case "radius": s.push(ball.radius)
            case "owner": s.newTable(); s.push(1); s.rawSet(-2, field: "rank")
            default: s.pushNil()
            }
            return 1
        }))
    lua.stack.push(object: Ball(), className: "Ball")
    lua.stack.setGlobal("ball")
    // The bindings list their fields for completion in the metatable.
    try lua.run("""
        local mt = getmetatable(ball)
        mt.__fields = { 'radius', 'owner', 'resting' }
        t = { a = { b = { leaf = 1 }, bee = 2 }, alpha = 1, [1] = 'not a name', ['two words'] = 2 }
        Base = { describe = function() end, kind = 'base' }
        Base.__index = Base
        obj = setmetatable({ own = 1 }, Base)
        s = 'text'
        """, name: "=setup")
    return lua
}

@Suite struct CompleterTests {
    @Test func requestsAreParsedFromTheEndOfTheLine() {
        #expect(CompletionRequest(parsing: "pri") == CompletionRequest(path: [], wantsMethod: false, partial: "pri"))
        #expect(CompletionRequest(parsing: "x = string.fo") == CompletionRequest(path: ["string"], wantsMethod: false, partial: "fo"))
        #expect(CompletionRequest(parsing: "print(t.a.b") == CompletionRequest(path: ["t", "a"], wantsMethod: false, partial: "b"))
        #expect(CompletionRequest(parsing: "ball:b") == CompletionRequest(path: ["ball"], wantsMethod: true, partial: "b"))
        #expect(CompletionRequest(parsing: "t.") == CompletionRequest(path: ["t"], wantsMethod: false, partial: ""))
        #expect(CompletionRequest(parsing: "") == CompletionRequest(path: [], wantsMethod: false, partial: ""))
    }

    @Test func nothingIsCompletedWhereNoNameCanGo() {
        #expect(CompletionRequest(parsing: "print('string.fo") == nil)
        #expect(CompletionRequest(parsing: "f().x") == nil)
        #expect(CompletionRequest(parsing: "t[1].x") == nil)
        #expect(CompletionRequest(parsing: "a:b.c") == nil)
        #expect(CompletionRequest(parsing: "x = 3.1") == nil)
        #expect(CompletionRequest(parsing: "a..b") == nil)
    }

    @Test func globalsAndKeywords() throws {
        let completer = Completer(state: try makeState())
        #expect(completer.complete("pri")?.candidates == ["print"])
        #expect(completer.complete("x = tostr")?.candidates == ["tostring"])
        #expect(completer.complete("fun")?.candidates == ["function"])
        #expect(completer.complete("zzz")?.candidates == [])
    }

    @Test func tableFields() throws {
        let completer = Completer(state: try makeState())
        #expect(completer.complete("string.fo")?.candidates == ["format"])
        #expect(completer.complete("t.a")?.candidates == ["a", "alpha"])
        #expect(completer.complete("t.a.b")?.candidates == ["b", "bee"])
        #expect(completer.complete("t.a.b.")?.candidates == ["leaf"])
        #expect(completer.complete("t.nothing.")?.candidates == [])
    }

    @Test func fieldsInheritedThroughIndexTables() throws {
        let completer = Completer(state: try makeState())
        #expect(completer.complete("obj.")?.candidates == ["__index", "describe", "kind", "own"])
        #expect(completer.complete("obj:")?.candidates == ["describe"])
        #expect(completer.complete("s:up")?.candidates == ["upper"])
    }

    @Test func userdataMethodsAndFieldsThroughTheMetatable() throws {
        let completer = Completer(state: try makeState())
        #expect(completer.complete("ball:")?.candidates == ["bind", "bounce"])
        #expect(completer.complete("ball.r")?.candidates == ["radius", "resting"])
        #expect(completer.complete("ball.")?.candidates == ["bind", "bounce", "owner", "radius", "resting"])
        // A field of a userdata is read through its getter to go further along the path.
        #expect(completer.complete("ball.owner.r")?.candidates == ["rank"])
        #expect(completer.complete("ball.missing.r")?.candidates == [])
    }

    @Test func completingLeavesTheStackAsItWas() throws {
        let lua = try makeState()
        let completer = Completer(state: lua)
        let top = lua.stack.top
        for text in ["pri", "t.a.b", "ball.owner.", "obj:", "s:", "nothing.x"] { _ = completer.complete(text) }
        #expect(lua.stack.top == top)
    }

    @Test func commonPrefixOfCandidates() {
        #expect(Completion(partial: "b", candidates: ["bind", "bounce"]).commonPrefix == "b")
        #expect(Completion(partial: "f", candidates: ["format", "formula"]).commonPrefix == "form")
        #expect(Completion(partial: "x", candidates: []).commonPrefix == "x")
    }
}
