import Testing
@testable import BenchKit

@Suite struct ReportTests {
    static func result(_ engine: String, ms: Double) -> SceneOutcome {
        .measured(SceneResult(scene: "s", engine: engine, meanMilliseconds: ms, medianMilliseconds: ms,
                              maxMilliseconds: ms, stability: 0.012, bodyCount: 1, contactBegins: 0, finite: true))
    }

    @Test func ratiosAreOursOverEachPeer() {
        let scene = SceneSpec(name: "s", stresses: "", bodies: [], steps: 1)
        let table = Report.sceneTable(scenes: [scene], engines: ["ours", "A", "B"],
                                      outcomes: [[Self.result("ours", ms: 2), Self.result("A", ms: 4),
                                                  Self.result("B", ms: 1)]])
        let row = table.rows[0]
        let ratios = Array(row[5...6])
        #expect(ratios == ["0.50x", "2.00x"])
        #expect(row[7] == "1.2")  // 0.012 m in cm
    }

    @Test func pendingEnginesSayPendingNotFailed() {
        let scene = SceneSpec(name: "s", stresses: "", bodies: [], steps: 1)
        let table = Report.sceneTable(
            scenes: [scene], engines: ["ours", "A"],
            outcomes: [[.failed(scene: "s", engine: "ours", reason: "pending"), Self.result("A", ms: 4)]],
            pending: ["ours"])
        #expect(table.rows[0][2] == "pending")
        #expect(table.rows[0][4] == "pending")
    }

    @Test func buildTableSumsMakingAndTheFirstFrameAndDividesBySum() {
        let scene = SceneSpec(name: "s", stresses: "", bodies: [], steps: 1)
        let costs: [[SceneBuildCost?]] = [[SceneBuildCost(makeSeconds: 0.001, firstStepSeconds: 0.003),
                                           SceneBuildCost(makeSeconds: 0.002, firstStepSeconds: 0),
                                           nil]]
        let table = Report.buildTable(scenes: [scene], engines: ["ours", "A", "B"], costs: costs)
        let row = table.rows[0]
        #expect(row[2] == "4.00 (1.00 + 3.00)")
        #expect(row[3].hasPrefix("2.00 (2.00 + "))
        #expect(row[4] == "failed")
        // 4 ms against 2 ms; no ratio against an engine that failed.
        #expect(Array(row[5...6]) == ["2.00x", "-"])
    }

    @Test func buildCostsCrossFromChildToParentIntact() {
        let cost = SceneBuildCost(makeSeconds: 0.125, firstStepSeconds: 2.5e-5)
        #expect(SceneBuildCost(line: cost.line) == cost)
        #expect(SceneBuildCost(line: "build 1") == nil)
        #expect(SceneBuildCost(line: "build -1 2") == nil)
        let median = SceneBuildCost.median([SceneBuildCost(makeSeconds: 3, firstStepSeconds: 1),
                                            SceneBuildCost(makeSeconds: 1, firstStepSeconds: 9),
                                            SceneBuildCost(makeSeconds: 2, firstStepSeconds: 5)])
        #expect(median == SceneBuildCost(makeSeconds: 2, firstStepSeconds: 5))
    }

    @Test func renderedLinesLineUp() {
        let table = Table(headers: ["a", "long header"], rows: [["xyz", "1"], ["q", "12345678901234"]])
        let lines = table.render().split(separator: "\n")
        #expect(lines.count == 4)
        #expect(Set(lines.map(\.count)).count == 1)
        #expect(lines[1].hasSuffix(":|"))
    }

    @Test func formats() {
        #expect(Format.milliseconds(0.12345) == "0.123")
        #expect(Format.milliseconds(12.345) == "12.3")
        #expect(Format.bytes(2048) == "2.0 KiB")
        #expect(Format.fixed(.nan) == "nan")
    }
}

@Suite struct ChildLineTests {
    @Test func sceneResultRoundTripsThroughItsLine() throws {
        let result = SceneResult(scene: "s", engine: "e", meanMilliseconds: 1.25, medianMilliseconds: 1.5,
                                 maxMilliseconds: 3, stability: 0.01, bodyCount: 7, contactBegins: 9, finite: true,
                                 note: "two words")
        let back = try #require(SceneResult(line: result.line, scene: "s", engine: "e"))
        #expect(back.meanMilliseconds == 1.25 && back.medianMilliseconds == 1.5 && back.maxMilliseconds == 3)
        #expect(back.stability == 0.01 && back.bodyCount == 7 && back.contactBegins == 9 && back.finite)
        #expect(back.note == "two words")
        var none = result
        none.stability = nil
        none.note = nil
        let plain = try #require(SceneResult(line: none.line, scene: "s", engine: "e"))
        #expect(plain.stability == nil && plain.note == nil)
        #expect(SceneResult(line: "result 1 2", scene: "s", engine: "e") == nil)
    }
}

@Suite struct MedianRoundTests {
    static func round(_ ms: Double, contacts: Int) -> SceneOutcome {
        .measured(SceneResult(scene: "s", engine: "e", meanMilliseconds: ms, medianMilliseconds: ms / 2,
                              maxMilliseconds: ms * 2, stability: nil, bodyCount: 1, contactBegins: contacts,
                              finite: true))
    }

    static let failure = SceneOutcome.failed(scene: "s", engine: "e", reason: "no")

    @Test func theMiddleRoundIsTakenWhole() {
        // One slow round (a busy moment) moves nothing: the middle one by mean, with its own other figures.
        let rounds = [Self.round(1.4, contacts: 1), Self.round(3.0, contacts: 2), Self.round(1.3, contacts: 3)]
        let median = SceneOutcome.medianRound(rounds)?.result
        #expect(median?.meanMilliseconds == 1.4 && median?.medianMilliseconds == 0.7 && median?.contactBegins == 1)
    }

    @Test func anEvenCountTakesTheLowerMiddleAndFailuresAreLeftOut() {
        let even = [Self.round(4, contacts: 0), Self.round(1, contacts: 0), Self.round(3, contacts: 0),
                    Self.round(2, contacts: 0)]
        #expect(SceneOutcome.medianRound(even)?.result?.meanMilliseconds == 2)
        let mixed = [Self.failure, Self.round(5, contacts: 0), Self.failure, Self.round(2, contacts: 0)]
        #expect(SceneOutcome.medianRound(mixed)?.result?.meanMilliseconds == 2)
        #expect(SceneOutcome.medianRound([Self.round(7, contacts: 0)])?.result?.meanMilliseconds == 7)
    }

    @Test func onlyFailuresGiveTheFirstAndNoRoundsNothing() {
        let failures = [Self.failure, SceneOutcome.failed(scene: "s", engine: "e", reason: "other")]
        guard case let .failed(_, _, reason)? = SceneOutcome.medianRound(failures) else {
            Issue.record("a failure was expected")
            return
        }
        #expect(reason == "no")
        #expect(SceneOutcome.medianRound([]) == nil)
    }
}
