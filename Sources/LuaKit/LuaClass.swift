import CLua

/// How a Swift class appears in Lua: its metatable's name, methods, field getter and setter, and metamethods.
///
/// Method lookup comes first (`obj:method()`), then the getter for fields (`obj.field`). A nil getter result
/// means "no such field"; the getter itself decides whether to raise for unknown names.
public struct LuaClassSpec {
    /// The metatable's `__name`, shown in error messages ("View expected, got number").
    public var name: String
    public var methods: [(String, LuaFunction)] = []
    /// Called as getter(self, key, id) for keys that are not methods; pushes one value and returns 1.
    /// `id` (see `fieldID`) is the key's 1-based position in `fields` when it is one of them, else nil.
    public var getter: LuaFunction?
    /// Called as setter(self, key, value); returns 0.
    public var setter: LuaFunction?
    /// Other metamethods by name (`__tostring`, `__eq`, `__add`, ...). `__gc`, `__index`, `__newindex` are managed here.
    public var metamethods: [(String, LuaFunction)] = []
    /// Also keeps the metatable at this registry key, for `push(value:class:)` (which must not intern the name).
    public var key: LuaKey?
    /// Field names the getter knows by number: Lua looks the key up among these (an interned-string table lookup)
    /// and hands the getter its position, so the getter need not turn the key into a Swift string and compare it.
    public var fields: [String] = []
    /// False for value classes (`push(value:class:)`): their userdata hold no Swift object, so no `__gc` is set,
    /// which spares the collector a finaliser per value.
    public var holdsObjects = true

    public init(name: String, methods: [(String, LuaFunction)] = [], getter: LuaFunction? = nil,
                setter: LuaFunction? = nil, metamethods: [(String, LuaFunction)] = [],
                key: LuaKey? = nil, holdsObjects: Bool = true, fields: [String] = []) {
        self.name = name; self.methods = methods; self.getter = getter; self.setter = setter; self.metamethods = metamethods
        self.key = key; self.holdsObjects = holdsObjects; self.fields = fields
    }
}

/// The memory block of a userdata that holds a Swift object: a tag (so foreign userdata is never mistaken for
/// ours) and a retained pointer released by `__gc`.
@usableFromInline
struct ObjectBox {
    @usableFromInline static let tag: UInt64 = 0x4C75_6144_796E_4F62  // "LuaDynOb"
    @usableFromInline var tag: UInt64
    @usableFromInline var object: UnsafeMutableRawPointer?

    @usableFromInline init(tag: UInt64, object: UnsafeMutableRawPointer?) { self.tag = tag; self.object = object }
}

/// Releases the Swift object a userdata holds. A plain C function: it touches no Lua state that could raise.
private let releaseBox: lua_CFunction = { L in
    guard let L, let raw = lua_touserdata(L, 1), lua_rawlen(L, 1) == MemoryLayout<ObjectBox>.size else { return 0 }
    let box = raw.assumingMemoryBound(to: ObjectBox.self)
    guard box.pointee.tag == ObjectBox.tag, let object = box.pointee.object else { return 0 }
    box.pointee.object = nil
    Unmanaged<AnyObject>.fromOpaque(object).release()
    return 0
}

extension LuaState {
    /// Creates the metatable for a class. Call once per class name, before pushing objects of it.
    public func defineClass(_ spec: LuaClassSpec) throws(LuaError) {
        let s = stack
        let base = s.top
        defer { s.top = base }
        luaL_newmetatable(L, spec.name)
        let metatable = s.top
        s.newTable(record: Int32(spec.methods.count))
        let methods = s.top
        for (name, function) in spec.methods {
            s.push(function: function, name: name)
            s.rawSet(methods, field: name)
        }
        if let getter = spec.getter {
            // Methods first (in C), then the Swift getter for fields.
            pushRegistered(getter)
            s.pushCopy(of: methods)
            s.newTable(record: Int32(spec.fields.count))
            for (i, name) in spec.fields.enumerated() {
                s.push(i + 1)
                s.rawSet(-2, field: name)
            }
            clua_pushswiftindex(L)
        } else {
            s.pushCopy(of: methods)
        }
        s.rawSet(metatable, field: "__index")
        if let setter = spec.setter {
            s.push(function: setter)
            s.rawSet(metatable, field: "__newindex")
        }
        for (name, function) in spec.metamethods {
            s.push(function: function)
            s.rawSet(metatable, field: name)
        }
        if spec.holdsObjects {
            lua_pushcclosure(L, releaseBox, 0)
            s.rawSet(metatable, field: "__gc")
        }
        s.pushCopy(of: methods)
        s.rawSet(metatable, field: "__methods")
        if let key = spec.key {
            s.pushCopy(of: metatable)
            s.setRegistryValue(key)
        }
    }
}

