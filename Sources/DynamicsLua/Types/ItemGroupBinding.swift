import Dynamics
import LuaKit
import Pictures

/// The `ItemGroup` type (UIDynamicItemGroup): items that move as one rigid body and collide by their own shapes.
enum ItemGroupBinding {
    static let className = "ItemGroup"

    /// `ItemGroup "L" {"a", "b", "c"} center=(160.0, 443.0) angle=0.00`.
    static func describe(_ group: DynamicItem) -> String {
        let names = group.members.prefix(4).map { "\"\($0.name)\"" }.joined(separator: ", ")
        return "ItemGroup \"\(group.name)\" {\(names)\(group.members.count > 4 ? ", ..." : "")} "
            + "center=\(NumberText.point(group.center, decimals: 1)) angle=\(NumberText.fixed(group.angle, decimals: 2))"
    }

    /// `ItemGroup{ a, b, c, name = "L" }` or `ItemGroup(a, b, c)`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let (items, o) = try BehaviorCommon.itemsAndOptions(s, typeName: className, known: ["name", "color"])
        let name = try o?.string("name") ?? DynamicsHost.of(s)?.nextGroupName() ?? "group"
        let color = try o?.value("color") { s, i, site throws(LuaError) in try s.checkColor(i, site) }
        guard !items.isEmpty else {
            throw LuaError.argument(1, "a group needs at least one item (ItemGroup{ a, b, c })")
        }
        let group = try dynamics(argument: 1) { () throws(DynamicsError) in
            try DynamicItem(group: items, name: name, color: color)
        }
        s.push(view: group)
        return 1
    }

    static var description: TypeDescription<DynamicItem> {
        TypeDescription(
            name: className, uikitName: "UIDynamicItemGroup",
            summary: "items that move as one rigid body and collide by their own shapes; add it to behaviours in place of its members",
            constructors: ["ItemGroup{ a, b, c, name = \"L\", color = \"red\" }", "ItemGroup(a, b, c)"],
            properties: [
                Property("items", "array of View", "the members, in the order given (they move with the group)",
                         get: { s, g in s.push(views: g.members) }),
                Property("center", "Point, pt", "the members' centre of mass", get: { s, g in s.push(point: g.center) }),
                Property("angle", "number, rad", default: "0", "how far the group has turned since it was made",
                         get: { s, g in s.push(g.angle) }),
                Property("bounds", "rect, pt", "(0, 0, width, height) of the box around the members when made",
                         get: { s, g in s.push(box: g.bounds) }),
                Property("frame", "rect, pt", "the axis-aligned box around the members as they are now",
                         get: { s, g in s.push(box: g.frame) }),
                Property("velocity", "Point, pt/s", "velocity of the centre", get: { s, g in s.push(point: g.velocity) }),
                Property("angularVelocity", "number, rad/s", "positive turns clockwise on screen",
                         get: { s, g in s.push(g.angularVelocity) }),
                Property("mass", "number", "the members' masses added up (density x area / 10000 each)",
                         get: { s, g in s.push(g.mass) }),
                Property("name", "string", default: "\"group1\", ...", "shown by tostring and pictures; set when made",
                         get: { s, g in s.push(g.name) }),
                Property("color", "string", default: "nil", "a CSS colour name or #rrggbb for the group's outline",
                         get: { s, g in s.push(g.color) },
                         set: { s, g, i, site throws(LuaError) in g.color = s.isNil(at: i) ? nil : try s.checkColor(i, site) }),
                Property("animator", "Animator or nil", default: "nil", "the animator whose behaviours hold it",
                         get: { s, g in if let animator = g.animator { s.push(animator: animator) } else { s.pushNil() } }),
            ],
            methods: [
                Method("removeFromSuperview", "group:removeFromSuperview()",
                       "takes the group out of every behaviour of its animator") { s throws(LuaError) in
                    try s.checkView(1, .arg(1)).removeFromSuperview()
                    return 0
                },
            ],
            describe: describe,
            construct: construct)
    }

    static var type: BoundType {
        var t = description.boundType
        // Groups are DynamicItems, like Views: the class does not name the type.
        t.swiftClass = nil
        return t
    }
}
