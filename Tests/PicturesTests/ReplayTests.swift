import Dynamics
import Testing
@testable import Pictures

@Suite struct RecordingTests {
    @Test func shapesAreKeptOncePosesEveryFrame() {
        var recording = Recording()
        for i in 0...60 { recording.append(Scenes.slidingBox(at: Double(i) / 60)) }
        #expect(recording.frames.count == 61)
        #expect(recording.tracks.count == 1)
        #expect(recording.boundarySets.count == 1)
        #expect(recording.frames.allSatisfy { $0.boundarySet == 0 && $0.poses.count == 1 })
        #expect(recording.frames[30].poses[0].center == Vector(90, 60))
        #expect(abs(recording.duration - 1) < 1e-12)
        #expect(recording.view == AABB(lower: .zero, upper: Vector(320, 120)))
    }

    @Test func identicalItemsGetTheirOwnTracksAndItemsMayLeave() {
        var recording = Recording()
        let twin1 = Scenes.ball("", color: "red", center: Vector(10, 10), radius: 5)
        let twin2 = Scenes.ball("", color: "red", center: Vector(50, 10), radius: 5)
        let other = Scenes.box("b", color: nil, center: Vector(30, 30), size: Vector(4, 4))
        func frame(_ t: Double, _ items: [ItemSnapshot]) -> WorldSnapshot {
            WorldSnapshot(time: t, referenceBounds: nil, items: items, boundaries: [], joints: [], contactPoints: [])
        }
        recording.append(frame(0, [twin1, twin2, other]))
        recording.append(frame(1, [twin1, twin2]))
        recording.append(frame(2, [twin2, other]))
        #expect(recording.tracks.count == 3)
        #expect(recording.frames.map { $0.poses.map(\.track) } == [[0, 1, 2], [0, 1], [0, 2]])
        // Without reference bounds the view covers everything seen, with a margin.
        let view = recording.view
        #expect(view.contains(AABB(lower: Vector(5, 5), upper: Vector(55, 32))))
    }

    @Test func changedBoundariesAreANewSet() {
        var recording = Recording()
        var snapshot = Scenes.slidingBox(at: 0)
        recording.append(snapshot)
        snapshot.boundaries[0].points[1] = Vector(320, 90)
        recording.append(snapshot)
        recording.append(snapshot)
        #expect(recording.boundarySets.count == 2)
        #expect(recording.frames.map(\.boundarySet) == [0, 1, 1])
    }

    @Test func fullRecordingDropsLaterFrames() {
        var recording = Recording(maxFrames: 3)
        for i in 0..<5 { recording.append(Scenes.slidingBox(at: Double(i))) }
        #expect(recording.frames.count == 3 && recording.droppedFrames == 2)
    }
}

@Suite struct HTMLReplayTests {
    private var recording: Recording {
        var r = Recording()
        for i in 0...60 { r.append(Scenes.slidingBox(at: Double(i) / 60)) }
        return r
    }

    /// The data object embedded in the page.
    private func embeddedData(_ page: String) -> MiniJSON? {
        guard let start = page.range(of: "var REPLAY = "), let end = page.range(of: ";\n</script>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return MiniJSON.parse(String(page[start.upperBound..<end.lowerBound]))
    }

    @Test func pageIsSelfContained() throws {
        let page = try HTMLReplay().html(recording)
        #expect(!page.lowercased().contains("http://") && !page.lowercased().contains("https://"))
        #expect(!page.contains("src=") && !page.contains("<link") && !page.contains("import "))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        for id in ["scene", "play", "time", "speed", "trails"] { #expect(page.contains("id=\"\(id)\"")) }
    }

    @Test func pageHoldsEveryFrame() throws {
        let data = try #require(embeddedData(try HTMLReplay().html(recording)))
        #expect(data["frames"]?.count == 61)
        #expect(data["tracks"]?.count == 1)
        #expect(data["tracks"]?[0]?["color"]?.string == "#ff0000")
        #expect(data["tracks"]?[0]?["name"]?.string == "mover")
        let frame30 = try #require(data["frames"]?[30])
        #expect(frame30["t"]?.number == 0.5)
        #expect(frame30["p"] == .array([.number(0), .number(90), .number(60), .number(0)]))
        #expect(data["view"] == .array([.number(0), .number(0), .number(320), .number(120)]))
    }

    @Test func optionsShowInThePage() throws {
        var options = HTMLReplay.Options()
        options.trails = true
        options.speed = 3
        options.title = "<drop>"
        let page = try HTMLReplay(options: options).html(recording)
        #expect(page.contains("id=\"trails\" type=\"checkbox\" checked"))
        #expect(page.contains("<option value=\"3\" selected>3x</option>"))
        #expect(page.contains("<title>&lt;drop&gt;</title>"))
        options.canvasWidth = 0
        #expect(throws: PictureError.self) { try HTMLReplay(options: options).html(recording) }
    }

    @Test func namesCannotEndTheScript() throws {
        var r = Recording()
        var snapshot = Scenes.slidingBox(at: 0)
        snapshot.items[0].name = "</script><b>"
        r.append(snapshot)
        let page = try HTMLReplay().html(r)
        #expect(page.components(separatedBy: "</script>").count == 3)  // only the two real script ends
        #expect(embeddedData(page)?["tracks"]?[0]?["name"]?.string == "</script><b>")
    }
}

@Suite struct FramePacerTests {
    @Test func stepsPerFrameKeepFramesAtMostThirtyPerSecond() throws {
        let normal = try FramePacer(timeStep: 1.0 / 60.0)
        #expect(normal.stepsPerFrame == 2)
        #expect(abs(normal.frameInterval - 1.0 / 30.0) < 1e-12)
        let slow = try FramePacer(timeStep: 1.0 / 60.0, speed: 0.25)
        #expect(slow.stepsPerFrame == 1)
        #expect(abs(slow.frameInterval - 4.0 / 60.0) < 1e-12)  // one 1/60 s step shown over 1/15 s
        let fast = try FramePacer(timeStep: 1.0 / 60.0, speed: 4)
        #expect(fast.stepsPerFrame == 8)
        #expect(abs(fast.frameInterval - 1.0 / 30.0) < 1e-12)
    }

    @Test func delaysFollowTheScheduleAndRecoverFromLag() throws {
        var pacer = try FramePacer(timeStep: 0.05, speed: 1)  // 0.05 s frames, 20 a second
        #expect(pacer.delay(now: 100) == 0)
        #expect(abs(pacer.delay(now: 100.01) - 0.04) < 1e-9)
        #expect(abs(pacer.delay(now: 100.06) - 0.04) < 1e-9)
        // Far behind: no rush of frames, the schedule restarts.
        #expect(pacer.delay(now: 105) == 0)
        #expect(abs(pacer.delay(now: 105) - 0.05) < 1e-9)
    }

    @Test func badValuesAreErrors() {
        #expect(throws: PictureError.self) { try FramePacer(timeStep: 0) }
        #expect(throws: PictureError.self) { try FramePacer(timeStep: 1.0 / 60, speed: .nan) }
        #expect(throws: PictureError.self) { try FramePacer(timeStep: 1.0 / 60, speed: -1) }
        #expect(throws: PictureError.self) { try FramePacer(timeStep: 1.0 / 60, maxFramesPerSecond: .infinity) }
    }
}
