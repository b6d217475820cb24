import CLua

/// Values (not objects) as userdata: a small plain struct copied into the block, with no Swift object, no retain,
/// no identity cache and no finaliser. For immutable, frequently made values such as points, where a Swift object
/// per value would cost an allocation, an ARC release in `__gc` and a finaliser pass of the collector.
///
/// The block starts with the class key's address, which is how `value(at:as:class:)` recognises its own values
/// (a foreign userdata of the same size would have to hold that exact address). Define the class with
/// `LuaClassSpec(key:holdsObjects: false)` so its metatable is found by key and gets no `__gc`.
extension LuaStack {
    /// The byte size of a value block holding a `T`.
    @inlinable
    static func valueBlockSize<T: BitwiseCopyable>(_: T.Type) -> Int {
        MemoryLayout<UnsafeRawPointer>.stride + MemoryLayout<T>.size
    }

    /// Pushes a new userdata holding a copy of `value`, with the metatable defined for `key`.
    @inlinable
    public func push<T: BitwiseCopyable>(value: T, class key: LuaKey) {
        // lua_newuserdatauv raises on out-of-memory rather than returning NULL; the guard only satisfies Swift.
        guard let raw = lua_newuserdatauv(L, LuaStack.valueBlockSize(T.self), 0) else { pushNil(); return }
        raw.storeBytes(of: key.address, as: UnsafeRawPointer.self)
        raw.storeBytes(of: value, toByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: T.self)
        if let ref = state.keyedReference(key) ?? state.keyedReferenceDefiningClass(key) {
            lua_rawgeti(L, LuaStack.registryIndex, ref)
        } else {
            pushNil()
        }
        lua_setmetatable(L, -2)
    }

    /// The value at `index` when it is a value userdata of class `key` holding a `T`.
    @inlinable
    public func value<T: BitwiseCopyable>(at index: Int32, as _: T.Type, class key: LuaKey) -> T? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_rawlen(L, index) == LuaStack.valueBlockSize(T.self),
              let raw = lua_touserdata(L, index),
              raw.load(as: UnsafeRawPointer.self) == key.address else { return nil }
        return raw.loadUnaligned(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: T.self)
    }
}
