import Foundation
import Testing
import LuaKit
import DynamicsLua

/// The folder of Lua test files beside this source file (found by #filePath, so no SwiftPM resources are needed).
private let luaFolder: String = {
    let file = #filePath
    guard let slash = file.lastIndex(of: "/") else { return "lua" }
    return String(file[..<slash]) + "/lua"
}()

/// Reads a whole file as UTF-8 text, or nil.
func readText(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

/// A fresh interpreter with the dynamics API and the test helpers of `lua/prelude.lua`;
/// callback errors are collected instead of printed.
func makeDynamicsState(collecting errors: ErrorLog = ErrorLog()) throws -> LuaState {
    let lua = LuaState()
    let host = openDynamics(lua)
    host.onCallbackError = { errors.messages.append($0) }
    // What the REPL's `.state` prints, so Lua tests can see which animator the dot-commands act on.
    lua.setGlobal("dotState") { s throws(LuaError) in
        s.push(try DynamicsCommands.state(s.state, ""))
        return 1
    }
    guard let prelude = readText(luaFolder + "/prelude.lua") else { throw LuaError("missing prelude.lua") }
    try lua.run(prelude, name: "@prelude.lua")
    return lua
}

/// Messages of callback errors reported during a test.
final class ErrorLog: @unchecked Sendable {
    var messages: [String] = []
}

/// One Lua test file per API area; each asserts with `assert` and `expectError` (see prelude.lua).
/// The list is written out (not read from the folder) so that a missing file fails rather than silently skipping.
@Test(arguments: ["point", "values", "help", "module", "path", "view", "animator", "gravity", "collision", "attachment", "snap", "push", "itembehavior", "behavior", "use", "limits", "field"])
func luaFile(_ name: String) throws {
    let lua = try makeDynamicsState()
    guard let source = readText("\(luaFolder)/\(name).lua") else {
        Issue.record("missing lua/\(name).lua")
        return
    }
    do {
        try lua.run(source, name: "@\(name).lua")
    } catch {
        Issue.record("\(name).lua: \(error.message)")
    }
}
