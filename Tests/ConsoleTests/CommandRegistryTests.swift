import Testing
@testable import Console

@Suite struct CommandRegistryTests {
    @Test func dotCommandLinesAreRecognised() {
        #expect(CommandRegistry.parse(".help")! == ("help", ""))
        #expect(CommandRegistry.parse("  .load  scenes/a b.lua ")! == ("load", "scenes/a b.lua"))
        #expect(CommandRegistry.parse(".5 + 1") == nil)
        #expect(CommandRegistry.parse("..") == nil)
        #expect(CommandRegistry.parse("x = 1") == nil)
    }

    @Test func nearestNameSuggestsLikelyTypos() {
        let registry = CommandRegistry.standard()
        #expect(registry.nearestName(to: "hlep") == "help")
        #expect(registry.nearestName(to: "lod") == "load")
        #expect(registry.nearestName(to: "q") == "quit")
        #expect(registry.nearestName(to: "xyzzy") == nil)
    }

    @Test func registeringAgainReplacesInPlace() {
        let registry = CommandRegistry.standard()
        let before = registry.commands.map(\.name)
        registry.register(DotCommand(name: "load", synopsis: "SCENE", help: "other", handler: { _ in .proceed }))
        registry.register(DotCommand(name: "step", synopsis: "[N]", help: "step", handler: { _ in .proceed }))
        #expect(registry.commands.map(\.name) == before + ["step"])
        #expect(registry.command(named: "load")?.synopsis == "SCENE")
    }

    @Test func editDistanceCountsSingleEdits() {
        #expect(editDistance("help", "help") == 0)
        #expect(editDistance("hlep", "help") == 2)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("kitten", "sitting") == 3)
    }
}
