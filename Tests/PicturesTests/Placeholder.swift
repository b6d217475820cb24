import Testing

@Test func PicturesTestsBuildsAndRuns() { #expect(1 + 1 == 2) }
