/// What the user is completing at the cursor: a dotted path of names and the start of the last one.
///
/// `string.fo` is path `["string"]`, partial `fo`; `t.a.b` is path `["t", "a"]`, partial `b`; `obj:mo` is path
/// `["obj"]` with a method separator; `pri` is a global. Anything else (inside a string, after `)` or `]`, a number)
/// is not completed.
public struct CompletionRequest: Equatable, Sendable {
    /// The names leading to the value whose fields are offered (empty for globals).
    public var path: [String]
    /// True after `:`, where only methods make sense.
    public var wantsMethod: Bool
    /// The start of the name being typed (possibly empty).
    public var partial: String

    /// A request for the names after `path` (joined by `:` when `wantsMethod`) that start with `partial`.
    public init(path: [String], wantsMethod: Bool, partial: String) {
        self.path = path
        self.wantsMethod = wantsMethod
        self.partial = partial
    }

    /// The request at the end of `text` (the line up to the cursor), or nil when there is nothing to complete.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        if CompletionRequest.endsInsideString(bytes) { return nil }
        var start = bytes.count
        while start > 0, LuaQuoting.isIdentifierByte(bytes[start - 1]) || bytes[start - 1] == 46 || bytes[start - 1] == 58 {
            start -= 1
        }
        // `f().x`, `t[1].x`, `"s":x`: the value comes from an expression we will not evaluate.
        if start > 0, [41, 93, 34, 39].contains(bytes[start - 1]) { return nil }
        let word = bytes[start...]
        guard word.first.map({ !LuaQuoting.isDigit($0) && $0 != 46 && $0 != 58 }) ?? true else { return nil }

        var names: [String] = []
        var method = false
        var current: [UInt8] = []
        for byte in word {
            if byte == 46 || byte == 58 {
                // A name must sit before each separator, and `:` may only come last (`a:b.c` is not a path).
                if current.isEmpty || method { return nil }
                names.append(String(decoding: current, as: UTF8.self))
                current = []
                method = byte == 58
            } else {
                current.append(byte)
            }
        }
        self.init(path: names, wantsMethod: method, partial: String(decoding: current, as: UTF8.self))
    }

    /// True when an unfinished short string literal runs to the end of `bytes` (a rough lexer: quotes and escapes).
    private static func endsInsideString(_ bytes: [UInt8]) -> Bool {
        var quote: UInt8? = nil
        var escaped = false
        for byte in bytes {
            if let open = quote {
                if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == open { quote = nil }
            } else if byte == 34 || byte == 39 {
                quote = byte
            }
        }
        return quote != nil
    }
}
