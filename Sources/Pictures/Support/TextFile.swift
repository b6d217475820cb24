#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes and appends text files through the C library, so Pictures needs no Foundation.
public enum TextFile {
    /// Replaces the file at `path` with `text` (UTF-8), atomically: the text goes to a temporary file beside it,
    /// which then takes the name. A write that fails leaves the old file as it was, never half a new one.
    public static func write(_ text: String, to path: String) throws(PictureError) {
        try checkName(path)
        let temporary = path + ".luadyn-\(getpid()).tmp"
        do throws(PictureError) {
            try output(text, to: temporary, mode: "w")
        } catch {
            unlink(temporary)
            throw error.renamed(to: path)
        }
        guard rename(temporary, path) == 0 else {
            let reason = lastErrorText()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// Adds `text` at the end of the file at `path`, creating it if needed (traces grow a frame at a time).
    public static func append(_ text: String, to path: String) throws(PictureError) {
        try checkName(path)
        try output(text, to: path, mode: "a")
    }

    /// Whether a file (or anything else) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// An empty name, or one with a NUL that the system would cut short, is refused.
    private static func checkName(_ path: String) throws(PictureError) {
        guard !path.isEmpty else { throw .cannotWrite(path: path, reason: "empty file name") }
        guard !path.utf8.contains(0) else { throw .cannotWrite(path: path, reason: "the name contains a NUL character") }
    }

    private static func output(_ text: String, to path: String, mode: String) throws(PictureError) {
        guard let file = fopen(path, mode) else { throw .cannotWrite(path: path, reason: lastErrorText()) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
            return fwrite(base, 1, buffer.count, file)
        }
        let flushed = fflush(file)
        let closed = fclose(file)
        guard written == bytes.count, flushed == 0, closed == 0 else {
            throw .cannotWrite(path: path, reason: lastErrorText())
        }
    }

    private static func lastErrorText() -> String {
        guard let message = strerror(errno) else { return "error \(errno)" }
        return String(cString: message)
    }
}
