import LuaKit

/// How one bound type is installed: its instance metatable, and the global that makes instances.
struct BoundType {
    var info: TypeInfo
    /// The instance class (methods, getter, setter, metamethods); nil for types with no instances of their own.
    var spec: LuaClassSpec?
    /// Called as `Type(...)` with the arguments numbered from 1 as the user wrote them.
    var constructor: LuaFunction?
    /// Functions reached as `Type.name(...)` (e.g. `Attachment.fixed`, `Path.rect`).
    var statics: [(String, LuaFunction)] = []
    /// Values reached as `Type.name` (e.g. `Region.infinite`), each pushed once when the type is installed.
    var constants: [(String, (LuaStack) -> Void)] = []
    /// The Swift class whose objects are this type's instances, when there is one.
    var swiftClass: AnyObject.Type? = nil

    /// The names reached on the class table: statics, then constants.
    var staticNames: [String] { statics.map(\.0) + constants.map(\.0) }

    /// The error for `Type.key` when the class table has no such field.
    func unknownStatic(_ key: String) -> LuaError {
        LuaError(DidYouMean.unknownField(key, of: info.name, candidates: staticNames))
    }

    /// What `tostring(Type)` says.
    var classTableDescription: String {
        "\(info.name)\(info.uikitName.map { " (UIKit: \($0))" } ?? ""): help(\(info.name)) tells more"
    }
}

extension LuaState {
    /// Defines `type`'s instance metatable (with `__fields` for completion) and pushes its class table:
    /// callable as the constructor, with the statics as fields, and a metatable naming the type for `help`.
    func install(_ type: BoundType) throws(LuaError) {
        stack.newTable(record: Int32(type.statics.count + type.constants.count))
        try install(type, into: stack.top)
    }

    /// `install(_:)` into the class table at `table`, which the type's own metatable then replaces any other of.
    func install(_ type: BoundType, into table: Int32) throws(LuaError) {
        let s = stack
        let table = s.absolute(table)
        if let spec = type.spec {
            try defineClass(spec)
            s.pushMetatable(named: spec.name)
            push(names: type.info.fieldNames)
            s.rawSet(-2, field: "__fields")
            s.push(type.info.name)
            s.rawSet(-2, field: "__type")
            s.pop()
        }
        for (name, function) in type.statics {
            s.push(function: function, name: name)
            s.rawSet(table, field: name)
        }
        for (name, push) in type.constants {
            push(s)
            s.rawSet(table, field: name)
        }
        s.newTable(record: 6)
        let meta = s.top
        s.push(type.info.name)
        s.rawSet(meta, field: "__type")
        push(names: type.staticNames)
        s.rawSet(meta, field: "__fields")
        if let constructor = type.constructor {
            // __call passes the class table first; drop it so argument numbers match what the user wrote.
            s.push(function: { (s: LuaStack) throws(LuaError) -> Int32 in
                s.remove(at: 1)
                return try constructor(s)
            }, name: type.info.name)
            s.rawSet(meta, field: "__call")
        }
        s.push(function: { [type] (s: LuaStack) throws(LuaError) -> Int32 in
            throw type.unknownStatic(s.string(at: 2) ?? s.describe(2))
        })
        s.rawSet(meta, field: "__index")
        let description = type.classTableDescription
        s.push(function: { (s: LuaStack) throws(LuaError) -> Int32 in
            s.push(description)
            return 1
        })
        s.rawSet(meta, field: "__tostring")
        s.setMetatable(table)
    }

    /// Pushes an array of strings.
    private func push(names: [String]) {
        let s = stack
        s.newTable(array: Int32(names.count))
        for (i, name) in names.enumerated() {
            s.push(name)
            s.rawSet(-2, index: i + 1)
        }
    }
}

extension LuaStack {
    /// The bound type name (`__type`) of the value at `index`: an instance or a class table; nil for anything else.
    func boundTypeName(at index: Int32) -> String? {
        guard pushMetatable(of: index) else { return nil }
        defer { pop(2) }
        rawGet(-1, field: "__type")
        return string(at: -1)
    }
}
