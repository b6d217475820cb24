import Testing
@testable import BenchKit

/// `PairedFrames` tells the machine's slow windows from its quiet ones by the reference engine's frames, and sums up
/// each kind apart.
@Suite struct PairedFramesTests {
    @Test func slowWindowsAreThoseOfASlowReference() throws {
        // Ten windows of four frames: the reference takes 1 ms a frame, 2 ms in windows 3 and 7; the other engine
        // 0.9 ms quiet and 2.4 slow, with one stray frame a window that the medians ignore.
        var reference: [Double] = [], other: [Double] = []
        for w in 0..<10 {
            let slow = w == 3 || w == 7
            reference += [Double](repeating: slow ? 2 : 1, count: 4)
            other += [slow ? 2.4 : 0.9, slow ? 2.4 : 0.9, slow ? 2.4 : 0.9, 9]
        }
        let run = PairedFrames(frames: [reference, other], window: 4, slowFactor: 1.25)
        #expect(run.windowMedians.count == 10)
        let (quiet, slow) = run.summaries
        let q = try #require(quiet), s = try #require(slow)
        #expect(q.windows == 8 && s.windows == 2)
        #expect(q.milliseconds == [1, 0.9] && s.milliseconds == [2, 2.4])
        #expect(abs(q.ratios[1] - 0.9) < 1e-12 && abs(s.ratios[1] - 1.2) < 1e-12)
    }

    @Test func aSteadyMachineHasNoSlowWindow() {
        let run = PairedFrames(frames: [[Double](repeating: 1.1, count: 100), [Double](repeating: 1, count: 100)],
                               window: 25, slowFactor: 1.25)
        let (quiet, slow) = run.summaries
        #expect(quiet?.windows == 4 && slow == nil)
        // Frames short of a whole window are left out.
        #expect(PairedFrames(frames: [[1, 1, 1]], window: 25, slowFactor: 1.25).summaries.quiet == nil)
    }
}
