#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine

/// Reads lines from a terminal through libedit (emacs key bindings, `~/.editrc` honoured), with a persistent,
/// bounded history and Tab completion.
///
/// Ctrl-C is a key while a line is edited (the terminal's signal keys are off in edit mode): on an empty line
/// at the main prompt it ends the session like Ctrl-D; otherwise it abandons the line, or the unfinished chunk.
/// Ctrl-Z still suspends.
///
/// libedit is opened when the first reader is made, not linked: nothing else needs it, and a process that never
/// edits a line (a script, `-e`, piped input) then never maps it or the libraries under it.
public final class EditLineReader: LineReader {
    private let editor: OpaquePointer
    private let history: OpaquePointer?
    private let historyPath: String?
    private var promptText: UnsafeMutablePointer<CChar>
    private var cancelled = false
    private var continuing = false
    /// Completes the text before the cursor (set by the session).
    public var complete: ((String) -> Completion?)?
    /// Work to do while waiting for a key (a live view stepping its world), called about every `idleInterval`
    /// seconds; it returns whether it wants to go on being called. Nil, or once it returns false, keys are read
    /// by libedit's own reader.
    public var idle: (() -> Bool)?
    /// How long a wait for a key lasts before `idle` runs again.
    public var idleInterval = 0.004
    /// Whether libedit reads keys through `readCharacterWhileIdle` now.
    private var usesIdleReader = false

    /// Why libedit cannot be used (the dynamic loader's message, naming the library), or nil when it is loaded.
    /// The first call loads it.
    public static func libraryProblem() -> String? {
        luadyn_editline_open().map { String(cString: $0) }
    }

    /// A reader on the process's terminal; `historyPath` nil keeps history for this session only.
    /// Nil when libedit cannot be loaded (`libraryProblem` says why) or cannot start.
    public init?(historyPath: String?, historySize: Int32 = 1000) {
        guard EditLineReader.libraryProblem() == nil else { return nil }
        _ = setlocale(LC_CTYPE, "")
        guard let editor = luadyn_el_init("luadyn", luadyn_stdin(), luadyn_stdout(), luadyn_stderr()) else { return nil }
        self.editor = editor
        self.history = luadyn_history_new(historySize)
        self.historyPath = historyPath
        self.promptText = strdup("> ")
        if let history, let historyPath { _ = luadyn_history_load(history, historyPath) }

        luadyn_el_set_editor(editor, "emacs")
        luadyn_el_set_signal(editor, 1)
        if let history { luadyn_el_set_history(editor, history) }
        luadyn_el_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        luadyn_el_set_prompt(editor, { el in
            guard let el, let reader = EditLineReader.owner(of: el) else { return nil }
            return reader.promptText
        })
        // The user's ~/.editrc first, so that our keys stay ours.
        _ = luadyn_el_source(editor, nil)
        luadyn_el_add_function(editor, "luadyn-complete", "Complete Lua names", { el, _ in
            guard let el, let reader = EditLineReader.owner(of: el) else { return UInt8(CC_ERROR) }
            return reader.completeAtCursor()
        })
        luadyn_el_add_function(editor, "luadyn-interrupt", "Abandon the line, or quit on an empty one", { el, _ in
            guard let el, let reader = EditLineReader.owner(of: el) else { return UInt8(CC_EOF) }
            return reader.interruptKey()
        })
        luadyn_el_add_function(editor, "luadyn-suspend", "Suspend luadyn", { _, _ in
            _ = raise(SIGTSTP)
            return UInt8(CC_REDISPLAY)
        })
        luadyn_el_bind(editor, "^I", "luadyn-complete")
        luadyn_el_bind(editor, "^C", "luadyn-interrupt")
        luadyn_el_bind(editor, "^Z", "luadyn-suspend")
        luadyn_el_keys_not_signals(editor)
    }

    deinit {
        luadyn_el_end(editor)
        if let history { luadyn_history_end(history) }
        free(promptText)
    }

