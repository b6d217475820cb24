import Foundation
import Testing
import LuaKit
import DynamicsLua

/// docs/lessons, found from this file's place in the repository.
private let lessonsFolder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/DynamicsLuaTests/LessonSceneTests.swift
    return parts.joined(separator: "/") + "/docs/lessons"
}()

/// Every lesson runs to its end in a fresh state, checking its own claims with `assert`, with no callback error,
/// and writes its SVG picture when given a folder (as `arg[1]`, the way `luadyn lesson.lua FOLDER` passes it).
@Test(arguments: [
    ("01-gravity", "01-gravity.svg"), ("02-collisions", "02-collisions.svg"), ("03-springs", "03-springs.svg"),
    ("04-pushes", "04-pushes.svg"), ("05-composites", "05-composites.svg"),
    ("06-springy-list", "06-springy-list.svg"), ("07-transitions", "07-transitions.svg"),
    ("08-materials", "08-materials.svg"),
])
func lessonScene(_ name: String, _ picture: String) throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    guard let source = readText("\(lessonsFolder)/\(name).lua") else {
        Issue.record("missing docs/lessons/\(name).lua")
        return
    }
    let folder = NSTemporaryDirectory() + "luadyn-lesson-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The lessons print and draw for a learner; keep what they print to check that they explain themselves.
    try lua.run("""
        arg = { [0] = "\(name).lua", "\(folder)" }
        printed = {}
        print = function(...)
          local parts = {}
          for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
          printed[#printed + 1] = table.concat(parts, "\\t")
        end
        """, name: "=setup")
    do {
        try lua.run(source, name: "@\(name).lua")
    } catch {
        Issue.record("\(name).lua: \(error.message)")
    }
    #expect(errors.messages.isEmpty, "\(errors.messages)")
    try lua.run("text = table.concat(printed, '\\n')", name: "=join")
    lua.stack.getGlobal("text")
    let text = lua.stack.string(at: -1) ?? ""
    lua.stack.pop()
    #expect(text.contains("Your turn"), "\(name) ends by asking the learner to change something")
    #expect(text.contains("⠀") || text.contains("⣿") || text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) },
            "\(name) draws in the terminal")
    // $LUADYN_PICTURES wins over the argument in the lessons (it is how docs/images is made).
    let pictures = ProcessInfo.processInfo.environment["LUADYN_PICTURES"] ?? folder
    let svg = readText("\(pictures)/\(picture)") ?? ""
    #expect(svg.contains("<svg") && svg.contains("class=\"item\""), "\(name) wrote \(picture)")
    if ProcessInfo.processInfo.environment["LUADYN_SHOW_LESSONS"] != nil { print(text) }
}
