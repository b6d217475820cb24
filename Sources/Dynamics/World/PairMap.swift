import CContactKernels

/// The contact of each shape pair: an open-addressing hash table from pair key to contact handle.
///
/// The broadphase reports every overlapping pair of a moved proxy each step and most already have a contact, so this
/// look-up runs thousands of times a frame; Swift's Dictionary hashes with a seeded SipHash, which profiles showed
/// at several per cent of a step. Keys here are mixed by one multiplication. The table is only looked up, never
/// iterated, so its layout cannot make results depend on anything.
struct PairMap {
    /// Key and handle side by side, so a probe touches one cache line rather than two. The key is kept as two
    /// 32-bit halves so a slot is 12 bytes, not 16 (a 64-bit key would align the slot to 8).
    private struct Slot {
        private var keyLow: UInt32
        private var keyHigh: UInt32
        var value: Int32

        init(key: UInt64, value: Int32) {
            keyLow = UInt32(truncatingIfNeeded: key)
            keyHigh = UInt32(truncatingIfNeeded: key >> 32)
            self.value = value
        }

        var key: UInt64 { UInt64(keyHigh) << 32 | UInt64(keyLow) }
    }
    private var slots: ContiguousArray<Slot>
    /// Bytes its slots hold.
    var storageBytes: Int { slots.capacity * MemoryLayout<Slot>.stride }
    /// Slots in use.
    private(set) var count = 0
    /// A key no pair can have: both halves are shape handles, never -1 together with -1 in a real pair.
    private static let empty = UInt64.max
    /// How many keys ahead a loop over many keys asks for their slots (`prefetch`): enough for a line to come from
    /// memory while the keys before it are handled.
    static let prefetchDistance = 8

    /// An empty map.
    init() {
        slots = ContiguousArray(repeating: Slot(key: Self.empty, value: -1), count: 16)
    }

    @inline(__always) private var mask: Int { slots.count - 1 }

    /// Fibonacci hashing: the high bits of the product spread neighbouring keys over the table.
    @inline(__always) private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Asks for the cache line of `key`'s home slot, a few keys before it is looked up, inserted or removed: the
    /// table outgrows the cache in a large world, and a burst of new or parted pairs otherwise waits for memory at
    /// every key. A hint only: it changes nothing in the table.
    @inline(__always)
    func prefetch(_ key: UInt64) {
        slots.withUnsafeBufferPointer { luadyn_prefetch_for_write($0.baseAddress.unsafelyUnwrapped + slot(of: key)) }
    }

    /// The handle stored for `key`; nil when there is none. Setting nil removes the key.
    subscript(key: UInt64) -> Int32? {
        get {
            var i = slot(of: key)
            while true {
                let k = slots[i].key
                if k == key { return slots[i].value }
                if k == Self.empty { return nil }
                i = (i + 1) & mask
            }
        }
        set {
            if let value = newValue { insert(key, value) } else { remove(key) }
        }
    }

    /// Stores `value` for `key` unless the key is there already, with one probe; true when it stored it.
    mutating func insertIfAbsent(_ key: UInt64, _ value: Int32) -> Bool {
        if 2 * (count + 1) > slots.count { grow() }
        var i = slot(of: key)
        while true {
            let k = slots[i].key
            if k == key { return false }
            if k == Self.empty {
                slots[i] = Slot(key: key, value: value)
                count += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    private mutating func insert(_ key: UInt64, _ value: Int32) {
        if 2 * (count + 1) > slots.count { grow() }
        var i = slot(of: key)
        while true {
            let k = slots[i].key
            if k == key { slots[i].value = value; return }
            if k == Self.empty {
                slots[i] = Slot(key: key, value: value)
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Removes by shifting later entries of the same probe run back, so no tombstones are needed.
    private mutating func remove(_ key: UInt64) {
        var i = slot(of: key)
        while true {
            let k = slots[i].key
            if k == Self.empty { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = slots[j].key
            if k == Self.empty { break }
            let home = slot(of: k)
            // Move k back into the hole unless its home lies cyclically in (hole, j].
            let stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !stays {
                slots[hole] = slots[j]
                hole = j
            }
        }
        slots[hole] = Slot(key: Self.empty, value: -1)
        count -= 1
    }

    /// Makes room for `extra` more keys at once (the contacts of a burst of new pairs): the table grows once to the
    /// size the inserts would have doubled it to, rather than leaving each table it outgrew to the allocator.
    mutating func reserve(adding extra: Int) {
        var size = slots.count
        while 2 * (count + extra) > size { size *= 2 }
        if size > slots.count { rehash(into: size) }
    }

    private mutating func grow() { rehash(into: 2 * slots.count) }

    private mutating func rehash(into size: Int) {
        let old = slots
        slots = ContiguousArray(repeating: Slot(key: Self.empty, value: -1), count: size)
        count = 0
        for s in old where s.key != Self.empty { insert(s.key, s.value) }
    }
}
