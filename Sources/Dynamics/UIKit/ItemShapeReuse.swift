/// The collision shape last made for a rectangle and for an ellipse during one sync, handed again to the next item
/// of the same outline and size: such items then share one shape value and so one point block (a box's holds eight
/// points, 160 bytes with its header; a circle's two, 64), where each used to get its own. Items of a scene mostly
/// come in a few sizes, often alternating (boxes and balls), hence one slot per outline; a path shape is made anew.
/// Shapes are never written after they are made, so sharing one changes nothing but the memory.
struct ItemShapeReuse {
    private var lastRectangle: (size: Vector, shape: Shape)?
    private var lastEllipse: (size: Vector, shape: Shape)?
    private var lastCapsule: (size: Vector, shape: Shape)?

    /// Nothing made yet.
    init() {}

    /// The collision shape of `item` (not a group), the one made before when the last item of its outline had its size.
    mutating func shape(for item: DynamicItem) -> Shape {
        switch item.shape {
        case .rectangle:
            if let last = lastRectangle, last.size == item.size { return last.shape }
            let made = item.collisionShape
            lastRectangle = (item.size, made)
            return made
        case .ellipse:
            if let last = lastEllipse, last.size == item.size { return last.shape }
            let made = item.collisionShape
            lastEllipse = (item.size, made)
            return made
        case .capsule:
            if let last = lastCapsule, last.size == item.size { return last.shape }
            let made = item.collisionShape
            lastCapsule = (item.size, made)
            return made
        case .path:
            return item.collisionShape
        }
    }
}
