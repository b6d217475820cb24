import Foundation
import Testing

/// Every example scene through the real binary: exit status 0, nothing on stderr, and the line a learner should see.
@Test(arguments: [
        ("01-falling-squares", "red rests at y = 568 - 30"),
        ("02-landing-removal", "3 squares landed"),
        ("03-collision-modes", "everything: a stack on the floor"),
        ("04-collision-groups", "orange stands on grey"),
        ("05-moving-anchor", "it hangs straight below the anchor"),
        ("06-snap", "both end on the point"),
        ("07-push", "spins it clockwise"),
        ("08-pendulum", "measured period"),
        ("09-newtons-cradle", "the first ball stopped"),
        ("10-pyramid", "boxes at rest after"),
        ("11-springy-list", "farther cells lag more"),
        ("12-slide-over", "animationEnded(true)"),
        ("13-fade", "only 'After' is left"),
        ("14-fall-away", "the transition completed after"),
        ("15-snap-in", "all four tiles settled"),
        ("16-interactive-swipe", "cancelled: message back"),
        ("17-fields", "both orbits obey Kepler's third law"),
      ])
func exampleRunsThroughLuadyn(_ name: String, _ expected: String) throws {
    let result = try LuaDyn.run(["\(LuaDyn.repositoryRoot)/docs/examples/\(name).lua"])
    #expect(result.status == 0, "\(name): \(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains(expected), "\(name) printed:\n\(result.stdout)")
}

/// An error inside a callback is reported with a traceback naming the callback, the script runs on, and
/// `luadyn FILE` exits 1 at the end.
@Test
func callbackErrorMakesLuadynExitOne() throws {
    let folder = try LuaDyn.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("callback-error.lua").path
    try """
        local a = Animator()
        local g = Gravity{ View{ center = {0, 0}, size = {10, 10} } }
        g.action = function() error("broken action") end
        a:addBehavior(g)
        a:step()
        print("after the step")
        """.write(toFile: script, atomically: true, encoding: .utf8)
    let result = try LuaDyn.run([script])
    #expect(result.status == 1)
    #expect(result.stdout.contains("after the step"))
    #expect(result.stderr.contains("Gravity action"))
    #expect(result.stderr.contains("broken action"))
    #expect(result.stderr.contains("stack traceback"))
}
