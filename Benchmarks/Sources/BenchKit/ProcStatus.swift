import Foundation

/// Memory figures of a process from Linux's /proc/PID/status.
public struct ProcStatus: Sendable, Equatable {
    /// Peak resident set size (VmHWM) in bytes.
    public var peakResidentBytes: Int
    /// Current resident set size (VmRSS) in bytes.
    public var residentBytes: Int

    /// Reads this process's figures, or nil where /proc is not there.
    public static func current() -> ProcStatus? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parse(text)
    }

    /// Parses the text of a status file; nil unless both VmHWM and VmRSS are present.
    public static func parse(_ text: String) -> ProcStatus? {
        var hwm: Int?, rss: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmHWM:") { hwm = kilobytes(line) }
            if line.hasPrefix("VmRSS:") { rss = kilobytes(line) }
        }
        guard let hwm, let rss else { return nil }
        return ProcStatus(peakResidentBytes: hwm, residentBytes: rss)
    }

    // "VmHWM:     12345 kB" -> 12345 * 1024.
    private static func kilobytes(_ line: Substring) -> Int? {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 3, fields[2] == "kB", let value = Int(fields[1]) else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: 1024)
        return overflow ? nil : bytes
    }
}
