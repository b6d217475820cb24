import Dynamics
import LuaKit

/// What every behaviour binding shares: pushing a behaviour as its own Lua type, the `action` block, children,
/// items, and reading `Type{ a, b, key = .. }` / `Type(a, b)` arguments.
enum BehaviorCommon {
    /// The Lua type name of a behaviour, from its Swift class.
    static func className(of b: DynamicBehavior) -> String {
        switch b {
        case is GravityBehavior: return "Gravity"
        case is CollisionBehavior: return "Collision"
        case is AttachmentBehavior: return "Attachment"
        case is SnapBehavior: return "Snap"
        case is PushBehavior: return "Push"
        case is DynamicItemBehavior: return "ItemBehavior"
        default: return "Behavior"
        }
    }

    /// The help of a behaviour's Lua type.
    static func info(of b: DynamicBehavior) -> TypeInfo { HelpCatalog.type(named: className(of: b)) ?? HelpCatalog.behavior }

    /// Fields every behaviour has; pushes the value and returns true when `key` is one of them.
    static func get(_ s: LuaStack, _ b: DynamicBehavior, _ key: String) -> Bool {
        switch key {
        case "action":
            if let callback = DynamicsHost.of(s)?.action(of: b) { callback.ref.push(on: s) } else { s.pushNil() }
        case "animator":
            if let animator = b.animator { s.push(animator: animator) } else { s.pushNil() }
        case "children":
            s.push(behaviors: b.children)
        case "items":
            guard let holder = b as? ItemHoldingBehavior else { return false }
            s.push(views: holder.items)
        default:
            return false
        }
        return true
    }

    /// Sets a field every behaviour has (only `action`); returns true when `key` is one.
    static func set(_ s: LuaStack, _ b: DynamicBehavior, _ key: String, valueAt index: Int32) throws(LuaError) -> Bool {
        guard key == "action" else { return false }
        try setAction(s, b, valueAt: index, site: .arg(index))
        return true
    }

    /// Installs the Lua function at `index` (or nil) as the behaviour's action block.
    static func setAction(_ s: LuaStack, _ b: DynamicBehavior, valueAt index: Int32, site: Site) throws(LuaError) {
        let callback = try Callback.check(s, index, site, expecting: .function)
        guard let host = DynamicsHost.of(s) else { return }
        host.setAction(callback, of: b)
        guard let callback else {
            b.action = nil
            return
        }
        let label = "\(className(of: b)) action"
        let context = host.callbacks
        b.action = { behavior in
            guard let stack = context.activeStack else { return }
            CallbackRunner.callFunction(stack, callback, label: label) {
                stack.push(behavior: behavior)
                return 1
            }
        }
    }

    /// The error for setting a field: read-only when the type has it, else unknown with a suggestion.
    static func cannotSet(_ info: TypeInfo, _ key: String) -> LuaError {
        if info.field(key) != nil { return LuaError("\(info.name).\(key) is read-only") }
        return LuaError(info.unknownField(key))
    }

    /// A `bad argument #3` from a setter reads badly (`to '__newindex'`); say which field instead.
    static func fieldError(_ error: LuaError, typeName: String, key: String) -> LuaError {
        guard case .argument = error.kind else { return error }
        return LuaError("bad value for \(typeName).\(key) (\(error.message))")
    }

    /// Methods of every behaviour.
    static var methods: [(String, LuaFunction)] {
        [
            ("addChild", { s throws(LuaError) in
                let b = try s.checkBehavior(1, .arg(1))
                let child = try s.checkBehavior(2, .arg(2))
                try dynamics { () throws(DynamicsError) in try b.addChild(child) }
                return 0
            }),
            ("removeChild", { s throws(LuaError) in
                let b = try s.checkBehavior(1, .arg(1))
                b.removeChild(try s.checkBehavior(2, .arg(2)))
                return 0
            }),
        ]
    }

    /// Methods of behaviours that hold items.
    static var itemMethods: [(String, LuaFunction)] {
        [
            ("addItem", { s throws(LuaError) in
                let b = try s.checkItemHolder(1)
                let item = try s.checkView(2, .arg(2))
                try dynamics { () throws(DynamicsError) in try b.addItem(item) }
                return 0
            }),
            ("removeItem", { s throws(LuaError) in
                let b = try s.checkItemHolder(1)
                b.removeItem(try s.checkView(2, .arg(2)))
                return 0
            }),
        ]
    }

