import Foundation
import Testing
import LuaKit
import DynamicsLua

/// docs/examples, found from this file's place in the repository.
private let examplesFolder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/DynamicsLuaTests/ExampleSceneTests.swift
    return parts.joined(separator: "/") + "/docs/examples"
}()

/// Every example scene runs to its end in a fresh state: each checks its own physical claims with `assert`,
/// and none may raise an error in a callback. (EndToEndTests run the same files through the real binary.)
@Test(arguments: [
    "01-falling-squares", "02-landing-removal", "03-collision-modes", "04-collision-groups", "05-moving-anchor",
    "06-snap", "07-push", "08-pendulum", "09-newtons-cradle", "10-pyramid", "11-springy-list",
    "12-slide-over", "13-fade", "14-fall-away", "15-snap-in", "16-interactive-swipe", "17-fields",
])
func exampleScene(_ name: String) throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    guard let source = readText("\(examplesFolder)/\(name).lua") else {
        Issue.record("missing docs/examples/\(name).lua")
        return
    }
    // The examples print for a learner; here the output is not wanted.
    try lua.run("print = function() end", name: "=quiet")
    do {
        try lua.run(source, name: "@\(name).lua")
    } catch {
        Issue.record("\(name).lua: \(error.message)")
    }
    #expect(errors.messages.isEmpty, "\(errors.messages)")
}
