import Testing

@Test func EndToEndTestsBuildsAndRuns() { #expect(1 + 1 == 2) }
