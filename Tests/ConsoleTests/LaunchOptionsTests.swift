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
        #expect(!options.startsREPL)
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

    @Test func theREPLStartsWhenThereIsNothingElseOrWhenAsked() throws {
        #expect(try LaunchOptions.parse(["luadyn"]).startsREPL)
        #expect(try LaunchOptions.parse(["luadyn", "-lm"]).startsREPL)
        #expect(try !LaunchOptions.parse(["luadyn", "-v"]).startsREPL)
        #expect(try !LaunchOptions.parse(["luadyn", "-e", "x=1"]).startsREPL)
        #expect(try LaunchOptions.parse(["luadyn", "-i", "s.lua"]).startsREPL)
    }

    @Test func badCommandLinesAreRejectedAsLuaRejectsThem() {
        #expect(throws: LaunchError("unrecognized option '-x'")) { try LaunchOptions.parse(["luadyn", "-x"]) }
        #expect(throws: LaunchError("unrecognized option '-iv'")) { try LaunchOptions.parse(["luadyn", "-iv"]) }
        #expect(throws: LaunchError("'-e' needs argument")) { try LaunchOptions.parse(["luadyn", "-e"]) }
        #expect(throws: LaunchError("'-l' needs argument")) { try LaunchOptions.parse(["luadyn", "-l", "-i"]) }
        #expect(throws: LaunchError("unrecognized option '---'")) { try LaunchOptions.parse(["luadyn", "---"]) }
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
