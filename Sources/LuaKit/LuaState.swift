import CLua

/// Owns one Lua interpreter (a `lua_State` with the standard libraries open) and the Swift functions registered in it.
///
/// Swift functions reach their closures through the state, found from any thread of the interpreter by a pointer kept
/// in the main thread's extra space (Lua copies that space into every coroutine it creates).
public final class LuaState {
    /// The main thread's raw pointer, for the C API.
    public let L: OpaquePointer
    /// The main thread's stack.
    public let stack: LuaStack
    let life = LuaLife()
    /// The registry reference of the identity cache that `push(object:className:)` keeps: a weak-valued table from
    /// an object's address to its one userdata, so that while Lua holds an object's value, pushing the object again
    /// gives that very value (`==` and table keys work). An integer slot fixed at creation, because every push of an
    /// object reads it.
    let objectCacheRef: lua_Integer
    /// The registry references of the `LuaKey` slots set so far, searched linearly: a state has only a handful, and
    /// comparing a few identities beats hashing. Holding the keys keeps their addresses from being reused by another
    /// key while the slot exists. Written only by `setKeyedReference`, never during a read.
    @exclusivity(unchecked) private var keyedReferences: ContiguousArray<(key: LuaKey, ref: lua_Integer)> = []

    /// Swift objects attached to this state by key (see `attach(_:for:)`), searched linearly like `keyedReferences`.
    @exclusivity(unchecked) private var attachments: ContiguousArray<(key: LuaKey, object: AnyObject)> = []

    /// Defines the class named by its argument (with `defineClass`) when an object of a class that has no metatable
    /// yet is pushed: lets a library make its classes on first use instead of all at start-up.
    public var defineClassOnDemand: ((String) -> Void)?

    /// Every registered Swift function, kept alive here for as long as Lua may call it (Lua holds only the box's
    /// address). Written only by `register`.
    private var functions: ContiguousArray<LuaFunctionBox> = []

    /// A new interpreter with Lua's standard libraries opened. `ignoringEnvironment` is lua's `-E`: `package.path`
    /// and `package.cpath` then ignore LUA_PATH and LUA_CPATH (and their `_5_4` forms).
    public init(ignoringEnvironment: Bool = false) {
        guard let L = luaL_newstate() else {
            // Out of memory before anything ran: nothing sensible can continue.
            fatalError("luadyn: cannot create a Lua state (out of memory)")
        }
        self.L = L
        self.stack = LuaStack(L)
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        lua_pushstring(L, "v")
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        objectCacheRef = lua_Integer(luaL_ref(L, clua_registryindex()))
        clua_getextraspace(L).storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        if ignoringEnvironment { clua_set_noenv(L) }
        luaL_openlibs(L)
    }

    deinit { close() }

    /// True once `close()` has run.
    public var isClosed: Bool { life.isClosed }

    /// Closes the interpreter, running every pending finaliser. Safe to call twice.
    public func close() {
        guard !life.isClosed else { return }
        life.isClosed = true
        lua_close(L)
    }

