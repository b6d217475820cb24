import Testing
import LuaKit
@testable import DynamicsLua

/// Walks the whole Lua API with a value no part of it takes (a coroutine) and checks that every error names what
/// was called: each writable field, each method (called as a method and through `pcall`, where Lua finds no name
/// of its own), each static function and each constructor. The walk comes from the bound types themselves, so a
/// type added later is walked too; it needs only a sample below.
@Suite struct ErrorMessageWalkTests {
    /// A Lua expression that makes one instance of each bound type with instances. A new type must add one here.
    static let samples: [String: String] = [
        "Animator": "Animator{ width = 200, height = 200 }",
        "View": "View{ center = {50, 50}, size = {10, 10} }",
        "Gravity": "Gravity(View{ center = {50, 50}, size = {10, 10} })",
        "Collision": "Collision(View{ center = {50, 50}, size = {10, 10} })",
        "Attachment": "Attachment(View{ center = {50, 50}, size = {10, 10} }, { anchor = {0, 0} })",
        "Snap": "Snap(View{ center = {50, 50}, size = {10, 10} }, {0, 0})",
        "Push": "Push(View{ center = {50, 50}, size = {10, 10} })",
        "ItemBehavior": "ItemBehavior(View{ center = {50, 50}, size = {10, 10} })",
        "Behavior": "Behavior{}",
        "Field": "Field.radialGravity{ View{ center = {50, 50}, size = {10, 10} }, position = {0, 0} }",
        "Region": "Region(50)",
        "Path": "Path.rect{0, 0, 10, 10}",
        "Point": "Point(1, 2)",
        "ItemGroup": "ItemGroup{ View{ center = {50, 50}, size = {10, 10} }, View{ center = {70, 50}, size = {10, 10} } }",
        "CollectionLayout": "CollectionLayout{ count = 3, itemSize = {100, 20}, spacing = 4, width = 120, height = 200 }",
        "LayoutAttributes": "CollectionLayout{ count = 3, itemSize = {100, 20}, width = 120, height = 200 }:attributes(1)",
        "ViewController": "ViewController{ title = \"A\" }",
        "Transition": "Transition{ from = ViewController{}, to = ViewController{}, size = {100, 100}, animator = idle }",
        "TransitionContext": "Transition{ from = ViewController{}, to = ViewController{}, size = {100, 100}, animator = idle }:start()",
        "PercentDrivenTransition": "PercentDrivenTransition{}",
        "PropertyAnimator": "PropertyAnimator{ duration = 0.3 }",
    ]

    /// Fields that take any value by design, with why.
    static let takesAnything: Set<String> = []

    /// What a walk found: how many errors it checked, and the ones that did not name what was called.
    struct Findings {
        var checked = 0
        var unnamed: [String] = []
    }

    /// Runs `chunk`; if it raises, records the message unless it contains every one of `names`. With `mustFail`, not
    /// raising is recorded too (Lua functions may ignore arguments they do not take, but a field must refuse).
    private static func expectNamed(_ lua: LuaState, _ chunk: String, _ names: [String], mustFail: Bool = false,
                                    _ findings: inout Findings) {
        do {
            _ = try lua.run(chunk, name: "=walk")
            if mustFail { findings.unnamed.append("\(chunk): no error") }
        } catch {
            findings.checked += 1
            let message = error.message
            // A function is named as Lua's own messages name it ('step') or as a prefix ("start: ...").
            let named = names.allSatisfy { name in
                message.contains(name) || (name.hasPrefix("'") && message.contains(name.dropFirst().dropLast() + ": "))
            }
            if message.contains("'?'") || !named {
                findings.unnamed.append("\(chunk): \(message)")
            }
        }
    }

    @Test func everyErrorNamesTheFieldOrFunction() throws {
        let lua = try makeDynamicsState()
        _ = try lua.run("""
            bad = coroutine.create(print)
            idle = { transitionDuration = function() return 0.1 end, animateTransition = function() end }
            """, name: "=walk")
        var findings = Findings()
        for type in boundTypes {
            let name = type.info.name
            if type.constructor != nil {
                Self.expectNamed(lua, "\(name)(bad, bad)", ["'\(name)'"], &findings)
            }
            for (function, _) in type.statics {
                Self.expectNamed(lua, "\(name).\(function)(bad, bad, bad, bad)", ["'\(function)'"], &findings)
            }
            guard type.spec != nil else { continue }
            guard let sample = Self.samples[name] else {
                Issue.record("ErrorMessageWalkTests.samples has no sample of \(name)")
                continue
            }
            _ = try lua.run("sample = \(sample)", name: "=walk")
            for field in type.info.fields where field.writable && !Self.takesAnything.contains("\(name).\(field.name)") {
                Self.expectNamed(lua, "sample.\(field.name) = bad", ["\(name).\(field.name)"], mustFail: true, &findings)
            }
            for method in type.info.methods {
                let m = method.name
                // Every method takes its object first: anything else is refused, naming the type expected.
                Self.expectNamed(lua, "sample.\(m)(bad)", ["'\(m)'", "expected, got thread"], mustFail: true, &findings)
                // With arguments no method takes: as a method call, and through pcall, where Lua knows no name.
                let asMethod = "sample:\(m)(bad, bad, bad, bad)"
                let viaPcall = "local ok, e = pcall(sample.\(m), sample, bad, bad, bad, bad) if not ok then error(e, 0) end"
                for chunk in [asMethod, viaPcall] { Self.expectNamed(lua, chunk, ["'\(m)'"], &findings) }
            }
        }
        #expect(findings.unnamed.isEmpty, "\(findings.unnamed.joined(separator: "\n"))")
        // The walk must have reached most of the API: every type, with dozens of fields and methods.
        #expect(findings.checked >= 150, "only \(findings.checked) errors checked")
    }
}
