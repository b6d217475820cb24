/// How a step-order level is folded onto a few colours, shared by the contacts' and the joints' colourings
/// (`ContactColouring`, `JointColouring`).
///
/// A constraint between bodies `a` and `b` (-1 for a side that does not move) takes the first colour neither body has
/// yet, looking from its level's own round (level mod the colour count) to the end and then from the first, so the
/// colours keep close to the step order. When every colour is taken on its bodies, it goes to a leftover group after
/// the colours, one past the last leftover group on either body.
enum ColourFold {
    /// Where a constraint went: a colour below the colour count, or a leftover group (0 the first).
    enum Placement {
        case colour(Int)
        case leftover(Int32)
    }

    /// Places one constraint of level `level`; `used` holds each body's colours as bits (at least `colours` of
    /// them), `lastLeftover` each body's last leftover group (-1 for none), both updated.
    @inline(__always)
    static func place<Bits: FixedWidthInteger & UnsignedInteger>(
        level: Int, _ a: Int, _ b: Int, colours: Int, used: UnsafeMutableBufferPointer<Bits>,
        lastLeftover: UnsafeMutableBufferPointer<Int32>
    ) -> Placement {
        let all: Bits = colours == Bits.bitWidth ? ~0 : (1 << colours) - 1
        let taken = (a >= 0 ? used[a] : 0) | (b >= 0 ? used[b] : 0)
        let free = ~taken & all
        guard free != 0 else {
            let group = max(a >= 0 ? lastLeftover[a] + 1 : 0, b >= 0 ? lastLeftover[b] + 1 : 0)
            if a >= 0 { lastLeftover[a] = group }
            if b >= 0 { lastLeftover[b] = group }
            return .leftover(group)
        }
        let ahead = free & (all << (level % colours))
        let colour = (ahead != 0 ? ahead : free).trailingZeroBitCount
        if a >= 0 { used[a] |= 1 << colour }
        if b >= 0 { used[b] |= 1 << colour }
        return .colour(colour)
    }
}
