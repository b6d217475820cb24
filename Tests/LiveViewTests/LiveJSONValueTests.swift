import Testing
@testable import LiveView

@Suite struct LiveJSONValueTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try LiveJSONValue.parse(#" { "a" : [1, -2.5, 3e2, 0, -0.125E-1, true, false, null, "x"], "b": {}, "c": [] } "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5), .number(300), .number(0), .number(-0.0125), .bool(true), .bool(false),
                         .null, .string("x")]),
            "b": .object([:]),
            "c": .array([]),
        ]))
        #expect(try LiveJSONValue.parse("7") == .number(7))
        #expect(try LiveJSONValue.parse("\t\r\n\"\"\n") == .string(""))
    }

    @Test func readsEscapes() throws {
        #expect(try LiveJSONValue.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try LiveJSONValue.parse(#""\u00e9\u00C9 \u20ac""#) == .string("éÉ €"))
        // A surrogate pair is one scalar; text outside escapes passes through as it is.
        #expect(try LiveJSONValue.parse(#""\ud83d\ude00 😀 ü""#) == .string("😀 😀 ü"))
        #expect(try LiveJSONValue.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test(arguments: [
        // Not a value, or more than one.
        "", " ", "x", "1 2", "{} {}", "[1]]", "{\"a\":1}}",
        // Literals spelled otherwise.
        "tru", "True", "nul", "NaN", "Infinity", "undefined",
        // Numbers JSON does not have.
        "01", "-", "+1", ".5", "1.", "1.e3", "1e", "1e+", "0x10", "- 1", "1e400", "-1e400",
        // Strings: unterminated, single quotes, raw control characters, bad escapes, lone surrogates.
        "\"abc", "'a'", "\"a\nb\"", "\"a\tb\"", #""\x41""#, #""\u12""#, #""\u12G4""#, #""\ud83d""#, #""\ude00""#,
        #""\ud83dx""#, #""\ud83d\u0041""#, #""\"#,
        // Structure: trailing commas, missing colons or commas, keys that are not strings, repeated keys.
        "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{a:1}", "{1:1}", "{\"a\":1,\"a\":2}", "[1 2]",
        "[", "{", "{\"a\":", "[1,",
        // JSON's whitespace is four characters only.
        "\u{C}1", "1\u{B}", "\u{A0}1",
        // Comments.
        "[1 /* one */]", "// x\n1",
    ])
    func refusesWhatIsNotStrictJSON(_ text: String) {
        #expect(throws: LiveJSONValue.SyntaxError.self) { try LiveJSONValue.parse(text) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: LiveJSONValue.maxDepth) + String(repeating: "]", count: LiveJSONValue.maxDepth)
        #expect(try LiveJSONValue.parse(deep) != .null)
        let deeper = "[" + deep + "]"
        #expect(throws: LiveJSONValue.SyntaxError.self) { try LiveJSONValue.parse(deeper) }
        // Ten thousand open brackets are refused at the limit, not read by ten thousand calls.
        #expect(throws: LiveJSONValue.SyntaxError.self) { try LiveJSONValue.parse(String(repeating: "[", count: 10_000)) }
        #expect(throws: LiveJSONValue.SyntaxError.self) { try LiveJSONValue.parse(String(repeating: "{\"a\":", count: 10_000)) }
    }

    @Test func saysWhereReadingStopped() {
        #expect(throws: LiveJSONValue.SyntaxError(offset: 6, reason: "expected ',' or ']'")) { try LiveJSONValue.parse("[1, 2 3]") }
        #expect(throws: LiveJSONValue.SyntaxError(offset: 8, reason: "key 'a' repeated")) { try LiveJSONValue.parse(#"{"a":1, "a":2}"#) }
    }

    @Test func wholeNumbersAreIntegersWithinWhatAPageWritesExactly() throws {
        #expect(try LiveJSONValue.parse("3").integer == 3)
        #expect(try LiveJSONValue.parse("-3.0").integer == -3)
        #expect(try LiveJSONValue.parse("1e3").integer == 1000)
        #expect(try LiveJSONValue.parse("9007199254740992").integer == 9_007_199_254_740_992)
        #expect(try LiveJSONValue.parse("1e300").integer == nil)
        #expect(try LiveJSONValue.parse("1.5").integer == nil)
        #expect(try LiveJSONValue.parse("\"3\"").integer == nil)
        #expect(try LiveJSONValue.parse("true").integer == nil)
    }

    @Test func readsBackWhatTheWriterWrites() throws {
        var j = LiveJSON()
        j.raw("{")
        j.key("s"); j.string("a\"b\\c\n\u{1}\u{2028}é😀"); j.raw(",")
        j.key("n"); j.numbers([0, -1.5, 123.457, 1e14]); j.raw(",")
        j.key("b"); j.bool(true)
        j.raw("}")
        #expect(try LiveJSONValue.parse(j.text) == .object([
            "s": .string("a\"b\\c\n\u{1}\u{2028}é😀"),
            "n": .array([.number(0), .number(-1.5), .number(123.457), .number(1e14)]),
            "b": .bool(true),
        ]))
    }
}
