/// A small DEFLATE (RFC 1951) decoder and zlib (RFC 1950) unwrapper for reading the browser's PNG screenshots;
/// Foundation on Linux has no public inflate. Malformed input gives nil, never a trap.
enum Inflate {
    /// The data inside a zlib stream (2-byte header, deflate blocks, Adler-32 checked).
    static func zlib(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 6, bytes[0] & 0x0f == 8, (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0,
              bytes[1] & 0x20 == 0 else { return nil }
        guard let out = deflate(Array(bytes[2...])) else { return nil }
        let n = bytes.count
        let expected = UInt32(bytes[n - 4]) << 24 | UInt32(bytes[n - 3]) << 16 | UInt32(bytes[n - 2]) << 8 | UInt32(bytes[n - 1])
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in out { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return (b << 16 | a) == expected ? out : nil
    }

    /// The data of raw deflate blocks.
    static func deflate(_ input: [UInt8]) -> [UInt8]? {
        var bits = BitReader(bytes: input)
        var out: [UInt8] = []
        while true {
            guard let final = bits.read(1), let type = bits.read(2) else { return nil }
            switch type {
            case 0:
                bits.alignToByte()
                guard let len = bits.read(16), let nlen = bits.read(16), len ^ 0xffff == nlen else { return nil }
                for _ in 0..<len { guard let byte = bits.read(8) else { return nil }; out.append(UInt8(byte)) }
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for i in 144..<256 { lengths[i] = 9 }
                for i in 256..<280 { lengths[i] = 7 }
                guard let lit = Huffman(lengths: lengths), let dist = Huffman(lengths: [Int](repeating: 5, count: 30)),
                      block(&bits, lit, dist, &out) else { return nil }
            case 2:
                guard let (lit, dist) = dynamicTables(&bits), block(&bits, lit, dist, &out) else { return nil }
            default:
                return nil
            }
            if final == 1 { return out }
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                   4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func block(_ bits: inout BitReader, _ lit: Huffman, _ dist: Huffman, _ out: inout [UInt8]) -> Bool {
        while true {
            guard let symbol = lit.decode(&bits) else { return false }
            if symbol < 256 { out.append(UInt8(symbol)); continue }
            if symbol == 256 { return true }
            let li = symbol - 257
            guard li < lengthBase.count, let extra = bits.read(lengthExtra[li]) else { return false }
            let length = lengthBase[li] + extra
            guard let ds = dist.decode(&bits), ds < distBase.count, let dextra = bits.read(distExtra[ds]) else { return false }
            let distance = distBase[ds] + dextra
            guard distance <= out.count else { return false }
            let start = out.count - distance
            for k in 0..<length { out.append(out[start + k]) }  // overlapping copies repeat, as deflate intends
        }
    }

    private static func dynamicTables(_ bits: inout BitReader) -> (Huffman, Huffman)? {
        guard let hlit = bits.read(5), let hdist = bits.read(5), let hclen = bits.read(4) else { return nil }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<(hclen + 4) { guard let v = bits.read(3) else { return nil }; codeLengths[order[i]] = v }
        guard let codeCode = Huffman(lengths: codeLengths) else { return nil }
        let total = hlit + 257 + hdist + 1
        var lengths: [Int] = []
        while lengths.count < total {
            guard let sym = codeCode.decode(&bits) else { return nil }
            switch sym {
            case 0...15: lengths.append(sym)
            case 16:
                guard let previous = lengths.last, let r = bits.read(2) else { return nil }
                lengths += [Int](repeating: previous, count: 3 + r)
            case 17:
                guard let r = bits.read(3) else { return nil }
                lengths += [Int](repeating: 0, count: 3 + r)
            default:
                guard let r = bits.read(7) else { return nil }
                lengths += [Int](repeating: 0, count: 11 + r)
            }
        }
        guard lengths.count == total, let lit = Huffman(lengths: Array(lengths[0..<(hlit + 257)])),
              let dist = Huffman(lengths: Array(lengths[(hlit + 257)...])) else { return nil }
        return (lit, dist)
    }
}

/// Reads bits least significant first, as deflate packs them.
struct BitReader {
    let bytes: [UInt8]
    var position = 0  // in bits

    mutating func read(_ count: Int) -> Int? {
        var value = 0
        for i in 0..<count {
            let byte = position >> 3
            guard byte < bytes.count else { return nil }
            value |= Int((bytes[byte] >> UInt8(position & 7)) & 1) << i
            position += 1
        }
        return value
    }

    mutating func alignToByte() { position = (position + 7) & ~7 }
}

/// A canonical Huffman code, decoded a bit at a time by counting codes per length (small and plenty fast here).
struct Huffman {
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int] = []

    init?(lengths: [Int]) {
        for l in lengths { guard (0...15).contains(l) else { return nil }; counts[l] += 1 }
        counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for l in 1..<16 { offsets[l] = offsets[l - 1] + counts[l - 1] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, l) in lengths.enumerated() where l > 0 { symbols[offsets[l]] = symbol; offsets[l] += 1 }
    }

    func decode(_ bits: inout BitReader) -> Int? {
        var code = 0, first = 0, index = 0
        for length in 1..<16 {
            guard let bit = bits.read(1) else { return nil }
            code |= bit
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return nil
    }
}
