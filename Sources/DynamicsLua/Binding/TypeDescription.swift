import Dynamics
import LuaKit

/// One property of a Lua type, stated once: what help, completion, the LuaLS meta file and the reference tables of
/// docs/lua-api.md say of it (`info`), whether a constructor's option table may set it, how Lua reads it and, unless
/// it is read-only, how Lua writes it. The binding's getter, setter and option handling are made from these.
struct Property<Object: AnyObject> {
    /// Checks the value at the index (errors at the site) and sets it.
    typealias Setter = (LuaStack, Object, Int32, Site) throws(LuaError) -> Void

    var info: FieldInfo
    /// Accepted as `Type{ name = value }` when the object is made.
    var isOption: Bool
    /// Pushes the value.
    var get: (LuaStack, Object) throws(LuaError) -> Void
    /// Nil for a read-only property.
    var set: Setter?

    /// A property with hand-written access.
    init(_ name: String, _ kind: String, default defaultValue: String? = nil, _ summary: String, option: Bool = false,
         get: @escaping (LuaStack, Object) throws(LuaError) -> Void,
         set: ((LuaStack, Object, Int32, Site) throws(LuaError) -> Void)? = nil) {
        info = FieldInfo(name: name, writable: set != nil, kind: kind, defaultValue: defaultValue, summary: summary)
        isOption = option
        self.get = get
        self.set = set
    }

    /// Which finite numbers a number property takes.
    enum NumberRule { case any, nonNegative, positive }

    /// A number, checked by `rule` before the core's setter sees it (which checks again: the core stands alone).
    static func number(_ name: String, _ kind: String, default defaultValue: String? = nil, _ summary: String,
                       rule: NumberRule = .any, option: Bool = true, get: @escaping (Object) -> Double,
                       set: ((Object, Double) throws -> Void)? = nil) -> Property {
        var setter: Setter?
        if let set {
            setter = { s, o, i, site throws(LuaError) in
                let x: Double
                switch rule {
                case .any: x = try s.checkFinite(i, site)
                case .nonNegative: x = try s.checkNonNegative(i, site)
                case .positive: x = try s.checkPositive(i, site)
                }
                try core(at: site) { try set(o, x) }
            }
        }
        return Property(name, kind, default: defaultValue, summary, option: option && set != nil,
                        get: { s, o in s.push(get(o)) }, set: setter)
    }

    /// True or false.
    static func boolean(_ name: String, default defaultValue: String? = nil, _ summary: String, option: Bool = true,
                        get: @escaping (Object) -> Bool, set: ((Object, Bool) -> Void)? = nil) -> Property {
        var setter: Setter?
        if let set {
            setter = { s, o, i, site throws(LuaError) in
                guard s.type(at: i) == .boolean else { throw site.error("boolean expected, got \(s.typeName(at: i))") }
                set(o, s.boolean(at: i))
            }
        }
        return Property(name, "boolean", default: defaultValue, summary, option: option && set != nil,
                        get: { s, o in s.push(get(o)) }, set: setter)
    }

    /// A point or vector, read back as a Point.
    static func point(_ name: String, _ kind: String, default defaultValue: String? = nil, _ summary: String,
                      option: Bool = true, get: @escaping (Object) -> Vector,
                      set: ((Object, Vector) throws -> Void)? = nil) -> Property {
        var setter: Setter?
        if let set {
            setter = { s, o, i, site throws(LuaError) in
                let p = try s.checkPoint(i, site)
                try core(at: site) { try set(o, p) }
            }
        }
        return Property(name, kind, default: defaultValue, summary, option: option && set != nil,
                        get: { s, o in s.push(point: get(o)) }, set: setter)
    }

    /// One of a few names (a mode).
    static func choice(_ name: String, _ choices: [String], default defaultValue: String? = nil, _ summary: String,
                       option: Bool = true, get: @escaping (Object) -> String,
                       set: ((Object, String) throws -> Void)? = nil) -> Property {
        var setter: Setter?
        if let set {
            setter = { s, o, i, site throws(LuaError) in
                let text = try s.checkChoice(i, site, choices)
                try core(at: site) { try set(o, text) }
            }
        }
        return Property(name, choices.map { "\"\($0)\"" }.joined(separator: " | "), default: defaultValue, summary,
                        option: option && set != nil, get: { s, o in s.push(get(o)) }, set: setter)
    }
}

/// Runs a call into the core from a description, turning what it throws into a Lua error.
func core(_ body: () throws -> Void) throws(LuaError) {
    do {
        try body()
    } catch let error as LuaError {
        throw error
    } catch let error as DynamicsError {
        throw LuaError(error.message)
    } catch {
        throw LuaError("\(error)")
    }
}

