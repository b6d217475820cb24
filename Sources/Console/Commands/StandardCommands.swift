extension CommandRegistry {
    /// A registry with the commands every session has: `.help`, `.load FILE` and `.quit`.
    public static func standard() -> CommandRegistry {
        let registry = CommandRegistry()
        registry.register(DotCommand(name: "help", synopsis: "[COMMAND]", help: "list the commands, or explain one",
                                     handler: showHelp))
        registry.register(DotCommand(name: "load", synopsis: "FILE", help: "run a Lua file here, keeping its globals",
                                     handler: { context in
            guard !context.arguments.isEmpty else { throw CommandError("usage: .load FILE") }
            // A C file name ends at its first NUL: loading what comes before it would run another file.
            guard !context.arguments.utf8.contains(0) else { throw CommandError("file name contains a NUL byte") }
            context.evaluator.runFile(context.arguments)
            return .proceed
        }))
        registry.register(DotCommand(name: "quit", help: "leave luadyn (so do Ctrl-D, and Ctrl-C on an empty line)",
                                     handler: { _ in .quit }))
        return registry
    }

    private static func showHelp(_ context: CommandContext) throws -> CommandOutcome {
        let registry = context.registry
        if let name = context.words.first {
            let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
            guard let command = registry.command(named: bare) else {
                var message = "no command '.\(bare)'"
                if let nearest = registry.nearestName(to: bare) { message += " (did you mean '.\(nearest)'?)" }
                throw CommandError(message)
            }
            context.output.line(usage(of: command) + "\n  " + command.help)
            return .proceed
        }
        let usages = registry.commands.map(usage(of:))
        let width = (usages.map(\.count).max() ?? 0) + 2
        var text = "Type Lua statements or expressions; an expression prints its value. Tab completes names.\n"
        text += "Ctrl-C stops running code; Ctrl-D (or Ctrl-C on an empty line) quits.\nCommands:\n"
        for (command, usage) in zip(registry.commands, usages) {
            text += "  " + usage + String(repeating: " ", count: width - usage.count) + command.help + "\n"
        }
        context.output.write(text)
        return .proceed
    }

    private static func usage(of command: DotCommand) -> String {
        command.synopsis.isEmpty ? "." + command.name : "." + command.name + " " + command.synopsis
    }
}
