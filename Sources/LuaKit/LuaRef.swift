import CLua

/// A strong reference from Swift to a Lua value, kept in the registry until this object goes away.
/// Hold one to keep a Lua callback (a delegate table, an action function) alive from the Swift side.
public final class LuaRef {
    let L: OpaquePointer
    let life: LuaLife
    @usableFromInline let ref: Int32

    init(L: OpaquePointer, life: LuaLife, ref: Int32) {
        self.L = L
        self.life = life
        self.ref = ref
    }

    /// Pushes the referenced value on `stack`. Inlinable: callbacks push their references on every event.
    @inlinable
    public func push(on stack: LuaStack) {
        lua_rawgeti(stack.L, clua_registryindex(), lua_Integer(ref))
    }

    deinit {
        if !life.isClosed { luaL_unref(L, clua_registryindex(), ref) }
    }
}
