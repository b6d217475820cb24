import Foundation
import Testing

/// Collision delegates that change the world from inside their callbacks, at random, through the real binary: the
/// process never traps, no NaN reaches the world, and the events keep their pairing (checked by the script; seeds
/// that are multiples of 3 also set a delegate whose method is not a function, and only the first two hold then).
@Test(arguments: [1, 2, 3, 4, 5])
func randomDelegatesThatChangeTheWorldKeepEventsPaired(seed: Int) throws {
    let script = "\(LuaDyn.repositoryRoot)/Tests/EndToEndTests/lua/delegate-fuzz.lua"
    let result = try LuaDyn.run([script, String(seed)])
    // Status 1: the errors the script raises on purpose inside callbacks are reported, as for any script.
    #expect(result.status == 0 || result.status == 1, "seed \(seed): status \(result.status)\n\(result.stderr)")
    #expect(result.stdout.contains("seed\t\(seed)\tok\t"), "\(result.stdout)")
    #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
}
