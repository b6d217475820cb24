import Dynamics
import LuaKit

/// An option table handed to a constructor (`View{ center = .., size = .. }`): typed reads of its fields,
/// its array part (items), and a check that every key is one the type knows (with a did-you-mean).
struct OptionTable {
    let stack: LuaStack
    /// Absolute stack index of the table.
    let index: Int32
    /// The argument number errors report.
    let arg: Int32
    /// The type the options are for, as errors name it.
    let typeName: String

    init(_ stack: LuaStack, at index: Int32, arg: Int32, typeName: String) {
        self.stack = stack
        self.index = stack.absolute(index)
        self.arg = arg
        self.typeName = typeName
    }

    /// Rejects keys that are neither in `known` nor (when `allowsArray`) in the array part 1...#t.
    /// Unknown names are reported in sorted order so the same script always gives the same message.
    func checkKeys(_ known: [String], allowsArray: Bool) throws(LuaError) {
        let s = stack
        let length = s.rawLength(index)
        var unknown: [String] = []
        try s.forEachPair(index) { () throws(LuaError) in
            if let name = s.string(at: -2) {
                if !known.contains(name) { unknown.append(name) }
            } else if allowsArray, let i = s.integer(at: -2), i >= 1, i <= length {
                return
            } else {
                unknown.append("[\(s.describe(-2))]")
            }
        }
        if let first = unknown.sorted().first {
            throw LuaError.argument(arg, DidYouMean.unknownField(first, of: typeName, candidates: known, noun: "option"))
        }
    }

    /// Reads field `key` with `read` when it is present (not nil).
    func value<T>(_ key: String, _ read: (LuaStack, Int32, Site) throws(LuaError) -> T) throws(LuaError) -> T? {
        let s = stack
        s.rawGet(index, field: key)
        defer { s.pop() }
        if s.isNil(at: -1) { return nil }
        return try read(s, -1, .field(key, of: arg))
    }

    /// Whether field `key` is present.
    func has(_ key: String) -> Bool {
        stack.rawGet(index, field: key)
        defer { stack.pop() }
        return !stack.isNil(at: -1)
    }

    func number(_ key: String) throws(LuaError) -> Double? { try value(key) { s, i, site throws(LuaError) in try s.checkFinite(i, site) } }
    func point(_ key: String) throws(LuaError) -> Vector? { try value(key) { s, i, site throws(LuaError) in try s.checkPoint(i, site) } }
    func size(_ key: String) throws(LuaError) -> Vector? { try value(key) { s, i, site throws(LuaError) in try s.checkSize(i, site) } }
    func rect(_ key: String) throws(LuaError) -> Rect? { try value(key) { s, i, site throws(LuaError) in try s.checkRect(i, site) } }
    func range(_ key: String) throws(LuaError) -> FloatRange? { try value(key) { s, i, site throws(LuaError) in try s.checkRange(i, site) } }
    func insets(_ key: String) throws(LuaError) -> EdgeInsets? { try value(key) { s, i, site throws(LuaError) in try s.checkInsets(i, site) } }
    func string(_ key: String) throws(LuaError) -> String? {
        try value(key) { s, i, site throws(LuaError) in
            guard let text = s.string(at: i) else { throw site.error("string expected, got \(s.typeName(at: i))") }
            return text
        }
    }
    func boolean(_ key: String) throws(LuaError) -> Bool? {
        try value(key) { s, i, site throws(LuaError) in
            guard s.type(at: i) == .boolean else { throw site.error("boolean expected, got \(s.typeName(at: i))") }
            return s.boolean(at: i)
        }
    }

    /// The number of entries in the array part.
    var arrayCount: Int { stack.rawLength(index) }

    /// Calls `body` with each array element pushed on top (at -1) and its position.
    func forEachElement(_ body: (Int) throws(LuaError) -> Void) throws(LuaError) {
        let s = stack
        for i in 1...max(1, arrayCount) where i <= arrayCount {
            s.rawGet(index, index: i)
            defer { s.pop() }
            try body(i)
        }
    }
}

extension LuaStack {
    /// A non-negative finite number (elasticity, friction, resistances).
    func checkNonNegative(_ index: Int32, _ site: Site) throws(LuaError) -> Double {
        let value = try checkFinite(index, site)
        guard value >= 0 else { throw site.error("number must not be negative, got \(formatNumber(value))") }
        return value
    }

    /// A positive finite number (densities, sizes, time steps).
    func checkPositive(_ index: Int32, _ site: Site) throws(LuaError) -> Double {
        let value = try checkFinite(index, site)
        guard value > 0 else { throw site.error("number must be positive, got \(formatNumber(value))") }
        return value
    }

    /// One of `choices` (a mode name), with a did-you-mean when it is not.
    func checkChoice(_ index: Int32, _ site: Site, _ choices: [String]) throws(LuaError) -> String {
        guard let text = string(at: index) else {
            throw site.error("string expected, got \(typeName(at: index))")
        }
        guard choices.contains(text) else {
            var message = "'\(text)' is not one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
            if let suggestion = DidYouMean.nearest(to: text, in: choices) { message += " (did you mean '\(suggestion)'?)" }
            throw site.error(message)
        }
        return text
    }
}
