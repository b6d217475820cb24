#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes and appends text files through the C library, so Pictures needs no Foundation.
public enum TextFile {
    /// Replaces the file at `path` with `text` (UTF-8).
    public static func write(_ text: String, to path: String) throws(PictureError) {
        try output(text, to: path, mode: "w")
    }

    /// Adds `text` at the end of the file at `path`, creating it if needed (traces grow a frame at a time).
    public static func append(_ text: String, to path: String) throws(PictureError) {
        try output(text, to: path, mode: "a")
    }

    private static func output(_ text: String, to path: String, mode: String) throws(PictureError) {
        guard !path.isEmpty else { throw .cannotWrite(path: path, reason: "empty file name") }
        guard let file = fopen(path, mode) else { throw .cannotWrite(path: path, reason: lastErrorText()) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
            return fwrite(base, 1, buffer.count, file)
        }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else { throw .cannotWrite(path: path, reason: lastErrorText()) }
    }

    private static func lastErrorText() -> String {
        guard let message = strerror(errno) else { return "error \(errno)" }
        return String(cString: message)
    }
}
