import Dynamics
import LuaKit
import Pictures

extension LuaStack {
    /// An integer in `range`, or a `bad argument` at `site`.
    func checkInteger(_ index: Int32, _ site: Site, in range: ClosedRange<Int>) throws(LuaError) -> Int {
        guard let n = integer(at: index) else {
            throw site.error("integer expected, got \(type(at: index) == .number ? "a fraction" : typeName(at: index))")
        }
        guard n >= range.lowerBound, n <= range.upperBound else {
            throw site.error("integer between \(range.lowerBound) and \(range.upperBound) expected, got \(n)")
        }
        return Int(n)
    }
}

/// The `CollectionLayout` type: a vertical list whose cells' layout attributes are dynamic items
/// (UICollectionViewLayout with UIDynamicAnimator(collectionViewLayout:)).
enum CollectionLayoutBinding {
    static let className = "CollectionLayout"
    private static let options = ["count", "itemSize", "spacing", "width", "height"]

    /// `CollectionLayout 20 cells 300x44 spacing 8 offset=(0, 0)`.
    static func describe(_ l: CollectionLayout) -> String {
        "CollectionLayout \(l.count) cells \(NumberText.short(l.itemSize.x))x\(NumberText.short(l.itemSize.y)) "
            + "spacing \(NumberText.short(l.spacing)) offset=\(NumberText.point(l.contentOffset))"
    }

    static func checkLayout(_ s: LuaStack, _ index: Int32) throws(LuaError) -> CollectionLayout {
        try s.checkObject(index, as: CollectionLayout.self, expected: className)
    }

