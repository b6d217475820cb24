/// Receives the animator's pause and resume (UIDynamicAnimatorDelegate). Both methods have empty defaults; a thrown
/// error is reported by `Animator.step`.
public protocol AnimatorDelegate: AnyObject {
    /// Called after the step in which every item came to rest.
    func dynamicAnimatorDidPause(_ animator: Animator) throws
    /// Called at the start of the first step after something woke a paused animator.
    func dynamicAnimatorWillResume(_ animator: Animator) throws
}

/// Empty defaults, so a delegate implements only what it needs.
extension AnimatorDelegate {
    /// Does nothing.
    public func dynamicAnimatorDidPause(_ animator: Animator) throws {}
    /// Does nothing.
    public func dynamicAnimatorWillResume(_ animator: Animator) throws {}
}

/// The animator, UIKit's UIDynamicAnimator: holds a tree of behaviours, animates the items they hold, and steps the
/// world a frame at a time. Callbacks (delegates, actions) run after each step; changes they make to items,
/// behaviours and boundaries take effect before the next step.
public final class Animator {
    /// The reference bounds (0, 0, w, h), or nil for an abstract coordinate system.
    public let referenceBounds: AABB?
    /// Top-level behaviours in the order added.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Seconds per frame for `step()` and `run`, default 1/60.
    public private(set) var timeStep: Double = 1.0 / 60
    /// Solver sub-steps per frame, default 4.
    public private(set) var substeps: Int = 4
    /// Threads a frame's step may use, the calling one included; default: the processors this process may run on.
    /// Any count gives the same results bit for bit; 1 steps on the calling thread only, and so does a world too
    /// small to gain from more.
    public private(set) var workerCount: Int = WorkerPool.availableProcessors
    /// Simulated seconds while running.
    public internal(set) var elapsedTime: Double = 0
    /// The simulated clock of every frame stepped, paused or not: unlike `elapsedTime` it keeps going while the
    /// animator rests, so a loop stepping until a time ends even when everything has come to rest.
    public internal(set) var time: Double = 0
    /// False once every item is at rest; any change to behaviours or items makes it true again.
    public internal(set) var isRunning = false
    /// Told when the animator pauses and resumes; held strongly.
    public var delegate: (any AnimatorDelegate)?
    /// `potentialEnergyZero` when set; nil: the bottom of the reference bounds.
    var potentialEnergyZeroSetting: Double?
    /// How values are shown (see `displayUnits`, whose floor is filled in when asked).
    var displayUnitsSetting = DisplayUnits()

    var world = PhysicsWorld()
    /// The behaviours, items and world handles as of the last sync with the world.
    var synced = SyncedState()
    /// Behaviours, items or properties changed: the next sync redoes every item's properties and wakes everything.
    var needsSync = true
    var needsWakeAll = false
    /// Items moved by hand since the last sync. Moving an item is the common per-frame change (a dragged or driven
    /// item), so it only updates that item's body and wakes what it touches, not the whole world.
    var handMovedItems: [DynamicItem] = []
    var willResumePending = false
    var isStepping = false
    /// The items as of the last walk of the tree, and whether a change has made them out of date.
    var walkedItems: [DynamicItem] = []
    var walkedItemsAreStale = false
    /// How many items the behaviours of the tree hold, each counted once (kept by `countHold`): the room a walk of
    /// the items makes before it starts.
    var distinctHeldItems = 0
    /// The behaviours holding each item, built by the first removal of an item (see `ItemHolders`).
    var itemHolders: ItemHolders?
    /// Contacts whose "began" reached a delegate and whose "ended" has not yet, in the order they began.
    var openContacts = OpenContactTable()
    /// A change since the last check may have taken contacts away without an event (see `closingOpenContacts`).
    var openContactsNeedCheck = false
    /// Counts `markChanged` calls: while it stands still, every behaviour the last sync saw is still in this animator.
    var changeCount: UInt64 = 0

    /// An animator with no reference bounds.
    public init() { referenceBounds = nil }

    /// An animator whose reference bounds are (0, 0, size.x, size.y).
    public init(referenceSize size: Vector) throws(DynamicsError) {
        try checkPositive(size.x, "width")
        try checkPositive(size.y, "height")
        referenceBounds = AABB(lower: .zero, upper: size)
    }

    /// An animator whose reference bounds are the item's bounds (UIKit's initWithReferenceView:). Made on a
    /// transition's container view, it advances with the transition.
    public convenience init(referenceItem: DynamicItem) throws(DynamicsError) {
        try self.init(referenceSize: referenceItem.size)
        referenceItem.hostingTransition?.adopt(self)
    }

    // MARK: Behaviours

