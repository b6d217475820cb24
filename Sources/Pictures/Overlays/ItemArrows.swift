import Dynamics

/// The arrows drawn from items' centres in every picture (terminal, SVG, the HTML replay and the live view): each
/// item's velocity, and the net force on it over the last frame (`ItemSnapshot.force`: gravity, fields, pushes,
/// contacts and joints together, as the solver applied them). A still item, and an item resting on a floor (whose
/// weight the floor's push cancels), get no arrow of either kind.
public enum ItemArrows {
    /// Seconds of motion a velocity arrow shows: an item at 100 pt/s gets a 10 pt arrow.
    public static let velocityScale = 0.1
    /// Points of arrow per mass·pt/s² of force: the weight of a 100 x 100 item of density 1 under the default
    /// gravity (1000 mass·pt/s²) is 50 pt long.
    public static let forceScale = 0.05
    /// The colours of the two kinds of arrow.
    public static let velocityColor = RGBColor(hex: 0x1f6fd1)
    public static let forceColor = RGBColor(hex: 0xd1451f)

    /// One arrow from an item's centre, in world points.
    public struct Arrow: Sendable, Equatable {
        public var tail: Vector
        public var tip: Vector
        public var length: Double { distance(tail, tip) }
    }

    /// The velocity arrow of every item whose arrow would be at least `shortest` points long.
    public static func velocities(_ snapshot: WorldSnapshot, scale: Double = velocityScale, shortest: Double = 0) -> [Arrow] {
        arrows(snapshot.items.map { ($0.center, $0.velocity, $0.alpha > 0) }, scale: scale, shortest: shortest)
    }

    /// The force arrow of every item that is not anchored and whose arrow would be at least `shortest` points long.
    public static func forces(_ snapshot: WorldSnapshot, scale: Double = forceScale, shortest: Double = 0) -> [Arrow] {
        arrows(snapshot.items.map { ($0.center, $0.force, $0.alpha > 0 && !$0.isAnchored) }, scale: scale, shortest: shortest)
    }

    private static func arrows(_ items: [(center: Vector, vector: Vector, shown: Bool)], scale: Double,
                               shortest: Double) -> [Arrow] {
        var out: [Arrow] = []
        for item in items where item.shown && item.center.isFinite && item.vector.isFinite {
            let tip = item.center + scale * item.vector
            // Too short to show a direction (at rest, or a resting item's leftover of the solver's softness).
            guard tip.isFinite, distance(tip, item.center) > max(shortest, 1e-9) else { continue }
            out.append(Arrow(tail: item.center, tip: tip))
        }
        return out
    }

    /// The two strokes of an arrow's head, each from the tip back at 30 degrees, `size` long (at most half the arrow).
    public static func head(_ arrow: Arrow, size: Double) -> (Vector, Vector) {
        let length = arrow.length
        guard length > 0 else { return (arrow.tip, arrow.tip) }
        let back = (min(size, length / 2) / length) * (arrow.tail - arrow.tip)
        let c = 3.0.squareRoot() / 2, s = 0.5  // cos and sin of 30 degrees
        return (arrow.tip + Vector(c * back.x - s * back.y, s * back.x + c * back.y),
                arrow.tip + Vector(c * back.x + s * back.y, -s * back.x + c * back.y))
    }
}
