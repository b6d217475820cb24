/// What a person can learn about one field of a bound type: the source of `help`, completion and did-you-mean.
struct FieldInfo: Sendable {
    var name: String
    /// False for read-only fields.
    var writable: Bool
    /// The value's kind and units, e.g. "number, rad" or "Point, pt/s".
    var kind: String
    /// The default, as Lua source, or nil when there is none worth saying.
    var defaultValue: String?
    var summary: String
}

/// One method or function of a bound type.
struct MethodInfo: Sendable {
    var name: String
    /// How it is called, e.g. `g:setAngle(angle, magnitude)`.
    var signature: String
    var summary: String
}

/// Everything `help(Type)` says about a bound type, and the names the REPL completes.
struct TypeInfo: Sendable {
    var name: String
    /// The UIKit class this type mirrors, or nil.
    var uikitName: String?
    var summary: String
    /// How to make one.
    var constructors: [String]
    var fields: [FieldInfo]
    var methods: [MethodInfo]

    var fieldNames: [String] { fields.map(\.name) }
    var methodNames: [String] { methods.map(\.name) }

    /// The text `help` prints for this type.
    var helpText: String {
        var lines = ["\(name)" + (uikitName.map { " — UIKit: \($0)" } ?? ""), "  \(summary)"]
        if !constructors.isEmpty {
            lines.append("make:")
            lines += constructors.map { "  \($0)" }
        }
        if !fields.isEmpty {
            lines.append("fields:")
            for field in fields { lines.append("  " + field.line) }
        }
        if !methods.isEmpty {
            lines.append("methods:")
            for method in methods { lines.append("  \(method.signature)  — \(method.summary)") }
        }
        return lines.joined(separator: "\n")
    }

    /// An error naming this type and suggesting the nearest field or method.
    func unknownField(_ key: String) -> String {
        DidYouMean.unknownField(key, of: name, candidates: fieldNames + methodNames)
    }

    /// The field called `name`, if this type has one.
    func field(_ name: String) -> FieldInfo? { fields.first { $0.name == name } }
}

extension FieldInfo {
    /// `magnitude (rw number, default 1): ...`
    var line: String {
        var head = "\(name) (\(writable ? "rw" : "ro") \(kind)"
        if let defaultValue { head += ", default \(defaultValue)" }
        return head + "): " + summary
    }
}
