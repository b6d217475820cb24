import Foundation
import Testing

/// luadyn through pipes: the REPL reading a transcript, and the lua.c command line.
@Suite struct PipeTests {
    @Test func pipedInputWithoutOptionsRunsAsAFile() throws {
        let result = try LuaDyn.run([], input: "local x = 20\nprint(x + 1)\nreturn 5\n")
        #expect(result.stdout == "21\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        // As a file, an expression statement is a syntax error, reported with the chunk name `stdin`.
        let expression = try LuaDyn.run([], input: "1 + 1\n")
        #expect(expression.stderr.hasPrefix(LuaDyn.prefix + "stdin:1: unexpected symbol near '1'"))
        #expect(expression.status == 1)
    }

    @Test func interactiveWithPipedInputEchoesATranscriptWithPrompts() throws {
        let result = try LuaDyn.run(["-i"], input: "1 + 1\nx = { 10 }\n#x, 'two'\nreturn 1, nil\n")
        let version = LuaDyn.versionLine
        #expect(result.stdout == version + "\n> 1 + 1\n2\n> x = { 10 }\n> #x, 'two'\n1\ttwo\n> return 1, nil\n1\tnil\n> \n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func errorsGoToStderrAndTheSessionGoesOn() throws {
        let result = try LuaDyn.run(["-i"], input: "x = 1\nerror('boom')\nx = x + 1\nx\nfor\n")
        #expect(result.stdout.contains("> x\n2\n"))
        #expect(result.stderr.hasPrefix("stdin:1: boom\nstack traceback:\n"))
        #expect(result.stderr.contains("<name> expected near <eof>"))
        #expect(result.status == 0)
    }

    @Test func unfinishedChunksReadMoreLines() throws {
        let result = try LuaDyn.run(["-i"], input: "function sq(x)\n  return x * x\nend\nsq(\n12)\n")
        #expect(result.stdout.hasSuffix("> sq(\n>> 12)\n144\n> \n"))
    }

    @Test func dotCommandsWork() throws {
        let dir = try LuaDyn.temporaryDirectory()
        try "greeting = 'hello'\n".write(to: dir.appendingPathComponent("g.lua"), atomically: true, encoding: .utf8)
        let result = try LuaDyn.run(["-i"], input: ".help\n.load g.lua\ngreeting\n.hepl\n.quit\nprint('after quit')\n", in: dir)
        #expect(result.stdout.contains(".load FILE"))
        #expect(result.stdout.contains("> greeting\nhello\n"))
        #expect(!result.stdout.contains("after quit"))
        #expect(result.stderr == "unknown command '.hepl' (did you mean '.help'?); .help lists the commands\n")
    }

    @Test func executeOptionsRunInOrderAndSkipTheREPL() throws {
        let result = try LuaDyn.run(["-e", "x = 1", "-ex = x * 10", "-e", "print(x)"], input: "print('not read')\n")
        #expect(result.stdout == "10\n")
        #expect(result.status == 0)
    }

    @Test func interactiveAfterAScriptKeepsItsGlobals() throws {
        let dir = try LuaDyn.temporaryDirectory()
        try "made = { by = 'script' }\n".write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        let result = try LuaDyn.run(["-i", "s.lua"], input: "made.by\n", in: dir)
        #expect(result.stdout == LuaDyn.versionLine + "\n> made.by\nscript\n> \n")
    }

