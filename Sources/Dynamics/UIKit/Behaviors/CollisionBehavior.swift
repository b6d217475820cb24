/// What a collision behaviour's items collide with.
public enum CollisionMode: String, Sendable {
    /// Each other and the boundaries (the default).
    case everything
    /// Each other only.
    case items
    /// The boundaries only.
    case boundaries
}

/// Receives contact events of a collision behaviour (UICollisionBehaviorDelegate). Methods are called after the step
/// in which a contact began or ended, at most once per contact per behaviour; every method has an empty default.
/// A boundary identifier is nil for the reference-bounds boundary. A thrown error is reported by `Animator.step`.
///
/// The "began" methods with a `contact` argument are the ones the animator calls; their defaults call the methods
/// without it, so a delegate implements whichever form it needs.
public protocol CollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                           at point: Vector, contact: ContactInfo) throws
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector, contact: ContactInfo) throws
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Vector) throws
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?) throws
}

/// Empty defaults, so a delegate implements only the events it wants.
extension CollisionBehaviorDelegate {
    /// Calls the form without `contact`.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                                  at point: Vector, contact: ContactInfo) throws {
        try collisionBehavior(behavior, beganContactFor: item1, with: item2, at: point)
    }
    /// Calls the form without `contact`.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector,
                                  contact: ContactInfo) throws {
        try collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
    }
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Vector) throws {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) throws {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: BoundaryIdentifier?) throws {}
}

/// Friction of boundary segments: 0, so an item's own friction is the contact's (the larger of the two wins).
let boundaryFriction: Double = 0

