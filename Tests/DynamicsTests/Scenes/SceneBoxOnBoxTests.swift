import Testing
@testable import Dynamics

/// Impacts on stacks are symmetric: a box dropped flat onto a box lands flat, whatever its friction and elasticity,
/// on a boundary floor and on an anchored one, and a column of three dropped together stands.
@Suite struct SceneBoxOnBoxTests {
    static let side = 50.0

    /// Drops `count` boxes of 50 pt, stacked with 100 pt gaps from their resting places, onto a floor, runs 3 s and
    /// returns the boxes (lowest first). The floor is the reference bounds' bottom, or an anchored item when `anchored`.
    static func drop(count: Int, friction: Double, elasticity: Double, anchored: Bool) throws -> (Animator, [DynamicItem]) {
        let animator = try Animator(referenceSize: Vector(400, 1000))
        let floorTop = anchored ? 900.0 : 1000.0
        let boxes = try (0..<count).map { k in
            // Resting, box k would sit at floorTop - side/2 - k*side; each starts 100 pt higher per box below it.
            try box(200, floorTop - side / 2 - Double(k) * side - 100 * Double(k + 1), side: side, name: "b\(k)")
        }
        var all = boxes
        if anchored { all.append(try DynamicItem(center: Vector(200, 925), size: Vector(380, 50), name: "floor")) }
        let collision = CollisionBehavior(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: boxes))
        let material = DynamicItemBehavior(items: boxes)
        try material.setFriction(friction)
        try material.setElasticity(elasticity)
        try animator.addBehavior(material)
        if anchored {
            let floor = DynamicItemBehavior(items: [all.last!])
            floor.anchored = true
            try animator.addBehavior(floor)
        }
        try animator.run(3)
        return (animator, boxes)
    }

    static let frictions = [0.0, 0.2, 0.6, 1]
    static let elasticities = [0.0, 0.3, 0.5]

    @Test(arguments: [false, true])
    func aBoxDroppedFlatOnABoxLandsFlat(_ anchored: Bool) throws {
        for friction in Self.frictions {
            for elasticity in Self.elasticities {
                let (_, boxes) = try Self.drop(count: 2, friction: friction, elasticity: elasticity, anchored: anchored)
                let label = "friction \(friction), elasticity \(elasticity), \(anchored ? "anchored" : "boundary") floor"
                for b in boxes { #expect(abs(b.angle) <= 0.01, "\(label): \(b.name) tilts \(b.angle)") }
                #expect(abs(boxes[1].center.x - boxes[0].center.x) < 0.5, "\(label): the top box slid off")
                #expect(abs(boxes[0].center.y - boxes[1].center.y - Self.side) < 1, "\(label): the top box fell off")
            }
        }
    }

    @Test(arguments: [false, true])
    func aColumnOfThreeDroppedTogetherStands(_ anchored: Bool) throws {
        for friction in Self.frictions {
            for elasticity in Self.elasticities {
                let (_, boxes) = try Self.drop(count: 3, friction: friction, elasticity: elasticity, anchored: anchored)
                let label = "friction \(friction), elasticity \(elasticity), \(anchored ? "anchored" : "boundary") floor"
                for b in boxes { #expect(abs(b.angle) <= 0.01, "\(label): \(b.name) tilts \(b.angle)") }
                for (lower, upper) in zip(boxes, boxes.dropFirst()) {
                    #expect(abs(upper.center.x - lower.center.x) < 0.5, "\(label): \(upper.name) slid")
                    #expect(abs(lower.center.y - upper.center.y - Self.side) < 1, "\(label): \(upper.name) fell off")
                }
            }
        }
    }
}
