/// A behaviour, UIKit's UIDynamicBehavior: the base of every behaviour, and on its own a composite that only groups
/// children. A behaviour may appear once in one animator's tree.
public class DynamicBehavior {
    /// Children, in the order added; they act as if added to the animator after their parent.
    public private(set) var children: [DynamicBehavior] = []
    /// The behaviour this one is a child of.
    public private(set) weak var parent: DynamicBehavior?
    /// The animator whose tree holds this behaviour.
    public internal(set) weak var animator: Animator?
    /// The animator whose world holds what this behaviour made there (boundaries, joints); their handles mean
    /// nothing in another world.
    weak var worldPartsOwner: Animator?
    /// Runs once per frame after the step (UIKit's `action` block); a thrown error is reported by `Animator.step`.
    public var action: ((DynamicBehavior) throws -> Void)? {
        // The animator keeps where its tree's actions are (`Animator.runActions`).
        didSet { animator?.synced.actionsStale = true }
    }

    /// An empty composite behaviour.
    public init() {}

    /// Adds a child behaviour. Throws when the child already has a parent or belongs to an animator, or when it would
    /// make a cycle.
    public func addChild(_ child: DynamicBehavior) throws(DynamicsError) {
        guard child.parent == nil, child.animator == nil else {
            throw DynamicsError("the behaviour is already a child of another behaviour or in an animator")
        }
        // Only a behaviour with children of its own can be an ancestor of this one; a new, empty child (how deep
        // trees are built) needs no walk up the tree.
        var b: DynamicBehavior? = child.children.isEmpty ? nil : self
        if child === self { b = self }
        while let x = b {
            if x === child { throw DynamicsError("a behaviour cannot be its own descendant") }
            b = x.parent
        }
        if let animator {
            try animator.checkCanAdopt(child)
        }
        children.append(child)
        child.parent = self
        if let animator {
            child.setAnimator(animator)
            animator.itemsChanged(Animator.heldItems(of: child), by: 1)
            animator.noteHolders(of: child, joined: true)
        }
    }

    /// Removes a child; nothing happens if it is not a child of this behaviour.
    public func removeChild(_ child: DynamicBehavior) {
        guard let i = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: i)
        child.parent = nil
        let animator = self.animator
        animator?.releaseWorldParts(of: child)
        child.setAnimator(nil)
        animator?.itemsChanged(Animator.heldItems(of: child), by: -1)
        animator?.noteHolders(of: child, joined: false)
    }

    /// Every behaviour of this subtree, this one first, children in order (depth first). Written without
    /// recursion, so a tree of any depth can be walked.
    var subtree: [DynamicBehavior] {
        if children.isEmpty { return [self] }
        var out: [DynamicBehavior] = []
        Self.walk(from: self) { out.append($0) }
        return out
    }

    /// Calls `visit` on every behaviour of the trees rooted at `roots`, in order: each root, then its children
    /// depth first, then the next root. The one walk over behaviour trees.
    static func walk(_ roots: [DynamicBehavior], _ visit: (DynamicBehavior) -> Void) {
        for root in roots { walk(from: root, visit) }
    }

    /// `walk` of one tree. Most behaviours have no children (a grid of pins is thousands of them, each added on
    /// its own), so a leaf is visited without making the stack the walk needs.
    static func walk(from root: DynamicBehavior, _ visit: (DynamicBehavior) -> Void) {
        visit(root)
        guard !root.children.isEmpty else { return }
        var pending = Array(root.children.reversed())
        while let b = pending.popLast() {
            visit(b)
            pending.append(contentsOf: b.children.reversed())
        }
    }

    func setAnimator(_ a: Animator?) {
        Self.walk(from: self) { $0.animator = a }
    }

    /// Items this behaviour acts on (none for a plain composite).
    var heldItems: [DynamicItem] { [] }

    /// Tells the animator a property changed: it resumes and wakes the world before the next step.
    func propertyDidChange() {
        animator?.markChanged()
    }

    /// Drops an item the behaviour can let go of; returns false when the behaviour cannot exist without it.
    func release(_ item: DynamicItem) -> Bool { true }

    // MARK: What the behaviour contributes to its animator's frames (see BehaviorContributions.swift)

    /// At the start of a sync, before items' settings are gathered (a collision behaviour takes its group number).
    func willSync(_ animator: Animator) {}

    /// Adds what the behaviour says about its items: properties, gravity, collision groups.
    func contribute(to table: inout ItemSettingsTable) {}

    /// Where the behaviour's world parts are made in a sync, relative to other kinds (boundaries, then attachment
    /// joints, then snap joints), so the world's handles come out in the same order whatever the tree's order.
    var worldPartsOrder: Int { 0 }

    /// After items have their bodies and shapes: makes or updates what the behaviour owns in the world.
    func syncWorldParts(_ animator: Animator) {}

    /// How many joints the next `syncWorldParts` makes anew: the sync makes room for all of them at once, so a grid
    /// of thousands of attachments does not grow the world's joints by doubling, copying them each time.
    var jointsToMake: Int { 0 }

    /// The behaviour left the animator's tree: drops what it owns in the world.
    func removeWorldParts(_ animator: Animator) {}

    /// Forgets handles into a world that is not the syncing animator's (its animator is gone), without touching
    /// any world, so that `syncWorldParts` makes everything anew.
    func forgetWorldParts() {}

    /// Whether `applyFrameForces` must run every frame.
    var appliesFrameForces: Bool { false }

    /// Before anything of the frame touches the world: work that may fail (a custom field's Lua function). A throw
    /// stops the frame with the world as it was.
    func prepareFrameForces(_ animator: Animator) throws {}

    /// Before each frame's step: forces and impulses on the bodies of the behaviour's items.
    func applyFrameForces(_ animator: Animator) {}

    /// Energy the behaviour stores now (a spring's), mass·pt²/s², given what the behaviours say about each item.
    func potentialEnergy(_ animator: Animator, settings: ItemSettingsTable) -> Double { 0 }

    /// Where the segment from `a` to `b` first meets what the behaviour puts in the world besides items (a collision
    /// behaviour's boundaries), with the normal there and the boundary's identifier; nil when it meets nothing.
    func rayCast(from a: Vector, to b: Vector, referenceBounds: AABB?)
        -> (fraction: Double, normal: Vector, boundary: BoundaryIdentifier?)? { nil }

    /// Adds what the behaviour draws (boundaries, joints) to a snapshot.
    func contribute(to parts: inout SnapshotParts, referenceBounds: AABB?) {}
}

