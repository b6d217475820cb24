import Dynamics

/// The arrows that draw a field: one per grid point where the field acts, pointing along the acceleration there,
/// its length in proportion to the acceleration's size up to a full length of 0.8 of the grid spacing, so one glance
/// shows where the field pulls hardest. The full length stands for the 90th percentile of the sizes sampled, so a
/// field that grows without bound near its centre (falloff 2) still shows its shape away from it. Shared by every
/// picture, so the SVG and the terminal show the same arrows.
public struct FieldArrows: Sendable {
    /// One arrow, tail to tip, in world points.
    public struct Arrow: Sendable {
        public var tail: Vector
        public var tip: Vector
    }

    public var kind: String
    public var arrows: [Arrow]
    /// The acceleration a full-length arrow stands for (or more), pt/s^2.
    public var fullLength: Double
    public var color: RGBColor

    /// Muted colours, one per field in order, that stay behind the items.
    static let palette: [UInt32] = [0x7b8cc4, 0xc48a7b, 0x7bb48f, 0xb07bc4, 0xc4b27b]

    /// The arrows of the `index`th field of a snapshot.
    public init(_ field: FieldSnapshot, index: Int) {
        kind = field.kind
        color = RGBColor(hex: Self.palette[index % Self.palette.count])
        let sizes = field.accelerations.map { $0.isFinite ? $0.length : 0 }.filter { $0 > 0 }.sorted()
        fullLength = sizes.isEmpty ? 0 : sizes[min(sizes.count - 1, Int(0.9 * Double(sizes.count)))]
        arrows = []
        guard fullLength > 0, fullLength.isFinite, field.spacing.isFinite, field.spacing > 0 else { return }
        for (p, a) in zip(field.points, field.accelerations) where a.isFinite && p.isFinite {
            let length = 0.8 * field.spacing * min(a.length / fullLength, 1)
            // Arrows too short to show a direction are left out rather than drawn as dots.
            guard length > 0.1 * field.spacing else { continue }
            let half = (0.5 * length / a.length) * a
            arrows.append(Arrow(tail: p - half, tip: p + half))
        }
    }

    /// The two strokes of an arrow's head, each from the tip back at 30 degrees, a third of the arrow long.
    public static func head(_ arrow: Arrow) -> (Vector, Vector) {
        let back = (arrow.tail - arrow.tip) / 3
        let c = 0.866, s = 0.5
        return (arrow.tip + Vector(c * back.x - s * back.y, s * back.x + c * back.y),
                arrow.tip + Vector(c * back.x + s * back.y, -s * back.x + c * back.y))
    }

    /// `→ radialGravity field: a full arrow is 1000 pt/s^2 or more`.
    public var legend: String { "→ \(kind) field: a full arrow is \(NumberText.compact(fullLength)) pt/s^2 or more" }

    /// The arrows of every field of `snapshot`, in order.
    public static func of(_ snapshot: WorldSnapshot) -> [FieldArrows] {
        snapshot.fields.enumerated().map { FieldArrows($0.element, index: $0.offset) }
    }
}
