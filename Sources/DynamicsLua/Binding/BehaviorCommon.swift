import Dynamics
import LuaKit

/// What every behaviour binding shares: pushing a behaviour as its own Lua type, the `action` block, children,
/// items, and reading `Type{ a, b, key = .. }` / `Type(a, b)` arguments.
enum BehaviorCommon {
    /// The Lua type name of a behaviour, from its Swift class through the registry of bound types.
    static func className(of b: DynamicBehavior) -> String { luaTypeNames[ObjectIdentifier(type(of: b))] ?? "Behavior" }

    /// Each bound Swift class's Lua type name.
    private static let luaTypeNames: [ObjectIdentifier: String] = {
        var names: [ObjectIdentifier: String] = [:]
        // From the registry, not the built types: naming a behaviour must not build every type.
        for entry in typeRegistry { if let swiftClass = entry.swiftClass() { names[ObjectIdentifier(swiftClass)] = entry.name } }
        return names
    }()

    /// The help of a behaviour's Lua type.
    static func info(of b: DynamicBehavior) -> TypeInfo { HelpCatalog.type(named: className(of: b)) ?? HelpCatalog.behavior }

    /// The properties every behaviour has, after its own: `action`, `animator`, `children`.
    static func commonProperties<B: DynamicBehavior>() -> [Property<B>] {
        [
            Property("action", "function(b) or nil", default: "nil",
                     "runs once per frame after the step (UIDynamicBehavior.action)", option: true,
                     get: { s, b in
                         if let callback = DynamicsHost.of(s)?.action(of: b) { callback.ref.push(on: s) } else { s.pushNil() }
                     },
                     set: { s, b, i, site throws(LuaError) in try setAction(s, b, valueAt: i, site: site) }),
            Property("animator", "Animator or nil",
                     "the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)",
                     get: { s, b in if let animator = b.animator { s.push(animator: animator) } else { s.pushNil() } }),
            Property("children", "array of behaviours", default: "{}", "child behaviours, in order added (childBehaviors)",
                     get: { s, b in s.push(behaviors: b.children) }),
        ]
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

    /// Methods of every behaviour, after its own.
    static var methods: [Method] {
        [
            Method("addChild", "b:addChild(child)", "adds a child behaviour (addChildBehavior)") { s throws(LuaError) in
                let b = try s.checkBehavior(1, .arg(1))
                let child = try s.checkBehavior(2, .arg(2))
                try dynamics { () throws(DynamicsError) in try b.addChild(child) }
                return 0
            },
            Method("removeChild", "b:removeChild(child)", "removes a child behaviour") { s throws(LuaError) in
                let b = try s.checkBehavior(1, .arg(1))
                b.removeChild(try s.checkBehavior(2, .arg(2)))
                return 0
            },
        ]
    }

    /// Methods of behaviours that hold items, before the methods of every behaviour.
    static var itemMethods: [Method] {
        [
            Method("addItem", "b:addItem(view)", "starts acting on an item") { s throws(LuaError) in
                let b = try s.checkItemHolder(1)
                let item = try s.checkView(2, .arg(2))
                try dynamics { () throws(DynamicsError) in try b.addItem(item) }
                return 0
            },
            Method("removeItem", "b:removeItem(view)", "stops acting on an item") { s throws(LuaError) in
                let b = try s.checkItemHolder(1)
                b.removeItem(try s.checkView(2, .arg(2)))
                return 0
            },
        ]
    }

    /// The items and the option table of `Type{ a, b, key = .. }` or `Type(a, b, ...)`.
    /// Option names are checked against `known`.
    static func itemsAndOptions(_ s: LuaStack, typeName: String, known: [String]) throws(LuaError) -> ([DynamicItem], OptionTable?) {
        // A custom item (a table with a centre) given alone is an item, not the option table.
        if s.type(at: 1) == .table && !CustomItems.isItemTable(s, at: 1) {
            let o = OptionTable(s, at: 1, arg: 1, typeName: typeName)
            try o.checkKeys(known, allowsArray: true)
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

    /// `Type{ a, b, key = .. }` or `Type(a, b)` for a behaviour that holds items: its options as `description`
    /// states them, set in the order described.
    /// `make` gets the option table too, for options it reads itself (named in `extraOptions`).
    static func construct<B: ItemHoldingBehavior>(_ s: LuaStack, _ description: TypeDescription<B>, extraOptions: [String] = [],
                                                   _ make: ([DynamicItem], OptionTable?) throws(LuaError) -> B) throws(LuaError) -> Int32 {
        let (items, o) = try itemsAndOptions(s, typeName: description.name, known: description.optionNames + extraOptions)
        let b = try make(items, o)
        if let o { try description.applyOptions(o, to: b) }
        s.push(behavior: b)
        return 1
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
}

extension Property where Object: ItemHoldingBehavior {
    /// `items`, first among the properties of behaviours that hold items.
    static var items: Property {
        Property("items", "array of View", default: "{}", "the items this behaviour acts on, in order added",
                 get: { s, b in s.push(views: b.items) })
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