    /// Adds a behaviour (and its children). Throws when it is already in an animator or is another behaviour's child,
    /// or when one of its items is animated by another animator.
    public func addBehavior(_ behavior: DynamicBehavior) throws(DynamicsError) {
        if behavior.animator === self { throw DynamicsError("the behaviour is already in this animator") }
        guard behavior.animator == nil else { throw DynamicsError("the behaviour already belongs to another animator") }
        guard behavior.parent == nil else { throw DynamicsError("the behaviour is a child of another behaviour") }
        let incoming = Self.heldItems(of: behavior)
        try checkCanAdopt(items: incoming)
        behaviors.append(behavior)
        behavior.setAnimator(self)
        itemsChanged(incoming, by: 1)
        noteHolders(of: behavior, joined: true)
    }

    /// Removes a top-level behaviour; nothing happens if it is not one.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        releaseWorldParts(of: behavior)
        behavior.setAnimator(nil)
        itemsChanged(Self.heldItems(of: behavior), by: -1)
        noteHolders(of: behavior, joined: false)
    }

    /// Removes every top-level behaviour (and so every item).
    public func removeAllBehaviors() {
        guard !behaviors.isEmpty else { return }
        let removed = behaviors
        behaviors.removeAll()
        for b in removed {
            releaseWorldParts(of: b)
            b.setAnimator(nil)
            itemsChanged(Self.heldItems(of: b), by: -1)
        }
        itemHolders = nil
    }

    // MARK: Items

    /// Every item of every behaviour, each once, in the order first met walking the behaviour tree.
    public var items: [DynamicItem] { knownItems }

    /// The items whose frame meets `rect`.
    public func items(in rect: AABB) -> [DynamicItem] { knownItems.filter { $0.frame.overlaps(rect) } }

    /// Re-reads the item's centre, angle and velocities before the next step (UIKit's updateItemUsingCurrentState:).
    public func updateItem(_ item: DynamicItem) {
        guard item.animator === self else { return }
        if !item.stateWasSetByHand {
            item.stateWasSetByHand = true
            handMovedItems.append(item)
        }
        resume()
    }

    /// Extension beyond UIKit: false keeps every item awake (for measurements and benchmarks), so the animator pauses
    /// only when nothing in it can move. Default true.
    public var allowsSleep: Bool {
        get { world.enableSleep }
        set {
            world.enableSleep = newValue
            markChanged()
        }
    }

    /// Contacts that approach slower than this (pt/s) do not bounce, whatever their elasticity, so bouncing items
    /// come to rest; above it, every impact keeps its elasticity. Default 10 pt/s.
    public var restitutionThreshold: Double { world.restitutionThreshold }

    /// Sets the restitution threshold (pt/s, finite and not negative).
    public func setRestitutionThreshold(_ x: Double) throws(DynamicsError) {
        try checkNonNegative(x, "restitutionThreshold")
        world.restitutionThreshold = x
        markChanged()
    }

    /// Items slower than this (pt/s, at their centre and at their far edge) for half a second may sleep; faster
    /// motion goes on however slow it looks. Default 1 pt/s, which spares a block gliding at 4 pt/s.
    public var sleepThreshold: Double { world.sleepThreshold }

    /// Sets the sleep threshold (pt/s, finite and not negative; 0 lets only items that are exactly still sleep).
    public func setSleepThreshold(_ x: Double) throws(DynamicsError) {
        try checkNonNegative(x, "sleepThreshold")
        world.sleepThreshold = x
        markChanged()
    }

    // MARK: Time

    /// Sets the frame time of `step()` and `run`; it must be positive and finite.
    public func setTimeStep(_ dt: Double) throws(DynamicsError) {
        try checkPositive(dt, "timeStep")
        timeStep = dt
    }

    /// Sets the sub-steps per frame, 1 to 100.
    public func setSubsteps(_ n: Int) throws(DynamicsError) {
        guard n >= 1, n <= 100 else { throw DynamicsError("substeps must be between 1 and 100, got \(n)") }
        substeps = n
    }

    /// Most threads a step may use (`workerCount`).
    public static let maxWorkerCount = WorkerPool.maxThreads + 1

    /// Sets the threads a step may use, 1 to `maxWorkerCount`.
    public func setWorkerCount(_ n: Int) throws(DynamicsError) {
        guard n >= 1, n <= Self.maxWorkerCount else {
            throw DynamicsError("workerCount must be between 1 and \(Self.maxWorkerCount), got \(n)")
        }
        workerCount = n
    }

    /// Advances one frame of `dt` seconds (default `timeStep`) and runs the callbacks. A paused animator does nothing.
    /// Throws `DynamicsError` for a bad `dt` or a step called from inside a callback, and `CallbackFailures` when
    /// callbacks threw (after the step completed and every other callback ran). A custom field that fails throws
    /// its error before the frame moves anything: the world and the clocks stay as they were.
    public func step(_ dt: Double? = nil) throws {
        let dt = dt ?? timeStep
        try checkPositive(dt, "dt")
        guard !isStepping else { throw DynamicsError("step cannot be called from inside a callback of the same animator") }
        isStepping = true
        defer { isStepping = false }
        var failures: [CallbackFailure] = []
        if willResumePending {
            willResumePending = false
            if let delegate { call("willResume", &failures) { try delegate.dynamicAnimatorWillResume(self) } }
        }
        if isRunning {
            // A failing custom field stops the frame before the world moves or the clock advances.
            try advance(dt)
            time += dt
            runCallbacks(&failures)
        } else {
            time += dt
        }
        if !failures.isEmpty { throw CallbackFailures(failures) }
    }

    // MARK: Change tracking

    /// Every item of every behaviour of the tree, each once, in the order first met walking it. Walked again only
    /// after a change, so reading it every frame costs nothing.
    var knownItems: [DynamicItem] { walkItems().items }

    /// `knownItems`, with each item's position among them when the walk was made now (nil when the items were up to
    /// date): the walk finds positions on its way, so a sync's settings table need not look every item up again.
    func walkItems() -> (items: [DynamicItem], positions: IdentityTable?) {
        guard walkedItemsAreStale else { return (walkedItems, nil) }
        walkedItemsAreStale = false
        // Room for every item at once: a table grown by doubling while thousands of items arrive places them all
        // again at each doubling.
        let room = max(walkedItems.count, distinctHeldItems)
        var seen = IdentityTable(capacity: room)
        var current: [DynamicItem] = []
        current.reserveCapacity(room)
        DynamicBehavior.walk(behaviors) { b in
            for it in b.heldItems where seen.insert(ObjectIdentifier(it), Int32(truncatingIfNeeded: current.count)) {
                current.append(it)
            }
        }
        walkedItems = current
        return (current, seen)
    }

    /// The items the behaviours of `behavior`'s subtree hold, with repeats.
    static func heldItems(of behavior: DynamicBehavior) -> [DynamicItem] {
        if behavior.children.isEmpty { return behavior.heldItems }
        var items: [DynamicItem] = []
        DynamicBehavior.walk(from: behavior) { items += $0.heldItems }
        return items
    }

    /// Items were taken up (`delta` 1) or let go (-1) once each by a behaviour of the tree. An item taken up for the
    /// first time is animated by this animator from now on; one let go by its last behaviour leaves it, with its body.
    func itemsChanged(_ items: [DynamicItem], by delta: Int) {
        // How many times a behaviour of the tree holds each item is kept in the item (`holdCount`), up to date at
        // every change, so an item knows its animator at once and adding a behaviour costs only its own items. An
        // item held here has this animator and no other (`checkCanAdopt`), so a count belongs to the animator the
        // item names; an item naming none or another is held here by nothing yet.
        for it in items { countHold(of: it, by: delta) }
        walkedItemsAreStale = true
        markChanged()
    }

    /// `itemsChanged` for one item, with no list made for it (a behaviour taking up one item at a time).
    func itemChanged(_ item: DynamicItem, by delta: Int) {
        countHold(of: item, by: delta)
        walkedItemsAreStale = true
        markChanged()
    }

    private func countHold(of it: DynamicItem, by delta: Int) {
        let mine = it.animator === self
        let before = mine ? Int(it.holdCount) : 0
        let count = before + delta
        if count > 0 {
            it.holdCount = Int32(truncatingIfNeeded: count)
            // Only the first hold changes whose the item is (a held item is this animator's: adopting checks
            // that no other animator holds it), and a weak reference costs its every write.
            guard before == 0 else { return }
            distinctHeldItems += 1
            // A body made by an animator that is gone is not this one's: the next sync makes one here.
            if !mine { it.bodyOwner = nil }
            it.animator = self
            // A group's members move with it from now on.
            if let g = it.groupParts { for m in g.members { m.animatingGroup = it } }
        } else if mine {
            it.holdCount = 0
            distinctHeldItems = max(distinctHeldItems - 1, 0)
            // The body first: its owner is read through `animator`.
            releaseBody(of: it)
            it.animator = nil
            if let g = it.groupParts { for m in g.members where m.animatingGroup === it { m.animatingGroup = nil } }
        }
    }

    /// Something the world depends on changed: sync before the next step, wake everything, resume.
    func markChanged() {
        changeCount &+= 1
        needsSync = true
        openContactsNeedCheck = true
        needsWakeAll = true
        resume()
    }

    /// Runs again after a pause; the delegate hears of it at the start of the next step.
    func resume() {
        if !isRunning {
            isRunning = true
            willResumePending = true
        }
    }

    /// Throws when an item of the subtree is animated by another animator, or when the subtree would animate an item
    /// both by itself and as a member of a group.
    func checkCanAdopt(_ behavior: DynamicBehavior) throws(DynamicsError) {
        try checkCanAdopt(items: Self.heldItems(of: behavior))
    }

    /// `checkCanAdopt(items:)` for one item, with no list made for it when it is no group.
    func checkCanAdopt(item it: DynamicItem) throws(DynamicsError) {
        if it.isGroup { return try checkCanAdopt(items: [it]) }
        try checkNotAnimatedElsewhere(it)
        try checkNotInAnimatedGroup(it)
    }

    private func checkNotAnimatedElsewhere(_ it: DynamicItem) throws(DynamicsError) {
        if let other = it.animator, other !== self {
            throw DynamicsError("the item '\(it.name)' is animated by another animator")
        }
    }

    private func checkNotInAnimatedGroup(_ it: DynamicItem) throws(DynamicsError) {
        if let group = it.animatingGroup, group.animator != nil {
            throw DynamicsError("the item '\(it.name)' is in the group '\(group.name)', which is animated; add the "
                                + "group, not its members, to behaviours")
        }
    }

    /// Throws when one of `incoming` is animated by another animator, or when an item would be animated both by
    /// itself and as a member of a group (or as a member of two groups) once `incoming` joins this animator.
    func checkCanAdopt(items incoming: [DynamicItem]) throws(DynamicsError) {
        var groups = 0
        for it in incoming {
            try checkNotAnimatedElsewhere(it)
            if it.isGroup { groups += 1 }
        }
        let hasGroups = groups > 0
        // The group of each member arriving with a group (looked up, never iterated), needed only when something
        // else arrives with that group: a second group, or an item that could be one of its members. Most arrivals
        // hold no group (a pin's two items); a ground of thousands of tiles arrives alone.
        let looksUpMembers = groups > 1 || (hasGroups && incoming.count > groups)
        var groupOfMember: [ObjectIdentifier: ObjectIdentifier] = [:]
        if looksUpMembers {
            groupOfMember.reserveCapacity(incoming.reduce(0) { $0 + ($1.groupParts?.members.count ?? 0) })
        }
        for group in incoming where hasGroups && group.isGroup {
            guard let parts = group.groupParts, group.animator !== self else { continue }
            for m in parts.members {
                if m.animator != nil {
                    throw DynamicsError("the item '\(m.name)' is in the group '\(group.name)' and also in a behaviour by "
                                        + "itself; add the group, not its members, to behaviours")
                }
                let key = ObjectIdentifier(m)
                // (A group whose animator is gone no longer holds its members.)
                if let other = m.animatingGroup, other !== group, other.animator != nil {
                    throw DynamicsError("the item '\(m.name)' is in the group '\(group.name)' and in the group "
                                        + "'\(other.name)', which is already animated")
                }
                guard looksUpMembers else { continue }
                if let other = groupOfMember[key], other != ObjectIdentifier(group) {
                    throw DynamicsError("the item '\(m.name)' is in two groups at once; an item moves with one group")
                }
                groupOfMember[key] = ObjectIdentifier(group)
            }
        }
        for it in incoming where !it.isGroup {
            try checkNotInAnimatedGroup(it)
            if hasGroups, groupOfMember[ObjectIdentifier(it)] != nil {
                throw DynamicsError("the item '\(it.name)' is in a group added with it; add the group, not its "
                                    + "members, to behaviours")
            }
        }
    }

    /// The density of the item behaviour that wins for `item` (the last one in tree order holding it), or 1.
    func density(of item: DynamicItem) -> Double {
        let table = itemSettings(behaviorTree)
        return table.position(of: item).flatMap { table.settings[$0].properties?.density } ?? 1
    }

    /// Takes an item out of every behaviour; behaviours that cannot exist without it are removed.
    func remove(_ item: DynamicItem) {
        if itemHolders == nil { itemHolders = ItemHolders(tree: behaviorTree) }
        // A copy: releasing changes the holds, and a behaviour that cannot do without the item leaves the tree.
        for b in itemHolders?.holders(of: item) ?? [] where !b.release(item) {
            if let parent = b.parent { parent.removeChild(b) } else { removeBehavior(b) }
        }
    }

    /// Keeps `itemHolders`, once built, in step with a subtree that joined or left the tree.
    func noteHolders(of behavior: DynamicBehavior, joined: Bool) {
        guard itemHolders != nil else { return }
        DynamicBehavior.walk(from: behavior) { b in
            if joined { itemHolders?.add(b) } else { itemHolders?.remove(b) }
        }
    }
}
