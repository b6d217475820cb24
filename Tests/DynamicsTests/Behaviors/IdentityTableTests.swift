import Testing
@testable import Dynamics

/// A plain object to look up by identity.
private final class Token {}

@Test func identityTableAgreesWithADictionaryThroughInsertsAndRemovals() {
    let tokens = (0..<3000).map { _ in Token() }
    var table = IdentityTable()
    var reference: [ObjectIdentifier: Int32] = [:]
    var state: UInt64 = 12345
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
    }
    for step in 0..<20_000 {
        let id = ObjectIdentifier(tokens[next() % tokens.count])
        switch next() % 4 {
        case 0:
            #expect(table.remove(id) == (reference.removeValue(forKey: id) != nil))
        case 1:
            let added = table.insert(id, Int32(step))
            #expect(added == (reference[id] == nil))
            if added { reference[id] = Int32(step) }
        default:
            table.set(id, Int32(step))
            reference[id] = Int32(step)
        }
        #expect(table.count == reference.count)
    }
    for t in tokens {
        let id = ObjectIdentifier(t)
        #expect(table[id] == reference[id])
        #expect(table.contains(id) == (reference[id] != nil))
    }
    // Emptied one by one, it finds nothing.
    for t in tokens { table.remove(ObjectIdentifier(t)) }
    #expect(table.count == 0)
    #expect(tokens.allSatisfy { !table.contains(ObjectIdentifier($0)) })
}
