/// Why a live view could not start, worded for the person who asked for it.
public struct LiveViewError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The reason, e.g. `port 8080 is busy (another program listens on it)`.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
