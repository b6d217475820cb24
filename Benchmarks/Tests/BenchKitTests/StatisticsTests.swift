import Foundation
import Testing
@testable import BenchKit

@Suite struct StatisticsTests {
    @Test func powerLawRecoversAnExactExponent() throws {
        let xs = [100.0, 1000, 10000]
        let fit = try #require(Statistics.powerLaw(x: xs, y: xs.map { 3 * pow($0, 1.5) }))
        #expect(abs(fit.exponent - 1.5) < 1e-12)
        #expect(abs(fit.coefficient - 3) < 1e-9)
    }

    @Test func powerLawOfNoisyLinearDataIsNearOne() throws {
        // Doubling-ish sizes with +-5% noise alternating: the slope must stay within a few hundredths of 1.
        let xs = [100.0, 200, 400, 800, 1600]
        let ys = xs.enumerated().map { i, x in 0.01 * x * (i % 2 == 0 ? 1.05 : 0.95) }
        let fit = try #require(Statistics.powerLaw(x: xs, y: ys))
        #expect(abs(fit.exponent - 1) < 0.05)
    }

    @Test func powerLawRefusesWhatHasNoLogarithm() {
        #expect(Statistics.powerLaw(x: [1, 2], y: [0, 1]) == nil)
        #expect(Statistics.powerLaw(x: [1], y: [1]) == nil)
        #expect(Statistics.powerLaw(x: [2, 2], y: [1, 3]) == nil)
        #expect(Statistics.powerLaw(x: [1, 2, 3], y: [1, 2]) == nil)
    }

    @Test func meanAndMedian() {
        #expect(Statistics.mean([1, 2, 6]) == 3)
        #expect(Statistics.median([5, 1, 3]) == 3)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.mean([]) == 0 && Statistics.median([]) == 0)
    }
}

@Suite struct MemoryFigureTests {
    @Test func parsesProcStatusInKilobytes() throws {
        let text = "Name:\tx\nVmPeak:\t  999 kB\nVmHWM:\t    2048 kB\nVmRSS:\t    1024 kB\nThreads:\t1\n"
        let status = try #require(ProcStatus.parse(text))
        #expect(status.peakResidentBytes == 2048 * 1024)
        #expect(status.residentBytes == 1024 * 1024)
        #expect(ProcStatus.parse("VmRSS:\t1 kB\n") == nil)
        #expect(ProcStatus.parse("VmHWM:\tlots kB\nVmRSS:\t1 kB\n") == nil)
    }

    @Test func thisProcessHasAPeakAtLeastItsResidentSet() throws {
        let status = try #require(ProcStatus.current())
        #expect(status.peakResidentBytes >= status.residentBytes)
        #expect(status.residentBytes > 0)
    }

    @Test func childLineRoundTripsAndGivesBytesPerBody() throws {
        let figures = MemoryFigures(baselineBytes: 1000, afterBytes: 51000, peakBytes: 60000, bodies: 100)
        #expect(MemoryFigures(line: figures.line) == figures)
        #expect(figures.bytesPerBody == 500)
        #expect(MemoryFigures(line: "memory 1 2 x 4") == nil)
        #expect(MemoryFigures(line: "hello") == nil)
    }
}
