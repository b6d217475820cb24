import Dynamics
import Foundation
import Testing
@testable import Pictures

@Suite struct TraceTests {
    /// Awkward numbers: thirds, tiny and huge magnitudes, negative zero.
    private func items(at t: Double) -> [ItemSnapshot] {
        var a = Scenes.box("a", color: nil, center: Vector(1.0 / 3.0 + t, -2.5e-12), size: Vector(10, 10),
                           angle: Double.pi * t, velocity: Vector(1e300, -0.0))
        a.angularVelocity = 0.1 + t
        let b = Scenes.ball("b,\"odd\"", color: nil, center: Vector(123456789.123, 0.1), radius: 3)
        return [a, b]
    }

    @Test func csvRoundTrips() throws {
        let writer = try TraceWriter(format: .csv, labels: ["a", "b,\"odd\""])
        var text = writer.header
        let times = [0.0, 1.0 / 60.0, 2.0 / 60.0]
        for t in times { text += writer.line(time: t, items: items(at: t)) }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("time,a.center.x,a.center.y,a.velocity.x,a.velocity.y,a.angle,a.angularVelocity,"))
        #expect(lines[0].hasSuffix(",\"b,\"\"odd\"\".angularVelocity\""))
        for (row, t) in zip(lines.dropFirst(), times) {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
            try #require(cells.count == 13)
            let a = items(at: t)[0], b = items(at: t)[1]
            #expect(cells[0] == t)
            #expect(cells[1] == a.center.x && cells[2] == a.center.y)
            #expect(cells[3] == a.velocity.x && cells[4] == a.velocity.y && cells[4].sign == .minus)
            #expect(cells[5] == a.angle && cells[6] == a.angularVelocity)
            #expect(cells[7] == b.center.x && cells[8] == b.center.y)
        }
    }

    @Test func jsonLinesRoundTrip() throws {
        let writer = try TraceWriter(format: .jsonLines, fields: [.center, .angle], labels: ["a", "b,\"odd\""])
        #expect(writer.header.isEmpty)
        for t in [0.0, 0.1, 1.0 / 3.0] {
            let line = writer.line(time: t, items: items(at: t))
            #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
            let object = try #require(MiniJSON.parse(line))
            #expect(object["time"]?.number == t)
            let list = try #require(object["items"])
            try #require(list.count == 2)
            #expect(list[1]?["name"]?.string == "b,\"odd\"")
            let center = try #require(list[0]?["center"])
            #expect(center[0]?.number == items(at: t)[0].center.x && center[1]?.number == items(at: t)[0].center.y)
            #expect(list[0]?["angle"]?.number == items(at: t)[0].angle)
            #expect(list[0]?["velocity"] == nil)
        }
    }

    @Test func nonFiniteValuesAreEmptyOrNull() throws {
        var item = Scenes.box("x", color: nil, center: Vector(.nan, 1), size: Vector(1, 1))
        item.angle = .infinity
        let csv = try TraceWriter(format: .csv, fields: [.center, .angle], labels: ["x"]).line(time: 0, items: [item])
        #expect(csv == "0.0,,1.0,\n")
        let json = try TraceWriter(format: .jsonLines, fields: [.center, .angle], labels: ["x"]).line(time: 0, items: [item])
        #expect(json == "{\"time\":0.0,\"items\":[{\"name\":\"x\",\"center\":[null,1.0],\"angle\":null}]}\n")
    }

    @Test func repeatedLabelsStayDistinctAndFieldsParse() throws {
        let writer = try TraceWriter(format: .csv, fields: [.angle], labels: ["ball", "ball", ""])
        #expect(writer.labels == ["ball", "ball#2", "item3"])
        #expect(TraceField(name: "angularVelocity") == .angularVelocity)
        #expect(TraceField(name: "speed") == nil)
        #expect(throws: PictureError.self) { try TraceWriter(format: .csv, fields: [], labels: ["a"]) }
    }

    @Test func appendingToAFileBuildsTheTrace() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(format: .csv, fields: [.center], labels: ["a"])
        try TextFile.write(writer.header, to: path)
        for t in [0.0, 0.5] { try TextFile.append(writer.line(time: t, items: items(at: t)), to: path) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3)
    }

    @Test func traceFileBatchesRowsAndFlushes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tracefile-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var trace = try TraceFile(writer: try TraceWriter(format: .csv, fields: [.center], labels: ["a"]), path: path, batchSize: 2)
        func lines() throws -> Int { try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count }
        #expect(try lines() == 1)  // the header alone
        try trace.record(time: 0, items: items(at: 0))
        #expect(try lines() == 1)  // waiting in the batch
        try trace.record(time: 0.5, items: items(at: 0.5))
        #expect(try lines() == 3)
        try trace.record(time: 1, items: items(at: 1))
        try trace.flush()
        #expect(try lines() == 4 && trace.rowCount == 3)
        #expect(throws: PictureError.self) { try TraceFile(writer: trace.writer, path: "/nonexistent-dir/t.csv") }
    }
}
