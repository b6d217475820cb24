import LuaKit

/// The `help` global: `help()`, `help(Gravity)`, `help(g)`, `help("magnitude")`.
enum HelpBinding {
    /// The help text for the value at `index`, or a message saying there is none (with a suggestion), read in the
    /// current animator's display units (`HelpUnits`).
    static func text(for s: LuaStack, at index: Int32) -> String {
        let text = plainText(for: s, at: index)
        return text.hasPrefix("no help for") ? text : HelpUnits.shown(text, in: CurrentAnimator.get(s)?.displayUnits)
    }

    /// The help text for the value at `index` as written, in points.
    private static func plainText(for s: LuaStack, at index: Int32) -> String {
        if s.isNil(at: index) { return HelpCatalog.overview }
        if let name = s.boundTypeName(at: index), let text = HelpCatalog.text(for: name) { return text }
        if let name = s.string(at: index) { return text(forName: name) }
        if s.type(at: index) == .function || s.type(at: index) == .table {
            // A global function (help, plot, ...) is known by the global name it is bound to.
            let target = s.absolute(index)
            for name in HelpCatalog.globalFunctionNames {
                let isSet = s.getGlobal(name) != .nil
                let same = isSet && s.rawEqual(target, -1)
                s.pop()
                if same, let text = HelpCatalog.text(for: name) { return text }
            }
        }
        return "no help for a \(s.typeName(at: index)); help() lists what there is"
    }

    /// Help for a name typed as a string (also what the REPL's `.help NAME` shows).
    static func text(forName name: String) -> String {
        if let text = HelpCatalog.text(for: name) { return text }
        var message = "no help for '\(name)'"
        if let suggestion = DidYouMean.nearest(to: name, in: HelpCatalog.allNames) {
            message += " (did you mean '\(suggestion)'?)"
        }
        return message + "; help() lists what there is"
    }

    /// Prints through Lua's own `print`, so a script that redirects `print` redirects help too.
    static func print(_ text: String, on s: LuaStack) throws(LuaError) {
        s.getGlobal("print")
        s.push(text)
        try s.call(arguments: 1, results: 0)
    }

    static var function: LuaFunction { { s throws(LuaError) in
        try print(text(for: s, at: 1), on: s)
        return 0
    } }

    /// Pushes `help`: a callable table whose `tostring` is the overview `help()` prints, so that typing `help` alone
    /// at the prompt explains itself instead of printing a function's address.
    static func push(on s: LuaStack) {
        s.newTable()
        s.newTable(record: 3)
        // __call passes the table first: drop it, so help's argument is the first again.
        s.push(function: { (s: LuaStack) throws(LuaError) -> Int32 in
            s.remove(at: 1)
            return try function(s)
        }, name: "help")
        s.rawSet(-2, field: "__call")
        s.push(function: { (s: LuaStack) throws(LuaError) -> Int32 in
            s.push(HelpUnits.shown(HelpCatalog.overview, in: CurrentAnimator.get(s)?.displayUnits))
            return 1
        })
        s.rawSet(-2, field: "__tostring")
        s.push("help")
        s.rawSet(-2, field: "__name")
        s.setMetatable(-2)
    }
}
