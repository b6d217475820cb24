import Foundation
import Testing

/// The repository root, from this file's place in it.
private let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/EndToEndTests/ExampleScenes.swift
    return parts.joined(separator: "/")
}()

/// The luadyn binary SwiftPM built for these tests (the test target depends on it).
private let luadynPath: String? = {
    for configuration in ["debug", "release"] {
        let path = "\(repositoryRoot)/.build/\(configuration)/luadyn"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}()

/// What one run of the binary gave.
private struct RunResult {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `luadyn arguments...` with no input and waits for it.
private func runLuadyn(_ arguments: [String]) throws -> RunResult {
    guard let luadynPath else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: luadynPath)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read before waiting, so a full pipe cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                     errors: String(decoding: errData, as: UTF8.self))
}

/// Writes `text` to a fresh temporary .lua file and returns its path.
private func temporaryScript(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "luadyn-e2e-\(UUID().uuidString).lua"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}


/// Every example scene through the real binary: exit status 0, nothing on stderr, and the line a learner should see.
@Test(arguments: [
        ("01-falling-squares", "red rests at y = 568 - 30"),
        ("02-landing-removal", "3 squares landed"),
        ("03-collision-modes", "everything: a stack on the floor"),
        ("04-collision-groups", "orange stands on grey"),
        ("05-moving-anchor", "it hangs straight below the anchor"),
        ("06-snap", "both end on the point"),
        ("07-push", "spins it clockwise"),
        ("08-pendulum", "measured period"),
        ("09-newtons-cradle", "the first ball stopped"),
        ("10-pyramid", "boxes at rest after"),
      ])
func exampleRunsThroughLuadyn(_ name: String, _ expected: String) throws {
    let result = try runLuadyn(["\(repositoryRoot)/scripts/examples/\(name).lua"])
    #expect(result.status == 0, "\(name): \(result.errors)")
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(result.output.contains(expected), "\(name) printed:\n\(result.output)")
}

/// An error inside a callback is reported with a traceback naming the callback, the script runs on, and
/// `luadyn FILE` exits 1 at the end.
@Test
func callbackErrorMakesLuadynExitOne() throws {
    let script = try temporaryScript("""
        local a = Animator()
        local g = Gravity{ View{ center = {0, 0}, size = {10, 10} } }
        g.action = function() error("broken action") end
        a:addBehavior(g)
        a:step()
        print("after the step")
        """)
    defer { try? FileManager.default.removeItem(atPath: script) }
    let result = try runLuadyn([script])
    #expect(result.status == 1)
    #expect(result.output.contains("after the step"))
    #expect(result.errors.contains("Gravity action"))
    #expect(result.errors.contains("broken action"))
    #expect(result.errors.contains("stack traceback"))
}
