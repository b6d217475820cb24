import Testing
import LuaKit
@testable import Console

/// Evaluates `expression` in `lua` and prints its value with `printer`.
private func show(_ expression: String, in lua: LuaState = LuaState(), with printer: ValuePrinter = ValuePrinter()) throws -> String {
    let count = try lua.run("return " + expression, name: "=test")
    defer { lua.stack.pop(count) }
    return try printer.render(results: count, on: lua.stack)
}

@Suite struct ValuePrinterTests {
    @Test func scalarsPrintAsLuaWritesThem() throws {
        #expect(try show("nil") == "nil")
        #expect(try show("true") == "true")
        #expect(try show("42") == "42")
        #expect(try show("42.0") == "42.0")
        #expect(try show("1/4") == "0.25")
        #expect(try show("-0.0") == "-0.0")
        #expect(try show("math.huge") == "inf")
        #expect(try show("math.maxinteger") == "9223372036854775807")
    }

    @Test func stringsAreQuotedAndEscaped() throws {
        #expect(try show("'hi'") == "\"hi\"")
        #expect(try show("'a\\nb\\t\"c\"\\\\'") == "\"a\\nb\\t\\\"c\\\"\\\\\"")
        #expect(try show("'\\0\\27[1m'") == "\"\\x00\\x1b[1m\"")
        #expect(try show("'h\\u{E9}llo'") == "\"h\u{E9}llo\"")
        // A byte that is not UTF-8 stays visible, and separate from the digit after it.
        #expect(try show("'\\255' .. '1'") == "\"\\xff1\"")
    }

    @Test func severalResultsAreSeparatedByTabs() throws {
        #expect(try show("1, nil, 'x'") == "1\tnil\t\"x\"")
    }

    @Test func arrayPartComesFirstInOrderThenSortedKeys() throws {
        let text = try show("{ 'a', 'b', 'c', zeta = 1, alpha = 2, [10] = true, [-1] = 0, [1.5] = 9, [false] = 1, [true] = 2 }", with: ValuePrinter(width: 200))
        #expect(text == "{ \"a\", \"b\", \"c\", [-1] = 0, [1.5] = 9, [10] = true, alpha = 2, zeta = 1, [false] = 1, [true] = 2 }")
    }

    @Test func keysThatAreNotNamesAreBracketed() throws {
        #expect(try show("{ ['two words'] = 1, ['end'] = 2, ['9lives'] = 3 }")
            == "{ [\"9lives\"] = 3, [\"end\"] = 2, [\"two words\"] = 1 }")
    }

    @Test func arrayWithHoleKeepsTheRestAsKeys() throws {
        #expect(try show("{ 1, 2, nil, 4 }") == "{ 1, 2, [4] = 4 }")
    }

    @Test func emptyAndNestedTables() throws {
        #expect(try show("{}") == "{}")
        #expect(try show("{ a = { b = { c = {} } } }") == "{ a = { b = { c = {} } } }")
    }

    @Test func orderIsTheSameWhateverTheInsertionOrder() throws {
        let forwards = try show("(function() local t = {} for i = 1, 20 do t['k' .. i] = i end return t end)()")
        let backwards = try show("(function() local t = {} for i = 20, 1, -1 do t['k' .. i] = i end return t end)()")
        #expect(forwards == backwards)
        #expect(forwards.hasPrefix("{\n  k1 = 1,\n  k10 = 10,\n  k11 = 11,"))
    }

    @Test func cyclesAreMarked() throws {
        let lua = LuaState()
        try lua.run("t = { name = 't' } t.self = t t.child = { parent = t }", name: "=test")
        #expect(try show("t", in: lua) == "{ child = { parent = <cycle> }, name = \"t\", self = <cycle> }")
    }

    @Test func aSharedTableThatIsNoCycleIsShownEachTime() throws {
        let lua = LuaState()
        try lua.run("local p = { 1 } t = { a = p, b = p }", name: "=test")
        #expect(try show("t", in: lua) == "{ a = { 1 }, b = { 1 } }")
    }

    @Test func depthIsLimited() throws {
        let printer = ValuePrinter(maxDepth: 2)
        #expect(try show("{ 1, { 2, { 3 } } }", with: printer) == "{ 1, { 2, {...} } }")
        #expect(try show("{ 1, { 2, {} } }", with: printer) == "{ 1, { 2, {} } }")
    }

    @Test func longTablesAreCut() throws {
        let printer = ValuePrinter(maxEntries: 3)
        #expect(try show("{ 1, 2, 3, 4, 5, x = 1 }", with: printer) == "{ 1, 2, 3, ...(3 more) }")
    }

    @Test func wideTablesBreakIntoIndentedLines() throws {
        let printer = ValuePrinter(width: 30)
        let text = try show("{ name = 'a fairly long name', inner = { x = 1, y = 2 } }", with: printer)
        #expect(text == "{\n  inner = { x = 1, y = 2 },\n  name = \"a fairly long name\",\n}")
        for line in text.split(separator: "\n") { #expect(line.count <= 30) }
    }

    @Test func toStringMetamethodsAreUsed() throws {
        let lua = LuaState()
        try lua.run("p = setmetatable({}, { __tostring = function() return '(3, 4)' end })", name: "=test")
        #expect(try show("p, { p }", in: lua) == "(3, 4)\t{ (3, 4) }")
    }

    @Test func aFailingToStringFailsTheRenderingWithItsError() throws {
        let lua = LuaState()
        try lua.run("bad = setmetatable({}, { __tostring = function() error('no') end })", name: "=test")
        let top = lua.stack.top
        #expect(throws: LuaError.self) { try show("bad", in: lua) }
        #expect(throws: LuaError.self) { try show("{ 1, { bad } }", in: lua) }
        do {
            _ = try show("bad", in: lua)
        } catch let error as LuaError {
            #expect(error.message == "test:1: no")
        }
        #expect(lua.stack.top == top, "nothing is left on the stack")
    }

    @Test func userdataPrintsThroughToString() throws {
        final class Box {}
        let lua = LuaState()
        try lua.defineClass(LuaClassSpec(name: "Box", metamethods: [("__tostring", { s throws(LuaError) in
            s.push("Box #7")
            return 1
        })]))
        lua.stack.push(object: Box(), className: "Box")
        lua.stack.setGlobal("box")
        #expect(try show("box, { box }", in: lua) == "Box #7\t{ Box #7 }")
    }

    @Test func functionsPrintAsToStringShowsThem() throws {
        #expect(try show("print").hasPrefix("builtin: ") || show("print").hasPrefix("function: "))
    }
}
