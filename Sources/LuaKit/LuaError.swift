/// An error on its way into Lua (from a Swift function Lua called) or out of it (from a chunk or callback Swift ran).
public struct LuaError: Error, Sendable, CustomStringConvertible {
    /// How the error becomes a Lua error when a Swift function raises it.
    public enum Kind: Sendable, Equatable {
        /// `bad argument #n to 'name' (message)`, numbered as Lua's own luaL_argerror numbers it.
        case argument(Int32)
        /// A plain message; Lua prefixes the caller's `chunk:line:` as luaL_error does.
        case message
        /// The text is final: nothing is added (errors coming back out of Lua, with their tracebacks).
        case raw
    }

    public var kind: Kind
    public var message: String

    public init(_ message: String, kind: Kind = .message) {
        self.message = message
        self.kind = kind
    }

    /// `bad argument #n to '<function>' (message)`.
    public static func argument(_ n: Int32, _ message: String) -> LuaError { LuaError(message, kind: .argument(n)) }

    /// `bad argument #n to '<function>' (<expected> expected, got <actual>)`.
    public static func typeMismatch(_ n: Int32, expected: String, got: String) -> LuaError {
        .argument(n, "\(expected) expected, got \(got)")
    }

    public var description: String { message }
}
