// luadyn: a Lua 5.4 interpreter with UIKit-style dynamics. lua.c's command line; the REPL lives in Console.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Console
import LuaKit

let state = LuaState()
// The physics globals (Animator, View, Gravity, ...) go into the state here, before any option or script runs.
PhysicsHooks.open(state)

let commands = CommandRegistry.standard()
// The physics dot-commands (.step, .draw, .demo, ...) join .help, .load and .quit here.
PhysicsHooks.registerCommands(in: commands)

let status = Launcher(state: state, registry: commands).run(CommandLine.arguments)
state.close()
exit(status)
