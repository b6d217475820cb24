import LuaKit

/// Bound types built on first use. Building every type's description and metatables was most of the work of
/// opening the API (and so of luadyn's start-up), while a script uses a few types or none.
///
/// Each type's class table (the global `Animator`, ...) is made at once, empty, with a stand-in metatable: its
/// `__type` (for `help`) and metamethods that build the type into that very table, then do what the type's own
/// metatable does: `__call` constructs, `__index` finds a static or raises the unknown-field error, `__newindex`
/// stores, `__pairs` walks the built table, `__tostring` describes the type. Pushing an instance of a type not
/// built yet (one type's method returning another's object, or a Point, whose metatable is found by key) builds it
/// first (`LuaState.defineClassOnDemand`).
/// Only raw access (`rawget`, `next`) and `getmetatable` can tell a class table that was never used.
enum OnDemandTypes {
    /// The registry table from a type's name to its class table, while the type is not built.
    static let pendingKey = LuaKey("luadyn.pendingTypes")
    /// Lua's `next`, as the API opened, for `__pairs`.
    static let nextKey = LuaKey("luadyn.next")
    /// The stand-in metamethods shared by every type.
    static let standInKey = LuaKey("luadyn.standInMetamethods")

    /// Prepares `state` for class tables made by `pushClassTable`.
    static func prepare(_ state: LuaState) {
        let s = state.stack
        s.newTable(record: Int32(typeRegistry.count))
        s.setRegistryValue(pendingKey)
        s.getGlobal("next")
        s.setRegistryValue(nextKey)
        s.newTable(record: 4)
        let shared = s.top
        s.push(function: index, name: "__index")
        s.rawSet(shared, field: "__index")
        s.push(function: newIndex, name: "__newindex")
        s.rawSet(shared, field: "__newindex")
        s.push(function: pairs, name: "__pairs")
        s.rawSet(shared, field: "__pairs")
        s.push(function: describe, name: "__tostring")
        s.rawSet(shared, field: "__tostring")
        s.setRegistryValue(standInKey)
        state.defineClassOnDemand = { [unowned state] name in
            // An instance's class (or a value class's key) is named as its type: building the type defines it.
            // Errors cannot happen here
            // (installing throws only on programming errors); the object would then have no metatable.
            _ = try? build(named: name, on: state.stack)
        }
    }

    /// Pushes `entry`'s class table, empty, with its stand-in metatable, and notes it as not built.
    static func pushClassTable(_ entry: TypeRegistryEntry, on s: LuaStack) {
        s.newTable()
        let table = s.top
        s.newTable(record: 6)
        let meta = s.top
        s.push(entry.name)
        s.rawSet(meta, field: "__type")
        _ = s.pushRegistryValue(standInKey)
        for name in ["__index", "__newindex", "__pairs", "__tostring"] {
            s.rawGet(-1, field: name)
            s.rawSet(meta, field: name)
        }
        s.pop()
        if entry.callable {
            // One `__call` per type, named after it, as the built type's own is (the name errors use when Lua
            // finds none).
            let name = entry.name
            s.push(function: { (s: LuaStack) throws(LuaError) -> Int32 in
                guard let constructor = try build(named: name, on: s).constructor else {
                    throw LuaError("attempt to call a table value")
                }
                s.remove(at: 1)
                return try constructor(s)
            }, name: name)
            s.rawSet(meta, field: "__call")
        }
        s.setMetatable(table)
        _ = s.pushRegistryValue(pendingKey)
        s.pushCopy(of: table)
        s.rawSet(-2, field: entry.name)
        s.pop()
    }

    /// Builds the type `name` into its class table if it is still waiting; returns the type. A stand-in called
    /// after its type was built (a metamethod kept from before) gets the type built again, not installed.
    @discardableResult
    static func build(named name: String, on s: LuaStack) throws(LuaError) -> BoundType {
        guard let entry = typeRegistry.first(where: { $0.name == name }) else {
            throw LuaError("luadyn: no bound type named \(name)")
        }
        let base = s.top
        defer { s.top = base }
        _ = s.pushRegistryValue(pendingKey)
        let pending = s.top
        let type = entry.make()
        if s.rawGet(pending, field: name) == .table {
            // Off the list first: installing may push objects of this very type (a constant such as
            // `Region.infinite`), which must not start a second build.
            s.pushNil()
            s.rawSet(pending, field: name)
            try s.state.install(type, into: s.top)
        }
        return type
    }

    /// Builds every type not built yet.
    static func buildAll(on s: LuaStack) throws(LuaError) {
        for entry in typeRegistry { try build(named: entry.name, on: s) }
    }

    /// The type name of the stand-in metatable of the class table at `index`.
    private static func typeName(_ s: LuaStack, _ index: Int32) throws(LuaError) -> String {
        guard let name = s.boundTypeName(at: index) else { throw LuaError("luadyn: not a class table") }
        return name
    }

    /// `Type.key` before `Type` was built: a static, or the unknown-field error.
    private static func index(_ s: LuaStack) throws(LuaError) -> Int32 {
        let type = try build(named: try typeName(s, 1), on: s)
        s.pushCopy(of: 2)
        if s.rawGetPoppingKey(1) != .nil { return 1 }
        throw type.unknownStatic(s.string(at: 2) ?? s.describe(2))
    }

    /// `Type.key = value` before `Type` was built: stored in the table, as on a built one.
    private static func newIndex(_ s: LuaStack) throws(LuaError) -> Int32 {
        try build(named: try typeName(s, 1), on: s)
        // lua_rawset raises on these keys; say what Lua says instead of raising across this frame.
        if s.isNil(at: 2) { throw LuaError("index is nil") }
        if s.type(at: 2) == .number, let n = s.number(at: 2), n.isNaN { throw LuaError("index is NaN") }
        s.top = 3
        s.rawSetPoppingKeyAndValue(1)
        return 0
    }

    /// `pairs(Type)` before `Type` was built: what `pairs` gives for a table without `__pairs`.
    private static func pairs(_ s: LuaStack) throws(LuaError) -> Int32 {
        try build(named: try typeName(s, 1), on: s)
        _ = s.pushRegistryValue(nextKey)
        s.pushCopy(of: 1)
        s.pushNil()
        return 3
    }

    /// `tostring(Type)` before `Type` was built.
    private static func describe(_ s: LuaStack) throws(LuaError) -> Int32 {
        let type = try build(named: try typeName(s, 1), on: s)
        s.push(type.classTableDescription)
        return 1
    }
}