/// A behaviour that holds a list of items (gravity, collision, push, item behaviour), with `addItem` and `removeItem`.
public class ItemHoldingBehavior: DynamicBehavior {
    /// The items, in the order added.
    public private(set) var items: [DynamicItem] = []
    /// The same items, for membership tests that do not walk the list (looked up, never iterated).
    private var itemIDs = IdentityTable()

    /// A behaviour acting on `items` (duplicates are ignored).
    public init(items: [DynamicItem] = []) {
        super.init()
        for item in items where itemIDs.insert(ObjectIdentifier(item), 0) { self.items.append(item) }
    }

    /// Adds an item; adding one already held does nothing. Throws when the item is animated by another animator, or
    /// is a member of a group this animator animates (or a group whose member it animates by itself).
    public func addItem(_ item: DynamicItem) throws(DynamicsError) {
        let id = ObjectIdentifier(item)
        guard itemIDs.insert(id, 0) else { return }
        // The animator is a weak reference, read once: each read is a call into the runtime.
        let animator = self.animator
        if let animator {
            do throws(DynamicsError) { try animator.checkCanAdopt(item: item) } catch {
                itemIDs.remove(id)
                throw error
            }
        }
        items.append(item)
        guard let animator else { return }
        animator.itemChanged(item, by: 1)
        animator.itemHolders?.add(self, holding: item)
    }

    /// Removes an item; nothing happens if it is not held.
    public func removeItem(_ item: DynamicItem) {
        guard contains(item), let i = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: i)
        itemIDs.remove(ObjectIdentifier(item))
        itemWasRemoved(item)
        animator?.itemChanged(item, by: -1)
        animator?.itemHolders?.remove(self, letGoOf: item)
    }

    /// Whether the behaviour holds `item`.
    public func contains(_ item: DynamicItem) -> Bool { itemIDs.contains(ObjectIdentifier(item)) }

    /// Lets subclasses forget per-item data.
    func itemWasRemoved(_ item: DynamicItem) {}

    override var heldItems: [DynamicItem] { items }

    override func release(_ item: DynamicItem) -> Bool {
        removeItem(item)
        return true
    }
}
