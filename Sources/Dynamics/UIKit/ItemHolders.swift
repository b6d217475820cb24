/// Which behaviours of an animator's tree hold each item.
///
/// Taking an item out (`removeFromSuperview`) must reach every behaviour holding it. Walking the whole tree for
/// that made each removal cost the tree's size: 2,000 items taken out of a grid of 19,800 pins took 9.4 s. The
/// index is built on the first removal (a world that never removes an item pays nothing for it) and is then kept up
/// to date at every change of holds, so a removal visits only the item's own behaviours.
struct ItemHolders {
    /// Each item's position in `lists`.
    private var slots = IdentityTable()
    /// The behaviours holding each item, in the order they took it up (tree order for those present when the
    /// index was built), once per hold.
    private var lists: [[DynamicBehavior]] = []

    /// The index of the behaviours of `tree`.
    init(tree: [DynamicBehavior]) {
        for b in tree { add(b) }
    }

    /// The behaviours holding `item`.
    func holders(of item: DynamicItem) -> [DynamicBehavior] {
        guard let k = slots[ObjectIdentifier(item)] else { return [] }
        return lists[Int(k)]
    }

    /// `behavior` took up its items (`heldItems`).
    mutating func add(_ behavior: DynamicBehavior) {
        for item in behavior.heldItems { add(behavior, holding: item) }
    }

    /// `behavior` let go of its items.
    mutating func remove(_ behavior: DynamicBehavior) {
        for item in behavior.heldItems { remove(behavior, letGoOf: item) }
    }

    /// `behavior` took up `item`.
    mutating func add(_ behavior: DynamicBehavior, holding item: DynamicItem) {
        let id = ObjectIdentifier(item)
        if let k = slots[id] {
            lists[Int(k)].append(behavior)
        } else {
            slots.set(id, Int32(lists.count))
            lists.append([behavior])
        }
    }

    /// `behavior` let go of `item` (one hold, the last it took).
    mutating func remove(_ behavior: DynamicBehavior, letGoOf item: DynamicItem) {
        guard let k = slots[ObjectIdentifier(item)] else { return }
        let i = Int(k)
        if let at = lists[i].lastIndex(where: { $0 === behavior }) { lists[i].remove(at: at) }
    }
}
