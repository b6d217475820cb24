import CLua

/// Read-only looks at values that the REPL's printer and completer need: metatables, raw bytes, identity.
/// None of these can raise a Lua error (no metamethods run).
extension LuaStack {
    /// Pushes the metatable of the value at `index` and returns true, or pushes nothing and returns false.
    public func pushMetatable(of index: Int32) -> Bool {
        lua_getmetatable(L, index) != 0
    }

    /// The exact bytes of the string at `index` (Lua strings need not be UTF-8), or nil when it is not a string.
    public func bytes(at index: Int32) -> [UInt8]? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        return Array(UnsafeRawBufferPointer(start: chars, count: length))
    }

    /// A pointer that identifies a table, function, userdata or thread (for cycle detection); nil for other values.
    public func identity(at index: Int32) -> UnsafeRawPointer? {
        switch lua_type(L, index) {
        case LUA_TTABLE, LUA_TFUNCTION, LUA_TUSERDATA, LUA_TTHREAD, LUA_TLIGHTUSERDATA:
            return lua_topointer(L, index)
        default:
            return nil
        }
    }
}

extension LuaStack {
    /// Pops a key and pushes `t[key]` for the table at `table`, without metamethods; returns its type.
    @discardableResult
    public func rawGetKey(_ table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawget(L, absolute(table))) ?? .none
    }

    /// Pushes the value of field `name` in the metatable of the value at `index` (raw), and returns its type;
    /// pushes nil when there is no metatable.
    @discardableResult
    public func pushMetafield(of index: Int32, _ name: String) -> LuaType {
        let i = absolute(index)
        guard lua_getmetatable(L, i) != 0 else {
            pushNil()
            return .nil
        }
        let type = rawGet(-1, field: name)
        remove(at: -2)
        return type
    }
}

extension LuaStack {
    /// Lua's `next`, raw: pops a key and pushes the next key and its value, or pushes nothing and returns false
    /// at the end. Start with nil; between calls leave exactly the key on top.
    public func next(_ table: Int32) -> Bool {
        lua_next(L, absolute(table)) != 0
    }
}
