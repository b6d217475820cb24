import Testing
import LuaKit
@testable import Console

@Suite struct ChunkCompilerTests {
    let lua = LuaState()

    @Test func wholeStatementsAndExpressionsAreComplete() {
        #expect(ChunkCompiler.status(of: "x = 1", on: lua.stack) == .complete)
        #expect(ChunkCompiler.status(of: "1 + 1", on: lua.stack) == .complete)
        #expect(ChunkCompiler.status(of: "", on: lua.stack) == .complete)
        #expect(lua.stack.top == 0)
    }

    @Test func chunksCutShortAreIncomplete() {
        for source in ["for i = 1, 3 do", "function f()", "x = ", "if x then print(1) else", "t = {", "print(",
                       "--[[ a long comment", "s = [[ a long string", "1 +", "{ 1,\n 2,"] {
            #expect(ChunkCompiler.status(of: source, on: lua.stack) == .incomplete, "\(source)")
        }
    }

    @Test func errorsBeforeTheEndAreInvalid() {
        for source in ["x = = 1", "return )", "\"no end\n\"", "for do end", "local 1 = 2"] {
            guard case .invalid(let message) = ChunkCompiler.status(of: source, on: lua.stack) else {
                Issue.record("\(source) should be invalid")
                continue
            }
            #expect(message.hasPrefix("stdin:1:"))
            #expect(!message.hasSuffix("<eof>"))
        }
    }

    @Test func expressionsCompileAsReturnsSoTheirValuesComeBack() throws {
        #expect(ChunkCompiler.compile("6 * 7", name: "=stdin", on: lua.stack) == .complete)
        try lua.stack.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 42)
        lua.stack.pop()
    }

    @Test func multiLineChunksCompileOnceFinished() throws {
        let source = "local s = 0\nfor i = 1, 4 do\n  s = s + i\nend\nreturn s"
        #expect(ChunkCompiler.compile(source, name: "=stdin", on: lua.stack) == .complete)
        try lua.stack.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 10)
        lua.stack.pop()
    }
}