    private static func owner(of el: OpaquePointer) -> EditLineReader? {
        guard let raw = luadyn_el_clientdata(el) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Edits one line on the terminal (see the type's notes for Ctrl-C and Ctrl-D).
    public func readLine(prompt: String, continuing: Bool) -> LineInput {
        free(promptText)
        promptText = strdup(prompt)
        self.continuing = continuing
        cancelled = false
        fflush(luadyn_stdout())
        // The idle reader only while there is idle work: otherwise libedit reads keys exactly as it always does, and
        // its reading function is not touched at all (it is switched only when the need changes).
        let wantsIdleReader = idle?() == true
        if wantsIdleReader != usesIdleReader {
            usesIdleReader = wantsIdleReader
            luadyn_el_set_getc(editor, wantsIdleReader ? { el, character in
                guard let el, let character, let reader = EditLineReader.owner(of: el) else { return -1 }
                return reader.readCharacterWhileIdle(into: character)
            } : nil)
        }
        var count: Int32 = 0
        var line = luadyn_el_gets(editor, &count)
        var retries = 0
        // A signal (a window resize, a child process ending) can interrupt the read itself: read again.
        while line == nil, count < 0, errno == EINTR, retries < 100 {
            retries += 1
            line = luadyn_el_gets(editor, &count)
        }
        if cancelled { return .cancelled }
        guard let line, count > 0 else { return .end }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        return .line(text)
    }

    /// One character from standard input for libedit, running `idle` whenever no key came for `idleInterval`.
    /// Returns 1 with the character, 0 at the end of input, -1 on an error (libedit's contract).
    private func readCharacterWhileIdle(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        var wantsIdle = true
        var decoder = mbstate_t()
        while true {
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, wantsIdle ? Int32(idleInterval * 1000) : -1)
            if ready == 0 {
                wantsIdle = idle?() ?? false
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                return -1
            }
            var byte: CChar = 0
            let got = read(0, &byte, 1)
            if got == 0 { return 0 }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return -1
            }
            // A character may take several bytes (UTF-8): hand libedit the whole character.
            var wide: wchar_t = 0
            let used = mbrtowc(&wide, &byte, 1, &decoder)
            if used == size_t.max - 1 { continue }
            if used == size_t.max {
                decoder = mbstate_t()
                wide = wchar_t(UInt8(bitPattern: byte))
            }
            character.pointee = wide
            return 1
        }
    }

    /// Adds `entry` to the history and saves the history file.
    public func remember(_ entry: String) {
        guard let history, !entry.allSatisfy(\.isWhitespace) else { return }
        _ = luadyn_history_enter(history, entry)
        // Saved at once: `os.exit()` or a crash must not lose the session's lines.
        if let historyPath { _ = luadyn_history_save(history, historyPath) }
    }

    /// Ends the prompt's line, so the shell's prompt starts on a fresh one.
    public func finish() {
        fputs("\n", luadyn_stdout())
        fflush(luadyn_stdout())
    }

    /// Ctrl-C: an empty line at the main prompt ends the session; anything else is abandoned. The line is
    /// ended with a newline key so libedit leaves the text on screen and moves below it.
    private func interruptKey() -> UInt8 {
        let info = luadyn_el_line(editor).pointee
        let empty = info.lastchar == info.buffer
        if empty && !continuing { return UInt8(CC_EOF) }
        cancelled = true
        luadyn_el_push(editor, "\n")
        return UInt8(CC_NORM)
    }

    /// Tab: inserts what all candidates share, or lists them when that adds nothing.
    private func completeAtCursor() -> UInt8 {
        let info = luadyn_el_line(editor).pointee
        let length = info.cursor - info.buffer
        guard length >= 0 else { return UInt8(CC_ERROR) }
        let before = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: length), as: UTF8.self)
        // At the start of a line (only blanks before the cursor) Tab indents, as it does in an editor.
        if before.allSatisfy({ $0 == " " || $0 == "\t" }) {
            _ = luadyn_el_insertstr(editor, "  ")
            return UInt8(CC_REFRESH)
        }
        guard let completion = complete?(before), !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }
        let shared = completion.commonPrefix
        if shared.count > completion.partial.count {
            _ = luadyn_el_insertstr(editor, String(shared.dropFirst(completion.partial.count)))
            return UInt8(CC_REFRESH)
        }
        if completion.candidates.count == 1 { return UInt8(CC_REFRESH) }
        let columns = Int(luadyn_terminal_columns(1))
        fputs("\n" + CandidateColumns.format(completion.candidates, width: columns > 0 ? columns : 80), luadyn_stdout())
        fflush(luadyn_stdout())
        return UInt8(CC_REDISPLAY)
    }
}

/// Candidate names laid out in columns, as shells list completions.
enum CandidateColumns {
    static func format(_ names: [String], width: Int) -> String {
        let cell = (names.map(\.count).max() ?? 0) + 2
        let perLine = max(1, width / cell)
        let rows = (names.count + perLine - 1) / perLine
        var text = ""
        for row in 0..<rows {
            var line = ""
            for column in 0..<perLine {
                let i = column * rows + row
                guard i < names.count else { break }
                line += names[i] + String(repeating: " ", count: cell - names[i].count)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
