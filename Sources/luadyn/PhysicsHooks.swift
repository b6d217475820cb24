import Console
import DynamicsLua
import LuaKit

/// Where luadyn meets the physics bindings: the globals go into the state, the physics dot-commands into the REPL.
enum PhysicsHooks {
    /// Opens the physics library (Animator, View, Gravity, ..., help, plot) into `state`.
    static func open(_ state: LuaState) -> DynamicsHost {
        openDynamics(state)
    }

    /// Builds every physics type not built yet: they are built on first use, and completion reads their tables raw.
    static func buildAllTypes(_ state: LuaState) {
        buildAllDynamicsTypes(state)
    }

    /// Registers `.step`, `.run`, `.state`, `.demo`, `.draw`, `.play`, `.plot`, and folds the physics help
    /// (`.help Gravity`, `.help magnitude`) into the REPL's own `.help`, which still explains commands.
    static func registerCommands(in registry: CommandRegistry) {
        for command in DynamicsCommands.all where command.name != "help" {
            registry.register(DotCommand(name: command.name, synopsis: command.synopsis, help: command.help) { context in
                context.output.write(ensureNewline(try command.run(context.state, context.arguments)))
                return .proceed
            })
        }
        guard let commandHelp = registry.command(named: "help") else { return }
        registry.register(DotCommand(name: "help", synopsis: "[COMMAND | NAME]",
                                     help: "list the commands, or explain a command or a physics name (.help Gravity)") { context in
            let word = context.words.first ?? ""
            let bare = word.hasPrefix(".") ? String(word.dropFirst()) : word
            if word.isEmpty || word.hasPrefix(".") || context.registry.command(named: bare) != nil {
                return try commandHelp.handler(context)
            }
            context.output.write(ensureNewline(try DynamicsCommands.help(context.state, context.arguments)))
            return .proceed
        })
    }

    private static func ensureNewline(_ text: String) -> String {
        text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }
}
