import Testing
import LuaKit

/// A plain value to store in userdata, as a value class holds it.
private struct Pair: BitwiseCopyable, Equatable {
    var a: Double
    var b: Double
}

private let pairKey = LuaKey("Pair")
private let otherKey = LuaKey("Other")
private let slotKey = LuaKey("test.slot")

/// A state with a `Pair` value class (a `sum` method, fields a and b) and a `Pair(a, b)` global constructor.
private func makeState() throws -> LuaState {
    let lua = LuaState()
    try lua.defineClass(LuaClassSpec(
        name: "Pair",
        methods: [("sum", { s throws(LuaError) in
            guard let p = s.value(at: 1, as: Pair.self, class: pairKey) else {
                throw .typeMismatch(1, expected: "Pair", got: s.typeName(at: 1))
            }
            s.push(p.a + p.b)
            return 1
        })],
        getter: { s throws(LuaError) in
            guard let p = s.value(at: 1, as: Pair.self, class: pairKey) else { throw LuaError("not a Pair") }
            switch try s.checkString(2) {
            case "a": s.push(p.a)
            case "b": s.push(p.b)
            default: throw LuaError("Pair has no field '\(try s.checkString(2))'")
            }
            return 1
        },
        key: pairKey, holdsObjects: false))
    lua.setGlobal("Pair") { s throws(LuaError) in
        s.push(value: Pair(a: try s.checkNumber(1), b: try s.checkNumber(2)), class: pairKey)
        return 1
    }
    return lua
}


@Test func valueUserdataRoundTripsAndUsesItsClass() throws {
    let lua = try makeState()
    #expect(try evaluate(lua, "local p = Pair(1.5, -2) return p.a .. ' ' .. p.b .. ' ' .. p:sum()") == "1.5 -2.0 -0.5")
    // The metatable's __name names the value in messages, as for object classes.
    #expect(try evaluate(lua, "return (tostring(Pair(1, 2)):match('^Pair'))") == "Pair")
    lua.stack.push(value: Pair(a: 3, b: 4), class: pairKey)
    #expect(lua.stack.value(at: -1, as: Pair.self, class: pairKey) == Pair(a: 3, b: 4))
    #expect(lua.stack.typeName(at: -1) == "Pair")
    lua.stack.pop()
}

@Test func valuesOfAnotherClassOrKindAreNotTaken() throws {
    let lua = try makeState()
    // Same size and layout, different key: not a Pair.
    lua.stack.push(value: Pair(a: 1, b: 2), class: otherKey)
    #expect(lua.stack.value(at: -1, as: Pair.self, class: pairKey) == nil)
    // A number, a table and a full userdata of another size are not Pairs either.
    lua.stack.push(1.0)
    lua.stack.newTable()
    try lua.run("return io.stdout", name: "=file")
    for index: Int32 in -3 ... -1 {
        #expect(lua.stack.value(at: index, as: Pair.self, class: pairKey) == nil)
    }
    lua.stack.pop(4)
    do {
        try lua.run("return Pair(1, 2).sum({})", name: "=chunk")
        Issue.record("expected an error")
    } catch {
        #expect(error.message.hasPrefix("chunk:1: bad argument #1 to 'sum' (Pair expected, got table)"))
    }
}

