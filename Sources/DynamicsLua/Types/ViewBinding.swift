import Dynamics
import LuaKit
import Pictures

/// The `View` binding: a dynamic item (UIView as a UIDynamicItem).
enum ViewBinding {
    static let className = "View"

    /// The Lua type an item is pushed as: a group and a cell's layout attributes are items with types of their own.
    static func className(of item: DynamicItem) -> String {
        if item.groupParts != nil { return ItemGroupBinding.className }
        if item.layoutAttributes != nil { return LayoutAttributesBinding.className }
        return className
    }
    private static let options = ["center", "size", "frame", "angle", "name", "color", "shape", "alpha", "hidden"]

    /// `View "red" center=(160.0, 443.0) angle=0.00 v=(0.0, 0.0)`.
    static func describe(_ item: DynamicItem) -> String {
        // Shown in the display units of its animator (points, y down unless it says otherwise).
        let units = item.animator?.displayUnits ?? DisplayUnits()
        if units.isPlain {
            return "View \"\(item.name)\" center=\(NumberText.point(item.center, decimals: 1)) "
                + "angle=\(NumberText.fixed(item.angle, decimals: 2)) v=\(NumberText.point(item.velocity, decimals: 1))"
        }
        let decimals = units.metres ? 3 : 1
        return "View \"\(item.name)\" center=\(NumberText.point(units.position(item.center), decimals: decimals)) \(units.lengthUnit) "
            + "angle=\(NumberText.fixed(units.angle(item.angle), decimals: 2)) rad "
            + "v=\(NumberText.point(units.vector(item.velocity), decimals: decimals)) \(units.speedUnit)"
    }

    /// The shape option: "rectangle", "ellipse", "capsule" or a convex Path (its first closed subpath, relative to the centre).
    private static func shape(_ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) -> ItemShape {
        if let path = s.object(at: index, as: PathObject.self) {
            guard let outline = path.path.subpaths.first(where: { $0.points.count >= 3 }) else {
                throw site.error("a path shape needs a closed subpath of at least 3 points")
            }
            return .path(outline.points)
        }
        switch try s.checkChoice(index, site, ["rectangle", "ellipse", "capsule"]) {
        case "ellipse": return .ellipse
        case "capsule": return .capsule
        default: return .rectangle
        }
    }

