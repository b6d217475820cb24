import CLua

/// Argument checking for Swift functions called from Lua, worded as Lua's own luaL_check* functions word it,
/// but throwing instead of raising.
extension LuaStack {
    /// The number at `arg`; rejects other types and, since the world must never see one, NaN and infinities.
    public func checkNumber(_ arg: Int32) throws(LuaError) -> Double {
        guard let value = number(at: arg) else {
            throw .typeMismatch(arg, expected: "number", got: typeName(at: arg))
        }
        guard value.isFinite else { throw .argument(arg, "finite number expected, got \(formatNumber(value))") }
        return value
    }

    /// The integer at `arg` (a float with an exact integer value is accepted, as in Lua).
    public func checkInteger(_ arg: Int32) throws(LuaError) -> Int64 {
        guard type(at: arg) == .number else {
            throw .typeMismatch(arg, expected: "number", got: typeName(at: arg))
        }
        guard let value = integer(at: arg) else { throw .argument(arg, "number has no integer representation") }
        return value
    }

    /// The string at `arg` (numbers are not coerced).
    public func checkString(_ arg: Int32) throws(LuaError) -> String {
        guard let value = string(at: arg) else { throw .typeMismatch(arg, expected: "string", got: typeName(at: arg)) }
        return value
    }

    /// The boolean at `arg` (only true or false).
    public func checkBoolean(_ arg: Int32) throws(LuaError) -> Bool {
        guard type(at: arg) == .boolean else { throw .typeMismatch(arg, expected: "boolean", got: typeName(at: arg)) }
        return boolean(at: arg)
    }

    /// Checks the value at `arg` has the given type.
    public func checkType(_ arg: Int32, _ expected: LuaType) throws(LuaError) {
        guard type(at: arg) == expected else { throw .typeMismatch(arg, expected: expected.name, got: typeName(at: arg)) }
    }
}

/// A number as Lua's `tostring` would show it (%.14g; integers without a fraction).
public func formatNumber(_ value: Double) -> String {
    if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.14g", $0) }
    var text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) { text += ".0" }
    return text
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