extension LuaStack {
    /// Inside a getter: the 1-based position of the key in the class's `fields`, or nil for any other key.
    public var fieldID: Int? {
        guard lua_type(L, 3) == LUA_TNUMBER else { return nil }
        return Int(lua_tointegerx(L, 3, nil))
    }

    /// Pushes the one Lua value of `object`, making it (with class `className`'s metatable) the first time.
    public func push(object: AnyObject, className: @autoclosure () -> String) {
        let cache = pushObjectCache()
        push(object: object, className: className(), cache: cache)
        clua_replace(L, -2)
    }

    /// Pushes the identity cache (the table behind `push(object:className:)`) and returns its absolute index, for
    /// pushing several objects in a row with `push(object:className:cache:)` at one registry lookup in all.
    public func pushObjectCache() -> Int32 {
        lua_rawgeti(L, clua_registryindex(), state.objectCacheRef)
        return top
    }

    /// `push(object:className:)` with the identity cache already on the stack at `cache` (from `pushObjectCache`).
    public func push(object: AnyObject, className: @autoclosure () -> String, cache: Int32) {
        // The object's address as an integer key: Lua looks integers up on a fast path, pointers on its generic one.
        let address = Unmanaged.passUnretained(object).toOpaque()
        let key = lua_Integer(Int(bitPattern: address))
        // The cached value is this object's unless its finaliser was called by hand (`getmetatable(v).__gc(v)`):
        // that lets the object go while the value lives on in the cache, and a new object may get its address.
        if lua_rawgeti(L, cache, key) == LUA_TUSERDATA, lua_rawlen(L, -1) == MemoryLayout<ObjectBox>.size,
           let raw = lua_touserdata(L, -1), raw.assumingMemoryBound(to: ObjectBox.self).pointee.object == address {
            return
        }
        pop()
        let className = className()
        let raw = clua_newuserdata(L, MemoryLayout<ObjectBox>.size)!
        raw.initializeMemory(as: ObjectBox.self, repeating: ObjectBox(tag: ObjectBox.tag,
                             object: Unmanaged.passRetained(object).toOpaque()), count: 1)
        if lua_getfield(L, clua_registryindex(), className) != LUA_TTABLE, let define = state.defineClassOnDemand {
            pop()
            define(className)
            lua_getfield(L, clua_registryindex(), className)
        }
        lua_setmetatable(L, -2)
        pushCopy(of: -1)
        lua_rawseti(L, cache, key)
    }

    /// The Swift object held by the userdata at `index`, when it holds one of type `T`.
    /// Inlinable so the cast to `T` is specialised in the caller: a generic cast through the runtime costs far more.
    @inlinable
    public func object<T: AnyObject>(at index: Int32, as type: T.Type) -> T? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_rawlen(L, index) == MemoryLayout<ObjectBox>.size,
              let raw = lua_touserdata(L, index) else { return nil }
        let box = raw.assumingMemoryBound(to: ObjectBox.self).pointee
        guard box.tag == ObjectBox.tag, let object = box.object else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue() as? T
    }

    /// The object of type `T` at argument `arg`, or a `bad argument` error naming `expected`.
    @inlinable
    public func checkObject<T: AnyObject>(_ arg: Int32, as type: T.Type, expected: String) throws(LuaError) -> T {
        guard let value = object(at: arg, as: type) else {
            throw .typeMismatch(arg, expected: expected, got: typeName(at: arg))
        }
        return value
    }
}
