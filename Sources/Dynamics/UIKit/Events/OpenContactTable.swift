/// The contacts whose "began" a delegate heard and whose "ended" it has not heard yet, in the order they began, with
/// an index from behaviour and shape pair to entry.
///
/// Every contact event looks its contact up here, so the look-up is an open-addressing table mixed by one
/// multiplication rather than a Dictionary (whose seeded SipHash cost more than the rest of the routing together).
/// Closing a contact leaves a hole in `entries` rather than shifting the rest, so a frame costs in proportion to its
/// events, not to the contacts that stay open; holes are squeezed out once they are more than twice the open
/// entries (and 256). The index is only looked up, never iterated, so where a key lands cannot reach the results.
struct OpenContactTable {
    /// In the order the contacts began; nil where one was closed since the last compaction.
    private(set) var entries: [OpenContact?] = []
    /// Whether each entry is open: read instead of the entry itself, whose optional payload of references costs a
    /// copy to look at.
    private var isOpen: [Bool] = []
    private(set) var openCount = 0
    private var slots: ContiguousArray<IndexSlot> = ContiguousArray(repeating: .empty, count: 16)
    /// Slots holding a key, open or closed: a closed entry's key stays until a new key takes its slot or the index
    /// is built again, so closing needs no shifting of other keys.
    private var usedSlots = 0

    private struct IndexSlot {
        var behavior: UInt
        var shapes: UInt64
        var entry: Int32
        static let empty = IndexSlot(behavior: 0, shapes: 0, entry: -1)
    }

    var isEmpty: Bool { openCount == 0 }

    /// The position of the open contact `key` names.
    func find(_ key: OpenContactKey) -> Int? {
        let mask = slots.count - 1
        var i = Self.home(key, mask)
        while true {
            let s = slots[i]
            if s.entry < 0 { return nil }
            if s.behavior == key.behavior && s.shapes == key.shapes { return isOpen[Int(s.entry)] ? Int(s.entry) : nil }
            i = (i + 1) & mask
        }
    }

    /// The entry at `position`, which `find` returned.
    subscript(position: Int) -> OpenContact? { entries[position] }

    /// Opens a contact; one already open under the same key must be closed first.
    mutating func open(_ contact: OpenContact) {
        let key = contact.key
        entries.append(contact)
        isOpen.append(true)
        openCount += 1
        setIndex(key, Int32(entries.count - 1))
    }

    /// Closes the entry at `position` (a no-op when it is already closed).
    mutating func close(at position: Int) {
        guard isOpen[position] else { return }
        isOpen[position] = false
        entries[position] = nil
        openCount -= 1
        if entries.count - openCount > 2 * openCount + 256 { compact() }
    }

    /// Closes every entry for which `isClosed` says so, in the order they began, passing each to `closed` first.
    mutating func closeAll(where isClosed: (OpenContact) -> Bool, _ closed: (OpenContact) -> Void) {
        for i in entries.indices where isOpen[i] {
            guard let o = entries[i], isClosed(o) else { continue }
            closed(o)
            isOpen[i] = false
            entries[i] = nil
            openCount -= 1
        }
        compact()
    }

    private mutating func compact() {
        entries.removeAll { $0 == nil }
        isOpen = Array(repeating: true, count: entries.count)
        buildIndex()
    }

    /// A fresh index of the open entries alone.
    private mutating func buildIndex() {
        slots = ContiguousArray(repeating: .empty, count: Self.capacity(for: openCount))
        usedSlots = 0
        for i in entries.indices where isOpen[i] {
            if let o = entries[i] { setIndex(o.key, Int32(i)) }
        }
    }

    private mutating func setIndex(_ key: OpenContactKey, _ entry: Int32) {
        if 2 * (usedSlots + 1) > slots.count { buildIndex(); if find(key) != nil { return } }
        let mask = slots.count - 1
        var i = Self.home(key, mask)
        var closedSlot = -1
        while slots[i].entry >= 0 {
            if slots[i].behavior == key.behavior && slots[i].shapes == key.shapes { slots[i].entry = entry; return }
            // A closed contact's slot can take the key, once the key is known to be nowhere further on.
            if closedSlot < 0 && !isOpen[Int(slots[i].entry)] { closedSlot = i }
            i = (i + 1) & mask
        }
        if closedSlot >= 0 {
            slots[closedSlot] = IndexSlot(behavior: key.behavior, shapes: key.shapes, entry: entry)
        } else {
            slots[i] = IndexSlot(behavior: key.behavior, shapes: key.shapes, entry: entry)
            usedSlots += 1
        }
    }

    /// A power of two at least four times `count`, so the index starts at most a quarter full.
    private static func capacity(for count: Int) -> Int {
        var c = 16
        while c < 4 * count { c *= 2 }
        return c
    }

    /// Fibonacci hashing of both halves of the key.
    @inline(__always) private static func home(_ key: OpenContactKey, _ mask: Int) -> Int {
        let mixed = (key.shapes ^ UInt64(truncatingIfNeeded: key.behavior) &* 0x2545_F491_4F6C_DD1D) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }
}
