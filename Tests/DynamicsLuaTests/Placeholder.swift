import Testing

@Test func DynamicsLuaTestsBuildsAndRuns() { #expect(1 + 1 == 2) }
