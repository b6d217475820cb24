import CLua

/// A Swift function callable from Lua. It reads its arguments from `stack`, pushes its results and returns how many.
/// It never raises a Lua error itself: it throws `LuaError`, and the C trampoline raises it once the Swift frames are gone.
public typealias LuaFunction = (LuaStack) throws(LuaError) -> Int32

/// The one C entry point for every Swift function: finds the closure by its number (upvalue 2) and calls it.
/// Errors are turned into a status for the trampoline (see CLua/shim.h) so no longjmp ever crosses Swift code.
let luaKitDispatch: lua_CFunction = { L in
    guard let L else { return 0 }
    let stack = LuaStack(L)
    let index = Int(lua_tointegerx(L, clua_upvalueindex(2), nil))
    let state = LuaState.owner(of: L)
    let function = state.function(at: index)
    do throws(LuaError) {
        return try function(stack)
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
