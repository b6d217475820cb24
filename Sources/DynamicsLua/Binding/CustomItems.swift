import Dynamics
import LuaKit

/// Lua tables used as dynamic items (UIKit's own UIDynamicItem objects): any table with `center` and `bounds` or
/// `size` works wherever a View does.
///
/// The table's fields are read when it is first used as an item (and again by `animator:updateItem(t)`); after
/// every frame the animator assigns `t.center` (a Point) and `t.angle` by ordinary assignment, so a `__newindex`
/// sees each update. Reads and assignments run Lua code (metamethods), so both happen inside protected calls: an
/// error in them never jumps across Swift frames.
///
/// Each table has one item for good: a weak-keyed registry table maps the table to its item's userdata, and the item
/// holds the table (through its observer) so that an animator can assign into it whether or not Lua still does.
enum CustomItems {
    /// The registry slot of the table-to-item map (weak keys).
    private static let mapKey = LuaKey("luadyn.customItems")
    /// The compiled reader and assigner chunks.
    private static let readerKey = LuaKey("luadyn.customItemReader")
    private static let assignerKey = LuaKey("luadyn.customItemAssigner")

    /// The optional fields a custom item may have, after `center`, in the order the reader returns them.
    static let fieldNames = ["center", "bounds", "size", "angle", "collisionBoundsType", "collisionBoundingPath", "name", "color"]

    private static let reader = """
        local t = ...
        return t.center, t.bounds, t.size, t.angle, t.collisionBoundsType, t.collisionBoundingPath, t.name, t.color
        """

    private static let assigner = """
        local t, center, angle = ...
        t.center = center
        t.angle = angle
        """

    /// Whether the table at `index` is meant as an item rather than an option table: it is one already, has a raw
    /// `center`, or has a metatable (an object of the script's own; option tables are plain).
    static func isItemTable(_ s: LuaStack, at index: Int32) -> Bool {
        guard s.type(at: index) == .table else { return false }
        if s.rawGet(index, field: "center") != .nil { s.pop(); return true }
        s.pop()
        if s.pushMetatable(of: index) { s.pop(); return true }
        return existing(s, at: index) != nil
    }

    /// The item of the table at `index`, made from its fields the first time; a `bad argument` at `site` when the
    /// table does not describe an item.
    static func item(_ s: LuaStack, at index: Int32, _ site: Site) throws(LuaError) -> DynamicItem {
        let t = s.absolute(index)
        if let item = existing(s, at: t) { return item }
        let fields = try read(s, t, site)
        let name = fields.name ?? DynamicsHost.of(s)?.nextViewName() ?? "item"
        let item = try dynamics(argument: site.arg) { () throws(DynamicsError) in
            try DynamicItem(center: fields.center, size: fields.size, angle: fields.angle, name: name,
                            color: fields.color, shape: fields.shape)
        }
        guard let host = DynamicsHost.of(s) else { throw LuaError("luadyn: the dynamics API is not open") }
        s.pushCopy(of: t)
        item.observer = LuaCustomItem(table: s.popReference(), context: host.callbacks)
        // map[t] = the item's userdata
        pushMap(s)
        s.pushCopy(of: t)
        s.push(object: item, className: ViewBinding.className)
        s.rawSetPoppingKeyAndValue(-3)
        s.pop()
        return item
    }

    /// Reads the table's centre and angle again into its item (`animator:updateItem(t)`).
    static func reread(_ s: LuaStack, at index: Int32, into item: DynamicItem, _ site: Site) throws(LuaError) {
        let fields = try read(s, s.absolute(index), site)
        try dynamics(argument: site.arg) { () throws(DynamicsError) in
            try item.setCenter(fields.center)
            try item.setAngle(fields.angle)
        }
    }

    /// The item already made for the table at `index`, if any.
    private static func existing(_ s: LuaStack, at index: Int32) -> DynamicItem? {
        let t = s.absolute(index)
        pushMap(s)
        s.pushCopy(of: t)
        s.rawGetPoppingKey(-2)
        defer { s.pop(2) }
        return s.object(at: -1, as: DynamicItem.self)
    }

    /// Pushes the table-to-item map, making it (with weak keys) the first time.
    private static func pushMap(_ s: LuaStack) {
        if s.pushRegistryValue(mapKey) == .table { return }
        s.pop()
        s.newTable()
        s.newTable(record: 1)
        s.push("k")
        s.rawSet(-2, field: "__mode")
        s.setMetatable(-2)
        s.pushCopy(of: -1)
        s.setRegistryValue(mapKey)
    }

