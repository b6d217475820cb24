/// The parts of docs/lua-api.md and docs/luadyn.meta.lua that are made from the types' descriptions, so the docs
/// cannot drift from the binding: a table of each type's fields and methods, and each type's `---@field` lines.
/// Each sits in the document between two marker lines; the prose around it is written by hand.
/// `Tests/DynamicsLuaTests/ReferenceDocsTests.swift` fails when a document differs from what is made here, and
/// rewrites the documents when run with `LUADYN_UPDATE_DOCS=1` (see docs/design.md).
public enum ReferenceDocs {
    /// The types the documents describe, in help's order.
    static var types: [TypeInfo] { HelpCatalog.all }

    /// The lines that open and close a type's generated region in docs/lua-api.md.
    static func markdownMarkers(_ name: String) -> (begin: String, end: String) {
        ("<!-- generated from the \(name) description: edit the description, not this table -->",
         "<!-- end of generated \(name) table -->")
    }

    /// The lines that open and close a type's generated region in docs/luadyn.meta.lua.
    static func metaMarkers(_ name: String) -> (begin: String, end: String) {
        ("-- generated from the \(name) description", "-- end of generated \(name) fields")
    }

    /// A type's fields and methods as Markdown tables.
    static func markdownTable(_ type: TypeInfo) -> String {
        var lines = ["| field | access | value | default | meaning |", "|:--|:--|:--|:--|:--|"]
        for field in type.fields {
            lines.append("| `\(field.name)` | \(field.writable ? "rw" : "ro") | \(cell(field.kind)) | "
                         + "\(field.defaultValue.map { "`\(cell($0))`" } ?? "") | \(cell(field.summary)) |")
        }
        if !type.methods.isEmpty {
            lines += ["", "| method | does |", "|:--|:--|"]
            for method in type.methods { lines.append("| `\(cell(method.signature))` | \(cell(method.summary)) |") }
        }
        return lines.joined(separator: "\n")
    }

    /// A type's `---@field` annotations for the Lua language server.
    static func metaFields(_ type: TypeInfo) -> String {
        type.fields.map { "---@field \($0.name) \(luaType($0.kind)) \($0.writable ? "rw" : "ro"), \($0.summary)" }
            .joined(separator: "\n")
    }

    /// `text` with every type's region replaced by what `make` gives for it. A type with no region yet gets one at
    /// the end, opened by `heading` (a new type needs no hand edit of the docs); `missing` names those types.
    static func regenerate(_ text: String, markers: (String) -> (begin: String, end: String),
                           heading: (TypeInfo) -> [String],
                           make: (TypeInfo) -> String) -> (text: String, missing: [String]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var missing: [String] = []
        for type in types {
            let (begin, end) = markers(type.name)
            let body = make(type).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let b = lines.firstIndex(of: begin), let e = lines[b...].firstIndex(of: end) else {
                missing.append(type.name)
                if lines.last == "" { lines.removeLast() }
                lines += [""] + heading(type) + [begin] + body + [end, ""]
                continue
            }
            lines.replaceSubrange(b + 1..<e, with: body)
        }
        return (lines.joined(separator: "\n"), missing)
    }

    /// docs/lua-api.md as it should be, from the document as it is.
    public static func apiReference(from text: String) -> (text: String, missing: [String]) {
        regenerate(text, markers: markdownMarkers,
                   heading: { ["## \($0.name)" + ($0.uikitName.map { " — \($0)" } ?? ""), $0.summary + ".", ""] },
                   make: markdownTable)
    }

    /// docs/luadyn.meta.lua as it should be, from the file as it is.
    public static func metaFile(from text: String) -> (text: String, missing: [String]) {
        regenerate(text, markers: metaMarkers, heading: { ["---\($0.summary).", "---@class \($0.name)"] }, make: metaFields)
    }

    /// A table cell: pipes escaped.
    private static func cell(_ text: String) -> String { replacing("|", with: "\\|", in: text) }

    private static func replacing(_ target: Character, with replacement: String, in text: String) -> String {
        text.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// The Lua language server's type for a kind as help writes it ("Point, pt", "array of View", "rect or nil").
    static func luaType(_ kind: String) -> String {
        var base = kind
        var optional = false
        if let comma = base.firstIndex(of: ",") { base = String(base[..<comma]) }
        if base.hasSuffix(" or nil") { base = String(base.dropLast(" or nil".count)); optional = true }
        let type: String
        switch base {
        case _ where base.hasPrefix("number"): type = "number"
        case "integer", "boolean", "string", "table": type = base
        case "Point", "vector": type = "Point"
        case "rect": type = "luadyn.Rect"
        case "range": type = "luadyn.Range"
        case "array": type = "(string|number)[]"
        case "array of View": type = "View[]"
        case "array of behaviours": type = "Behavior[]"
        case "array of arrays of Point": type = "Point[][]"
        case "Animator", "View", "ViewController", "Transition", "TransitionContext", "PropertyAnimator",
             "PercentDrivenTransition", "Region": type = base
        case "function(b)": type = "fun(b: Behavior)"
        case _ where base.hasPrefix("size"): type = "{width: number, height: number}"
        case _ where base.contains(" | "): type = replacing(" ", with: "", in: base)
        default: type = "any"
        }
        return optional ? (type.contains("|") ? "\(type)|nil" : "\(type)?") : type
    }
}
