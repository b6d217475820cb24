import LuaKit

/// Runs `chunk` and returns `tostring` of its first result ("" when it returns nothing), leaving the stack as it was.
func evaluate(_ lua: LuaState, _ chunk: String) throws -> String {
    let n = try lua.run(chunk, name: "=test")
    defer { lua.stack.pop(n) }
    return n > 0 ? lua.stack.describe(-n) : ""
}
