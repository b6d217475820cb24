import Testing
import LuaKit
import DynamicsLua

/// Item groups, custom item tables and collection layouts, each a Lua file in `lua/` asserting with `assert` and
/// `expectError`; no callback may report an error.
@Test(arguments: ["groups", "customitems", "layout"])
func groupsAndLayoutsLuaFile(_ name: String) throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    guard let source = readText("\(folder)/lua/\(name).lua") else {
        Issue.record("missing lua/\(name).lua")
        return
    }
    do {
        try lua.run(source, name: "@\(name).lua")
    } catch {
        Issue.record("\(name).lua: \(error.message)")
    }
    #expect(errors.messages.isEmpty, "\(errors.messages)")
}

/// A custom item whose `__newindex` raises: the error is reported like a callback's, naming the item, the frame
/// completes, and the world goes on (the other items move, the next frame steps).
@Test func customItemWhoseAssignmentFailsIsReported() throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    try lua.run("""
        store = { center = Point(50, 50), size = {10, 10} }
        broken = setmetatable({}, { __index = store, __newindex = function(_, key) error("refused " .. key) end })
        view = View{ center = {100, 50}, size = {10, 10} }
        animator = Animator{ width = 200, height = 400 }
        animator:addBehavior(Gravity{ broken, view })
        animator:step()
        y1 = view.center.y
        animator:step()
        assert(view.center.y > y1, "the world steps on")
        assert(store.center == Point(50, 50), "the table was not changed")
        """, name: "=broken")
    #expect(errors.messages.count == 2)
    #expect(errors.messages.first?.contains("error in custom item 'view2' (assigning center and angle)") == true,
            "\(errors.messages)")
    #expect(errors.messages.first?.contains("refused center") == true)
}
