import Dynamics
import LuaKit

/// The animator the REPL's dot-commands act on: the one made last, or the one chosen with `use(animator)`.
/// It is held in the registry, so a chosen animator stays alive (and current) even when no variable holds it.
enum CurrentAnimator {
    private static let registryKey = "luadyn.currentAnimator"

    /// Makes the Animator value at `index` the current one.
    static func set(_ s: LuaStack, _ index: Int32) {
        s.pushCopy(of: index)
        s.rawSet(LuaStack.registryIndex, field: registryKey)
    }

    /// The current animator, or nil before any was made.
    static func get(_ s: LuaStack) -> Animator? {
        s.rawGet(LuaStack.registryIndex, field: registryKey)
        defer { s.pop() }
        return s.object(at: -1, as: Animator.self)
    }

    /// `use(animator)`: chooses the animator for `.step`, `.run`, `.state`, `.draw`, `.play` and `.plot`; returns it.
    static var use: LuaFunction { { s throws(LuaError) in
        _ = try s.checkObject(1, as: Animator.self, expected: "Animator")
        set(s, 1)
        s.pushCopy(of: 1)
        return 1
    } }

    static let help = "use(animator): the animator that .step, .run, .state, .draw, .play and .plot act on "
        + "(otherwise the one made last); returns it"
    static let overviewLine = "  use          use(animator): choose the animator the dot-commands act on"
}
