import CLua

/// Metatable and registry access for bindings that build their own class tables (all raw: nothing here can raise).
extension LuaStack {
    /// The pseudo-index of the registry.
    public static var registryIndex: Int32 { clua_registryindex() }

    /// Pushes the metatable registered under `name` by `defineClass` (nil when there is none); returns whether it exists.
    @discardableResult
    public func pushMetatable(named name: String) -> Bool {
        rawGet(LuaStack.registryIndex, field: name) == .table
    }

    /// Pops a table and makes it the metatable of the value at `index`.
    public func setMetatable(_ index: Int32) {
        let i = absolute(index)
        lua_setmetatable(L, i)
    }

    /// Whether two stack values are primitively equal (no `__eq`).
    public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    /// Pushes `t[k]` for the table at `table` and the key at `key`, without metamethods; returns its type.
    @discardableResult
    public func rawGet(_ table: Int32, key: Int32) -> LuaType {
        let t = absolute(table)
        pushCopy(of: key)
        return LuaType(rawValue: lua_rawget(L, t)) ?? .none
    }

    /// Replaces the key on top with `t[key]` for the table at `table`, without metamethods; returns its type.
    /// Cheaper than `rawGet(_:key:)` when the key was pushed just for the lookup.
    @discardableResult
    public func rawGetPoppingKey(_ table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawget(L, table)) ?? .none
    }

}

extension LuaStack {
    /// Pops a value and the key below it and stores `t[key] = value` in the table at `table`, without metamethods.
    public func rawSetPoppingKeyAndValue(_ table: Int32) {
        lua_rawset(L, absolute(table))
    }
}