/// `core(_:)` for a property's setter: what the core refuses is a bad value at `site`, so the error names the
/// function and argument (or the field) the value came from.
func core(at site: Site, _ body: () throws -> Void) throws(LuaError) {
    do throws(LuaError) {
        try core(body)
    } catch {
        guard case .argument = error.kind else { throw site.error(error.message) }
        throw error
    }
}

/// One method of a Lua type: what help says of it, and the function (called with the object as argument 1).
struct Method {
    var info: MethodInfo
    var function: LuaFunction

    init(_ name: String, _ signature: String, _ summary: String, _ function: @escaping LuaFunction) {
        info = MethodInfo(name: name, signature: signature, summary: summary)
        self.function = function
    }
}

/// Everything about one Lua type, stated once: its help (name, UIKit name, summary, how to make one), its
/// properties and methods, how it prints, and how it is made. `boundType` turns it into the metatable and the global
/// that `LuaState.install` sets up; `info` is what help, completion and the generated docs read.
struct TypeDescription<Object: AnyObject> {
    var name: String
    var uikitName: String?
    var summary: String
    var constructors: [String]
    var properties: [Property<Object>]
    var methods: [Method]
    /// `tostring(object)`.
    var describe: (Object) -> String
    /// Called as `Type(...)`; nil for types made only by other calls.
    var construct: LuaFunction?
    /// Functions reached as `Type.name(...)`.
    var statics: [(String, LuaFunction)] = []
    /// Values reached as `Type.name`, pushed once when the type is installed.
    var constants: [(String, (LuaStack) -> Void)] = []
    /// The order a constructor sets options in, when it matters (several options set one vector); nil: the order of
    /// `properties`.
    var optionOrder: [String]? = nil

    /// What help, completion and the docs say of the type.
    var info: TypeInfo {
        TypeInfo(name: name, uikitName: uikitName, summary: summary, constructors: constructors,
                 fields: properties.map(\.info), methods: methods.map(\.info))
    }

    /// The names a constructor's option table may use.
    var optionNames: [String] { properties.filter(\.isOption).map(\.info.name) }

    /// Sets every option present in `o` on `object`, in the order the properties are described.
    func applyOptions(_ o: OptionTable, to object: Object) throws(LuaError) {
        let s = o.stack
        var ordered = properties.filter(\.isOption)
        if let optionOrder {
            ordered.sort { (optionOrder.firstIndex(of: $0.info.name) ?? .max) < (optionOrder.firstIndex(of: $1.info.name) ?? .max) }
        }
        for property in ordered {
            guard let set = property.set else { continue }
            s.rawGet(o.index, field: property.info.name)
            defer { s.pop() }
            if s.isNil(at: -1) { continue }
            try set(s, object, s.top, .field(property.info.name, of: o.arg))
        }
    }

    /// The metatable (methods, field getter and setter, `__tostring`) and the global. Reads find their property by
    /// the number Lua gives a known key (`LuaClassSpec.fields`), without making a Swift string of the key.
    var boundType: BoundType {
        let typeInfo = info
        let name = self.name
        let getters = properties.map(\.get)
        var setters: [String: Property<Object>.Setter] = [:]
        for p in properties {
            if let set = p.set { setters[p.info.name] = set }
        }
        let describe = self.describe
        let spec = LuaClassSpec(
            name: name,
            methods: methods.map { ($0.info.name, $0.function) },
            getter: { s throws(LuaError) in
                let object = try s.checkObject(1, as: Object.self, expected: name)
                guard let id = s.fieldID, id >= 1, id <= getters.count else {
                    throw LuaError(typeInfo.unknownField(s.string(at: 2) ?? s.describe(2)))
                }
                try getters[id - 1](s, object)
                return 1
            },
            setter: { s throws(LuaError) in
                let object = try s.checkObject(1, as: Object.self, expected: name)
                let key = s.string(at: 2) ?? s.describe(2)
                guard let set = setters[key] else {
                    if typeInfo.field(key) != nil { throw LuaError("\(name).\(key) is read-only") }
                    throw LuaError(typeInfo.unknownField(key))
                }
                do throws(LuaError) {
                    try set(s, object, 3, .arg(3))
                } catch {
                    // `bad argument #3 to '__newindex'` would read badly: say which field instead.
                    guard case .argument = error.kind else { throw error }
                    throw LuaError("bad value for \(name).\(key) (\(error.message))")
                }
                return 0
            },
            metamethods: [
                ("__tostring", { s throws(LuaError) in
                    s.push(describe(try s.checkObject(1, as: Object.self, expected: name)))
                    return 1
                }),
            ],
            fields: properties.map(\.info.name))
        return BoundType(info: typeInfo, spec: spec, constructor: construct, statics: statics, constants: constants,
                         swiftClass: Object.self)
    }
}
