import Testing

@Test func DynamicsTestsBuildsAndRuns() { #expect(1 + 1 == 2) }
