import Testing

@Test func LuaKitTestsBuildsAndRuns() { #expect(1 + 1 == 2) }
