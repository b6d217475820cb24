import Testing
@testable import Dynamics

/// The contact look-up table must answer exactly like a dictionary through any mix of inserts and removals.
@Suite struct SolverPairMapTests {
    @Test func agreesWithADictionaryThroughChurn() {
        var map = PairMap()
        var reference: [UInt64: Int32] = [:]
        var state: UInt64 = 12345
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        for step in 0..<20000 {
            // Keys from a small range collide in the table often, which exercises the backward-shift removal.
            let a = Int32(next() % 300), b = Int32(next() % 300)
            let key = Contact.key(a, b)
            if next() % 3 == 0 {
                map[key] = nil
                reference[key] = nil
            } else {
                map[key] = Int32(step)
                reference[key] = Int32(step)
            }
        }
        #expect(map.count == reference.count)
        // Room made for many more keys at once keeps every key.
        map.reserve(adding: 5000)
        #expect(map.count == reference.count)
        for a in Int32(0)..<300 {
            for b in a..<300 {
                let key = Contact.key(a, b)
                #expect(map[key] == reference[key])
            }
        }
    }
}
