import Testing
import Foundation
import LuaKit
@testable import Console

/// Feeds the REPL a fixed list of inputs and keeps what it remembers.
private final class ScriptedReader: LineReader {
    var inputs: [LineInput]
    var prompts: [String] = []
    var history: [String] = []
    init(_ inputs: [LineInput]) { self.inputs = inputs }
    convenience init(lines: [String]) { self.init(lines.map { .line($0) }) }
    func readLine(prompt: String, continuing: Bool) -> LineInput {
        prompts.append(prompt)
        return inputs.isEmpty ? .end : inputs.removeFirst()
    }
    func remember(_ entry: String) { history.append(entry) }
    func finish() {}
}

/// Collects what a session writes.
private final class Transcript: @unchecked Sendable {
    var values = ""
    var errors = ""
    var output: Output {
        Output(value: { [self] in values += $0 }, error: { [self] in errors += $0 })
    }
}

private func session(_ reader: LineReader, registry: CommandRegistry = .standard()) -> (REPL, Transcript) {
    let transcript = Transcript()
    let evaluator = Evaluator(state: LuaState(), output: transcript.output)
    return (REPL(evaluator: evaluator, registry: registry, reader: reader), transcript)
}

@Suite struct REPLTests {
    @Test func expressionsPrintAndStatementsDoNot() {
        let (repl, out) = session(ScriptedReader(lines: ["1 + 1", "x = 'a'", "x", "return 1, 2"]))
        repl.run()
        #expect(out.values == "2\n\"a\"\n1\t2\n")
        #expect(out.errors == "")
    }

    @Test func errorsDoNotEndTheSessionAndGlobalsSurvive() {
        let (repl, out) = session(ScriptedReader(lines: ["x = 41", "error('boom')", "x = x + 1 y = nil + 1", "x"]))
        repl.run()
        #expect(out.values == "42\n")
        #expect(out.errors.contains("stdin:1: boom\nstack traceback:"))
        #expect(out.errors.contains("attempt to perform arithmetic on a nil value"))
    }

    @Test func unfinishedChunksContinueWithTheSecondPrompt() {
        let reader = ScriptedReader(lines: ["for i = 1, 3 do", "  s = (s or 0) + i", "end", "s", "{", "1,", "2 }"])
        let (repl, out) = session(reader)
        repl.run()
        #expect(out.values == "6\n{ 1, 2 }\n")
        #expect(reader.prompts.prefix(4) == ["> ", ">> ", ">> ", "> "])
        #expect(reader.history.first == "for i = 1, 3 do\n  s = (s or 0) + i\nend")
    }

    @Test func promptsComeFromPromptGlobals() {
        let reader = ScriptedReader(lines: ["_PROMPT = 'lua% '", "_PROMPT2 = '...'", "if true then", "end"])
        let (repl, _) = session(reader)
        repl.run()
        #expect(reader.prompts == ["> ", "lua% ", "lua% ", "...", "lua% "])
    }

    @Test func inputEndingInsideAChunkReportsWhy() {
        let (repl, out) = session(ScriptedReader(lines: ["function f()"]))
        repl.run()
        #expect(out.errors.contains("'end' expected near <eof>"))
    }

    @Test func cancellingALineAbandonsTheChunk() {
        let (repl, out) = session(ScriptedReader([.line("x = {"), .cancelled, .line("x")]))
        repl.run()
        #expect(out.values == "nil\n")
        #expect(out.errors == "")
    }

    @Test func dotCommandsRunAndUnknownOnesSuggestTheNearest() {
        let registry = CommandRegistry.standard()
        var seen: [String] = []
        registry.register(DotCommand(name: "echo", synopsis: "WORDS", help: "say it", handler: { context in
            seen = context.words
            context.output.line(context.arguments.uppercased())
            return .proceed
        }))
        let (repl, out) = session(ScriptedReader(lines: [".echo one  two", ".ehco", ".help", ".quit", "1"]), registry: registry)
        repl.run()
        #expect(seen == ["one", "two"])
        #expect(out.values.hasPrefix("ONE  TWO\n"))
        #expect(out.values.contains(".load FILE"))
        #expect(out.values.contains(".echo WORDS"))
        #expect(!out.values.hasSuffix("1\n"), ".quit ends the session before the last line")
        #expect(out.errors == "unknown command '.ehco' (did you mean '.echo'?); .help lists the commands\n")
    }