@Test func valueClassesHaveNoFinaliser() throws {
    let lua = try makeState()
    #expect(try evaluate(lua, "return getmetatable(Pair(1, 2)).__gc == nil") == "true")
    // Many values made and dropped are collected without any Swift object behind them.
    #expect(try evaluate(lua, """
        local s = 0
        for i = 1, 10000 do s = s + Pair(i, 1).b end
        collectgarbage()
        return s
        """) == "10000.0")
}

@Test func registryKeysNameTheirOwnSlots() throws {
    let lua = LuaState()
    let s = lua.stack
    #expect(s.pushRegistryValue(slotKey) == .nil)
    s.pop()
    s.push("stored")
    s.setRegistryValue(slotKey)
    #expect(s.pushRegistryValue(slotKey) == .string)
    #expect(s.string(at: -1) == "stored")
    s.pop()
    // A key with the same name is a different slot.
    #expect(s.pushRegistryValue(LuaKey("test.slot")) == .nil)
    s.pop()
    // Another state has its own slot for the same key.
    let other = LuaState()
    #expect(other.stack.pushRegistryValue(slotKey) == .nil)
    other.stack.pop()
}

@Test func clearedRegistryKeysGiveTheirSlotBack() throws {
    let lua = LuaState()
    let s = lua.stack
    s.push("first")
    s.setRegistryValue(slotKey)
    s.pushNil()
    s.setRegistryValue(slotKey)
    #expect(s.pushRegistryValue(slotKey) == .nil)
    s.pop()
    // References made after the clear never land on the key's slot, and setting the key again keeps them intact.
    var refs: [LuaRef] = []
    for i in 0 ..< 20 {
        s.push(i)
        refs.append(s.popReference())
    }
    s.push("second")
    s.setRegistryValue(slotKey)
    s.push("third")
    s.setRegistryValue(slotKey)
    for (i, ref) in refs.enumerated() {
        ref.push(on: s)
        #expect(s.integer(at: -1) == Int64(i))
        s.pop()
    }
    #expect(s.pushRegistryValue(slotKey) == .string)
    #expect(s.string(at: -1) == "third")
    s.pop()
}

/// An object class for the identity cache.
private final class Token {}

@Test func objectsKeepOneValueUntilCollected() throws {
    let lua = LuaState()
    try lua.defineClass(LuaClassSpec(name: "Token"))
    let token = Token()
    let s = lua.stack
    s.push(object: token, className: "Token")
    s.push(object: token, className: "Token")
    #expect(s.rawEqual(-1, -2))
    #expect(s.object(at: -1, as: Token.self) === token)
    s.pop(2)
    // Once Lua holds no value of it, the value may be collected; the next push makes a fresh one that still works.
    try lua.run("collectgarbage() collectgarbage()", name: "=gc")
    s.push(object: token, className: "Token")
    #expect(s.object(at: -1, as: Token.self) === token)
    #expect(s.typeName(at: -1) == "Token")
    s.pop()
}

/// A finaliser called by hand (`getmetatable(v).__gc(v)`) lets the object go while its value stays in the cache.
/// Pushing the object again, or another object that got its address, must give a working value, never that dead one.
@Test func aValueWhoseFinaliserRanByHandIsNeverHandedOutAgain() throws {
    let lua = LuaState()
    try lua.defineClass(LuaClassSpec(name: "Token", holdsObjects: true))
    let token = Token()
    let s = lua.stack
    s.push(object: token, className: "Token")
    s.setGlobal("dead")
    try lua.run("getmetatable(dead).__gc(dead)", name: "=gc")
    #expect(s.getGlobal("dead") == .userdata)
    #expect(s.object(at: -1, as: Token.self) == nil)
    s.pop()
    s.push(object: token, className: "Token")
    #expect(s.object(at: -1, as: Token.self) === token)
    s.pop()
}

@Test func gettersSeeFieldNumbersOnlyForListedKeys() throws {
    let lua = LuaState()
    try lua.defineClass(LuaClassSpec(
        name: "Fields",
        methods: [("method", { s throws(LuaError) in s.push("m"); return 1 })],
        getter: { s throws(LuaError) in
            s.push(s.fieldID ?? -1)
            return 1
        },
        fields: ["alpha", "beta"]))
    lua.stack.push(object: Token(), className: "Fields")
    lua.stack.setGlobal("f")
    #expect(try evaluate(lua, "return f.alpha .. ' ' .. f.beta .. ' ' .. f.gamma .. ' ' .. f[1] .. ' ' .. f[2.0]")
            == "1 2 -1 -1 -1")
    // Methods still come first, and a third argument given by hand cannot pose as a field number.
    #expect(try evaluate(lua, "return f:method() .. ' ' .. getmetatable(f).__index(f, 'gamma', 2)") == "m -1")
}

@Test func callsWithTheHandlerAlreadyBelow() throws {
    let lua = LuaState()
    let s = lua.stack
    let base = s.top
    s.pushTracebackHandler()
    let handler = s.top
    try lua.load("return 1 + ...", name: "=add")
    s.push(41)
    try s.call(arguments: 1, results: 1, handler: handler)
    #expect(s.integer(at: -1) == 42)
    s.pop()
    try lua.load("error('deep')", name: "=boom")
    do {
        try s.call(arguments: 0, results: 0, handler: handler)
        Issue.record("expected an error")
    } catch {
        #expect(error.message.hasPrefix("boom:1: deep"))
        #expect(error.message.contains("stack traceback"))
    }
    // The handler is still in place for the next call, and nothing else was left behind.
    #expect(s.top == handler)
    #expect(s.type(at: handler) == .function)
    s.top = base
}

@Test func moveTopRotatesTheTopValuesDown() throws {
    let lua = LuaState()
    let s = lua.stack
    for i in 1 ... 4 { s.push(i) }
    s.moveTop(2, to: 1)
    #expect((1 ... 4).map { s.integer(at: Int32($0)) } == [3, 4, 1, 2])
    s.pop(4)
}

@Test func oneCacheLookupServesSeveralPushes() throws {
    let lua = LuaState()
    try lua.defineClass(LuaClassSpec(name: "Token"))
    let a = Token(), b = Token()
    let s = lua.stack
    s.push(object: a, className: "Token")
    let cache = s.pushObjectCache()
    s.push(object: a, className: "Token", cache: cache)
    s.push(object: b, className: "Token", cache: cache)
    s.push(object: b, className: "Token", cache: cache)
    #expect(s.rawEqual(-3, 1), "the same value as the plain push")
    #expect(s.rawEqual(-1, -2))
    #expect(!s.rawEqual(-1, -3))
    #expect(s.object(at: -1, as: Token.self) === b)
    s.pop(5)
    #expect(s.top == 0)
}

@Test func rawGetPoppingKeyLeavesOnlyTheValue() throws {
    let lua = LuaState()
    let s = lua.stack
    try lua.run("T = { name = 'x' }", name: "=t")
    s.getGlobal("T")
    s.push("name")
    #expect(s.rawGetPoppingKey(1) == .string)
    #expect(s.string(at: -1) == "x")
    #expect(s.top == 2)
    s.pop(2)
}

@Test func attachedObjectsAreFoundByTheirKey() throws {
    let lua = LuaState()
    let first = Token(), second = Token()
    #expect(lua.attachment(for: slotKey) == nil)
    lua.attach(first, for: slotKey)
    #expect(lua.attachment(for: slotKey) === first)
    #expect(lua.attachment(for: LuaKey("test.slot")) == nil, "another key with the same name is another slot")
    lua.attach(second, for: slotKey)
    #expect(lua.attachment(for: slotKey) === second, "attaching again replaces")
    #expect(LuaState().attachment(for: slotKey) == nil, "each state has its own")
}
