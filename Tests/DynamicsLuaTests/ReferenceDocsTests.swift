import Foundation
import Testing
@testable import DynamicsLua

/// The reference docs say what the bindings do: the tables in docs/lua-api.md and the `---@field` lines of
/// docs/luadyn.meta.lua are made from the types' descriptions, and must be what those descriptions make now.
/// After changing a description, run `LUADYN_UPDATE_DOCS=1 swift test --filter ReferenceDocsTests` to rewrite them.
@Suite struct ReferenceDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")
    static let updating = ProcessInfo.processInfo.environment["LUADYN_UPDATE_DOCS"] == "1"

    /// Compares (or, updating, rewrites) one generated document.
    func check(_ file: String, _ make: (String) -> (text: String, missing: [String])) throws {
        let url = Self.docs.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let made = make(text)
        #expect(made.missing.isEmpty || Self.updating, "docs/\(file) has no generated region for \(made.missing)")
        if Self.updating && made.text != text {
            try made.text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let firstDifference = zip(text.split(separator: "\n", omittingEmptySubsequences: false),
                                  made.text.split(separator: "\n", omittingEmptySubsequences: false))
            .first { $0 != $1 }
        #expect(made.text == text, """
            docs/\(file) is not what the descriptions make (first difference: \
            \(firstDifference.map { "'\($0.0)' should be '\($0.1)'" } ?? "the length")); \
            run LUADYN_UPDATE_DOCS=1 swift test --filter ReferenceDocsTests
            """)
    }

    @Test func apiReferenceTablesAreTheDescriptions() throws {
        try check("lua-api.md", ReferenceDocs.apiReference(from:))
    }

    @Test func metaFileFieldsAreTheDescriptions() throws {
        try check("luadyn.meta.lua", ReferenceDocs.metaFile(from:))
    }

    /// A name is a field or a method of a type, not both and not twice, so help and the metatable agree on it.
    @Test func everyNameIsDescribedOnce() {
        for type in HelpCatalog.all {
            let names = type.fieldNames + type.methodNames
            #expect(Set(names).count == names.count, "\(type.name) describes a name twice: \(names)")
        }
    }

    /// Every field kind maps to a Lua language server type (a kind it cannot read would come out as `any`).
    @Test func everyFieldHasALanguageServerType() {
        for type in HelpCatalog.all {
            for field in type.fields {
                #expect(ReferenceDocs.luaType(field.kind) != "any", "\(type.name).\(field.name): '\(field.kind)'")
            }
        }
    }
}
