import CLua

/// A view of one Lua thread's stack: what a Swift function receives, and what Swift uses to talk to Lua.
///
/// Every method here avoids the parts of the C API that can raise a Lua error (metamethod-triggering gets and sets,
/// luaL_check*), because a raise would longjmp across Swift frames. Reads and writes on tables are raw.
public struct LuaStack {
    /// The raw thread pointer.
    public let L: OpaquePointer

    /// A view of `L`'s stack.
    public init(_ L: OpaquePointer) { self.L = L }

    /// The interpreter that owns this thread.
    public var state: LuaState { LuaState.owner(of: L) }

    /// The index of the top element (= number of elements in a function's frame); setting it pops or pads with nil.
    public var top: Int32 {
        get { lua_gettop(L) }
        nonmutating set { lua_settop(L, newValue) }
    }

    /// `index` as an absolute (positive) index.
    public func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    public func pop(_ n: Int32 = 1) { clua_pop(L, n) }
    public func pushCopy(of index: Int32) { lua_pushvalue(L, index) }
    public func remove(at index: Int32) { clua_remove(L, index) }
    public func insert(at index: Int32) { clua_insert(L, index) }
    /// Makes room for `n` more values; false when Lua cannot grow the stack.
    public func ensureSpace(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }

    // MARK: Types

    public func type(at index: Int32) -> LuaType { LuaType(rawValue: lua_type(L, index)) ?? .none }
    public func isNil(at index: Int32) -> Bool { lua_type(L, index) <= 0 }

    /// The name to show in "X expected, got Y": a userdata's `__name` when it has one, else Lua's type name.
    public func typeName(at index: Int32) -> String {
        if lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 {
            defer { pop() }
            lua_pushstring(L, "__name")
            if lua_rawget(L, -2) == LUA_TSTRING, let name = string(at: -1) {
                pop()
                return name
            }
            pop()
        }
        return type(at: index).name
    }

    // MARK: Reading values

