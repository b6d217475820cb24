import Testing
@testable import Console

@Suite struct LaunchOptionsTests {
    @Test func optionsAreKeptInTheOrderGiven() throws {
        let options = try LaunchOptions.parse(["luadyn", "-e", "a=1", "-lm", "-W", "-ex=2", "-l", "g=mod", "s.lua", "-e", "x"])
        #expect(options.actions == [.execute("a=1"), .require(global: "m", module: "m"), .enableWarnings,
                                    .execute("x=2"), .require(global: "g", module: "mod")])
        #expect(options.scriptIndex == 8)
        #expect(options.scriptPath == "s.lua")
        #expect(options.scriptArguments == ["-e", "x"])
        #expect(!options.readsStandardInput && !options.interactive)
    }

    @Test func moduleNamesLoseTheirVersionSuffix() throws {
        let options = try LaunchOptions.parse(["luadyn", "-l", "lpeg-1.1"])
        #expect(options.actions == [.require(global: "lpeg", module: "lpeg-1.1")])
    }

    @Test func dashIsStandardInputAndDoubleDashEndsOptions() throws {
        let stdin = try LaunchOptions.parse(["luadyn", "-", "a"])
        #expect(stdin.scriptIndex == 1 && stdin.scriptPath == nil && stdin.scriptArguments == ["a"])
        let file = try LaunchOptions.parse(["luadyn", "--", "-e"])
        #expect(file.scriptIndex == 2 && file.scriptPath == "-e" && file.actions.isEmpty)
        let dashFile = try LaunchOptions.parse(["luadyn", "--", "-"])
        #expect(dashFile.scriptPath == "-")
    }

    @Test func standardInputIsReadWhenThereIsNothingElse() throws {
        #expect(try LaunchOptions.parse(["luadyn"]).readsStandardInput)
        #expect(try LaunchOptions.parse(["luadyn", "-lm"]).readsStandardInput)
        #expect(try LaunchOptions.parse(["luadyn", "-E", "-W"]).readsStandardInput)
        #expect(try !LaunchOptions.parse(["luadyn", "-v"]).readsStandardInput)
        #expect(try !LaunchOptions.parse(["luadyn", "-e", "x=1"]).readsStandardInput)
        #expect(try !LaunchOptions.parse(["luadyn", "s.lua"]).readsStandardInput)
    }

    @Test func interactiveImpliesTheVersionAsInLua() throws {
        let options = try LaunchOptions.parse(["luadyn", "-i", "s.lua"])
        #expect(options.interactive && options.showVersion && !options.readsStandardInput)
    }

    @Test func dashCapitalEIgnoresTheEnvironment() throws {
        #expect(try LaunchOptions.parse(["luadyn", "-E", "s.lua"]).ignoreEnvironment)
        #expect(try !LaunchOptions.parse(["luadyn", "s.lua", "-E"]).ignoreEnvironment)
        #expect(throws: LaunchError("unrecognized option '-Ex'")) { try LaunchOptions.parse(["luadyn", "-Ex"]) }
    }

    @Test func usageNamesTheProgramAsCalled() {
        #expect(LaunchOptions.usage(program: "/opt/bin/ld").hasPrefix("usage: /opt/bin/ld [options] [script [args]]\n"))
        #expect(LaunchOptions.usage(program: "/opt/bin/ld").contains("  -E        ignore environment variables\n"))
    }

    @Test func badCommandLinesAreRejectedAsLuaRejectsThem() {
        #expect(throws: LaunchError("unrecognized option '-x'")) { try LaunchOptions.parse(["luadyn", "-x"]) }
        #expect(throws: LaunchError("unrecognized option '-iv'")) { try LaunchOptions.parse(["luadyn", "-iv"]) }
        #expect(throws: LaunchError("'-e' needs argument")) { try LaunchOptions.parse(["luadyn", "-e"]) }
        #expect(throws: LaunchError("'-l' needs argument")) { try LaunchOptions.parse(["luadyn", "-l", "-i"]) }
        #expect(throws: LaunchError("unrecognized option '---'")) { try LaunchOptions.parse(["luadyn", "---"]) }
        #expect(throws: LaunchError("unrecognized option '--x'")) { try LaunchOptions.parse(["luadyn", "--x"]) }
        #expect(throws: LaunchError("unrecognized option '-vv'")) { try LaunchOptions.parse(["luadyn", "-vv"]) }
        #expect(throws: LaunchError("unrecognized option '-h'")) { try LaunchOptions.parse(["luadyn", "-h"]) }
    }

    @Test func argTablePutsTheScriptAtZero() {
        let argv = ["luadyn", "-e", "x=1", "s.lua", "p", "q"]
        let table = LaunchOptions.argTable(argv, scriptIndex: 3)
        #expect(table.map(\.index) == [-3, -2, -1, 0, 1, 2])
        #expect(table.map(\.value) == argv)
        let noScript = LaunchOptions.argTable(["luadyn", "-i"], scriptIndex: nil)
        #expect(noScript.map(\.index) == [0, 1])
    }
}
