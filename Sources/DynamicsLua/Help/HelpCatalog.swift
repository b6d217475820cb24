/// Help drawn from the bound types' descriptions: `help()`, help by name, and every name for suggestions.
enum HelpCatalog {
    /// Every bound type, in the order `help()` lists them: what their descriptions say.
    static let all: [TypeInfo] = boundTypes.map(\.info)

    /// The composite behaviour's help, for behaviours of no other bound type.
    static let behavior: TypeInfo = CompositeBinding.description.info

    /// The type called `name`.
    static func type(named name: String) -> TypeInfo? { all.first { $0.name == name } }

    /// What `help()` prints: the globals.
    static var overview: String {
        var lines = ["LuaDynamics: UIKit Dynamics in Lua. Globals (also require \"luadyn\"):"]
        for type in all {
            let padded = type.name.padding(toLength: 13)
            lines.append("  \(padded)\(type.summary)")
        }
        lines.append(PicturesHelp.overviewLine)
        lines.append(CurrentAnimator.overviewLine)
        lines.append("  help         help(), help(Gravity), help(g), help(\"magnitude\")")
        lines.append("Units: points, seconds, radians; y grows downward; angle pi/2 points down.")
        return lines.joined(separator: "\n")
    }

    /// Help for a name: a type, or every type's field or method of that name; nil when nothing matches.
    static func text(for name: String) -> String? {
        if let type = type(named: name) { return type.helpText }
        if name == "plot" { return PicturesHelp.plot }
        if name == "use" { return CurrentAnimator.help }
        if name == "help" { return "help(): the globals; help(Type), help(object), help(\"field\"): what it is" }
        var lines: [String] = []
        for type in all {
            if let field = type.field(name) { lines.append("\(type.name).\(field.line)") }
            if let method = type.methods.first(where: { $0.name == name }) {
                lines.append("\(method.signature)  — \(method.summary)  [\(type.name)]")
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The globals that are plain functions rather than types; `help(f)` finds them by identity.
    static let globalFunctionNames = ["help", "plot", "use"]

    /// Every type, field and method name, for suggestions.
    static var allNames: [String] {
        var names: [String] = []
        for type in all {
            for name in [type.name] + type.fieldNames + type.methodNames where !names.contains(name) { names.append(name) }
        }
        return names
    }
}

extension String {
    /// The string padded with spaces on the right to `length` characters (never truncated).
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
