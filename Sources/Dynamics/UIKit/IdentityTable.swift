/// Objects looked up by identity, each with a number: an open-addressing hash table keyed by the object's address.
///
/// Building a world asks "is this item already here?" and "where is this item?" several times per item (the
/// behaviours' item lists, the animator's count of holds, the settings of a sync). Swift's Set and Dictionary hash
/// an ObjectIdentifier with a seeded SipHash, which profiles of building 10,000 items showed at a tenth of all the
/// work; here an address is mixed by one multiplication. The table is only looked up, never iterated, so where
/// objects happen to lie in memory cannot reach any result. It holds no reference to its objects.
struct IdentityTable {
    /// The addresses, 0 for an empty slot (no object lives at address 0).
    private var keys: ContiguousArray<UInt> = []
    private var values: ContiguousArray<Int32> = []
    /// 64 minus log2 of the slot count (see `home`).
    private var shift: UInt64 = 64
    /// Objects in the table.
    private(set) var count = 0

    /// An empty table; it takes no memory until the first insertion.
    init() {}

    /// An empty table with room for `capacity` objects before it grows.
    init(capacity: Int) {
        if capacity > 0 { resize(slotsFor: capacity) }
    }

    @inline(__always) private static func key(_ id: ObjectIdentifier) -> UInt { UInt(bitPattern: id) }

    @inline(__always) private func home(_ key: UInt) -> Int { Self.home(key, shift) }

    /// Fibonacci hashing: the high bits of the product spread neighbouring addresses over the table.
    @inline(__always) private static func home(_ key: UInt, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `key`, or nil.
    @inline(__always) private func find(_ key: UInt) -> Int? {
        guard count > 0 else { return nil }
        let mask = keys.count - 1
        return keys.withUnsafeBufferPointer { keys -> Int? in
            var i = home(key)
            while true {
                let k = keys[i]
                if k == key { return i }
                if k == 0 { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// The value stored for the object, or nil.
    subscript(_ id: ObjectIdentifier) -> Int32? {
        guard let i = find(Self.key(id)) else { return nil }
        return values[i]
    }

    /// Whether the object is in the table.
    func contains(_ id: ObjectIdentifier) -> Bool { find(Self.key(id)) != nil }

    /// Stores `value` for the object, replacing any value it had.
    mutating func set(_ id: ObjectIdentifier, _ value: Int32) {
        _ = store(Self.key(id), value, replacing: true)
    }

    /// Stores `value` for the object unless it is already in the table; returns whether it was added.
    mutating func insert(_ id: ObjectIdentifier, _ value: Int32) -> Bool {
        store(Self.key(id), value, replacing: false)
    }

    /// One probe that finds the key or the empty slot where it goes; returns whether the key was added.
    private mutating func store(_ key: UInt, _ value: Int32, replacing: Bool) -> Bool {
        // At most three quarters full, so probe runs stay short (grown before the probe, even for a key present).
        if 4 * (count + 1) > 3 * keys.count { resize(slotsFor: count + 1) }
        let mask = keys.count - 1, start = home(key)
        let added = keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values -> Bool in
                var i = start
                while true {
                    let k = keys[i]
                    if k == key {
                        if replacing { values[i] = value }
                        return false
                    }
                    if k == 0 {
                        keys[i] = key
                        values[i] = value
                        return true
                    }
                    i = (i + 1) & mask
                }
            }
        }
        if added { count += 1 }
        return added
    }

    /// Takes the object out; returns whether it was there.
    @discardableResult
    mutating func remove(_ id: ObjectIdentifier) -> Bool {
        guard var hole = find(Self.key(id)) else { return false }
        // Shift later entries of the same probe run back into the hole, so no tombstones are needed.
        let mask = keys.count - 1
        var j = hole
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == 0 { break }
            let h = home(k)
            // k stays unless the hole lies cyclically between its home and j.
            let stays = hole <= j ? (h > hole && h <= j) : (h > hole || h <= j)
            if !stays {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = 0
        count -= 1
        return true
    }

    /// Makes room for `needed` objects (a power of two of slots, at most three quarters full) and re-places them.
    private mutating func resize(slotsFor needed: Int) {
        var bits = 3
        while 4 * needed > 3 << bits { bits += 1 }
        let oldKeys = keys, oldValues = values
        keys = ContiguousArray(repeating: 0, count: 1 << bits)
        values = ContiguousArray(repeating: 0, count: 1 << bits)
        shift = 64 - UInt64(bits)
        let shift = self.shift, mask = (1 << bits) - 1
        keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                oldKeys.withUnsafeBufferPointer { oldKeys in
                    oldValues.withUnsafeBufferPointer { oldValues in
                        for j in oldKeys.indices where oldKeys[j] != 0 {
                            let key = oldKeys[j]
                            var i = Self.home(key, shift)
                            while keys[i] != 0 { i = (i + 1) & mask }
                            keys[i] = key
                            values[i] = oldValues[j]
                        }
                    }
                }
            }
        }
    }
}