    @Test func librariesLoadIntoGlobals() throws {
        let dir = try LuaDyn.temporaryDirectory()
        try "return { twice = function(x) return 2 * x end }\n"
            .write(to: dir.appendingPathComponent("mymod.lua"), atomically: true, encoding: .utf8)
        let plain = try LuaDyn.run(["-l", "mymod", "-e", "print(mymod.twice(21))"], in: dir)
        #expect(plain.stdout == "42\n")
        let renamed = try LuaDyn.run(["-lm=mymod", "-e", "print(m.twice(4), mymod)"], in: dir)
        #expect(renamed.stdout == "8\tnil\n")
        let missing = try LuaDyn.run(["-l", "nosuchmod"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix(LuaDyn.prefix + "module 'nosuchmod' not found"))
    }

    @Test func dashRunsStandardInputWithArguments() throws {
        let result = try LuaDyn.run(["-", "a", "b"], input: "print(...)\nprint(arg[0], #arg)\n")
        #expect(result.stdout == "a\tb\n-\t2\n")
    }

    @Test func theArgTableIsLaidOutAsLuaDoesIt() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let script = "print(arg[-2] ~= nil, arg[-1], arg[0], arg[1], arg[2], #arg, select('#', ...))\n"
        try script.write(to: dir.appendingPathComponent("args.lua"), atomically: true, encoding: .utf8)
        let result = try LuaDyn.run(["-e", "x=1", "args.lua", "one", "-e"], in: dir)
        #expect(result.stdout == "true\tx=1\targs.lua\tone\t-e\t2\t2\n")
        let afterDashes = try LuaDyn.run(["--", "args.lua"], in: dir)
        #expect(afterDashes.stdout == "true\t--\targs.lua\tnil\tnil\t0\t0\n")
    }

    @Test func aFailingScriptPrintsWhereAndATracebackAndExitsWithOne() throws {
        let dir = try LuaDyn.temporaryDirectory()
        try "local function f()\n  error('boom')\nend\nf()\nprint('unreached')\n"
            .write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let result = try LuaDyn.run(["bad.lua"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(LuaDyn.prefix + "bad.lua:2: boom\nstack traceback:\n"))
        #expect(result.stderr.hasSuffix("bad.lua:4: in main chunk\n\t[C]: in ?\n"))
    }

    @Test func commandLineErrorsExitWithOne() throws {
        let missing = try LuaDyn.run(["nothere.lua"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix(LuaDyn.prefix + "cannot open nothere.lua"))
        let syntax = try LuaDyn.run(["-e", "x ="])
        #expect(syntax.status == 1)
        #expect(syntax.stderr.hasPrefix(LuaDyn.prefix + "(command line):1: unexpected symbol near <eof>"))
        let option = try LuaDyn.run(["-x"])
        #expect(option.status == 1)
        #expect(option.stderr.hasPrefix(LuaDyn.prefix + "unrecognized option '-x'\nusage: \(LuaDyn.binary) [options] [script [args]]"))
        let noArgument = try LuaDyn.run(["-e"])
        #expect(noArgument.stderr.hasPrefix(LuaDyn.prefix + "'-e' needs argument"))
    }

    @Test func helpAndVersion() throws {
        let help = try LuaDyn.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: \(LuaDyn.binary) [options] [script [args]]"))
        let version = try LuaDyn.run(["-v"], input: "print('not read')\n")
        #expect(version.stdout.hasPrefix("luadyn "))
        // The release and copyright line of the Lua inside, as `lua -v` prints it.
        #expect(version.stdout.contains("Lua 5.4."))
        #expect(version.stdout.hasSuffix("Lua.org, PUC-Rio\n"))
        #expect(!version.stdout.contains("not read"))
    }

    @Test func ctrlCInterruptsARunningScript() throws {
        let scratch = try LuaDyn.temporaryDirectory()
        let running = try LuaDyn.start(["-e", "io.write('spinning\\n') io.flush() while true do end"],
                                       input: "", in: scratch, scratch: scratch)
        #expect(LuaDyn.waitUntil { running.output().contains("spinning") })
        running.process.interrupt()
        // Never hang the suite: a process that ignores the interrupt is killed, and the test fails below.
        if !LuaDyn.waitUntil({ !running.process.isRunning }) { kill(running.process.processIdentifier, SIGKILL) }
        running.process.waitUntilExit()
        let result = running.result()
        #expect(result.status == 1)
        // Where the hook fires decides whether a position comes first (`(command line):1: interrupted!`).
        #expect(result.stderr.hasPrefix(LuaDyn.prefix))
        #expect(result.stderr.contains("interrupted!\nstack traceback:"))
    }
}
