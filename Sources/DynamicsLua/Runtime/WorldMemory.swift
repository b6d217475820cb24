import Dynamics
import LuaKit

/// What the worlds of one interpreter's animators hold in Swift, counted against its memory limit
/// (`luadyn --max-memory`): without it a script could grow a world far past the limit while Lua itself holds little.
/// Each animator's charge is brought up to date after it steps, and given back once the animator is gone.
final class WorldMemory {
    private struct Charge {
        weak var animator: Animator?
        var bytes: Int
    }
    private var charges: [Charge] = []

    /// Brings the charge for `animator` up to its world's present size, and gives back those of animators that are gone.
    func update(_ animator: Animator, in state: LuaState) {
        var delta = 0
        var found = false
        var i = 0
        while i < charges.count {
            if let a = charges[i].animator {
                if a === animator {
                    let bytes = animator.worldStorageBytes
                    delta += bytes - charges[i].bytes
                    charges[i].bytes = bytes
                    found = true
                }
                i += 1
            } else {
                delta -= charges[i].bytes
                charges.remove(at: i)
            }
        }
        if !found {
            let bytes = animator.worldStorageBytes
            charges.append(Charge(animator: animator, bytes: bytes))
            delta += bytes
        }
        if delta != 0 { state.chargeMemory(bytes: delta) }
    }
}