    /// Pushes a compiled chunk kept at `key`, compiling `source` the first time.
    private static func pushChunk(_ s: LuaStack, _ key: LuaKey, _ source: String, _ name: String) throws(LuaError) {
        if s.pushRegistryValue(key) == .function { return }
        s.pop()
        try s.load(source, name: name)
        s.pushCopy(of: -1)
        s.setRegistryValue(key)
    }

    private struct Fields {
        var center: Vector
        var size: Vector
        var angle: Double
        var shape: ItemShape
        var name: String?
        var color: String?
    }

    /// Reads the item fields of the table at `t` (absolute) with ordinary indexing, in a protected call.
    private static func read(_ s: LuaStack, _ t: Int32, _ site: Site) throws(LuaError) -> Fields {
        let base = s.top
        defer { s.top = base }
        try pushChunk(s, readerKey, reader, "=(luadyn custom item)")
        s.pushCopy(of: t)
        do throws(LuaError) {
            try s.call(arguments: 1, results: Int32(fieldNames.count))
        } catch {
            if LuaInterrupt.isInterruption(error) { throw error }
            throw site.error("reading the item table's fields raised an error: \(error.message)")
        }
        let first = base + 1
        func at(_ k: Int) -> Int32 { first + Int32(k) }
        func field(_ name: String) -> Site {
            Site(arg: site.arg, field: (site.field.map { $0 + "." } ?? "") + name)
        }
        guard !s.isNil(at: at(0)) else {
            throw site.error("a table used as an item needs center = {x, y} and bounds = {x, y, w, h} or size = {w, h}")
        }
        let center = try s.checkPoint(at(0), field("center"))
        let size: Vector
        if !s.isNil(at: at(2)) {
            size = try s.checkSize(at(2), field("size"))
        } else if !s.isNil(at: at(1)) {
            let rect = try s.checkRect(at(1), field("bounds"))
            guard rect.size.x > 0, rect.size.y > 0 else { throw field("bounds").error("width and height must be positive") }
            size = rect.size
        } else {
            throw site.error("a table used as an item needs bounds = {x, y, w, h} or size = {w, h} beside its center")
        }
        let angle = s.isNil(at: at(3)) ? 0 : try s.checkFinite(at(3), field("angle"))
        var shape = ItemShape.rectangle
        if !s.isNil(at: at(4)) {
            switch try s.checkChoice(at(4), field("collisionBoundsType"), ["rectangle", "ellipse", "path"]) {
            case "ellipse": shape = .ellipse
            case "path":
                guard let path = s.object(at: at(5), as: PathObject.self) else {
                    throw field("collisionBoundingPath").error("Path expected for collisionBoundsType \"path\", got \(s.typeName(at: at(5)))")
                }
                guard let outline = path.path.subpaths.first(where: { $0.points.count >= 3 }) else {
                    throw field("collisionBoundingPath").error("a path shape needs a closed subpath of at least 3 points")
                }
                shape = .path(outline.points)
            default: break
            }
        }
        var name: String?
        if !s.isNil(at: at(6)) {
            guard s.type(at: at(6)) == .string, let text = s.string(at: at(6)) else {
                throw field("name").error("string expected, got \(s.typeName(at: at(6)))")
            }
            name = text
        }
        let color = s.isNil(at: at(7)) ? nil : try s.checkColor(at(7), field("color"))
        return Fields(center: center, size: size, angle: angle, shape: shape, name: name, color: color)
    }

    /// Assigns the item's centre and angle into its table, in a protected call; an error is reported through the
    /// host like a callback's, with the item's name.
    static func assign(_ s: LuaStack, _ custom: LuaCustomItem, _ item: DynamicItem) {
        let base = s.top
        defer { s.top = base }
        do throws(LuaError) {
            try pushChunk(s, assignerKey, assigner, "=(luadyn custom item)")
            custom.table.push(on: s)
            s.push(point: item.center)
            s.push(item.angle)
            try s.call(arguments: 3, results: 0)
        } catch {
            if LuaInterrupt.isInterruption(error) { return LuaInterrupt.carry() }
            custom.context.report(
                "error in custom item '\(item.name)' (assigning center and angle): \(error.message)")
        }
    }
}

/// The link from a custom item to its Lua table: the table is kept alive with the item, and takes the item's state
/// after every frame.
final class LuaCustomItem: DynamicItemObserver {
    let table: LuaRef
    let context: CallbackContext
    init(table: LuaRef, context: CallbackContext) { self.table = table; self.context = context }

    func dynamicItemDidMove(_ item: DynamicItem) throws {
        // Frames are stepped from Lua, on the thread the host names; from anywhere else there is no Lua to call.
        guard let s = context.activeStack else { return }
        CustomItems.assign(s, self, item)
    }
}
