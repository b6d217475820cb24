import LuaKit

/// Shows Lua values the way the REPL prints results.
///
/// - Strings are quoted and escaped (`"a\nb"`), so `"1"` and `1` look different; numbers print as Lua prints them.
/// - Tables show their contents: the array part `1..n` first in order, then the other keys sorted (numbers,
///   strings, booleans, then the rest), as `{ 1, 2, name = "x", [10] = true }`, on one line when it fits
///   `width`, else one entry per line. Traversal is raw: no `__index` or `__pairs` runs.
/// - A table met again inside itself prints `<cycle>`; tables deeper than `maxDepth` print `{...}`; after
///   `maxEntries` entries of one table, `...(n more)`.
/// - A table or userdata with `__tostring`, and functions and threads, print as `tostring` shows them (a userdata's
///   `__name` included); a `__tostring` that fails makes the whole rendering fail with its error.
public struct ValuePrinter: Sendable {
    /// How many levels of nested tables are shown (the value itself is level 1).
    public var maxDepth: Int
    /// How many entries of one table are shown.
    public var maxEntries: Int
    /// The column width tables are laid out to fit.
    public var width: Int

    /// A printer with the given limits.
    public init(maxDepth: Int = 4, maxEntries: Int = 100, width: Int = 80) {
        self.maxDepth = maxDepth
        self.maxEntries = maxEntries
        self.width = width
    }

    /// The value at `index`, as text.
    public func render(_ index: Int32, on stack: LuaStack) throws(LuaError) -> String {
        var path: [UnsafeRawPointer] = []
        return try value(stack.absolute(index), on: stack, depth: 1, path: &path).layout(width: width, indent: 0, used: 0)
    }

    /// The top `count` values of the stack (a chunk's results), separated by tabs as lua.c separates them.
    public func render(results count: Int32, on stack: LuaStack) throws(LuaError) -> String {
        guard count > 0 else { return "" }
        let first = stack.top - count + 1
        var parts: [String] = []
        for index in first...stack.top { parts.append(try render(index, on: stack)) }
        return parts.joined(separator: "\t")
    }

    private func value(_ index: Int32, on stack: LuaStack, depth: Int, path: inout [UnsafeRawPointer]) throws(LuaError) -> PrintedValue {
        switch stack.type(at: index) {
        case .nil, .none:
            return .atom("nil")
        case .boolean:
            return .atom(stack.boolean(at: index) ? "true" : "false")
        case .number:
            if stack.isInteger(at: index), let integer = stack.integer(at: index) { return .atom(String(integer)) }
            return .atom(formatNumber(stack.number(at: index) ?? 0))
        case .string:
            return .atom(LuaQuoting.quote(stack.bytes(at: index) ?? []))
        case .table:
            if stack.pushMetafield(of: index, "__tostring") != .nil {
                stack.pop()
                return .atom(try stack.tostring(index))
            }
            stack.pop()
            return try table(index, on: stack, depth: depth, path: &path)
        default:
            return .atom(try stack.tostring(index))
        }
    }

    private func table(_ index: Int32, on stack: LuaStack, depth: Int, path: inout [UnsafeRawPointer]) throws(LuaError) -> PrintedValue {
        guard let identity = stack.identity(at: index) else { return .atom("{...}") }
        if path.contains(identity) { return .atom("<cycle>") }
        let base = stack.top
        defer { stack.top = base }
        // The keys, in a scratch array so that each can be pushed again after sorting (any value can be a key).
        guard stack.ensureSpace(8) else { return .atom("{...}") }
        stack.newTable()
        let keys = stack.top
        var order: [(key: TableKeyOrder, slot: Int)] = []
        var integerKeys: [Int64] = []
        stack.pushNil()
        while stack.next(index) {
            stack.pop()  // the value
            let slot = order.count + 1
            order.append((TableKeyOrder(-1, on: stack), slot))
            if stack.isInteger(at: -1), let n = stack.integer(at: -1) { integerKeys.append(n) }
            stack.pushCopy(of: -1)
            stack.rawSet(keys, index: slot)
        }
        if order.isEmpty { return .atom("{}") }
        if depth > maxDepth { return .atom("{...}") }

        // The array part: 1..n with every index present.
        integerKeys.sort()
        var border: Int64 = 0
        for n in integerKeys where n == border + 1 { border = n }
        let isArray: (TableKeyOrder) -> Bool = {
            if case .number(let x) = $0 { return x >= 1 && x <= Double(border) && x == x.rounded() }
            return false
        }
        order.sort { $0.key < $1.key }
        order = order.filter { isArray($0.key) } + order.filter { !isArray($0.key) }
        let shown = order.prefix(maxEntries)

        path.append(identity)
        defer { path.removeLast() }
        var entries: [(prefix: String, value: PrintedValue)] = []
        for (key, slot) in shown {
            stack.rawGet(keys, index: slot)
            let prefix = isArray(key) ? "" : try keyText(-1, on: stack) + " = "
            stack.rawGetKey(index)
            entries.append((prefix, try value(stack.top, on: stack, depth: depth + 1, path: &path)))
            stack.pop()
        }
        return .table(entries: entries, omitted: order.count - shown.count)
    }

    /// `name`, `["not a name"]`, `[3]`, `[true]`, `[table: 0x...]`: the key as a Lua table constructor spells it.
    private func keyText(_ index: Int32, on stack: LuaStack) throws(LuaError) -> String {
        if let bytes = stack.bytes(at: index) {
            let name = String(decoding: bytes, as: UTF8.self)
            if Array(name.utf8) == bytes, LuaQuoting.isIdentifier(name) { return name }
            return "[" + LuaQuoting.quote(bytes) + "]"
        }
        var path: [UnsafeRawPointer] = []
        switch stack.type(at: index) {
        case .number, .boolean: return "[" + (try value(index, on: stack, depth: 1, path: &path)).flat + "]"
        default: return try "[" + stack.tostring(index) + "]"
        }
    }
}
