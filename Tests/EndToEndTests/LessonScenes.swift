import Foundation
import Testing

/// Runs a lesson through the real binary; the lessons must take their picture folder from the argument here,
/// so an inherited `$LUADYN_PICTURES` is removed unless the test sets one.
private func runLesson(_ arguments: [String], environment: [String: String] = [:]) throws -> LuaDyn.Result {
    try LuaDyn.run(arguments, environment: environment, unsetting: environment.isEmpty ? ["LUADYN_PICTURES"] : [])
}

/// Every lesson through the real binary, piped: exit 0, nothing on stderr, every check passed, the closing
/// "Your turn", no escape codes (output is not a terminal), and its SVG written to the folder given as argument.
@Test(arguments: [
        ("01-gravity", "the total stayed within 1%"),
        ("02-collisions", "momentum m v is kept"),
        ("03-springs", "the rod kept its length"),
        ("04-pushes", "it turns clockwise on screen"),
        ("05-composites", "didPause was called once"),
        ("06-springy-list", "every cell lags more than each cell nearer the finger"),
        ("07-transitions", "the dynamic animator's didPause completed the transition"),
        ("08-materials", "the other four keep at most 10% of it each"),
      ])
func lessonRunsThroughLuadyn(_ name: String, _ expected: String) throws {
    let folder = NSTemporaryDirectory() + "luadyn-lesson-e2e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runLesson(["\(LuaDyn.repositoryRoot)/docs/lessons/\(name).lua", folder])
    #expect(result.status == 0, "\(name): \(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains("✓ " + expected), "\(name) printed:\n\(result.stdout)")
    #expect(!result.stdout.contains("✗"), "\(name) printed a failed check:\n\(result.stdout)")
    #expect(result.stdout.contains("Your turn"))
    #expect(!result.stdout.contains("\u{1B}["), "no escape codes when piped")
    let svg = (try? String(contentsOfFile: "\(folder)/\(name).svg", encoding: .utf8)) ?? ""
    #expect(svg.contains("<svg") && svg.contains("class=\"item\""), "\(name).svg written")
}

/// `$LUADYN_PICTURES` names the folder too (it is how docs/images is made).
@Test
func lessonPicturesFolderFromEnvironment() throws {
    let folder = NSTemporaryDirectory() + "luadyn-lesson-env-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runLesson(["\(LuaDyn.repositoryRoot)/docs/lessons/01-gravity.lua"],
                                     environment: ["LUADYN_PICTURES": folder])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: "\(folder)/01-gravity.svg"))
}
