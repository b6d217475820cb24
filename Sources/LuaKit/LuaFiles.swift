import CLua

extension LuaStack {
    /// Compiles the file at `path` (or standard input when nil) as lua.c does: named `@path` (`=stdin`), a first
    /// line starting with `#` skipped, binary chunks accepted. Throws Lua's own message, e.g.
    /// `cannot open x.lua: No such file or directory`.
    public func loadFile(_ path: String?) throws(LuaError) {
        let status = luaL_loadfilex(L, path, nil)
        if status != LUA_OK {
            let message = string(at: -1) ?? describe(-1)
            pop()
            throw LuaError(message, kind: .raw)
        }
    }
}
