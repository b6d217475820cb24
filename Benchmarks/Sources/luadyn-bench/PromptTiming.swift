import BenchKit
import Foundation
import TerminalShim

/// Time from starting an interactive interpreter to its first prompt, the way a person meets it: the program's
/// standard streams are a pseudo-terminal, so it starts its line editor and loads its history as it would in a
/// terminal. `-e ''` (the other start-up row) skips all of that.
enum PromptTiming {
    /// Seconds from posix_spawn until `prompt` appears in what `path` writes, or nil when it did not appear within
    /// `timeout` seconds. The program is killed once its prompt is out.
    static func secondsToPrompt(_ path: String, prompt: String = "> ", timeout: Double = 5) -> Double? {
        var name = [CChar](repeating: 0, count: 128)
        let master = terminal_shim_open(&name, name.count)
        guard master >= 0 else { return nil }
        defer { close(master) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own, so the terminal it opens becomes its controlling terminal, as in a real one.
        posix_spawnattr_setflags(&attributes, terminal_shim_spawn_setsid_flag())
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        defer { for p in argv { free(p) } }

        let start = MonotonicClock.now()
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else { return nil }
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        let wanted = Array(prompt.utf8)
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let waited = Double(MonotonicClock.now() - start) / 1e9
            guard waited < timeout else { return nil }
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32((timeout - waited) * 1000) + 1) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return nil }
            seen.append(contentsOf: buffer[0..<n])
            if seen.count >= wanted.count && contains(seen, wanted) {
                return Double(MonotonicClock.now() - start) / 1e9
            }
        }
    }

    /// The median over `runs` runs after one untimed run, as text.
    static func median(_ path: String, runs: Int) -> String {
        guard secondsToPrompt(path) != nil else { return "no prompt within 5 s" }
        var times: [Double] = []
        for _ in 0..<runs {
            guard let t = secondsToPrompt(path) else { return "no prompt within 5 s" }
            times.append(t)
        }
        times.sort()
        return Format.fixed(times[times.count / 2] * 1000, 2) + " ms"
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
