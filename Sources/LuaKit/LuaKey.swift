import CLua

/// A registry slot named by an address rather than a string.
///
/// Reaching a string-named slot means interning the string on every access (hashing it and searching Lua's string
/// table); reaching a `LuaKey` slot is one pointer-keyed `lua_rawgetp`. Make keys as global `let`s: the object lives
/// for the whole process, so its address names the same slot in every state, and two keys never collide.
public final class LuaKey: Sendable {
    /// What the slot is for; also the text `push(string:)` interns.
    public let name: String

    /// A key described by `name` (two keys with the same name are still distinct slots).
    public init(_ name: String) { self.name = name }

    /// The light userdata that names the slot in the registry.
    public var address: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}

extension LuaStack {
    /// Pushes the registry's value at `key` (nil when unset), raw; returns its type.
    @discardableResult
    public func pushRegistryValue(_ key: LuaKey) -> LuaType {
        LuaType(rawValue: lua_rawgetp(L, clua_registryindex(), key.address)) ?? .none
    }

    /// Pops the value on top into the registry at `key`, raw.
    public func setRegistryValue(_ key: LuaKey) {
        lua_rawsetp(L, clua_registryindex(), key.address)
    }

    /// Pushes `key.name` as a Lua string, interning it once per state: later pushes fetch the interned string from
    /// the registry instead of hashing the Swift text again. For names pushed on hot paths (method names, field keys).
    public func push(string key: LuaKey) {
        if lua_rawgetp(L, clua_registryindex(), key.address) == LUA_TSTRING { return }
        pop()
        push(key.name)
        pushCopy(of: -1)
        setRegistryValue(key)
    }
}
