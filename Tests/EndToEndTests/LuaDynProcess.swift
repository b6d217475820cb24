import Foundation

/// The built `luadyn` binary, and a way to run it through pipes.
enum LuaDyn {
    /// `$LUADYN_BINARY`, else `luadyn` beside the test bundle (the same build folder), else the package's
    /// debug build.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["LUADYN_BINARY"] { return path }
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [bundleDirectory, bundleDirectory.deletingLastPathComponent(), Bundle.main.bundleURL] {
            let candidate = directory.appendingPathComponent("luadyn").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/luadyn").path
    }()

    /// What lua.c-style messages start with: the program as it was called (argv[0]: the binary's path here).
    static var prefix: String { binary + ": " }

    /// The first line of `luadyn -v` (and of `luadyn -i`).
    static var versionLine: String {
        (try? run(["-v"]).stdout.split(separator: "\n").first.map(String.init)) ?? "?"
    }

    /// The repository root, from this file's place in it (Tests/EndToEndTests/LuaDynProcess.swift).
    static let repositoryRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// What one run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A fresh empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("luadyn-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs luadyn with `arguments`, `input` on its standard input, in `directory`, and waits for it to end.
    /// Output goes to files, so neither pipe can fill up and stall the process.
    /// Variables named in `unsetting` are removed from the inherited environment.
    static func run(_ arguments: [String], input: String = "", in directory: URL? = nil,
                    environment: [String: String] = [:], unsetting: [String] = []) throws -> Result {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let started = try start(arguments, input: input, in: directory ?? scratch, scratch: scratch,
                                environment: environment, unsetting: unsetting)
        started.process.waitUntilExit()
        return started.result()
    }

    /// A luadyn process that is running, with the files its output goes to.
    struct Running {
        let process: Process
        let stdoutPath: URL
        let stderrPath: URL

        func output() -> String { (try? String(contentsOf: stdoutPath, encoding: .utf8)) ?? "" }
        func result() -> Result {
            Result(status: process.terminationStatus, stdout: output(),
                   stderr: (try? String(contentsOf: stderrPath, encoding: .utf8)) ?? "")
        }
    }

    /// Starts luadyn without waiting for it.
    static func start(_ arguments: [String], input: String, in directory: URL, scratch: URL,
                      environment: [String: String] = [:], unsetting: [String] = []) throws -> Running {
        let inputPath = scratch.appendingPathComponent("stdin")
        let stdoutPath = scratch.appendingPathComponent("stdout")
        let stderrPath = scratch.appendingPathComponent("stderr")
        try input.write(to: inputPath, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: stdoutPath.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = scratch.path
        for key in unsetting { env[key] = nil }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: inputPath)
        process.standardOutput = try FileHandle(forWritingTo: stdoutPath)
        process.standardError = try FileHandle(forWritingTo: stderrPath)
        allowTerminationSignals()
        try process.run()
        return Running(process: process, stdoutPath: stdoutPath, stderrPath: stderrPath)
    }

    /// Unblocks the signals a child must be able to receive: children inherit the blocked set of the thread that
    /// starts them, and the test runner's threads block SIGINT, SIGTERM and SIGHUP.
    static func allowTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Polls `condition` until it holds or `seconds` pass (a guard against hanging, not a measurement).
    @discardableResult
    static func waitUntil(seconds: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
