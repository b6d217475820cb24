/// What a layout attributes item stands for (UICollectionViewLayoutAttributes): a cell, a supplementary view or a
/// decoration view, with its index and the drawing hints a collection view reads.
public final class LayoutAttributesInfo {
    /// UIKit's representedElementCategory.
    public enum Category: String, Sendable { case cell, supplementaryView, decorationView }
    public let category: Category
    /// The kind of a supplementary or decoration view (e.g. "header"); nil for a cell.
    public let kind: String?
    /// 1-based position in the list.
    public let index: Int
    /// Opacity for pictures, 0...1.
    public private(set) var alpha: Double = 1
    /// Drawing order: higher is drawn later (on top).
    public var zIndex: Int = 0

    init(category: Category, kind: String?, index: Int) {
        self.category = category; self.kind = kind; self.index = index
    }

    /// Sets the opacity (finite, 0...1).
    public func setAlpha(_ x: Double) throws(DynamicsError) {
        guard x.isFinite, x >= 0, x <= 1 else { throw DynamicsError("alpha must be between 0 and 1, got \(x)") }
        alpha = x
    }
}

/// A vertical list layout (a UICollectionViewFlowLayout with one column): `count` cells of `itemSize`, `spacing`
/// apart, centred across a collection view of `width` x `height`. Each cell's layout attributes are a dynamic item,
/// so behaviours can animate them (`Animator(collectionLayout:)`, the springy list).
public final class CollectionLayout {
    public let count: Int
    public let itemSize: Vector
    public let spacing: Double
    /// The collection view's visible size.
    public let viewSize: Vector
    /// How far the content is scrolled: the content point at the view's top-left corner.
    public private(set) var contentOffset: Vector = .zero
    /// Attributes made so far, by kind and index: each element has one item for good.
    private var cells: [Int: DynamicItem] = [:]
    private var others: [String: DynamicItem] = [:]

    /// Throws for a negative count, a non-positive item size or view size, or a negative spacing.
    public init(count: Int, itemSize: Vector, spacing: Double, viewSize: Vector) throws(DynamicsError) {
        guard count >= 0, count <= 100_000 else { throw DynamicsError("count must be between 0 and 100000, got \(count)") }
        try checkPositive(itemSize.x, "item width", atMost: largestItemExtent)
        try checkPositive(itemSize.y, "item height", atMost: largestItemExtent)
        try checkNonNegative(spacing, "spacing")
        try checkPositive(viewSize.x, "width")
        try checkPositive(viewSize.y, "height")
        self.count = count; self.itemSize = itemSize; self.spacing = spacing; self.viewSize = viewSize
    }

    /// The size of everything the list holds: the view's width, and every cell with spacing above, between and below.
    public var contentSize: Vector {
        Vector(max(viewSize.x, itemSize.x), max(viewSize.y, Double(count) * (itemSize.y + spacing) + spacing))
    }

    /// Where cell `index` (1-based) rests in the content.
    public func restingCenter(ofCell index: Int) -> Vector {
        Vector(contentSize.x / 2, spacing + Double(index - 1) * (itemSize.y + spacing) + itemSize.y / 2)
    }

    /// The layout attributes of cell `index` (1...count): an item at its resting place, the same item every time.
    public func attributes(ofCell index: Int) throws(DynamicsError) -> DynamicItem {
        guard index >= 1, index <= count else { throw DynamicsError("cell index must be between 1 and \(count), got \(index)") }
        if let item = cells[index] { return item }
        let item = try DynamicItem(center: restingCenter(ofCell: index), size: itemSize, name: "cell\(index)")
        item.layoutAttributes = LayoutAttributesInfo(category: .cell, kind: nil, index: index)
        cells[index] = item
        return item
    }

    /// The attributes of a supplementary view (a header, a footer) or a decoration view of `kind` at `index`,
    /// filling `frame` the first time; the same item every time after.
    public func attributes(of category: LayoutAttributesInfo.Category, kind: String, index: Int,
                           frame: AABB) throws(DynamicsError) -> DynamicItem {
        let key = "\(category.rawValue)/\(kind)/\(index)"
        if let item = others[key] { return item }
        let item = try DynamicItem(frame: frame, name: "\(kind)\(index)")
        item.layoutAttributes = LayoutAttributesInfo(category: category, kind: kind, index: index)
        others[key] = item
        return item
    }

    /// Scrolls to `offset` (UIScrollView.contentOffset); any finite point.
    public func setContentOffset(_ offset: Vector) throws(DynamicsError) {
        try checkFinite(offset, "contentOffset")
        contentOffset = offset
    }

    /// Scrolls down by `dy` points (up for a negative `dy`).
    public func scroll(by dy: Double) throws(DynamicsError) {
        try checkFinite(dy, "dy")
        contentOffset.y += dy
    }
}

extension Animator {
    /// An animator whose reference bounds are the layout's content (UIDynamicAnimator(collectionViewLayout:)).
    public convenience init(collectionLayout layout: CollectionLayout) throws(DynamicsError) {
        try self.init(referenceSize: layout.contentSize)
    }

    /// The attributes of cell `index` that this animator animates, or nil
    /// (UIDynamicAnimator.layoutAttributesForCellAtIndexPath).
    public func layoutAttributesForCell(at index: Int) -> DynamicItem? {
        knownItems.first { $0.layoutAttributes?.category == .cell && $0.layoutAttributes?.index == index }
    }

    /// The attributes of the supplementary or decoration view of `kind` at `index` that this animator animates, or nil.
    public func layoutAttributes(for category: LayoutAttributesInfo.Category, kind: String, at index: Int) -> DynamicItem? {
        knownItems.first {
            $0.layoutAttributes?.category == category && $0.layoutAttributes?.kind == kind && $0.layoutAttributes?.index == index
        }
    }
}
