import Foundation
import Testing
import LuaKit
import DynamicsLua

/// The Lua side of transitions, property animators and subviews: `lua/transitions.lua`.
@Test func transitionsLuaFile() throws {
    let file = #filePath
    let folder = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    guard let source = readText("\(folder)/lua/transitions.lua") else {
        Issue.record("missing lua/transitions.lua")
        return
    }
    do {
        try lua.run(source, name: "@transitions.lua")
    } catch {
        Issue.record("transitions.lua: \(error.message)")
    }
    #expect(errors.messages.isEmpty, "\(errors.messages)")
}