    /// `CollectionLayout{ count = 20, itemSize = {300, 44}, spacing = 8, width = 320, height = 568 }`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        if !s.isNil(at: 1) { try s.checkType(1, .table, site: .arg(1)) }
        let o = s.isNil(at: 1) ? nil : OptionTable(s, at: 1, arg: 1, typeName: className)
        try o?.checkKeys(options, allowsArray: false)
        let count = try o?.value("count") { s, i, site throws(LuaError) in try s.checkInteger(i, site, in: 0...100_000) } ?? 20
        let itemSize = try o?.size("itemSize") ?? Vector(300, 44)
        let spacing = try o?.value("spacing") { s, i, site throws(LuaError) in try s.checkNonNegative(i, site) } ?? 8
        let width = try o?.value("width") { s, i, site throws(LuaError) in try s.checkPositive(i, site) } ?? 320
        let height = try o?.value("height") { s, i, site throws(LuaError) in try s.checkPositive(i, site) } ?? 568
        let layout = try dynamics(argument: 1) { () throws(DynamicsError) in
            try CollectionLayout(count: count, itemSize: itemSize, spacing: spacing, viewSize: Vector(width, height))
        }
        s.push(object: layout, className: className)
        return 1
    }

    /// `layout:supplementaryAttributes(kind, i, frame)` and `layout:decorationAttributes(kind, i, frame)`.
    private static func otherAttributes(_ category: LayoutAttributesInfo.Category, _ name: String) -> Method {
        Method(name, "layout:\(name)(kind, i, frame)",
               "the attributes of a \(category == .supplementaryView ? "supplementary" : "decoration") view of kind "
               + "at index i, filling frame the first time") { s throws(LuaError) in
            let layout = try checkLayout(s, 1)
            guard let kind = s.string(at: 2), s.type(at: 2) == .string else {
                throw LuaError.argument(2, "string expected, got \(s.typeName(at: 2))")
            }
            let index = try s.checkInteger(3, .arg(3), in: 1...Int(Int32.max))
            let frame = try s.checkRect(4, .arg(4))
            guard frame.size.x > 0, frame.size.y > 0 else { throw LuaError.argument(4, "frame size must be positive") }
            let item = try dynamics(argument: 4) { () throws(DynamicsError) in
                try layout.attributes(of: category, kind: kind, index: index, frame: frame.box)
            }
            s.push(view: item)
            return 1
        }
    }

    static var description: TypeDescription<CollectionLayout> {
        TypeDescription(
            name: className, uikitName: "UICollectionViewLayout (a one-column flow layout)",
            summary: "a vertical list of cells whose layout attributes are items behaviours can animate",
            constructors: ["CollectionLayout{ count = 20, itemSize = {300, 44}, spacing = 8, width = 320, height = 568 }"],
            properties: [
                Property("count", "integer", default: "20", "how many cells", get: { s, l in s.push(l.count) }),
                Property("itemSize", "size {width, height}, pt", default: "{300, 44}", "every cell's size",
                         get: { s, l in s.push(size: l.itemSize) }),
                Property("spacing", "number, pt", default: "8", "the gap above, between and below cells",
                         get: { s, l in s.push(l.spacing) }),
                Property("width", "number, pt", default: "320", "the collection view's width",
                         get: { s, l in s.push(l.viewSize.x) }),
                Property("height", "number, pt", default: "568", "the collection view's height",
                         get: { s, l in s.push(l.viewSize.y) }),
                Property("contentSize", "size {width, height}, pt", "the size of the whole list (collectionViewContentSize)",
                         get: { s, l in s.push(size: l.contentSize) }),
                .point("contentOffset", "Point, pt", default: "(0, 0)",
                       "the content point at the view's top-left corner: how far the list is scrolled", option: false,
                       get: \.contentOffset, set: { try $0.setContentOffset($1) }),
            ],
            methods: [
                Method("attributes", "layout:attributes(i)",
                       "the LayoutAttributes of cell i (1-based), at its resting place when first asked; the same item every time") { s throws(LuaError) in
                    let layout = try checkLayout(s, 1)
                    let index = try s.checkInteger(2, .arg(2), in: 1...max(1, layout.count))
                    let item = try dynamics(argument: 2) { () throws(DynamicsError) in try layout.attributes(ofCell: index) }
                    s.push(view: item)
                    return 1
                },
                Method("scrollBy", "layout:scrollBy(dy)",
                       "scrolls the content by dy points (down for positive dy): contentOffset.y grows by dy") { s throws(LuaError) in
                    let layout = try checkLayout(s, 1)
                    let dy = try s.checkFinite(2, .arg(2))
                    try dynamics(argument: 2) { () throws(DynamicsError) in try layout.scroll(by: dy) }
                    return 0
                },
                otherAttributes(.supplementaryView, "supplementaryAttributes"),
                otherAttributes(.decorationView, "decorationAttributes"),
            ],
            describe: describe,
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}

/// The `LayoutAttributes` type (UICollectionViewLayoutAttributes): where a cell, supplementary or decoration view
/// is, as a dynamic item.
enum LayoutAttributesBinding {
    static let className = "LayoutAttributes"

    /// `LayoutAttributes cell 3 center=(160.0, 110.0)`.
    static func describe(_ item: DynamicItem) -> String {
        let info = item.layoutAttributes
        let what = info.map { $0.category == .cell ? "cell" : "\($0.category.rawValue) \"\($0.kind ?? "")\"" } ?? "item"
        return "LayoutAttributes \(what) \(info?.index ?? 0) center=\(NumberText.point(item.center, decimals: 1))"
    }

    static var description: TypeDescription<DynamicItem> {
        TypeDescription(
            name: className, uikitName: "UICollectionViewLayoutAttributes",
            summary: "where a cell (or supplementary or decoration view) of a CollectionLayout is; an item behaviours can animate",
            constructors: ["layout:attributes(i)", "layout:supplementaryAttributes(kind, i, frame)",
                           "layout:decorationAttributes(kind, i, frame)"],
            properties: [
                .point("center", "Point, pt", "the element's centre in the content; writing it moves it",
                       option: false, get: \.center, set: { try $0.setCenter($1) }),
                Property("size", "size {width, height}, pt", "fixed by the layout", get: { s, item in s.push(size: item.size) }),
                Property("frame", "rect, pt", "the axis-aligned box around the element",
                         get: { s, item in s.push(box: item.frame) }),
                Property("bounds", "rect, pt", "(0, 0, width, height)", get: { s, item in s.push(box: item.bounds) }),
                .number("angle", "number, rad", default: "0", "rotation of its transform", option: false,
                        get: \.angle, set: { try $0.setAngle($1) }),
                Property("index", "integer", "1-based position in the list (indexPath.item + 1)",
                         get: { s, item in s.push(item.layoutAttributes?.index ?? 0) }),
                Property("alpha", "number 0..1", default: "1", "opacity",
                         get: { s, item in s.push(item.layoutAttributes?.alpha ?? 1) },
                         set: { s, item, i, site throws(LuaError) in
                             let x = try s.checkFinite(i, site)
                             try core(at: site) { try item.layoutAttributes?.setAlpha(x) }
                         }),
                Property("zIndex", "integer", default: "0", "drawing order: higher is drawn on top",
                         get: { s, item in s.push(item.layoutAttributes?.zIndex ?? 0) },
                         set: { s, item, i, site throws(LuaError) in
                             item.layoutAttributes?.zIndex = try s.checkInteger(i, site, in: Int(Int32.min)...Int(Int32.max))
                         }),
                Property("representedElementCategory", "\"cell\" | \"supplementaryView\" | \"decorationView\"",
                         "what the attributes stand for", get: { s, item in s.push(item.layoutAttributes?.category.rawValue) }),
                Property("representedElementKind", "string or nil", "the kind of a supplementary or decoration view",
                         get: { s, item in s.push(item.layoutAttributes?.kind) }),
                .point("velocity", "Point, pt/s", default: "(0, 0)", "linear velocity", option: false,
                       get: \.velocity, set: { try $0.setVelocity($1) }),
                Property("name", "string", "\"cell1\", \"cell2\", ...; shown by pictures", get: { s, item in s.push(item.name) }),
                Property("animator", "Animator or nil", default: "nil", "the animator whose behaviours hold it",
                         get: { s, item in if let animator = item.animator { s.push(animator: animator) } else { s.pushNil() } }),
            ],
            methods: [],
            describe: describe,
            construct: nil)
    }

    static var type: BoundType {
        var t = description.boundType
        t.swiftClass = nil
        return t
    }
}
