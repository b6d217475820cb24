import CLua

/// A Swift function callable from Lua. It reads its arguments from `stack`, pushes its results and returns how many.
/// It never raises a Lua error itself: it throws `LuaError`, and the C trampoline raises it once the Swift frames are gone.
public typealias LuaFunction = (LuaStack) throws(LuaError) -> Int32

/// A registered Swift function. A class holding the closure as a plain stored property: the closure keeps its natural
/// calling convention (an array of closures would store them generically and wrap every call in conversion thunks),
/// and Lua can hold the box's address as a light userdata while the state keeps the box alive.
final class LuaFunctionBox {
    let function: LuaFunction
    /// What an argument error calls the function when Lua finds no name for it at the call site (a method or a
    /// constructor called through `pcall`, a function kept in a local table): without it Lua would say '?'.
    let name: String?
    init(_ function: @escaping LuaFunction, name: String?) {
        self.function = function
        self.name = name
    }
}

/// The userdata block that upvalue 1 of every Swift function holds: a tag, so that nothing but a block made here is
/// ever taken for one (a script can swap upvalues with `debug.setupvalue`), and the unretained address of the box,
/// which the state keeps alive for its whole life.
struct FunctionBoxReference {
    static let tag: UInt64 = 0x4C75_6144_7946_6E42  // "LuaDyFnB"
    var tag: UInt64
    var box: UnsafeMutableRawPointer
}

/// The one C entry point for every Swift function (called by name from the trampoline in CLua/shim.h): finds the
/// closure through the box in upvalue 1 and calls it. Errors are turned into a status for the trampoline, so no
/// longjmp ever crosses Swift code.
@_cdecl("luakit_dispatch")
func luakitDispatch(_ L: OpaquePointer?) -> Int32 {
    guard let L else { return 0 }
    let stack = LuaStack(L)
    let upvalue = clua_upvalueindex(1)
    guard lua_type(L, upvalue) == LUA_TUSERDATA, lua_rawlen(L, upvalue) == MemoryLayout<FunctionBoxReference>.size,
          let block = lua_touserdata(L, upvalue)?.assumingMemoryBound(to: FunctionBoxReference.self),
          block.pointee.tag == FunctionBoxReference.tag else {
        stack.push("a Swift function's upvalue was replaced; it can no longer be called")
        return CLUA_RAISE_WHERE
    }
    // The state owns every box for as long as it lives, and Lua can only call while the state lives.
    let box = Unmanaged<LuaFunctionBox>.fromOpaque(block.pointee.box).takeUnretainedValue()
    do throws(LuaError) {
        return try box.function(stack)
    } catch {
        switch error.kind {
        case .argument(let n):
            lua_pushinteger(L, lua_Integer(n))
            stack.push(error.message)
            stack.push(box.name)
            return CLUA_ARGERROR
        case .message:
            stack.push(error.message)
            return CLUA_RAISE_WHERE
        case .raw:
            stack.push(error.message)
            return CLUA_RAISE
        }
    }
}
