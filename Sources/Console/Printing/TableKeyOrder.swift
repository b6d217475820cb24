import LuaKit

/// The order in which the printer shows the keys of a table that are not in its array part: numbers first
/// (ascending), then strings (by bytes), then booleans (false first), then every other key by its type and its
/// `tostring`. Lua's own `next` order changes from run to run, so the printer never shows it.
enum TableKeyOrder: Comparable {
    case number(Double)
    case string([UInt8])
    case boolean(Bool)
    case other(type: String, text: String)

    /// The sort key of the value at `index`.
    init(_ index: Int32, on stack: LuaStack) {
        switch stack.type(at: index) {
        case .number: self = .number(stack.number(at: index) ?? 0)
        case .string: self = .string(stack.bytes(at: index) ?? [])
        case .boolean: self = .boolean(stack.boolean(at: index))
        default: self = .other(type: stack.typeName(at: index), text: stack.describe(index))
        }
    }

    private var rank: Int {
        switch self {
        case .number: return 0
        case .string: return 1
        case .boolean: return 2
        case .other: return 3
        }
    }

    static func < (a: TableKeyOrder, b: TableKeyOrder) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x < y
        case let (.string(x), .string(y)): return x.lexicographicallyPrecedes(y)
        case let (.boolean(x), .boolean(y)): return !x && y
        case let (.other(t1, s1), .other(t2, s2)): return (t1, s1) < (t2, s2)
        default: return a.rank < b.rank
        }
    }
}
