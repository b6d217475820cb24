import Testing
import LuaKit

/// A Swift class to expose to Lua in these tests.
final class Counter {
    var count = 0
    nonisolated(unsafe) static var released = 0
    deinit { Counter.released += 1 }
}

private func makeState() throws -> LuaState {
    let lua = LuaState()
    lua.setGlobal("twice") { s throws(LuaError) in
        let x = try s.checkNumber(1)
        s.push(2 * x)
        return 1
    }
    try lua.defineClass(LuaClassSpec(
        name: "Counter",
        methods: [("bump", { s throws(LuaError) in
            let c = try s.checkObject(1, as: Counter.self, expected: "Counter")
            c.count += Int(try s.checkInteger(2))
            return 0
        })],
        getter: { s throws(LuaError) in
            let c = try s.checkObject(1, as: Counter.self, expected: "Counter")
            let key = try s.checkString(2)
            guard key == "count" else { throw LuaError("Counter has no field '\(key)'") }
            s.push(c.count)
            return 1
        }))
    return lua
}


@Test func swiftFunctionsReturnResults() throws {
    let lua = try makeState()
    #expect(try evaluate(lua, "return twice(21)") == "42.0")
}

@Test func argumentErrorsUseLuaWording() throws {
    let lua = try makeState()
    #expect(throws: LuaError.self) { try lua.run("twice('x')", name: "=chunk") }
    do {
        try lua.run("twice('x')", name: "=chunk")
    } catch {
        #expect(error.message.hasPrefix("chunk:1: bad argument #1 to 'twice' (number expected, got string)"))
        #expect(error.message.contains("stack traceback"))
    }
    do {
        try lua.run("twice(0/0)", name: "=chunk")
    } catch {
        #expect(error.message.contains("bad argument #1 to 'twice' (finite number expected, got"))
    }
}

@Test func methodArgumentsAreNumberedWithoutSelf() throws {
    let lua = try makeState()
    let counter = Counter()
    lua.stack.push(object: counter, className: "Counter")
    lua.stack.setGlobal("c")
    #expect(try evaluate(lua, "c:bump(3) return c.count") == "3")
    do {
        try lua.run("c:bump('many')", name: "=chunk")
        Issue.record("expected an error")
    } catch {
        #expect(error.message.hasPrefix("chunk:1: bad argument #1 to 'bump' (number expected, got string)"))
    }
    do {
        try lua.run("return c.nothing", name: "=chunk")
        Issue.record("expected an error")
    } catch {
        #expect(error.message.hasPrefix("chunk:1: Counter has no field 'nothing'"))
    }
}

@Test func anObjectIsAlwaysTheSameLuaValue() throws {
    let lua = try makeState()
    let counter = Counter()
    lua.stack.push(object: counter, className: "Counter")
    lua.stack.setGlobal("a")
    lua.stack.push(object: counter, className: "Counter")
    lua.stack.setGlobal("b")
    #expect(try evaluate(lua, "local t = {[a] = 1} return a == b and rawequal(a, b) and t[b] == 1") == "true")
    #expect(try evaluate(lua, "return tostring(a):match('^Counter') ~= nil") == "true")
}

@Test func collectedValuesReleaseTheirObjects() throws {
    let lua = try makeState()
    let before = Counter.released
    do {
        let counter = Counter()
        lua.stack.push(object: counter, className: "Counter")
        lua.stack.pop()
    }
    try lua.run("collectgarbage() collectgarbage()", name: "=gc")
    #expect(Counter.released == before + 1)
}

@Test func errorsInsideCoroutinesAreCaught() throws {
    let lua = try makeState()
    let result = try evaluate(lua, """
        local co = coroutine.wrap(function() return twice(4), pcall(twice, {}) end)
        local a, ok, err = co()
        return tostring(a) .. ' ' .. tostring(ok) .. ' ' .. err
        """)
    #expect(result == "8.0 false bad argument #1 to 'twice' (number expected, got table)")
}

@Test func syntaxErrorsComeBackAsMessages() throws {
    let lua = try makeState()
    do {
        try lua.load("for i=1,3 do", name: "=stdin")
        Issue.record("expected an error")
    } catch {
        #expect(error.message.hasSuffix("<eof>"))
    }
}

/// A script that rewrites a Swift function's upvalue with the debug library gets an error, never a crash.
@Test func replacedUpvaluesGiveAnErrorNotACrash() throws {
    let lua = try makeState()
    let result = try evaluate(lua, """
        local results = {}
        local light = debug.upvalueid(function() return results end, 1)  -- a light userdata
        for _, forged in ipairs({ light, {}, 42, io.stdout }) do
          debug.setupvalue(twice, 1, forged)
          local ok, err = pcall(twice, 2)
          results[#results + 1] = tostring(ok) .. ':' .. tostring(tostring(err):match("upvalue was replaced") ~= nil)
        end
        return table.concat(results, ',')
        """)
    #expect(result == "false:true,false:true,false:true,false:true")
}

/// The same for a class's __index: its method and field tables replaced by other values give errors or nil.
@Test func replacedIndexUpvaluesGiveAnErrorNotACrash() throws {
    let lua = try makeState()
    lua.stack.push(object: Counter(), className: "Counter")
    lua.stack.setGlobal("c")
    let result = try evaluate(lua, """
        local index = getmetatable(c).__index
        debug.setupvalue(index, 2, 42)
        debug.setupvalue(index, 3, "fields")
        local ok1 = pcall(function() return c:bump(1) end)
        debug.setupvalue(index, 1, 7)
        local ok2, err = pcall(function() return c.count end)
        return tostring(ok1) .. ' ' .. tostring(ok2) .. ' ' .. tostring(err:match("upvalue was replaced") ~= nil)
        """)
    #expect(result == "false false true")
}
