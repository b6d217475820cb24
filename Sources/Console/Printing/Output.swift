import CEditLine

/// Where the console writes: values to one sink, errors to another.
///
/// The standard one writes through C's stdout and stderr, the same buffers Lua's `print` and `io.write` use,
/// and flushes stdout before every error so that a transcript captured with `2>&1` keeps its order.
/// Tests pass closures that collect the text instead.
public struct Output: Sendable {
    private let writeValue: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// An output that hands values and errors to the given closures.
    public init(value: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.writeValue = value
        self.writeError = error
    }

    /// The process's stdout and stderr.
    public static let standard = Output(
        value: { text in
            writeBytes(text, to: luadyn_stdout())
        },
        error: { text in
            fflush(luadyn_stdout())
            writeBytes(text, to: luadyn_stderr())
            fflush(luadyn_stderr())
        })

    /// Writes `text` as it is to the value sink.
    public func write(_ text: String) { writeValue(text) }

    /// Writes `text` and a newline to the value sink.
    public func line(_ text: String) { writeValue(text + "\n") }

    /// Writes `text` to the error sink, with a newline unless told otherwise.
    public func error(_ text: String, newline: Bool = true) { writeError(newline ? text + "\n" : text) }

    /// Pushes buffered values out (before the console waits for input, or exits).
    public func flush() { fflush(luadyn_stdout()) }
}

/// Writes every byte of `text`, NULs included (fputs would stop at the first one and cut the line short).
private func writeBytes(_ text: String, to file: UnsafeMutablePointer<FILE>?) {
    var copy = text
    copy.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
}
