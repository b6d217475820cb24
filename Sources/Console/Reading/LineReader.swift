/// One read from the user.
public enum LineInput: Equatable, Sendable {
    /// A line, without its newline.
    case line(String)
    /// The user abandoned the line (Ctrl-C with text on it, or in the middle of a chunk).
    case cancelled
    /// No more input: Ctrl-D, Ctrl-C on an empty line, or the end of piped input.
    case end
}

/// Where the REPL gets its lines: the terminal through libedit, plain standard input, or a test's script.
public protocol LineReader: AnyObject {
    /// Shows `prompt` (when the reader shows prompts) and reads one line. `continuing` is true inside an
    /// unfinished chunk.
    func readLine(prompt: String, continuing: Bool) -> LineInput
    /// Records a finished entry (a whole chunk, or a command) in the history, if the reader keeps one.
    func remember(_ entry: String)
    /// Called once when the session ends (for a terminal: a final newline after the prompt).
    func finish()
}

/// Reads plain lines from standard input with no editing and no escape codes: for pipes and files (`-i` with
/// piped input). When it shows prompts it also echoes each line after its prompt, as lua's line reader does when
/// its input is not a terminal, so the output reads as a transcript.
public final class PlainLineReader: LineReader {
    private let output: Output
    private let showsPrompts: Bool
    private let echoes: Bool

    /// A reader of standard input; prompts go to `output` when `showsPrompts`, and so does each line read unless
    /// `echoes` is false (a terminal without line editing shows what is typed itself).
    public init(output: Output = .standard, showsPrompts: Bool = false, echoes: Bool = true) {
        self.output = output
        self.showsPrompts = showsPrompts
        self.echoes = echoes
    }

    /// The next line of standard input, or `.end` at its end.
    public func readLine(prompt: String, continuing: Bool) -> LineInput {
        if showsPrompts { output.write(prompt) }
        output.flush()
        // Swift's readLine reads C's stdin, the same buffer Lua's io.read uses, so a script may read the lines
        // that follow it in the transcript.
        guard let line = Swift.readLine(strippingNewline: true) else { return .end }
        if showsPrompts && echoes { output.line(line) }
        return .line(line)
    }

    /// Plain input keeps no history.
    public func remember(_ entry: String) {}

    /// Ends the last prompt's line when prompts are shown.
    public func finish() {
        if showsPrompts { output.write("\n") }
    }
}
