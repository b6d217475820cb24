/// Why a picture could not be made: bad options or an unwritable file. Never a trap.
public enum PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option is out of its range; the message names it and the range.
    case invalidOption(String)
    /// A file could not be written; the path and the system's reason.
    case cannotWrite(path: String, reason: String)

    /// The same error told of `path` (a temporary file's failure is the failure to write the file it stood for).
    func renamed(to path: String) -> PictureError {
        guard case .cannotWrite(_, let reason) = self else { return self }
        return .cannotWrite(path: path, reason: reason)
    }

    /// The message a script shows the user.
    public var description: String {
        switch self {
        case .invalidOption(let message): return message
        case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
        }
    }
}
