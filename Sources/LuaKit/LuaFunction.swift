import CLua

/// A Swift function callable from Lua. It reads its arguments from `stack`, pushes its results and returns how many.
/// It never raises a Lua error itself: it throws `LuaError`, and the C trampoline raises it once the Swift frames are gone.
public typealias LuaFunction = (LuaStack) throws(LuaError) -> Int32

/// A registered Swift function. A class holding the closure as a plain stored property: the closure keeps its natural
/// calling convention (an array of closures would store them generically and wrap every call in conversion thunks),
/// and Lua can hold the box's address as a light userdata while the state keeps the box alive.
final class LuaFunctionBox {
    let function: LuaFunction
    init(_ function: @escaping LuaFunction) { self.function = function }
}

/// The one C entry point for every Swift function: finds the closure by the box address in upvalue 2 and calls it.
/// Errors are turned into a status for the trampoline (see CLua/shim.h) so no longjmp ever crosses Swift code.
let luaKitDispatch: lua_CFunction = { L in
    guard let L, let raw = lua_touserdata(L, clua_upvalueindex(2)) else { return 0 }
    let stack = LuaStack(L)
    // The state owns every box for as long as it lives, and Lua can only call while the state lives.
    let box = Unmanaged<LuaFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    do throws(LuaError) {
        return try box.function(stack)
    } catch {
        switch error.kind {
        case .argument(let n):
            lua_pushinteger(L, lua_Integer(n))
            stack.push(error.message)
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