    @Test func loadRunsAFileInTheSessionState() throws {
        let path = "/tmp/luadyn-repl-test-\(UInt32.random(in: 0...UInt32.max)).lua"
        let file = fopen(path, "w")
        fputs("loaded = 'yes'\nreturn 7\n", file)
        fclose(file)
        defer { remove(path) }
        let (repl, out) = session(ScriptedReader(lines: [".load " + path, "loaded", ".load", ".load /nonexistent.lua"]))
        repl.run()
        #expect(out.values == "7\n\"yes\"\n")
        #expect(out.errors.contains(".load: usage: .load FILE"))
        #expect(out.errors.contains("cannot open /nonexistent.lua"))
    }

    @Test func commandNamesComplete() {
        let (repl, _) = session(ScriptedReader(lines: []))
        let completer = Completer(state: repl.evaluator.state)
        #expect(repl.complete(".l", using: completer)?.candidates == ["load"])
        #expect(repl.complete("pri", using: completer)?.candidates == ["print"])
    }

    @Test func anEqualsSignAtTheStartMeansReturn() {
        let (repl, out) = session(ScriptedReader(lines: ["x = 5", "=x * 2", "= 'a', 'b'"]))
        repl.run()
        #expect(out.values == "10\n\"a\"\t\"b\"\n")
        #expect(out.errors == "")
    }

    @Test func promptsGoThroughTostring() {
        let reader = ScriptedReader(lines: ["n = 0", "_PROMPT = setmetatable({}, { __tostring = function() n = n + 1 return n .. '> ' end })",
                                            "_PROMPT2 = 2", "if true then", "end"])
        let (repl, _) = session(reader)
        repl.run()
        #expect(reader.prompts == ["> ", "> ", "1> ", "2> ", "2", "3> "])
    }

    @Test func aPromptWhoseTostringFailsIsReportedAndTheDefaultUsed() {
        let reader = ScriptedReader(lines: ["_PROMPT = setmetatable({}, { __tostring = function() error('no prompt') end })", "1"])
        let (repl, out) = session(reader)
        repl.run()
        #expect(reader.prompts == ["> ", "> ", "> "])
        #expect(out.values == "1\n")
        #expect(out.errors.contains("error in _PROMPT: stdin:1: no prompt"))
    }

    @Test func aReplacedPrintShowsTheResults() {
        let (repl, out) = session(ScriptedReader(lines: ["print = function(...) io.write('P:', select('#', ...), '\\n') end", "1, 2"]))
        repl.run()
        #expect(out.errors == "")
        // The replacement writes through io.write, not through the session's output.
        #expect(out.values == "")
    }

    @Test func aPrintThatCannotBeCalledIsAnErrorCallingPrint() {
        let (repl, out) = session(ScriptedReader(lines: ["print = nil", "10", "print = 5", "11"]))
        repl.run()
        #expect(out.values == "")
        #expect(out.errors.components(separatedBy: "error calling 'print' (attempt to call a nil value)").count == 2)
        #expect(out.errors.contains("error calling 'print' (attempt to call a number value)"))
    }

    @Test func failuresWhilePrintingAreErrorsAndTheSessionGoesOn() {
        let lines = [
            "setmetatable({}, { __tostring = function() error('bad tostring') end })",
            "{ 1, setmetatable({}, { __tostring = function() error('deep') end }) }",
            "setmetatable({}, { __tostring = function() return {} end })",
            "setmetatable({ 1 }, { __pairs = function() error('bad pairs') end, __index = function() error('bad index') end })",
            "do local t = setmetatable({}, { __gc = function() error('in gc') end }) t = nil collectgarbage() end return { 2 }",
            "'still here'",
        ]
        let (repl, out) = session(ScriptedReader(lines: lines))
        repl.run()
        #expect(out.errors.contains("stdin:1: bad tostring"))
        #expect(out.errors.contains("stdin:1: deep"))
        #expect(out.errors.contains("'__tostring' must return a string"))
        // Printing reads tables raw: __pairs and __index never run.
        #expect(out.values == "{ 1 }\n{ 2 }\n\"still here\"\n")
    }

    @Test func userdataPrintsByItsName() {
        let (repl, out) = session(ScriptedReader(lines: ["io.stdout", "getmetatable(io.stdout).__tostring = nil", "io.stdout"]))
        repl.run()
        #expect(out.values.hasPrefix("file ("))
        #expect(out.values.contains("\nFILE*: 0x"))
    }

    @Test func tracebacksEndWithTheCallerFrameAsLuasDo() {
        let (repl, out) = session(ScriptedReader(lines: ["error('x')"]))
        repl.run()
        #expect(out.errors.hasSuffix("\tstdin:1: in main chunk\n\t[C]: in ?\n"))
    }
}
