// What behaviours tell the animator. The animator never asks what kind a behaviour is: it walks its tree once per
// sync and once per frame, and each behaviour adds its part through the members DynamicBehavior declares here
// (see "Adding a behaviour" in docs/design.md). A new behaviour overrides the members it needs, in its own file.

/// The item properties an item behaviour sets (UIKit's UIDynamicItemBehavior): where several hold one item, the one
/// latest in the tree decides all of them.
public struct ItemProperties: Sendable, Equatable {
    public var elasticity: Double = 0
    public var friction: Double = 0
    public var density: Double = 1
    public var resistance: Double = 0
    public var angularResistance: Double = 0
    public var allowsRotation = true
    public var anchored = false
    public var charge: Double = 0
    /// False keeps the items awake (and what they touch or are joined to).
    public var allowsSleep = true

    /// UIKit's defaults.
    public init() {}
}

/// What the behaviours of one animator say about one item, gathered in tree order.
struct ItemSettings {
    /// The item behaviour's properties, or nil when no item behaviour holds the item.
    var properties: ItemProperties?
    /// The sum of every gravity acting on the item, pt/s^2.
    var gravity: Vector = .zero
    /// The collision groups whose items the item collides with, and those whose boundaries it collides with.
    var itemGroups: [Int32] = []
    var boundaryGroups: [Int32] = []
}

/// The settings of every item of an animator, indexed like the animator's items.
struct ItemSettingsTable {
    private let index: IdentityTable
    private(set) var settings: [ItemSettings]

    /// Empty settings for `items`; `positions`, when given, holds each item's position among them.
    init(items: [DynamicItem], positions: IdentityTable? = nil) {
        if let positions {
            index = positions
        } else {
            var index = IdentityTable(capacity: items.count)
            for (k, it) in items.enumerated() { index.set(ObjectIdentifier(it), Int32(k)) }
            self.index = index
        }
        settings = Array(repeating: ItemSettings(), count: items.count)
    }

    /// The position of `item` among the animator's items, or nil when it is not one of them.
    func position(of item: DynamicItem) -> Int? { index[ObjectIdentifier(item)].map { Int($0) } }

    /// Changes the settings of each of `items` that belongs to the animator.
    mutating func update(_ items: [DynamicItem], _ change: (inout ItemSettings) -> Void) {
        for it in items {
            if let k = index[ObjectIdentifier(it)] { change(&settings[Int(k)]) }
        }
    }
}

/// The parts of a snapshot that behaviours draw: boundaries and joints.
struct SnapshotParts {
    var boundaries: [BoundarySnapshot] = []
    var joints: [JointSnapshot] = []
    /// Fields, sampled on a grid once the picture's extent is known.
    var fields: [FieldBehavior] = []
}