    /// The string at `index` when it is a string (numbers are not converted: that would confuse table traversal).
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
    }

    /// The number at `index` when it is a number (strings are not coerced).
    public func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// The integer at `index` when it is a number with an exact integer value.
    public func integer(at index: Int32) -> Int64? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        let value = lua_tointegerx(L, index, &ok)
        return ok != 0 ? Int64(value) : nil
    }

    /// Whether the number at `index` is stored as an integer subtype.
    public func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    /// Lua truthiness: false only for nil and false.
    public func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// `tostring(v)` as Lua would give it, running `__tostring` in protected mode (a failing one gives its error text).
    public func describe(_ index: Int32) -> String {
        let i = absolute(index)
        lua_pushcclosure(L, clua_tolstring_cfunction(), 0)
        lua_pushvalue(L, i)
        if clua_pcall(L, 1, 1, 0) != LUA_OK {
            let message = string(at: -1) ?? "error in __tostring"
            pop()
            return "<\(message)>"
        }
        defer { pop() }
        return string(at: -1) ?? "?"
    }

    /// `tostring(v)` as Lua gives it, running `__tostring` (and `__name`) in protected mode; throws the error of a
    /// failing `__tostring` (or of one that returns no string).
    public func tostring(_ index: Int32) throws(LuaError) -> String {
        let i = absolute(index)
        lua_pushcclosure(L, clua_tolstring_cfunction(), 0)
        lua_pushvalue(L, i)
        if clua_pcall(L, 1, 1, 0) != LUA_OK {
            let message = string(at: -1) ?? "error object is a \(typeName(at: -1)) value"
            pop()
            throw LuaError(message, kind: .raw)
        }
        defer { pop() }
        return string(at: -1) ?? "?"
    }

    // MARK: Pushing values

    public func pushNil() { lua_pushnil(L) }
    public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    public func push(_ value: Double) { lua_pushnumber(L, value) }
    public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    public func push(_ value: String) {
        var copy = value
        copy.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    /// Pushes a string, or nil for nil.
    public func push(_ value: String?) {
        if let value { push(value) } else { pushNil() }
    }

    /// Pushes a Swift function as a Lua function. Each call registers a new closure in the state,
    /// so push a function once (e.g. into a method table), not per call. `name` is what its argument errors call it
    /// where Lua finds no name at the call site (`pcall(obj.method, obj, bad)`), as the name Lua finds for
    /// `obj:method(bad)`.
    public func push(function: @escaping LuaFunction, name: String? = nil) {
        state.pushRegistered(function, name: name)
        clua_pushswiftclosure(L, 1)
    }

    public func pushGlobalTable() { clua_pushglobaltable(L) }

    // MARK: Tables (raw access: no metamethods run)

    /// Pushes a new table with room for `array` items and `record` fields.
    public func newTable(array: Int32 = 0, record: Int32 = 0) { lua_createtable(L, array, record) }

    /// Pushes `t[key]` for the table at `table`, without metamethods; returns its type.
    @discardableResult
    public func rawGet(_ table: Int32, field key: String) -> LuaType {
        let t = absolute(table)
        push(key)
        return LuaType(rawValue: lua_rawget(L, t)) ?? .none
    }

    /// Pushes `t[i]` for the table at `table`, without metamethods; returns its type.
    @discardableResult
    public func rawGet(_ table: Int32, index i: Int) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, table, lua_Integer(i))) ?? .none
    }

    /// Pops a value and stores it as `t[key]` in the table at `table`, without metamethods.
    public func rawSet(_ table: Int32, field key: String) {
        let t = absolute(table)
        push(key)
        insert(at: -2)
        lua_rawset(L, t)
    }

    /// Pops a key and a value (pushed in that order) and stores `t[key] = value` in the table at `table`, without
    /// metamethods; `table` must not be a relative index into the two popped slots.
    public func rawSetPair(_ table: Int32) {
        lua_rawset(L, table)
    }

    /// Pops a value and stores it as `t[i]` in the table at `table`, without metamethods.
    public func rawSet(_ table: Int32, index i: Int) {
        lua_rawseti(L, table, lua_Integer(i))
    }

    /// The length of the array part (`#t` without `__len`).
    public func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Calls `body` for each key/value pair of the table at `table` with the key at -2 and the value at -1.
    /// `body` must leave the stack as it found it. Order is Lua's `next` order (not stable across runs for
    /// non-array keys when they are tables or functions): sort before anything order-sensitive.
    public func forEachPair(_ table: Int32, _ body: () throws(LuaError) -> Void) throws(LuaError) {
        let t = absolute(table)
        pushNil()
        while lua_next(L, t) != 0 {
            do {
                try body()
            } catch {
                pop(2)
                throw error
            }
            pop()
        }
    }

    // MARK: Globals

    /// Pushes the global `name` (raw: the globals table's own metatable, if any, is bypassed).
    @discardableResult
    public func getGlobal(_ name: String) -> LuaType {
        pushGlobalTable()
        let type = rawGet(-1, field: name)
        remove(at: -2)
        return type
    }

    /// Pops a value into global `name` (raw).
    public func setGlobal(_ name: String) {
        pushGlobalTable()
        insert(at: -2)
        rawSet(-2, field: name)
        pop()
    }

    // MARK: Calling Lua

    /// Compiles `chunk` as a function named `name` (Lua's chunkname: `=stdin`, `@file.lua`) and pushes it.
    public func load(_ chunk: String, name: String) throws(LuaError) {
        var copy = chunk
        let status = copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_loadbuffer(L, $0.baseAddress, $0.count, name) }
        }
        if status != LUA_OK {
            let message = string(at: -1) ?? describe(-1)
            pop()
            throw LuaError(message, kind: .raw)
        }
    }

    /// Calls the function below its `arguments` in protected mode, leaving `results` results
    /// (LUA_MULTRET for all). On error, nothing is left and the thrown message includes a traceback.
    public func call(arguments: Int32, results: Int32) throws(LuaError) {
        let functionIndex = top - arguments
        lua_pushcclosure(L, clua_traceback_cfunction(), 0)
        insert(at: functionIndex)
        let status = clua_pcall(L, arguments, results, functionIndex)
        remove(at: functionIndex)
        if status != LUA_OK {
            let message = string(at: -1) ?? describe(-1)
            pop()
            throw LuaError(message, kind: .raw)
        }
    }

    /// `call(arguments:results:)` made from inside a C function, as lua.c makes every top-level call, so that a
    /// traceback ends with that frame (`[C]: in ?`) exactly as lua's do.
    public func callAsMain(arguments: Int32) throws(LuaError) {
        let functionIndex = top - arguments
        lua_pushcclosure(L, clua_call_from_c_cfunction(), 0)
        insert(at: functionIndex)
        try call(arguments: arguments + 1, results: LUA_MULTRET)
    }

    /// Pushes the message handler `call` uses (it adds a traceback to an error), for `call(arguments:results:handler:)`.
    public func pushTracebackHandler() { lua_pushcclosure(L, clua_traceback_cfunction(), 0) }

    /// `call(arguments:results:)` with the traceback handler already at `handler` (from `pushTracebackHandler`), below
    /// the function: for callers that run many calls, or that build the stack anyway, and can spare the handler's
    /// insertion and removal. The handler stays where it is.
    public func call(arguments: Int32, results: Int32, handler: Int32) throws(LuaError) {
        let status = clua_pcall(L, arguments, results, handler)
        if status != LUA_OK {
            let message = string(at: -1) ?? describe(-1)
            pop()
            throw LuaError(message, kind: .raw)
        }
    }

    /// What `prepareMethodCall` did.
    public enum MethodCallSetup {
        /// The stack now ends [traceback handler, object cache, method, target]: push the arguments and call with
        /// `call(arguments:results:handler:)`, the handler at the old top + 1 and the cache at the old top + 2.
        case ready
        /// The target is a plain table without the method: nothing to call, nothing pushed.
        case missing
        /// The target has a metatable or the method is not a function: look it up and call it the general way, under
        /// protection, because indexing may run metamethods that raise. Nothing pushed.
        case general
    }

    /// Sets up a call of the method `name` (a reference to a string) on `target` (a reference to a table) in one C
    /// call, for callers that run one per event (collision delegates).
    public func prepareMethodCall(on target: LuaRef, named name: LuaRef) -> MethodCallSetup {
        switch clua_prepare_method_call(L, lua_Integer(target.ref), lua_Integer(name.ref), state.objectCacheRef) {
        case 1: return .ready
        case 0: return .missing
        default: return .general
        }
    }

    /// Moves the top `n` values down to `index`, shifting what was there up (`lua_rotate`).
    public func moveTop(_ n: Int32, to index: Int32) { lua_rotate(L, index, n) }

    /// Pops the value on top into a registry reference that keeps it alive until the reference is released.
    public func popReference() -> LuaRef {
        let owner = state
        let ref = luaL_ref(L, clua_registryindex())
        return LuaRef(L: owner.L, life: owner.life, ref: ref)
    }
}
