import Dynamics
import LuaKit

/// The `View` binding: a dynamic item (UIView as a UIDynamicItem).
enum ViewBinding {
    static let className = "View"
    private static let options = ["center", "size", "frame", "angle", "name", "color", "shape"]

    /// `View "red" center=(160.0, 443.0) angle=0.00 v=(0.0, 0.0)`.
    static func describe(_ item: DynamicItem) -> String {
        "View \"\(item.name)\" center=\(NumberText.point(item.center, decimals: 1)) "
            + "angle=\(NumberText.fixed(item.angle, decimals: 2)) v=\(NumberText.point(item.velocity, decimals: 1))"
    }

    /// The shape option: "rectangle", "ellipse" or a convex Path (its first closed subpath, relative to the centre).
    private static func shape(_ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) -> ItemShape {
        if let path = s.object(at: index, as: PathObject.self) {
            guard let outline = path.path.subpaths.first(where: { $0.points.count >= 3 }) else {
                throw site.error("a path shape needs a closed subpath of at least 3 points")
            }
            return .path(outline.points)
        }
        switch try s.checkChoice(index, site, ["rectangle", "ellipse"]) {
        case "ellipse": return .ellipse
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
        let color = try o.string("color")
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
        s.push(view: item)
        return 1
    }

    /// The readable fields, numbered for the getter (`LuaClassSpec.fields`): a read switches on the number Lua found
    /// for the key instead of turning the key into a Swift string.
    private enum Field: Int, CaseIterable {
        case center = 1, angle, size, bounds, frame, name, color, shape, velocity, angularVelocity, mass, animator
    }

    /// The Lua names of `Field`'s cases, in order (spelt out: printing the cases would reflect at start-up).
    private static let fieldNames = ["center", "angle", "size", "bounds", "frame", "name", "color", "shape",
                                     "velocity", "angularVelocity", "mass", "animator"]

    static func get(_ s: LuaStack) throws(LuaError) -> Int32 {
        let item = try s.checkView(1, .arg(1))
        guard let id = s.fieldID, let field = Field(rawValue: id) else {
            throw LuaError(HelpCatalog.view.unknownField(s.string(at: 2) ?? s.describe(2)))
        }
        switch field {
        case .center: s.push(point: item.center)
        case .angle: s.push(item.angle)
        case .size: s.push(size: item.size)
        case .bounds: s.push(box: item.bounds)
        case .frame: s.push(box: item.frame)
        case .name: s.push(item.name)
        case .color: s.push(item.color)
        case .shape:
            switch item.shape {
            case .rectangle: s.push("rectangle")
            case .ellipse: s.push("ellipse")
            case .path(let points):
                s.push(path: (try? Path.polygon(points)) ?? Path())
            }
        case .velocity: s.push(point: item.velocity)
        case .angularVelocity: s.push(item.angularVelocity)
        case .mass: s.push(item.mass)
        case .animator:
            if let animator = item.animator { s.push(animator: animator) } else { s.pushNil() }
        }
        return 1
    }

    static func set(_ s: LuaStack) throws(LuaError) -> Int32 {
        let item = try s.checkView(1, .arg(1))
        let key = s.string(at: 2) ?? s.describe(2)
        let site = Site.arg(3)
        do throws(LuaError) {
        switch key {
        case "center":
            let p = try s.checkPoint(3, site)
            try dynamics { () throws(DynamicsError) in try item.setCenter(p) }
        case "angle":
            let a = try s.checkFinite(3, site)
            try dynamics { () throws(DynamicsError) in try item.setAngle(a) }
        case "velocity":
            let v = try s.checkPoint(3, site)
            try dynamics { () throws(DynamicsError) in try item.setVelocity(v) }
        case "angularVelocity":
            let w = try s.checkFinite(3, site)
            try dynamics { () throws(DynamicsError) in try item.setAngularVelocity(w) }
        case "color":
            guard s.isNil(at: 3) || s.type(at: 3) == .string else {
                throw LuaError("View.color must be a colour name or #rrggbb string, got \(s.typeName(at: 3))")
            }
            item.color = s.string(at: 3)
        default:
            if HelpCatalog.view.field(key) != nil { throw LuaError("View.\(key) is read-only") }
            throw LuaError(HelpCatalog.view.unknownField(key))
        }
        } catch {
            throw BehaviorCommon.fieldError(error, typeName: "View", key: key)
        }
        return 0
    }

    static var type: BoundType {
        BoundType(
            info: HelpCatalog.view,
            spec: LuaClassSpec(
                name: className,
                methods: [
                    ("removeFromSuperview", { s throws(LuaError) in
                        try s.checkView(1, .arg(1)).removeFromSuperview()
                        return 0
                    }),
                ],
                getter: get, setter: set,
                metamethods: [
                    ("__tostring", { s throws(LuaError) in s.push(describe(try s.checkView(1, .arg(1)))); return 1 }),
                ],
                fields: fieldNames),
            constructor: construct)
    }
}