    /// The Swift owner of any thread (main or coroutine) of an interpreter made by `LuaState`.
    static func owner(of L: OpaquePointer) -> LuaState {
        let raw = clua_getextraspace(L).load(as: UnsafeMutableRawPointer.self)
        return Unmanaged<LuaState>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Keeps `function` for the life of the state and pushes the userdata by which Lua calls it (upvalue 1 of the
    /// C trampoline; see `luakitDispatch`). `name` is what its argument errors call it when Lua finds no name.
    func pushRegistered(_ function: @escaping LuaFunction, name: String? = nil) {
        let box = LuaFunctionBox(function, name: name)
        functions.append(box)
        let block = lua_newuserdatauv(L, MemoryLayout<FunctionBoxReference>.size, 0)!
        block.initializeMemory(as: FunctionBoxReference.self, repeating: FunctionBoxReference(
            tag: FunctionBoxReference.tag, box: Unmanaged.passUnretained(box).toOpaque()), count: 1)
    }

    /// Keeps `object` with this state under `key`, replacing what was there: for the Swift side of a library (its
    /// settings, its error log) that its functions look up on every call. Reaching it is a pointer comparison or
    /// two, where a registry slot would need a Lua lookup and a cast from userdata. It lives as long as the state.
    public func attach(_ object: AnyObject, for key: LuaKey) {
        if let position = attachments.firstIndex(where: { $0.key === key }) {
            attachments[position].object = object
        } else {
            attachments.append((key: key, object: object))
        }
    }

    /// The object attached under `key`, or nil.
    public func attachment(for key: LuaKey) -> AnyObject? {
        for entry in attachments where entry.key === key { return entry.object }
        return nil
    }

    /// `key`'s slot after asking `defineClassOnDemand` to define the value class named like the key (a value class
    /// keeps its metatable at its key), or nil when there is still none.
    @usableFromInline
    func keyedReferenceDefiningClass(_ key: LuaKey) -> lua_Integer? {
        defineClassOnDemand?(key.name)
        return keyedReference(key)
    }

    /// The registry reference holding `key`'s value, or nil when the slot was never set (or was set to nil).
    @usableFromInline
    func keyedReference(_ key: LuaKey) -> lua_Integer? {
        for entry in keyedReferences where entry.key === key { return entry.ref }
        return nil
    }

    /// Pops the value on top of `thread`'s stack into `key`'s slot. A nil releases the reference rather than storing
    /// a nil in it: a hole in the registry's array part could make `luaL_ref` hand the same number out twice.
    func setKeyedReference(_ key: LuaKey, _ thread: OpaquePointer) {
        let position = keyedReferences.firstIndex { $0.key === key }
        if lua_type(thread, -1) == LUA_TNIL {
            clua_pop(thread, 1)
            if let position {
                luaL_unref(thread, clua_registryindex(), Int32(keyedReferences[position].ref))
                keyedReferences.remove(at: position)
            }
        } else if let position {
            lua_rawseti(thread, clua_registryindex(), keyedReferences[position].ref)
        } else {
            let ref = luaL_ref(thread, clua_registryindex())
            keyedReferences.append((key: key, ref: lua_Integer(ref)))
        }
    }

    // MARK: Running code

    /// Compiles `chunk` (named `name`, e.g. `=stdin` or `@file.lua`) and leaves the function on the stack.
    /// Throws the syntax error message as Lua words it.
    public func load(_ chunk: String, name: String) throws(LuaError) {
        try stack.load(chunk, name: name)
    }

    /// Runs `chunk` and returns the number of results it left on the stack. Errors carry a traceback.
    @discardableResult
    public func run(_ chunk: String, name: String) throws(LuaError) -> Int32 {
        let base = stack.top
        try stack.load(chunk, name: name)
        try stack.call(arguments: 0, results: LUA_MULTRET)
        return stack.top - base
    }

    /// Sets global `name` to a Swift function.
    public func setGlobal(_ name: String, function: @escaping LuaFunction) {
        stack.push(function: function, name: name)
        lua_setglobal(L, name)
    }

    /// Lets Lua hold at most `bytes` from now on: past that, Lua raises "not enough memory" (`luadyn --max-memory`).
    public func limitMemory(bytes: Int) { clua_limit_memory(L, max(0, bytes)) }

    /// Counts `bytes` held outside Lua for its scripts (negative: given back) against the limit of `limitMemory`, so
    /// the limit bounds them too; the next allocation Lua makes past the limit fails. Nothing happens without a limit.
    public func chargeMemory(bytes: Int) { clua_charge_memory(Int64(bytes)) }

    /// Removes a pending interrupt request that no code ran into.
    public func clearInterrupt() { clua_clear_interrupt(L) }

    /// Switches the collector to generational mode, the mode lua.c runs scripts in.
    public func useGenerationalCollector() { clua_gc_generational(L) }

    /// Turns warnings on, as `warn("@on")` or lua's `-W` do.
    public func enableWarnings() { _ = clua_warning_on(L) }

    /// The release and copyright line of the Lua that luadyn embeds, as `lua -v` prints it
    /// (`Lua 5.4.4  Copyright (C) 1994-2022 Lua.org, PUC-Rio`).
    public static var copyright: String { String(cString: clua_copyright()) }
}

/// Whether a state is still open; shared with the references it hands out, which may outlive it.
final class LuaLife {
    var isClosed = false
}
