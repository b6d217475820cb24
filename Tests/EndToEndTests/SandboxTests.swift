import Foundation
import Testing

/// `luadyn --sandbox` runs a scene with no way out: no programs, no C code, no debug library, no binary chunks, and
/// files written only inside the output folder. Each escape is tried through the real binary.
@Suite struct SandboxTests {
    /// Runs `script` (with `-e`) sandboxed in a fresh folder; the folder is handed back for looking at.
    func sandboxed(_ script: String, output: String? = nil) throws -> (LuaDyn.Result, URL) {
        let folder = try LuaDyn.temporaryDirectory()
        let options = ["--sandbox"] + (output.map { ["--output", $0] } ?? [])
        return (try LuaDyn.run(options + ["-e", script], in: folder), folder)
    }

    @Test func programsCModulesTheDebugLibraryAndBinaryChunksAreGone() throws {
        let (result, folder) = try sandboxed("""
            assert(os.execute == nil and io.popen == nil and package.loadlib == nil and debug == nil)
            assert(package.loaded.debug == nil and package.cpath == "" and #package.searchers == 2)
            local bytes = string.dump(function() return 1 end)
            local f, message = load(bytes)
            assert(f == nil and message:find("binary chunk", 1, true), tostring(message))
            assert(not pcall(os.tmpname))
            assert(load("return 1 + 1")() == 2, "text chunks still load")
            print("closed")
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "closed\n")
    }

    @Test func filesAreWrittenOnlyInsideTheOutputFolder() throws {
        let outside = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let (result, folder) = try sandboxed("""
            local f = assert(io.open("note.txt", "w")); f:write("kept"); f:close()
            local g, message = io.open("\(outside.path)/escape.txt", "w")
            assert(g == nil and message:find("outside the output folder", 1, true), tostring(message))
            assert(io.open("../escape.txt", "w") == nil)
            assert(os.remove("\(outside.path)") == nil)
            assert(not pcall(io.output, "\(outside.path)/out.txt"))
            local a = Animator{ width = 100, height = 100 }
            a:addBehavior(Gravity{ View{ center = {50, 50}, size = {10, 10} } })
            a:snapshot("picture.svg")
            assert(not pcall(function() a:snapshot("\(outside.path)/picture.svg") end))
            a:trace{ file = "trace.csv" }
            a:stopTrace()
            print("written")
            """, output: "results")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("results").path)
        #expect(written.sorted() == ["note.txt", "picture.svg", "trace.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["results"])
    }

    @Test func aLinkOutOfTheFolderIsRefusedAndTheDefaultFolderIsMade() throws {
        let outside = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let folder = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("luadyn-out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("link.txt").path,
                                                   withDestinationPath: outside.appendingPathComponent("x.txt").path)
        let result = try LuaDyn.run(["--sandbox", "-e", """
            local f, message = io.open("link.txt", "w")
            assert(f == nil and message:find("symbolic link", 1, true), tostring(message))
            """], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func withoutTheSandboxNothingIsClosed() throws {
        let folder = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LuaDyn.run(["-e", "assert(os.execute and io.popen and debug and package.loadlib) print('open')"],
                                    in: folder)
        #expect(result.stdout == "open\n" && result.status == 0)
    }

    @Test func theOutputOptionNeedsAFolder() throws {
        let result = try LuaDyn.run(["--sandbox", "--output"])
        #expect(result.status == 1 && result.stderr.contains("'--output' needs argument"), "\(result.stderr)")
    }
}

/// `--max-time SECONDS` ends a run that goes on too long with a clear error and status 1, wherever it is: Lua code,
/// code that catches the error and carries on, a callback that never returns, a run of frames.
@Suite struct TimeLimitTests {
    @Test(arguments: [
        "while true do end",
        "while true do pcall(function() while true do end end) end",
        "local a = Animator() local g = Gravity{ View{ center = {0, 0}, size = {1, 1} } } "
            + "g.action = function() while true do end end a:addBehavior(g) a:run(100)",
        "local a = Animator() a:addBehavior(Gravity{ View{ center = {0, 0}, size = {1, 1} } }) "
            + "a.allowsSleep = false while true do pcall(a.run, a, 1e5) end",
    ])
    func aRunThatGoesOnTooLongStops(_ script: String) throws {
        let result = try LuaDyn.run(["--max-time", "0.3", "-e", script])
        #expect(result.status == 1)
        #expect(result.stderr.contains("time limit of 0.3 s exceeded"), "\(result.stderr)")
    }

    @Test func aRunWithinItsTimeIsUntouched() throws {
        let result = try LuaDyn.run(["--max-time", "30", "-e", "print(1 + 1)"])
        #expect(result.status == 0 && result.stdout == "2\n")
    }

    @Test func theLimitMustBeAPositiveNumber() throws {
        for value in ["0", "-1", "x", "inf"] {
            let result = try LuaDyn.run(["--max-time", value, "-e", ""])
            #expect(result.status == 1 && result.stderr.contains("'--max-time' needs a positive number"), "\(value)")
        }
    }
}
