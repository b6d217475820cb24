// luadyn: a Lua 5.4 interpreter with UIKit-style dynamics. lua.c's command line; the REPL lives in Console.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Console
import LuaKit

let arguments = CommandLine.arguments
// `-E` must be known before the standard libraries open (they read LUA_PATH as they open); a bad command line is
// reported by the launcher below.
let ignoringEnvironment = (try? LaunchOptions.parse(arguments))?.ignoreEnvironment ?? false
let state = LuaState(ignoringEnvironment: ignoringEnvironment)
// The physics globals (Animator, View, Gravity, ...) go into the state here, before any option or script runs.
let physics = PhysicsHooks.open(state)

let commands = CommandRegistry.standard()
// The physics dot-commands (.step, .draw, .demo, ...) join .help, .load and .quit here.
PhysicsHooks.registerCommands(in: commands)

var launcher = Launcher(state: state, registry: commands)
// An error in a delegate or action is reported when it happens; a script that caused one still fails.
launcher.hadReportedErrors = { physics.hadCallbackErrors }
// The physics types are built on first use; completion reads their tables raw, so it builds them all first.
launcher.willComplete = { PhysicsHooks.buildAllTypes(state) }
// `animator:serve`, `.serve`, `--serve`: the live view's server, ticked on this thread.
LiveViewHooks.install(physics, state: state, launcher: &launcher)
let status = launcher.run(arguments)
physics.stopServing()
state.close()
exit(status)
