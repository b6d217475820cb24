import CLua

/// How a Swift class appears in Lua: its metatable's name, methods, field getter and setter, and metamethods.
///
/// Method lookup comes first (`obj:method()`), then the getter for fields (`obj.field`). A nil getter result
/// means "no such field"; the getter itself decides whether to raise for unknown names.
public struct LuaClassSpec {
    /// The metatable's `__name`, shown in error messages ("View expected, got number").
    public var name: String
    public var methods: [(String, LuaFunction)] = []
    /// Called as getter(self, key) for keys that are not methods; pushes one value and returns 1.
    public var getter: LuaFunction?
    /// Called as setter(self, key, value); returns 0.
    public var setter: LuaFunction?
    /// Other metamethods by name (`__tostring`, `__eq`, `__add`, ...). `__gc`, `__index`, `__newindex` are managed here.
    public var metamethods: [(String, LuaFunction)] = []

    public init(name: String, methods: [(String, LuaFunction)] = [], getter: LuaFunction? = nil,
                setter: LuaFunction? = nil, metamethods: [(String, LuaFunction)] = []) {
        self.name = name; self.methods = methods; self.getter = getter; self.setter = setter; self.metamethods = metamethods
    }
}

/// The memory block of a userdata that holds a Swift object: a tag (so foreign userdata is never mistaken for
/// ours) and a retained pointer released by `__gc`.
struct ObjectBox {
    static let tag: UInt64 = 0x4C75_6144_796E_4F62  // "LuaDynOb"
    var tag: UInt64
    var object: UnsafeMutableRawPointer?
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

private let objectCacheKey = "luakit.objects"

extension LuaState {
    /// Creates the metatable for a class. Call once per class name, before pushing objects of it.
    public func defineClass(_ spec: LuaClassSpec) throws(LuaError) {
        let s = stack
        let base = s.top
        defer { s.top = base }
        ensureObjectCache()
        luaL_newmetatable(L, spec.name)
        let metatable = s.top
        s.newTable(record: Int32(spec.methods.count))
        let methods = s.top
        for (name, function) in spec.methods {
            s.push(function: function)
            s.rawSet(methods, field: name)
        }
        if let getter = spec.getter {
            // Methods first (in C), then the Swift getter for fields.
            s.push(Int(register(getter)))
            s.pushCopy(of: methods)
            clua_pushswiftindex(L, luaKitDispatch)
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
        lua_pushcclosure(L, releaseBox, 0)
        s.rawSet(metatable, field: "__gc")
        s.pushCopy(of: methods)
        s.rawSet(metatable, field: "__methods")
    }

    private func ensureObjectCache() {
        let s = stack
        if s.rawGet(clua_registryindex(), field: objectCacheKey) == .table { s.pop(); return }
        s.pop()
        // Weak values: the Lua value of an object lives as long as Lua holds it; while it does, pushing the object
        // again gives the very same value (so `==` and table keys work).
        s.newTable()
        s.newTable(record: 1)
        s.push("v")
        s.rawSet(-2, field: "__mode")
        lua_setmetatable(L, -2)
        s.rawSet(clua_registryindex(), field: objectCacheKey)
    }
}

extension LuaStack {
    /// Pushes the one Lua value of `object`, making it (with class `className`'s metatable) the first time.
    public func push(object: AnyObject, className: String) {
        let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        rawGet(clua_registryindex(), field: objectCacheKey)
        if lua_rawgetp(L, -1, key) == LUA_TUSERDATA {
            remove(at: -2)
            return
        }
        pop()
        let raw = clua_newuserdata(L, MemoryLayout<ObjectBox>.size)!
        raw.initializeMemory(as: ObjectBox.self, repeating: ObjectBox(tag: ObjectBox.tag,
                             object: Unmanaged.passRetained(object).toOpaque()), count: 1)
        luaL_setmetatable(L, className)
        pushCopy(of: -1)
        lua_rawsetp(L, -3, key)
        remove(at: -2)
    }

    /// The Swift object held by the userdata at `index`, when it holds one of type `T`.
    public func object<T: AnyObject>(at index: Int32, as type: T.Type) -> T? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_rawlen(L, index) == MemoryLayout<ObjectBox>.size,
              let raw = lua_touserdata(L, index) else { return nil }
        let box = raw.assumingMemoryBound(to: ObjectBox.self).pointee
        guard box.tag == ObjectBox.tag, let object = box.object else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue() as? T
    }

    /// The object of type `T` at argument `arg`, or a `bad argument` error naming `expected`.
    public func checkObject<T: AnyObject>(_ arg: Int32, as type: T.Type, expected: String) throws(LuaError) -> T {
        guard let value = object(at: arg, as: type) else {
            throw .typeMismatch(arg, expected: expected, got: typeName(at: arg))
        }
        return value
    }
}
