import Foundation
import Testing

/// `--max-memory MB` bounds what Lua holds: a script that allocates without end ends with "not enough memory" and
/// status 1, also when what it makes are the engine's objects, never with a crash.
@Suite struct MemoryLimitTests {
    @Test(arguments: [
        "local t = {} while true do t[#t + 1] = string.rep('x', 1000) .. #t end",
        "local t = {} while true do t[#t + 1] = View{ center = {0, 0}, size = {1, 1} } end",
    ])
    func allocatingWithoutEndRunsOutCleanly(_ script: String) throws {
        let result = try LuaDyn.run(["--max-memory", "16", "-e", script])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not enough memory"), "\(result.stderr)")
    }

    /// The world's own storage counts: a script whose Lua values stay small while its world grows (the items live in
    /// a behaviour, Lua keeps none of them) is stopped all the same.
    @Test func aGrowingWorldCountsAgainstTheLimit() throws {
        let script = """
            local a = Animator{ width = 1e6, height = 1e6 }
            local g = Gravity(); a:addBehavior(g)
            for i = 1, 25000 do
              g:addItem(View{ center = {(i % 200) * 10, (i // 200) * 10}, size = {5, 5} })
              if i % 2500 == 0 then a:step() end
            end
            print("the world grew to", #a.items)
            """
        let result = try LuaDyn.run(["--max-memory", "8", "-e", script])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not enough memory"), "\(result.stderr)")
        #expect(!result.stdout.contains("the world grew"), "\(result.stdout)")
    }

    /// At the limit, Swift functions that make Lua values (tables, strings, userdata) go on working: the failure
    /// comes at Lua's own next allocation, as a Lua error that a pcall can catch, and the state stays usable.
    @Test func swiftFunctionsAtTheLimitFailCleanly() throws {
        let script = """
            local a = Animator{ width = 400, height = 400 }
            local g = Gravity(); a:addBehavior(g)
            for i = 1, 50 do g:addItem(View{ center = {i * 7, 20}, size = {5, 5} }) end
            local hoard, failures = {}, 0
            for round = 1, 200000 do
              local ok, e = pcall(function()
                hoard[#hoard + 1] = a:state()
                hoard[#hoard + 1] = tostring(a) .. round
              end)
              if not ok then
                failures = failures + 1
                assert(tostring(e):find("not enough memory", 1, true), tostring(e))
                hoard = {}
                collectgarbage()
                if failures == 3 then break end
              end
            end
            a:run(0.1)
            print("failures", failures, #a.items)
            """
        let result = try LuaDyn.run(["--max-memory", "4", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "failures\t3\t50\n", "\(result.stdout)")
    }

    @Test func theLimitMustBeAPositiveNumber() throws {
        let result = try LuaDyn.run(["--max-memory", "0", "-e", ""])
        #expect(result.status == 1 && result.stderr.contains("'--max-memory' needs a positive number"))
    }
}
