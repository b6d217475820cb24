import Testing

@Test func ConsoleTestsBuildsAndRuns() { #expect(1 + 1 == 2) }
