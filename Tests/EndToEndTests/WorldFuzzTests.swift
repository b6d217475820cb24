import Foundation
import Testing

/// The whole API at random through the real binary (`lua/world-fuzz.lua`): animators exchanging items and
/// behaviours, callbacks changing the world or failing, garbage arguments and collection in between. No trap, no
/// hang, no NaN; `scripts/fuzz` runs the same script for many more seeds and calls.
@Test(arguments: [1, 2, 3, 4])
func theWholeAPIAtRandomNeverCrashes(seed: Int) throws {
    let script = "\(LuaDyn.repositoryRoot)/Tests/EndToEndTests/lua/world-fuzz.lua"
    let folder = try LuaDyn.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try LuaDyn.run([script, String(seed), "2000", folder.path])
    // Callbacks fail on purpose, which makes the status 1; anything else (a signal, an assert) is a failure.
    #expect(result.status == 0 || result.status == 1, "seed \(seed): status \(result.status)")
    #expect(result.stdout.contains("seed\t\(seed)\tcalls\t2000\tok\t"), "seed \(seed): \(result.stderr.suffix(2000))")
    #expect(!result.stderr.contains("NaN"), "\(result.stderr.suffix(2000))")
}
