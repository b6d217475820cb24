import Dynamics
import Foundation
import Testing
@testable import Pictures

/// Files are replaced whole or not at all, and a trace whose file is deleted while it runs starts it again.
@Suite struct TextFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("luadyn-textfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aWriteThatFailsLeavesTheOldFileWhole() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("picture.svg").path
        try TextFile.write("old picture", to: path)
        // Where the new text would first go, something that is not a file stands: the write cannot happen.
        try FileManager.default.createDirectory(atPath: path + ".luadyn-\(getpid()).tmp", withIntermediateDirectories: false)
        #expect(throws: PictureError.self) { try TextFile.write(String(repeating: "new ", count: 100_000), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old picture")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["picture.svg", "picture.svg.luadyn-\(getpid()).tmp"], "nothing else is left behind")
    }

    @Test func aWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.svg").path
        try TextFile.write("first", to: path)
        try TextFile.write("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.svg"])
    }

    @Test func namesWithANulAreRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: PictureError.self) { try TextFile.write("x", to: dir.path + "/a\u{0}b.svg") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aDeletedTraceFileGetsItsHeaderBack() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.csv").path
        let item = Scenes.box("a", color: nil, center: Vector(1, 2), size: Vector(10, 10))
        var trace = try TraceFile(writer: try TraceWriter(format: .csv, labels: ["a"]), path: path, batchSize: 1)
        try trace.record(time: 0, items: [item])
        try FileManager.default.removeItem(atPath: path)
        try trace.record(time: 1, items: [item])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("time,a.center.x") && lines[1].hasPrefix("1"))
    }
}