    /// The items and the option table of `Type{ a, b, key = .. }` or `Type(a, b, ...)`.
    /// Option names are checked against `known` (plus `action`, which every behaviour takes).
    static func itemsAndOptions(_ s: LuaStack, typeName: String, known: [String]) throws(LuaError) -> ([DynamicItem], OptionTable?) {
        if s.type(at: 1) == .table {
            let o = OptionTable(s, at: 1, arg: 1, typeName: typeName)
            try o.checkKeys(known + ["action"], allowsArray: true)
            var items: [DynamicItem] = []
            try o.forEachElement { (i: Int) throws(LuaError) in
                items.append(try s.checkView(-1, .field("[\(i)]", of: 1)))
            }
            return (items, o)
        }
        var items: [DynamicItem] = []
        let count = s.top
        for i in stride(from: Int32(1), through: count, by: 1) {
            items.append(try s.checkView(i, .arg(i)))
        }
        return (items, nil)
    }

    /// Applies the `action` option, if given.
    static func applyAction(_ s: LuaStack, _ b: DynamicBehavior, _ o: OptionTable?) throws(LuaError) {
        guard let o, o.has("action") else { return }
        s.rawGet(o.index, field: "action")
        defer { s.pop() }
        try setAction(s, b, valueAt: s.top, site: .field("action", of: o.arg))
    }

    /// `Gravity (2 items) magnitude=1`: the type, its items and a few key numbers.
    static func describe(_ b: DynamicBehavior, _ detail: String) -> String {
        var text = className(of: b)
        if let holder = b as? ItemHoldingBehavior {
            let names = holder.items.prefix(4).map { "\"\($0.name)\"" }.joined(separator: ", ")
            text += " {\(names)\(holder.items.count > 4 ? ", ..." : "")}"
        }
        if !detail.isEmpty { text += " " + detail }
        if b.animator == nil { text += " (not in an animator)" }
        return text
    }

    /// The spec of a behaviour class: the common fields and methods around a type's own getter and setter.
    static func spec<B: DynamicBehavior>(_ info: TypeInfo, _ type: B.Type, methods: [(String, LuaFunction)],
                                          get: @escaping (LuaStack, B, String) throws(LuaError) -> Bool,
                                          set: @escaping (LuaStack, B, String) throws(LuaError) -> Bool,
                                          describe: @escaping (B) -> String) -> LuaClassSpec {
        LuaClassSpec(
            name: info.name,
            methods: methods,
            getter: { s throws(LuaError) in
                let b = try s.checkObject(1, as: B.self, expected: info.name)
                let key = s.string(at: 2) ?? s.describe(2)
                if try get(s, b, key) { return 1 }
                if BehaviorCommon.get(s, b, key) { return 1 }
                throw LuaError(info.unknownField(key))
            },
            setter: { s throws(LuaError) in
                let b = try s.checkObject(1, as: B.self, expected: info.name)
                let key = s.string(at: 2) ?? s.describe(2)
                do throws(LuaError) {
                    if try set(s, b, key) { return 0 }
                    if try BehaviorCommon.set(s, b, key, valueAt: 3) { return 0 }
                } catch {
                    throw fieldError(error, typeName: info.name, key: key)
                }
                throw cannotSet(info, key)
            },
            metamethods: [
                ("__tostring", { s throws(LuaError) in
                    s.push(describe(try s.checkObject(1, as: B.self, expected: info.name)))
                    return 1
                }),
            ])
    }
}

extension LuaStack {
    /// Any behaviour at `index`, or a `bad argument` at `site`.
    func checkBehavior(_ index: Int32, _ site: Site) throws(LuaError) -> DynamicBehavior {
        guard let b = object(at: index, as: DynamicBehavior.self) else {
            throw site.error("behavior expected, got \(typeName(at: index))")
        }
        return b
    }

    /// A behaviour that holds items (Gravity, Collision, Push, ItemBehavior) at `index`.
    func checkItemHolder(_ index: Int32) throws(LuaError) -> ItemHoldingBehavior {
        guard let b = object(at: index, as: ItemHoldingBehavior.self) else {
            throw LuaError.argument(index, "item-holding behavior expected, got \(typeName(at: index))")
        }
        return b
    }

    /// Pushes a behaviour as its one Lua value, typed by its Swift class.
    func push(behavior b: DynamicBehavior) { push(object: b, className: BehaviorCommon.className(of: b)) }

    /// `push(behavior:)` with the identity cache at `cache` (see `pushObjectCache`).
    func push(behavior b: DynamicBehavior, cache: Int32) {
        push(object: b, className: BehaviorCommon.className(of: b), cache: cache)
    }

    /// Pushes an array of behaviours.
    func push(behaviors: [DynamicBehavior]) {
        newTable(array: Int32(behaviors.count))
        for (i, b) in behaviors.enumerated() {
            push(behavior: b)
            rawSet(-2, index: i + 1)
        }
    }
}
