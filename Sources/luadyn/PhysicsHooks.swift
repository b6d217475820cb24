import Console
import LuaKit

/// Where luadyn meets the physics bindings. Both are empty until DynamicsLua is wired in by the lead:
/// `open` becomes `DynamicsLua.open(state)` and `registerCommands` registers `.step`, `.draw` and `.demo`.
enum PhysicsHooks {
    /// Opens the physics library into `state` (a placeholder: nothing yet).
    static func open(_ state: LuaState) {}

    /// Registers the physics dot-commands (a placeholder: none yet).
    static func registerCommands(in registry: CommandRegistry) {}
}
