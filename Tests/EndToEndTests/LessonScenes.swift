import Foundation
import Testing

/// The repository root, from this file's place in it.
private let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/EndToEndTests/LessonScenes.swift
    return parts.joined(separator: "/")
}()

/// The luadyn binary SwiftPM built for these tests.
private let luadyn: String? = {
    for configuration in ["debug", "release"] {
        let path = "\(repositoryRoot)/.build/\(configuration)/luadyn"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}()

/// Runs `luadyn arguments...` with no input, stdout and stderr piped, and `environment` added to the inherited one.
private func runLessonBinary(_ arguments: [String], environment: [String: String] = [:]) throws
    -> (status: Int32, output: String, errors: String) {
    guard let luadyn else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: luadyn)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["LUADYN_PICTURES"] = nil  // the lessons must take the folder from their argument here
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}


/// Every lesson through the real binary, piped: exit 0, nothing on stderr, every check passed, the closing
/// "Your turn", no escape codes (output is not a terminal), and its SVG written to the folder given as argument.
@Test(arguments: [
        ("01-gravity", "the total stayed within 1%"),
        ("02-collisions", "momentum m v is kept"),
        ("03-springs", "the rod kept its length"),
        ("04-pushes", "it turns clockwise on screen"),
        ("05-composites", "didPause was called once"),
      ])
func lessonRunsThroughLuadyn(_ name: String, _ expected: String) throws {
    let folder = NSTemporaryDirectory() + "luadyn-lesson-e2e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runLessonBinary(["\(repositoryRoot)/scripts/lessons/\(name).lua", folder])
    #expect(result.status == 0, "\(name): \(result.errors)")
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(result.output.contains("✓ " + expected), "\(name) printed:\n\(result.output)")
    #expect(!result.output.contains("✗"), "\(name) printed a failed check:\n\(result.output)")
    #expect(result.output.contains("Your turn"))
    #expect(!result.output.contains("\u{1B}["), "no escape codes when piped")
    let svg = (try? String(contentsOfFile: "\(folder)/\(name).svg", encoding: .utf8)) ?? ""
    #expect(svg.contains("<svg") && svg.contains("class=\"item\""), "\(name).svg written")
}

/// `$LUADYN_PICTURES` names the folder too (it is how docs/images is made).
@Test
func lessonPicturesFolderFromEnvironment() throws {
    let folder = NSTemporaryDirectory() + "luadyn-lesson-env-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runLessonBinary(["\(repositoryRoot)/scripts/lessons/01-gravity.lua"],
                                     environment: ["LUADYN_PICTURES": folder])
    #expect(result.status == 0, "\(result.errors)")
    #expect(FileManager.default.fileExists(atPath: "\(folder)/01-gravity.svg"))
}