/// Collisions, UIKit's UICollisionBehavior: its items collide with each other and with its boundaries, according to
/// `mode`. Items in different collision behaviours ignore each other.
public final class CollisionBehavior: ItemHoldingBehavior {
    /// What the items collide with (default everything).
    public var mode: CollisionMode = .everything { didSet { propertyDidChange() } }
    /// Whether the animator's reference bounds (inset by `referenceBoundsInsets`) are a boundary, identifier nil.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet { boundariesChanged = true; propertyDidChange() }
    }
    /// Insets of the reference-bounds boundary.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero
    /// Receives contact events; held strongly so a delegate made only for this behaviour stays alive.
    /// Contacts that ended while no delegate listened are found, and ended, once a delegate is set again.
    public var delegate: (any CollisionBehaviorDelegate)? { didSet { animator?.openContactsNeedCheck = true } }

    private var boundaries: [(id: BoundaryIdentifier, polylines: [Polyline])] = []
    /// Set when the boundaries changed, so the animator rebuilds this behaviour's boundary shapes.
    var boundariesChanged = true
    /// Group number given by the animator while this behaviour is in it.
    var group: Int32 = -1
    /// The boundaries as last built into the animator's world, with their segment shapes, so a sync rebuilds only
    /// the boundaries that changed and contacts with the others carry on undisturbed.
    var builtBoundaries: [(id: BoundaryIdentifier?, polylines: [Polyline], shapes: [Int32])] = []

    /// A collision behaviour for `items` in mode everything.
    public override init(items: [DynamicItem] = []) { super.init(items: items) }

    /// Turns the reference-bounds boundary on with insets (UIKit's setTranslatesReferenceBoundsIntoBoundaryWithInsets:).
    public func setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets) throws(DynamicsError) {
        for (x, n) in [(insets.top, "top"), (insets.left, "left"), (insets.bottom, "bottom"), (insets.right, "right")] {
            try checkFinite(x, "inset \(n)")
        }
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds a segment boundary from `p1` to `p2`; an existing boundary with this identifier is replaced.
    public func addBoundary(_ identifier: BoundaryIdentifier, from p1: Vector, to p2: Vector) throws(DynamicsError) {
        try addBoundary(identifier, polylines: [Polyline(points: [p1, p2], isClosed: false)])
    }

    /// Adds a boundary made of polylines (a flattened Path, every subpath); an existing one with this identifier is replaced.
    public func addBoundary(_ identifier: BoundaryIdentifier, polylines: [Polyline]) throws(DynamicsError) {
        if case .number(let x) = identifier { try checkFinite(x, "boundary identifier") }
        for line in polylines {
            guard line.points.allSatisfy(\.isFinite) else { throw DynamicsError("boundary points must be finite") }
        }
        guard polylines.contains(where: { $0.points.count >= 2 }) else {
            throw DynamicsError("a boundary needs at least two points")
        }
        if let i = boundaries.firstIndex(where: { $0.id == identifier }) {
            boundaries[i].polylines = polylines
        } else {
            boundaries.append((identifier, polylines))
        }
        boundariesChanged = true
        propertyDidChange()
    }

    /// Adds a boundary along every subpath of `path`, curves flattened finely (UIKit's addBoundaryWithIdentifier:forPath:).
    public func addBoundary(_ identifier: BoundaryIdentifier, path: Path) throws(DynamicsError) {
        try addBoundary(identifier, polylines: path.subpaths)
    }

    /// The polylines of the boundary with this identifier, or nil.
    public func boundary(_ identifier: BoundaryIdentifier) -> [Polyline]? {
        boundaries.first { $0.id == identifier }?.polylines
    }

    /// Identifiers of the added boundaries, in the order added.
    public var boundaryIdentifiers: [BoundaryIdentifier] { boundaries.map(\.id) }

    /// Removes the boundary with this identifier, if there is one.
    public func removeBoundary(_ identifier: BoundaryIdentifier) {
        guard let i = boundaries.firstIndex(where: { $0.id == identifier }) else { return }
        boundaries.remove(at: i)
        boundariesChanged = true
        propertyDidChange()
    }

    /// Removes every added boundary (the reference-bounds boundary is controlled by its own flag).
    public func removeAllBoundaries() {
        guard !boundaries.isEmpty else { return }
        boundaries.removeAll()
        boundariesChanged = true
        propertyDidChange()
    }

    /// Every boundary with its identifier (nil for the reference bounds), as the animator builds them.
    func allBoundaries(referenceBounds: AABB?) -> [(id: BoundaryIdentifier?, polylines: [Polyline])] {
        var out: [(id: BoundaryIdentifier?, polylines: [Polyline])] = []
        if translatesReferenceBoundsIntoBoundary, let r = referenceBounds {
            let i = referenceBoundsInsets
            let lo = Vector(r.lower.x + i.left, r.lower.y + i.top), hi = Vector(r.upper.x - i.right, r.upper.y - i.bottom)
            out.append((nil, [Polyline(points: [lo, Vector(hi.x, lo.y), hi, Vector(lo.x, hi.y)], isClosed: true)]))
        }
        for b in boundaries { out.append((b.id, b.polylines)) }
        return out
    }

    /// Whether this behaviour's items meet each other.
    var collidesItems: Bool { mode != .boundaries }
    /// Whether this behaviour's items meet its boundaries.
    var collidesBoundaries: Bool { mode != .items }

    // MARK: What it contributes to its animator

    /// Takes a group number the first time it is synced in an animator: its items' filters name it.
    override func willSync(_ animator: Animator) {
        if group < 0 {
            group = animator.synced.nextGroup
            animator.synced.nextGroup &+= 1 // wrapping, never trapping, even after billions of behaviours
        }
    }

    /// Its items collide with the other items and the boundaries of its group, as its mode says.
    override func contribute(to table: inout ItemSettingsTable) {
        let group = self.group, items = collidesItems, boundaries = collidesBoundaries
        // Items mostly arrive with the lists the item before had (often none): they then share that item's new
        // list instead of each making one, so a sync of many items makes a few lists, not two per item.
        var itemLists = GroupListExtension(group), boundaryLists = GroupListExtension(group)
        table.update(self.items) { settings in
            if items { itemLists.extend(&settings.itemGroups) }
            if boundaries { boundaryLists.extend(&settings.boundaryGroups) }
        }
    }

    /// Boundaries are made before any joint.
    override var worldPartsOrder: Int { 0 }

    /// Rebuilds the boundaries that changed (by identifier and points), keeping the others and their contacts, and
    /// signs up for the animator's contact events.
    override func syncWorldParts(_ animator: Animator) {
        animator.synced.collisions.append(self)
        guard boundariesChanged else { return }
        boundariesChanged = false
        animator.synced.boundaryLinksStale = true
        let wanted = allBoundaries(referenceBounds: animator.referenceBounds)
        // Every boundary's segments are made together, so pieces that abut join smoothly (see `linkedChains`).
        let segments = Shape.linkedChains(wanted.map(\.polylines))
        var kept: [(id: BoundaryIdentifier?, polylines: [Polyline], shapes: [Int32])] = []
        var old = builtBoundaries
        for (w, pieces) in zip(wanted, segments) {
            if let k = old.firstIndex(where: { $0.id == w.id && $0.polylines == w.polylines }) {
                let built = old.remove(at: k)
                // Same points, so the same segments; only their neighbours may have changed.
                for (shape, piece) in zip(built.shapes, pieces) { animator.world.setSegmentNeighbours(shape, piece) }
                kept.append(built)
            } else {
                kept.append((w.id, w.polylines, makeBoundaryShapes(animator, w.id, pieces)))
            }
        }
        for gone in old { Self.dropShapes(gone.shapes, animator) }
        builtBoundaries = kept
    }

    /// Drops its boundary shapes and its group; joining an animator again builds them anew.
    override func removeWorldParts(_ animator: Animator) {
        if !builtBoundaries.isEmpty { animator.synced.boundaryLinksStale = true }
        for built in builtBoundaries { Self.dropShapes(built.shapes, animator) }
        builtBoundaries.removeAll()
        group = -1
        boundariesChanged = true
    }

    override func forgetWorldParts() {
        builtBoundaries.removeAll()
        group = -1
        boundariesChanged = true
    }

    /// The boundary's two-sided chain segments in the world, owned by the behaviour's group.
    private func makeBoundaryShapes(_ animator: Animator, _ id: BoundaryIdentifier?, _ pieces: [Shape]) -> [Int32] {
        let filter = CollisionFilter(itemGroups: [], boundaryGroups: [], owner: group)
        var shapes: [Int32] = []
        for piece in pieces {
            let shape = animator.world.createShape(body: PhysicsWorld.ground, shape: piece,
                                                   friction: boundaryFriction, restitution: 0, filter: filter)
            shapes.append(shape)
            animator.synced.boundaryOfShape[shape] = (self, id)
        }
        return shapes
    }

    private static func dropShapes(_ shapes: [Int32], _ animator: Animator) {
        for s in shapes {
            animator.world.destroyShape(s)
            animator.synced.boundaryOfShape[s] = nil
        }
    }

    /// The first of its boundary segments the ray meets.
    override func rayCast(from a: Vector, to b: Vector, referenceBounds: AABB?)
        -> (fraction: Double, normal: Vector, boundary: BoundaryIdentifier?)? {
        var best: (fraction: Double, normal: Vector, boundary: BoundaryIdentifier?)?
        for (identifier, lines) in allBoundaries(referenceBounds: referenceBounds) {
            for line in lines {
                for (start, end) in line.segments {
                    guard let hit = Shape.segment(start, end).rayCast(from: a, to: b),
                          hit.fraction < (best?.fraction ?? .infinity) else { continue }
                    best = (hit.fraction, hit.normal, identifier)
                }
            }
        }
        return best
    }

    /// Its boundaries, as polylines in world coordinates.
    override func contribute(to parts: inout SnapshotParts, referenceBounds: AABB?) {
        for (id, lines) in allBoundaries(referenceBounds: referenceBounds) {
            for line in lines {
                parts.boundaries.append(BoundarySnapshot(identifier: id?.description, points: line.points,
                                                         isClosed: line.isClosed))
            }
        }
    }
}

/// Appends one group number to lists of groups, sharing the result between lists that were the same one before
/// (the same storage, as lists handed on from the item before are).
struct GroupListExtension {
    let group: Int32
    private var lastBefore: [Int32]?
    private var lastAfter: [Int32] = []

    init(_ group: Int32) { self.group = group }

    mutating func extend(_ list: inout [Int32]) {
        if let before = lastBefore, before == list {
            list = lastAfter
            return
        }
        lastBefore = list
        list.append(group)
        lastAfter = list
    }
}
