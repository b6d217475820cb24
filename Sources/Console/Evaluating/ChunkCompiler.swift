import LuaKit

/// Whether a piece of REPL input is a whole chunk yet.
public enum ChunkStatus: Equatable, Sendable {
    /// It compiles (as an expression or as statements).
    case complete
    /// It is the start of a chunk: the syntax error is at the end of the input, so more lines may finish it.
    case incomplete
    /// It can never compile, whatever follows; the message is Lua's.
    case invalid(String)
}

/// Compiles REPL input the way lua.c does: first as `return <input>` so that expressions print their values,
/// then as statements. Input is incomplete when Lua's syntax error ends at `<eof>` (lua.c's test); we also count
/// input whose expression form ends there (`1 +`, a table literal spread over lines), which lua.c rejects.
public enum ChunkCompiler {
    /// True when a syntax error message says the input ended too soon.
    public static func endsAtEOF(_ message: String) -> Bool { message.hasSuffix("<eof>") }

    /// Compiles `source` named `name` and, when it is complete, leaves the compiled function on the stack.
    public static func compile(_ source: String, name: String, on stack: LuaStack) -> ChunkStatus {
        let asExpression: LuaError
        do {
            try stack.load("return " + source, name: name)
            return .complete
        } catch {
            asExpression = error
        }
        do {
            try stack.load(source, name: name)
            return .complete
        } catch {
            if endsAtEOF(error.message) || endsAtEOF(asExpression.message) { return .incomplete }
            return .invalid(error.message)
        }
    }

    /// The status of `source` without leaving anything on the stack.
    public static func status(of source: String, on stack: LuaStack) -> ChunkStatus {
        let status = compile(source, name: "=stdin", on: stack)
        if status == .complete { stack.pop() }
        return status
    }
}
