import Dynamics

/// Where an item's outline lies in the world at the snapshot's instant.
public enum ItemOutline {
    /// Points of an ellipse outline made when a snapshot carries none; enough to look round at terminal sizes.
    static let ellipseSegments = 32

    /// The outline relative to the centre, before rotation: the snapshot's own, or one made from the
    /// shape kind and size when the snapshot has none (fewer than 3 points).
    public static func local(_ item: ItemSnapshot) -> [Vector] {
        if item.outline.count >= 3 { return item.outline }
        let hw = item.size.x / 2, hh = item.size.y / 2
        switch item.shape {
        case .ellipse:
            return (0..<ellipseSegments).map { i in
                let a = 2 * Double.pi * Double(i) / Double(ellipseSegments)
                return Vector(hw * cos(a), hh * sin(a))
            }
        case .capsule:
            let r = min(hw, hh), half = hw >= hh ? Vector(hw - r, 0) : Vector(0, hh - r)
            if let capsule = try? Shape.capsule(-half, half, radius: r) { return capsule.outline() }
            return (0..<ellipseSegments).map { i in
                let a = 2 * Double.pi * Double(i) / Double(ellipseSegments)
                return Vector(r * cos(a), r * sin(a))
            }
        case .rectangle, .path:
            return [Vector(-hw, -hh), Vector(hw, -hh), Vector(hw, hh), Vector(-hw, hh)]
        }
    }

    /// The outline in world coordinates: rotated by the item's angle, then moved to its centre.
    /// With y down, the usual rotation matrix turns a positive angle clockwise on screen, as UIKit does.
    public static func world(_ item: ItemSnapshot) -> [Vector] {
        let c = cos(item.angle), s = sin(item.angle)
        return local(item).map { p in
            Vector(item.center.x + c * p.x - s * p.y, item.center.y + s * p.x + c * p.y)
        }
    }
}
