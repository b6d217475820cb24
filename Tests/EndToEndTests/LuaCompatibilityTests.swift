import Foundation
import Testing

/// luadyn in place of `lua`: the behaviours of lua.c's command line, checked through pipes with lua's wording and
/// exit statuses (docs/lua-compatibility.md lists where luadyn deliberately differs).
@Suite struct LuaCompatibilityTests {
    private func file(_ text: String, named name: String = "prog.lua", in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func luaInitRunsBeforeTheOptionsAndTheVersionedNameWins() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let prog = try file("print(X)\n", in: dir)
        let plain = try LuaDyn.run([prog, "3.2"], environment: ["LUA_INIT": "X = tonumber(arg[1])"], unsetting: ["LUA_INIT_5_4"])
        #expect(plain.stdout == "3.2\n")
        let versioned = try LuaDyn.run([prog], environment: ["LUA_INIT_5_4": "X = 10", "LUA_INIT": "X = 3"])
        #expect(versioned.stdout == "10\n")
        let beforeE = try LuaDyn.run(["-e", "print(X + 1)"], environment: ["LUA_INIT": "X = 1"], unsetting: ["LUA_INIT_5_4"])
        #expect(beforeE.stdout == "2\n")
    }

    @Test func luaInitCanNameAFile() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let prog = try file("x = x or 10; print(x); x = x + 1\n", in: dir)
        let result = try LuaDyn.run([prog], environment: ["LUA_INIT": "@" + prog], unsetting: ["LUA_INIT_5_4"])
        #expect(result.stdout == "10\n11\n")
    }

    @Test func luaInitErrorsStopWithLuasMessageAndStatus() throws {
        let failing = try LuaDyn.run(["-e", "print('not reached')"], environment: ["LUA_INIT": "error('msg')"],
                                     unsetting: ["LUA_INIT_5_4"])
        #expect(failing.status == 1)
        #expect(failing.stdout == "")
        #expect(failing.stderr.hasPrefix(LuaDyn.prefix + "LUA_INIT:1: msg\nstack traceback:\n"))
        #expect(failing.stderr.hasSuffix("LUA_INIT:1: in main chunk\n\t[C]: in ?\n"))
        let versioned = try LuaDyn.run([], environment: ["LUA_INIT_5_4": "x ="])
        #expect(versioned.stderr == LuaDyn.prefix + "LUA_INIT_5_4:1: unexpected symbol near <eof>\n")
        #expect(versioned.status == 1)
    }

    @Test func anUnreadableLuaInitFileIsReportedAsLuaReportsIt() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let missing = try LuaDyn.run(["-e", "print(1)"], environment: ["LUA_INIT": "@" + dir.path + "/none.lua"],
                                     unsetting: ["LUA_INIT_5_4"])
        #expect(missing.stderr == LuaDyn.prefix + "cannot open \(dir.path)/none.lua: No such file or directory\n")
        #expect(missing.status == 1)
        #expect(missing.stdout == "")
        // A directory opens but cannot be read.
        let directory = try LuaDyn.run(["-e", "print(1)"], environment: ["LUA_INIT": "@" + dir.path], unsetting: ["LUA_INIT_5_4"])
        #expect(directory.stderr == LuaDyn.prefix + "cannot read \(dir.path): Is a directory\n")
        #expect(directory.status == 1)
    }

    @Test func dashCapitalEIgnoresLuaInitAndThePathVariables() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let prog = try file("print(package.path)\nprint(package.cpath)\n", in: dir)
        let environment = ["LUA_INIT": "error(10)", "LUA_PATH": "xxx", "LUA_CPATH": "yyy", "LUA_PATH_5_4": "zzz"]
        let ignored = try LuaDyn.run(["-E", prog], environment: environment)
        #expect(ignored.status == 0)
        #expect(!ignored.stdout.contains("xxx") && !ignored.stdout.contains("yyy") && !ignored.stdout.contains("zzz"))
        #expect(ignored.stdout.contains("?.lua") && ignored.stdout.contains("?.so"))
        let used = try LuaDyn.run([prog], environment: ["LUA_PATH": "x;y", "LUA_CPATH_5_4": "c"], unsetting: ["LUA_INIT", "LUA_INIT_5_4", "LUA_PATH_5_4"])
        #expect(used.stdout == "x;y\nc\n")
    }

    @Test func binaryChunksRunWithDashCapitalEAndTruncatedOnesFailAsInLua() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let whole = dir.appendingPathComponent("whole.luac").path
        let cut = dir.appendingPathComponent("cut.luac").path
        let maker = """
            local code = string.dump(load("print('binary', ...)"))
            local f = assert(io.open(arg[1], "wb")) f:write(code) f:close()
            f = assert(io.open(arg[2], "wb")) f:write(code:sub(1, 20)) f:close()
            """
        let made = try LuaDyn.run([try file(maker, named: "make.lua", in: dir), whole, cut])
        #expect(made.status == 0)
        let runs = try LuaDyn.run(["-E", whole, "x"])
        #expect(runs.stdout == "binary\tx\n")
        #expect(runs.status == 0)
        let truncated = try LuaDyn.run(["-E", cut])
        #expect(truncated.stderr == LuaDyn.prefix + "\(cut): bad binary format (truncated chunk)\n")
        #expect(truncated.status == 1)
    }

    @Test func optionsMissingTheirArgumentAreRejectedWithTheUsage() throws {
        for option in ["-e", "-l"] {
            let result = try LuaDyn.run([option])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix(LuaDyn.prefix + "'\(option)' needs argument\nusage: \(LuaDyn.binary) [options]"))
        }
        // The next word may not be another option.
        let next = try LuaDyn.run(["-l", "-i"])
        #expect(next.stderr.hasPrefix(LuaDyn.prefix + "'-l' needs argument\n"))
        for bad in ["-h", "---", "-Ex", "-vv", "-iv"] {
            let result = try LuaDyn.run([bad])
            #expect(result.stderr.hasPrefix(LuaDyn.prefix + "unrecognized option '\(bad)'\n"))
            #expect(result.status == 1)
        }
    }

    @Test func theArgTableMayBeChangedBeforeTheScriptReadsIt() throws {
        let changed = try LuaDyn.run(["-e", "arg[1] = 100", "-"], input: "print(...)\n")
        #expect(changed.stdout == "100\n")
        let grown = try LuaDyn.run(["-e", "arg[2] = 'b'", "-", "a"], input: "print(...)\n")
        #expect(grown.stdout == "a\tb\n")
        let broken = try LuaDyn.run(["-e", "arg = 1", "-"], input: "\n")
        #expect(broken.stderr == LuaDyn.prefix + "'arg' is not a table\n")
        #expect(broken.status == 1)
    }

    @Test func aScriptThatFailsWithArgumentsReportsItsErrorAsLuaDoes() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let prog = try file("local a, b = ...\nerror('failed with ' .. a .. ' and ' .. b)\n", in: dir)
        // The call takes the script's arguments with it: nothing more may be popped after it fails.
        let failing = try LuaDyn.run([prog, "x", "y"])
        #expect(failing.status == 1)
        // The chunk name is the path, shortened with "..." when long, as lua shortens it.
        #expect(failing.stderr.hasPrefix(LuaDyn.prefix))
        #expect(failing.stderr.contains("prog.lua:2: failed with x and y\nstack traceback:\n"))
        #expect(failing.stderr.hasSuffix("in main chunk\n\t[C]: in ?\n"))
        let piped = try LuaDyn.run(["-", "one"], input: "error((...), 0)\n")
        #expect(piped.status == 1)
        #expect(piped.stderr.hasPrefix(LuaDyn.prefix + "one\nstack traceback:\n"))
        // A script that cannot be read leaves its arguments to be popped.
        let missing = try LuaDyn.run([dir.path + "/none.lua", "x"])
        #expect(missing.stderr == LuaDyn.prefix + "cannot open \(dir.path)/none.lua: No such file or directory\n")
        #expect(missing.status == 1)
    }

    @Test func theArgTableHoldsTheOptionsBeforeTheScript() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let prog = try file("print(#arg, arg[-1], arg[-2], arg[-3] == arg[-3], arg[4], ...)\n", in: dir)
        let result = try LuaDyn.run(["-e ", "--", prog, "a", "b", "c"])
        #expect(result.stdout == "3\t--\t-e \ttrue\tnil\ta\tb\tc\n")
    }

    @Test func aReplacedPrintIsUsedAndANilOneIsAnErrorCallingPrint() throws {
        let result = try LuaDyn.run(["-e", "print=nil", "-i"], input: "10\n")
        #expect(result.stderr.contains("error calling 'print' (attempt to call a nil value)"))
        let replaced = try LuaDyn.run(["-e", "function print(...) io.write('[', select('#', ...), ']\\n') end", "-i"],
                                      input: "1, 2, 3\n")
        #expect(replaced.stdout.contains("> 1, 2, 3\n[3]\n"))
    }

    @Test func promptsAreGlobalsShownThroughTostring() throws {
        let emptyPrompts = try LuaDyn.run(["-e_PROMPT='' _PROMPT2=''", "-i"], input: "(6*2-6) -- ===\na =\n10\nprint(a)\na")
        #expect(emptyPrompts.stdout.hasSuffix("\n(6*2-6) -- ===\n6\na =\n10\nprint(a)\n10\na\n10\n\n"))
        let counted = try LuaDyn.run(["-e", "local C = 0; _PROMPT = setmetatable({}, { __tostring = function() C = C + 1; return C end })",
                                      "-i"], input: " --\na = 2\n")
        #expect(counted.stdout.hasSuffix("\n1 --\n2a = 2\n3\n"))
    }

    @Test func anEqualsSignIsReturnAtTheStartOfAnEntry() throws {
        let result = try LuaDyn.run(["-e_PROMPT='' _PROMPT2=''", "-i"], input: "a = [[b\nc]]\n=a\n= 1 + 1, 'x'\n")
        #expect(result.stdout.hasSuffix("=a\nb\nc\n= 1 + 1, 'x'\n2\tx\n\n"))
    }

    @Test func errorObjectsUseTheirTostringOrNameTheirType() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let shown = try LuaDyn.run([try file("error(setmetatable({}, { __tostring = function() return 'custom' end }))\n", in: dir)])
        #expect(shown.stderr == LuaDyn.prefix + "custom\n")
        #expect(shown.status == 1)
        let table = try LuaDyn.run(["-e", "error{}"])
        #expect(table.stderr.hasPrefix(LuaDyn.prefix + "(error object is a table value)"))
    }

    @Test func tracebacksEndWithTheInterpretersFrame() throws {
        let result = try LuaDyn.run(["-e", "local function f() error('deep') end f()"])
        #expect(result.stderr.hasSuffix("\t(command line):1: in main chunk\n\t[C]: in ?\n"))
    }

    @Test func exitStatusesFollowOsExit() throws {
        let dir = try LuaDyn.temporaryDirectory()
        for (code, status) in [("nil, true", Int32(0)), ("0, true", 0), ("true, true", 0), ("1, true", 1), ("false, true", 1), ("7", 7)] {
            let result = try LuaDyn.run([try file("os.exit(\(code))\n", in: dir)])
            #expect(result.status == status, "os.exit(\(code))")
            #expect(result.stderr == "")
        }
    }

    @Test func warningsAreOffUntilDashCapitalW() throws {
        let off = try LuaDyn.run([], input: "io.stderr:write(1); warn('XXX')\n")
        #expect(off.stderr == "1")
        let on = try LuaDyn.run(["-W", "-e", "warn('@on') warn('a', 'b')"])
        #expect(on.stderr == "Lua warning: ab\n")
        // -W turns them on without running Lua code, so it works even with `warn` removed.
        let direct = try LuaDyn.run(["-e", "w = warn warn = nil", "-W", "-e", "w('c')"])
        #expect(direct.stderr == "Lua warning: c\n")
    }

    @Test func theVersionLineEndsWithLuasCopyrightAndMayPrecedeAChunk() throws {
        let result = try LuaDyn.run(["-v", "-e", "print'hello'"])
        #expect(result.stdout.hasPrefix("luadyn "))
        #expect(result.stdout.hasSuffix("PUC-Rio\nhello\n"))
    }

    @Test func theCollectorRunsGenerationalAsInLua() throws {
        // collectgarbage answers the mode it leaves.
        let result = try LuaDyn.run(["-e", "print(collectgarbage('incremental'))"])
        #expect(result.stdout == "generational\n")
    }

    @Test func aNulInALoadedFileNameIsRefusedNotTruncated() throws {
        let dir = try LuaDyn.temporaryDirectory()
        _ = try file("print('wrong file')\n", named: "a", in: dir)
        let result = try LuaDyn.run(["-i"], input: ".load a\u{0}b\n'next'\n", in: dir)
        #expect(!result.stdout.contains("wrong file"))
        #expect(result.stderr == ".load: file name contains a NUL byte\n")
        // The echoed line keeps its bytes, so the prompt after it starts a line of its own.
        #expect(result.stdout.contains("> .load a\u{0}b\n> 'next'\nnext\n"))
    }

    @Test func aFirstLineStartingWithHashIsSkipped() throws {
        let dir = try LuaDyn.temporaryDirectory()
        let result = try LuaDyn.run([try file("#!/usr/bin/env luadyn\nprint(debug.getinfo(1).currentline)\n", in: dir)])
        #expect(result.stdout == "2\n")
    }
}
