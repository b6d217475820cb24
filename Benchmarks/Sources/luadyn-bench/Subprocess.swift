import Foundation

/// Starting other programs: this one again (one child per measurement), luadyn and lua5.4 (start-up time).
enum Subprocess {
    /// How a child ended and what it printed.
    struct Outcome {
        var status: Int32
        /// True when a signal ended it (a Swift trap, an assertion, a crash).
        var crashed: Bool
        var output: String
        var errors: String

        /// Why it failed, in a few words for a table: a stub hit, a crash or an exit status, with its last error line.
        var failure: String {
            let lines = errors.split(separator: "\n")
            let last = lines.first { $0.contains("Fatal error") } ?? lines.first ?? ""
            if errors.contains("Fatal error: STUB") { return "pending (reached a STUB)" }
            return (crashed ? "crashed" : "exit status \(status)") + (last.isEmpty ? "" : ": \(last.prefix(160))")
        }
    }

    /// The path of the running executable.
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Runs a program to its end, or returns nil if it could not start.
    static func run(_ path: String, _ arguments: [String]) -> Outcome? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return nil }
        // Read standard error on another thread so neither pipe can fill up and stall the child.
        let errors = ErrorCollector()
        let reader = Thread { errors.data = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errors.done { usleep(1000) }
        return Outcome(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                       output: String(decoding: data, as: UTF8.self),
                       errors: String(decoding: errors.data ?? Data(), as: UTF8.self))
    }

    /// Runs a program with posix_spawn, its output thrown away, and waits for it: the exit status, or nil if it
    /// could not start or a signal ended it. Cheap enough to time a program's start-up.
    static func spawnAndWait(_ path: String, _ arguments: [String]) -> Int32? {
        spawnAndWaitWithUsage(path, arguments)?.status
    }

    /// `spawnAndWait`, also giving the processor time the child used (user and system, from wait4), in seconds:
    /// unlike the wall time, it does not grow with the time the child waited for a core on a busy machine.
    static func spawnAndWaitWithProcessorTime(_ path: String, _ arguments: [String]) -> (status: Int32, seconds: Double)? {
        guard let (status, usage) = spawnAndWaitWithUsage(path, arguments) else { return nil }
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
        return (status, user + system)
    }

    /// The peak resident set in bytes of one run of `path` with `arguments`, measured by GNU time (`/usr/bin/time
    /// -f %M`), or nil without it. Not this process's own wait4: a child started by posix_spawn shares this
    /// process's memory until it runs the program, and the kernel keeps that high-water mark (this process's
    /// tens of megabytes) as the child's ru_maxrss. GNU time is small, so its children's figures are their own.
    static func peakResidentBytes(_ path: String, _ arguments: [String]) -> Int? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time),
              let outcome = run(time, ["-f", "peak-kb %M", path] + arguments), outcome.status == 0,
              let line = outcome.errors.split(separator: "\n").last(where: { $0.hasPrefix("peak-kb ") }),
              let kilobytes = Int(line.dropFirst("peak-kb ".count)) else { return nil }
        return kilobytes * 1024
    }

    /// Runs a program with posix_spawn, output to /dev/null, and waits for it: its exit status and resource usage
    /// (wait4), or nil if it could not start or a signal ended it. The usage's ru_maxrss is at least this process's
    /// own resident set (see `peakResidentBytes`).
    private static func spawnAndWaitWithUsage(_ path: String, _ arguments: [String]) -> (status: Int32, usage: rusage)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { return nil }
        }
        // Exited normally: the low 7 bits are zero and the status sits in the next byte.
        guard status & 0x7f == 0 else { return nil }
        return ((status >> 8) & 0xff, usage)
    }

    /// Finds a program on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Standard error of a child, filled by a reader thread; `done` turns true once it is set.
final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?
    private var finished = false
    var data: Data? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; finished = true } }
    }
    var done: Bool { lock.withLock { finished } }
}