    /// `View{ center =, size = }` or `View{ frame = }`, with angle, name, color and shape.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        guard s.type(at: 1) == .table else {
            throw LuaError.argument(1, "options table expected (View{ center = {x, y}, size = {w, h} }), got \(s.typeName(at: 1))")
        }
        let o = OptionTable(s, at: 1, arg: 1, typeName: "View")
        try o.checkKeys(options, allowsArray: false)
        let angle = try o.number("angle") ?? 0
        let color = try o.value("color") { s, i, site throws(LuaError) in try s.checkColor(i, site) }
        let shape = try o.value("shape", shape) ?? .rectangle
        let name = try o.string("name") ?? DynamicsHost.of(s)?.nextViewName() ?? "view"
        let item: DynamicItem
        if let frame = try o.rect("frame") {
            guard !o.has("center"), !o.has("size") else {
                throw LuaError.argument(1, "give either frame or center and size, not both")
            }
            guard frame.size.x > 0, frame.size.y > 0 else { throw LuaError.argument(1, "field 'frame': size must be positive") }
            item = try dynamics(argument: 1) { () throws(DynamicsError) in
                try DynamicItem(frame: frame.box, angle: angle, name: name, color: color, shape: shape)
            }
        } else {
            guard let center = try o.point("center") else {
                throw LuaError.argument(1, "View needs center = {x, y} and size = {w, h}, or frame = {x, y, w, h}")
            }
            if let size = try o.size("size") {
                item = try dynamics(argument: 1) { () throws(DynamicsError) in
                    try DynamicItem(center: center, size: size, angle: angle, name: name, color: color, shape: shape)
                }
            } else if case .path(let points) = shape {
                // A path shape gives its own size: its bounding box.
                item = try dynamics(argument: 1) { () throws(DynamicsError) in
                    try DynamicItem(center: center, path: points, angle: angle, name: name, color: color)
                }
            } else {
                throw LuaError.argument(1, "View needs size = {w, h} (or frame = {x, y, w, h})")
            }
        }
        if let alpha = try o.number("alpha") {
            try dynamics(argument: 1) { () throws(DynamicsError) in try item.setAlpha(alpha) }
        }
        if let hidden = try o.boolean("hidden") { item.isHidden = hidden }
        s.push(view: item)
        return 1
    }

    static var description: TypeDescription<DynamicItem> {
        TypeDescription(
            name: "View", uikitName: "UIView (a UIDynamicItem)",
            summary: "a rectangle, ellipse, capsule or convex path that behaviours move",
            constructors: ["View{ center = {x, y}, size = {w, h}, angle = 0, name = \"red\", color = \"red\", shape = \"rectangle\" }",
                           "View{ frame = {x, y, w, h}, ... }"],
            properties: [
                .point("center", "Point, pt",
                       "where the item's centre is; writing it moves the item (updateItemUsingCurrentState)",
                       option: false, get: \.center, set: { try $0.setCenter($1) }),
                .number("angle", "number, rad", default: "0", "rotation of its transform; positive turns clockwise on screen",
                        option: false, get: \.angle, set: { try $0.setAngle($1) }),
                Property("size", "size {width, height}, pt",
                         "fixed while an Animator holds the view; otherwise it may change (a PropertyAnimator animates it)",
                         get: { s, item in s.push(size: item.size) },
                         set: { s, item, i, site throws(LuaError) in
                             let size = try s.checkSize(i, site)
                             try core(at: site) { try item.setSize(size) }
                         }),
                Property("bounds", "rect, pt", "(0, 0, width, height)", get: { s, item in s.push(box: item.bounds) }),
                Property("frame", "rect, pt", "the axis-aligned box around the rotated item",
                         get: { s, item in s.push(box: item.frame) }),
                Property("name", "string", default: "\"view1\", \"view2\", ...", "shown by tostring and pictures; set when made",
                         get: { s, item in s.push(item.name) }),
                Property("color", "string", default: "nil", "a CSS colour name or #rrggbb, for pictures",
                         get: { s, item in s.push(item.color) },
                         set: { s, item, i, site throws(LuaError) in
                             item.color = s.isNil(at: i) ? nil : try s.checkColor(i, site)
                         }),
                Property("shape", "\"rectangle\" | \"ellipse\" | \"capsule\" | Path", default: "\"rectangle\"",
                         "what it collides as (collisionBoundsType; a capsule rounds the shorter sides)",
                         get: { s, item in
                             switch item.shape {
                             case .rectangle: s.push("rectangle")
                             case .ellipse: s.push("ellipse")
                             case .capsule: s.push("capsule")
                             case .path(let points): s.push(path: (try? Path.polygon(points)) ?? Path())
                             }
                         }),
                .point("velocity", "Point, pt/s", default: "(0, 0)", "linear velocity", option: false,
                       get: \.velocity, set: { try $0.setVelocity($1) }),
                .number("angularVelocity", "number, rad/s", default: "0", "positive turns clockwise on screen",
                        option: false, get: \.angularVelocity, set: { try $0.setAngularVelocity($1) }),
                .number("mass", "number", "density x area / 10000 (a 100x100 item of density 1 has mass 1)", get: \.mass),
                Property("animator", "Animator or nil", default: "nil", "the animator whose behaviours hold it",
                         get: { s, item in if let animator = item.animator { s.push(animator: animator) } else { s.pushNil() } }),
                Property("superview", "View or nil", default: "nil",
                         "the view this one is a subview of; its center is measured from that view's top-left corner",
                         get: { s, item in if let parent = item.superview { s.push(view: parent) } else { s.pushNil() } }),
                Property("subviews", "array of View", default: "{}", "subviews in the order added, the last on top",
                         get: { s, item in s.push(views: item.subviews) }),
                .number("alpha", "number, 0..1", default: "1", "opacity in pictures (times the superviews' alpha)",
                        option: false, get: \.alpha, set: { try $0.setAlpha($1) }),
                .boolean("hidden", default: "false", "a hidden view and its subviews are not drawn", option: false,
                         get: \.isHidden, set: { $0.isHidden = $1 }),
            ],
            methods: [
                Method("removeFromSuperview", "view:removeFromSuperview()",
                       "takes the view out of its superview and out of every behaviour of its animator") { s throws(LuaError) in
                    try s.checkView(1, .arg(1)).removeFromSuperview()
                    return 0
                },
                Method("addSubview", "view:addSubview(v)",
                       "makes v the topmost subview (taking it from its old superview); its center is then in this view's coordinates") {
                    s throws(LuaError) in
                    let parent = try s.checkView(1, .arg(1))
                    let child = try s.checkView(2, .arg(2))
                    try dynamics(argument: 2) { () throws(DynamicsError) in try parent.addSubview(child) }
                    return 0
                },
            ],
            describe: describe,
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}

extension LuaStack {
    /// A colour for pictures: a CSS colour name or `#rgb` / `#rrggbb`, with the nearest name suggested.
    func checkColor(_ index: Int32, _ site: Site) throws(LuaError) -> String {
        guard type(at: index) == .string, let text = string(at: index) else {
            throw site.error("colour name or #rrggbb string expected, got \(typeName(at: index))")
        }
        guard RGBColor(css: text) == nil else { return text }
        var message = "'\(text)' is not a CSS colour name or #rrggbb"
        if let suggestion = DidYouMean.nearest(to: text.lowercased(), in: RGBColor.names) {
            message += " (did you mean '\(suggestion)'?)"
        }
        throw site.error(message)
    }
}
