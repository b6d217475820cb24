import Dynamics
import LuaKit

/// The `Behavior` type: a composite behaviour (UIDynamicBehavior) with children and an action.
enum CompositeBinding {
    static var description: TypeDescription<DynamicBehavior> {
        TypeDescription(
            name: "Behavior", uikitName: "UIDynamicBehavior",
            summary: "a composite behaviour: children and an action block",
            constructors: ["Behavior{ children = {...}, action = function(b) end }"],
            properties: BehaviorCommon.commonProperties(),
            methods: BehaviorCommon.methods,
            describe: { b in BehaviorCommon.describe(b, "with \(b.children.count) children") },
            construct: construct)
    }

    /// `Behavior{ children = {...}, action = fn }`.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let b = DynamicBehavior()
        if !s.isNil(at: 1) {
            try s.checkType(1, .table)
            let o = OptionTable(s, at: 1, arg: 1, typeName: "Behavior")
            let d = description
            try o.checkKeys(["children"] + d.optionNames, allowsArray: false)
            if o.has("children") {
                s.rawGet(o.index, field: "children")
                defer { s.pop() }
                try s.checkType(-1, .table, site: .field("children", of: 1))
                let list = s.top
                for i in 0..<s.rawLength(list) {
                    s.rawGet(list, index: i + 1)
                    defer { s.pop() }
                    let child = try s.checkBehavior(-1, .field("children[\(i + 1)]", of: 1))
                    try dynamics { () throws(DynamicsError) in try b.addChild(child) }
                }
            }
            try d.applyOptions(o, to: b)
        }
        s.push(behavior: b)
        return 1
    }

    static var type: BoundType { description.boundType }
}

extension LuaStack {
    /// Checks a value's type, reporting at `site`.
    func checkType(_ index: Int32, _ expected: LuaType, site: Site) throws(LuaError) {
        guard type(at: index) == expected else { throw site.error("\(expected.name) expected, got \(typeName(at: index))") }
    }
}
