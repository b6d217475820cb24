import Dynamics
import LuaKit

/// Runs a Dynamics call and turns its error into a Lua error at the caller's line.
func dynamics<T>(_ body: () throws(DynamicsError) -> T) throws(LuaError) -> T {
    do throws(DynamicsError) {
        return try body()
    } catch {
        throw LuaError(error.message)
    }
}

/// Runs a Dynamics call whose every failure comes from argument `arg` (a constructor's option table), reporting it
/// as `bad argument #arg to 'name' (message)`.
func dynamics<T>(argument arg: Int32, _ body: () throws(DynamicsError) -> T) throws(LuaError) -> T {
    do throws(DynamicsError) {
        return try body()
    } catch {
        throw LuaError.argument(arg, error.message)
    }
}

extension LuaStack {
    /// The View (DynamicItem) at `index`, or a `bad argument` at `site`.
    /// A table with `center` and `bounds` or `size` is a custom item (see `CustomItems`).
    func checkView(_ index: Int32, _ site: Site) throws(LuaError) -> DynamicItem {
        if let item = object(at: index, as: DynamicItem.self) { return item }
        if type(at: index) == .table { return try CustomItems.item(self, at: index, site) }
        throw site.error("View expected, got \(typeName(at: index))")
    }

    /// Pushes an item as its one Lua value: a View, an ItemGroup, a LayoutAttributes, or a custom item's own table.
    func push(view item: DynamicItem) {
        if item.observer != nil, let custom = item.observer as? LuaCustomItem { return custom.table.push(on: self) }
        push(object: item, className: ViewBinding.className(of: item))
    }

    /// `push(view:)` with the identity cache at `cache` (see `pushObjectCache`).
    func push(view item: DynamicItem, cache: Int32) {
        if item.observer != nil, let custom = item.observer as? LuaCustomItem { return custom.table.push(on: self) }
        push(object: item, className: ViewBinding.className(of: item), cache: cache)
    }

    /// Pushes an array of Views.
    func push(views: [DynamicItem]) {
        newTable(array: Int32(views.count))
        for (i, item) in views.enumerated() {
            push(view: item)
            rawSet(-2, index: i + 1)
        }
    }

    /// Pushes an AABB as a rect table.
    func push(box: AABB) { push(rect: Rect(x: box.lower.x, y: box.lower.y, width: box.width, height: box.height)) }

    /// A boundary identifier: a string or a finite number.
    func checkBoundaryIdentifier(_ index: Int32, _ site: Site) throws(LuaError) -> BoundaryIdentifier {
        if let text = string(at: index) { return .string(text) }
        // An integer beyond 2^53 is kept exact: as a Double it would share its value with its neighbours.
        if isInteger(at: index), let i = integer(at: index), i.magnitude >= 1 << 53 { return .integer(i) }
        if type(at: index) == .number { return .number(try checkFinite(index, site)) }
        throw site.error("boundary identifier (string or number) expected, got \(typeName(at: index))")
    }

    /// Pushes a boundary identifier back as the string or number it was (whole numbers as integers), nil for none.
    func push(boundaryIdentifier id: BoundaryIdentifier?) {
        switch id {
        case .none: pushNil()
        case .string(let text)?: push(text)
        case .number(let x)?:
            if x == x.rounded(), abs(x) < 9e15 { push(Int(x)) } else { push(x) }
        case .integer(let i)?: push(Int(i))
        }
    }
}
