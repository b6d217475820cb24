/// The contact of each shape pair: an open-addressing hash table from pair key to contact handle.
///
/// The broadphase reports every overlapping pair of a moved proxy each step and most already have a contact, so this
/// look-up runs thousands of times a frame; Swift's Dictionary hashes with a seeded SipHash, which profiles showed
/// at several per cent of a step. Keys here are mixed by one multiplication. The table is only looked up, never
/// iterated, so its layout cannot make results depend on anything.
struct PairMap {
    private var keys: ContiguousArray<UInt64>
    private var values: ContiguousArray<Int32>
    /// Slots in use.
    private(set) var count = 0
    /// A key no pair can have: both halves are shape handles, never -1 together with -1 in a real pair.
    private static let empty = UInt64.max

    /// An empty map.
    init() {
        keys = ContiguousArray(repeating: Self.empty, count: 16)
        values = ContiguousArray(repeating: -1, count: 16)
    }

    @inline(__always) private var mask: Int { keys.count - 1 }

    /// Fibonacci hashing: the high bits of the product spread neighbouring keys over the table.
    @inline(__always) private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The handle stored for `key`; nil when there is none. Setting nil removes the key.
    subscript(key: UInt64) -> Int32? {
        get {
            var i = slot(of: key)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k == Self.empty { return nil }
                i = (i + 1) & mask
            }
        }
        set {
            if let value = newValue { insert(key, value) } else { remove(key) }
        }
    }

    private mutating func insert(_ key: UInt64, _ value: Int32) {
        if 2 * (count + 1) > keys.count { grow() }
        var i = slot(of: key)
        while true {
            let k = keys[i]
            if k == key { values[i] = value; return }
            if k == Self.empty {
                keys[i] = key
                values[i] = value
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
            let k = keys[i]
            if k == Self.empty { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == Self.empty { break }
            let home = slot(of: k)
            // Move k back into the hole unless its home lies cyclically in (hole, j].
            let stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !stays {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = Self.empty
        values[hole] = -1
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = ContiguousArray(repeating: Self.empty, count: 2 * oldKeys.count)
        values = ContiguousArray(repeating: -1, count: 2 * oldKeys.count)
        count = 0
        for i in oldKeys.indices where oldKeys[i] != Self.empty { insert(oldKeys[i], oldValues[i]) }
    }
}
