import CLua

/// A registry slot named by an object rather than a string.
///
/// Reaching a string-named slot means interning the string on every access (hashing it and searching Lua's string
/// table). A `LuaKey` slot is a registry reference that each state finds in a short list of (key, reference) pairs
/// it keeps in Swift, so reaching it is a pointer comparison or two and an array read (`lua_rawgeti`). Make keys as
/// global `let`s: the object lives for the whole process, so it names the same slot in every state, and two keys never
/// collide.
public final class LuaKey: Sendable {
    /// What the slot is for (for people reading the code or a debugger).
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
        guard let ref = state.keyedReference(key) else { pushNil(); return .nil }
        return LuaType(rawValue: lua_rawgeti(L, clua_registryindex(), ref)) ?? .none
    }

    /// Pops the value on top into the registry at `key`, raw.
    public func setRegistryValue(_ key: LuaKey) {
        state.setKeyedReference(key, L)
    }
}
