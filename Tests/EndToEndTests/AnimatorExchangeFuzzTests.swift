import Foundation
import Testing

/// Items and behaviours passed between three animators at random, through the real binary: no trap, no NaN.
@Test(arguments: [1, 2, 3, 4, 5, 6])
func animatorsExchangingItemsAndBehavioursNeverCrash(seed: Int) throws {
    let script = "\(LuaDyn.repositoryRoot)/Tests/EndToEndTests/lua/animator-exchange-fuzz.lua"
    let result = try LuaDyn.run([script, String(seed)])
    #expect(result.status == 0, "seed \(seed): \(result.stderr)")
    #expect(result.stdout.contains("seed\t\(seed)\tops\t1500"), "\(result.stdout)")
}
