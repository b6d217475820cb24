/// Smooth, seeded, deterministic gradient noise in three dimensions (two of space, one of time), for noise and
/// turbulence fields. Each lattice corner gets a pseudo-random gradient from an integer hash of its coordinates and
/// the seed; a point's value blends the corners' dot products with a quintic fade, so the field and its first and
/// second derivatives are continuous. Values lie in about -1...1. Pure arithmetic: the same input gives the same
/// bits on every run.
struct GradientNoise {
    /// The noise at (x, y, z) for `seed`.
    @inline(__always)
    static func value(_ x: Double, _ y: Double, _ z: Double, seed: UInt64) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down), fz = z.rounded(.down)
        // Coordinates beyond the lattice's integer range wrap; the noise stays defined (if not smooth) there.
        let ix = Int64(truncatingIfNeeded: Int(exactly: fx) ?? 0)
        let iy = Int64(truncatingIfNeeded: Int(exactly: fy) ?? 0)
        let iz = Int64(truncatingIfNeeded: Int(exactly: fz) ?? 0)
        let dx = x - fx, dy = y - fy, dz = z - fz
        let u = fade(dx), v = fade(dy), w = fade(dz)
        func corner(_ cx: Int64, _ cy: Int64, _ cz: Int64) -> Double {
            gradientDot(hash(ix &+ cx, iy &+ cy, iz &+ cz, seed) % 12, dx - Double(cx), dy - Double(cy), dz - Double(cz))
        }
        let x00 = lerp(corner(0, 0, 0), corner(1, 0, 0), u), x10 = lerp(corner(0, 1, 0), corner(1, 1, 0), u)
        let x01 = lerp(corner(0, 0, 1), corner(1, 0, 1), u), x11 = lerp(corner(0, 1, 1), corner(1, 1, 1), u)
        return lerp(lerp(x00, x10, v), lerp(x01, x11, v), w)
    }

    /// The dot product of (x, y, z) with one of twelve gradients, the midpoints of a cube's edges (no axis is
    /// favoured). A switch rather than a table: no array is touched in the hot loop.
    @inline(__always)
    private static func gradientDot(_ k: UInt64, _ x: Double, _ y: Double, _ z: Double) -> Double {
        switch k {
        case 0: return x + y
        case 1: return -x + y
        case 2: return x - y
        case 3: return -x - y
        case 4: return x + z
        case 5: return -x + z
        case 6: return x - z
        case 7: return -x - z
        case 8: return y + z
        case 9: return -y + z
        case 10: return y - z
        default: return -y - z
        }
    }

    /// 6t^5 - 15t^4 + 10t^3: flat at both ends, so neighbouring cells meet smoothly.
    @inline(__always)
    private static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    @inline(__always)
    private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

    /// Mixes the corner and the seed into well-spread bits (a multiply-xorshift finaliser).
    @inline(__always)
    private static func hash(_ x: Int64, _ y: Int64, _ z: Int64, _ seed: UInt64) -> UInt64 {
        var h = seed &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: x) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        h ^= UInt64(bitPattern: y) &* 0xD6E8_FEB8_6659_FD93
        h = (h ^ (h >> 32)) &* 0xBF58_476D_1CE4_E5B9
        h ^= UInt64(bitPattern: z) &* 0x94D0_49BB_1331_11EB
        h = (h ^ (h >> 31)) &* 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 33)
    }
}
