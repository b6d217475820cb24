import CLua

/// The basic types of Lua values.
public enum LuaType: Int32, Sendable {
    case none = -1, `nil` = 0, boolean, lightUserdata, number, string, table, function, userdata, thread

    /// The name Lua itself uses (`type(v)`).
    public var name: String {
        switch self {
        case .none: return "no value"
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .lightUserdata, .userdata: return "userdata"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .thread: return "thread"
        }
    }
}
