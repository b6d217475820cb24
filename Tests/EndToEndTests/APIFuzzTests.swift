import Foundation
import Testing

/// Thousands of random API calls with garbage arguments through the real binary: every call either works or raises
/// a Lua error, the process never traps, and no NaN reaches the world.
@Test(arguments: [1, 2, 3])
func randomAPICallsNeverCrash(seed: Int) throws {
    let script = "\(LuaDyn.repositoryRoot)/Tests/EndToEndTests/lua/api-fuzz.lua"
    let folder = try LuaDyn.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try LuaDyn.run([script, String(seed), folder.path])
    #expect(result.status == 0, "seed \(seed): \(result.stderr)")
    #expect(result.stdout.contains("seed\t\(seed)\tok\t"), "\(result.stdout)")
}
