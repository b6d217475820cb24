import Foundation
import Testing
@testable import Dynamics

/// A box sliding without friction over a floor made of pieces keeps its speed and does not trip at the seams: over a
/// boundary path of collinear points, over abutting segment boundaries (of one collision behaviour or of two), and
/// over a row of anchored tiles.
@Suite struct SceneSeamTests {
    enum Floor: String, CaseIterable, CustomTestStringConvertible {
        case collinearPath, abuttingSegments, anchoredTiles, segmentsOfTwoBehaviours, boundaryThenTiles, tilesThenBoundary
        var testDescription: String { rawValue }
    }

    static let top = 500.0
    /// Where the seams are: every 100 pt from x = 0 to 2400.
    static let seams = stride(from: 0.0, through: 2400, by: 100).map { $0 }

    /// A row of anchored tiles 20 pt thick whose tops lie on the floor's line, one between each two neighbouring `xs`.
    static func anchoredTiles(between xs: [Double], in collision: CollisionBehavior, _ animator: Animator) throws {
        var tiles: [DynamicItem] = []
        for k in 0..<(xs.count - 1) {
            let tile = try DynamicItem(frame: AABB(lower: Vector(xs[k], top), upper: Vector(xs[k + 1], top + 20)),
                                       name: "tile\(k)")
            try collision.addItem(tile)
            tiles.append(tile)
        }
        let fixed = DynamicItemBehavior(items: tiles)
        fixed.anchored = true
        try animator.addBehavior(fixed)
    }

    /// The lowest speed and the largest tilt of a box slid at 400 pt/s across the seams, after it settled.
    static func slide(_ floor: Floor, size: Vector = Vector(40, 40), shape: ItemShape = .rectangle)
        throws -> (minSpeed: Double, maxTilt: Double, distance: Double) {
        let animator = Animator()
        let box = try DynamicItem(center: Vector(-300, top - size.y / 2), size: size, name: "box", shape: shape)
        try box.setVelocity(Vector(400, 0))
        let collision = CollisionBehavior(items: [box])
        let left = Vector(-400, top), right = Vector(2800, top)
        switch floor {
        case .collinearPath:
            try collision.addBoundary(.string("floor"),
                                      polylines: [Polyline(points: [left] + seams.map { Vector($0, top) } + [right], isClosed: false)])
        case .abuttingSegments:
            let xs = [left.x] + seams + [right.x]
            for k in 0..<(xs.count - 1) {
                try collision.addBoundary(.number(Double(k)), from: Vector(xs[k], top), to: Vector(xs[k + 1], top))
            }
        case .anchoredTiles:
            try anchoredTiles(between: [left.x] + seams + [right.x], in: collision, animator)
        case .boundaryThenTiles, .tilesThenBoundary:
            // Half the floor one boundary segment, half anchored tiles, meeting at x = 1200.
            let middle = 1200.0
            let boundaryFirst = floor == .boundaryThenTiles
            try collision.addBoundary(.string("floor"), from: Vector(boundaryFirst ? left.x : middle, top),
                                      to: Vector(boundaryFirst ? middle : right.x, top))
            let after: [Double] = [middle] + seams.filter { $0 > middle } + [right.x]
            let before: [Double] = [left.x] + seams.filter { $0 < middle } + [middle]
            try anchoredTiles(between: boundaryFirst ? after : before, in: collision, animator)
        case .segmentsOfTwoBehaviours:
            // Every other segment belongs to a second collision behaviour, which the box is in too.
            let other = CollisionBehavior(items: [box])
            let xs = [left.x] + seams + [right.x]
            for k in 0..<(xs.count - 1) {
                try (k % 2 == 0 ? collision : other).addBoundary(.number(Double(k)), from: Vector(xs[k], top),
                                                                 to: Vector(xs[k + 1], top))
            }
            try animator.addBehavior(other)
        }
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [box]))
        // Settled on the first piece, before the first seam.
        try animator.run(0.25)
        let start = box.center.x
        var minSpeed = Double.infinity, maxTilt = 0.0
        while box.center.x < seams.last! + 100 && animator.elapsedTime < 10 {
            try animator.step()
            minSpeed = min(minSpeed, box.velocity.length)
            maxTilt = max(maxTilt, abs(box.angle))
        }
        return (minSpeed, maxTilt, box.center.x - start)
    }

    @Test(arguments: Floor.allCases)
    func aSlidingBoxKeepsItsSpeedOverSeams(_ floor: Floor) throws {
        // Each of these caught on some seam of every kind before seams were smoothed.
        let sliders: [(Vector, ItemShape)] = [(Vector(40, 40), .rectangle), (Vector(100, 20), .rectangle),
                                              (Vector(25, 60), .rectangle), (Vector(40, 40), .ellipse)]
        for (size, shape) in sliders {
            let r = try Self.slide(floor, size: size, shape: shape)
            let what = "\(floor), \(shape) \(size.x)x\(size.y)"
            #expect(r.distance > 2400, "\(what): the slider crossed every seam (\(r.distance) pt)")
            #expect(r.minSpeed >= 0.95 * 400, "\(what): speed fell to \(r.minSpeed) pt/s")
            #expect(r.maxTilt <= 0.05, "\(what): tilted \(r.maxTilt) rad")
        }
    }

    @Test func anExposedSideOfATallerTileStillStopsTheBox() throws {
        // A step up is a wall: only edges that a neighbour covers are smoothed over.
        let animator = Animator()
        let box = try DynamicItem(center: Vector(50, Self.top - 20), size: Vector(40, 40), name: "box")
        try box.setVelocity(Vector(400, 0))
        let low = try DynamicItem(frame: AABB(lower: Vector(0, Self.top), upper: Vector(200, Self.top + 20)))
        let high = try DynamicItem(frame: AABB(lower: Vector(200, Self.top - 30), upper: Vector(400, Self.top + 20)))
        let collision = CollisionBehavior(items: [box, low, high])
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [box]))
        let fixed = DynamicItemBehavior(items: [low, high])
        fixed.anchored = true
        try animator.addBehavior(fixed)
        try animator.run(1)
        #expect(box.center.x < 200 - 20 + 1, "the box stopped at the step: \(box.center.x)")
        #expect(abs(box.velocity.x) < 5, "at \(box.velocity.x) pt/s")
        // The low tile's right edge lies wholly against the high tile: covered. The high tile's left edge rises
        // above the low one: open.
        let lowShape = animator.world.shapes[Int(low.shapeID)].shape
        let covered = (0..<lowShape.count).filter { lowShape.coveredEdges & (1 << UInt32($0)) != 0 }
        #expect(covered.map { lowShape.normal($0) } == [Vector(1, 0)])
        #expect(animator.world.shapes[Int(high.shapeID)].shape.coveredEdges == 0)
    }

    @Test func abuttingBoundariesLinkAndUnlink() throws {
        let animator = Animator()
        let collision = CollisionBehavior()
        try collision.addBoundary(.string("a"), from: Vector(0, 0), to: Vector(100, 0))
        try collision.addBoundary(.string("b"), from: Vector(200, 0), to: Vector(100, 0))
        try animator.addBehavior(collision)
        try animator.step()
        func ghosts() -> [Vector?] {
            collision.builtBoundaries.flatMap(\.shapes).flatMap { s in
                [animator.world.shapes[Int(s)].shape.ghost1, animator.world.shapes[Int(s)].shape.ghost2]
            }
        }
        // Each takes the other's far end as the point beyond their shared one, whichever way it runs.
        #expect(ghosts() == [nil, Vector(200, 0), nil, Vector(0, 0)])
        collision.removeBoundary(.string("b"))
        try animator.step()
        #expect(ghosts() == [nil, nil])
        // Three ends meeting at one point are a junction, not a seam: none is linked.
        try collision.addBoundary(.string("b"), from: Vector(200, 0), to: Vector(100, 0))
        try collision.addBoundary(.string("c"), from: Vector(100, 0), to: Vector(100, 100))
        try animator.step()
        #expect(ghosts().allSatisfy { $0 == nil })
    }

    @Test func boundariesOfTwoBehavioursLinkAndUnlink() throws {
        let animator = Animator()
        let first = CollisionBehavior(), second = CollisionBehavior()
        try first.addBoundary(.string("a"), from: Vector(0, 0), to: Vector(100, 0))
        try second.addBoundary(.string("b"), from: Vector(100, 0), to: Vector(200, 0))
        try animator.addBehavior(first)
        try animator.addBehavior(second)
        try animator.step()
        func ghosts(_ c: CollisionBehavior) -> [Vector?] {
            c.builtBoundaries.flatMap(\.shapes).flatMap { s in
                [animator.world.shapes[Int(s)].shape.ghost1, animator.world.shapes[Int(s)].shape.ghost2]
            }
        }
        #expect(ghosts(first) == [nil, Vector(200, 0)])
        #expect(ghosts(second) == [Vector(0, 0), nil])
        // The second behaviour leaves: the first one's end is open again.
        animator.removeBehavior(second)
        try animator.step()
        #expect(ghosts(first) == [nil, nil])
        // A boundary added to the second later links again once it is back.
        try animator.addBehavior(second)
        try animator.step()
        #expect(ghosts(first) == [nil, Vector(200, 0)])
    }

    /// A shelf: a boundary segment from x = 0 to 200 whose line runs on as the top of an anchored block from 200 to 400.
    static func shelf(_ animator: Animator, _ collision: CollisionBehavior) throws -> DynamicItem {
        try collision.addBoundary(.string("shelf"), from: Vector(0, 300), to: Vector(200, 300))
        let block = try DynamicItem(frame: AABB(lower: Vector(200, 300), upper: Vector(400, 400)), name: "block")
        try collision.addItem(block)
        let fixed = DynamicItemBehavior(items: [block])
        fixed.anchored = true
        try animator.addBehavior(fixed)
        try animator.addBehavior(collision)
        return block
    }

    @Test func theSideUnderAShelfIsStillAWallForWhatIsUnderIt() throws {
        // The block's side below the shelf's line is smoothed over only for what slides along the top: a box level
        // with that side, under the shelf, hits it as a wall.
        let animator = Animator()
        let box = try DynamicItem(center: Vector(100, 350), size: Vector(40, 40), name: "box")
        try box.setVelocity(Vector(400, 0))
        let collision = CollisionBehavior(items: [box])
        _ = try Self.shelf(animator, collision)
        try animator.run(1)
        #expect(box.center.x < 200 - 20 + 1, "the box stopped at the block's side: \(box.center.x)")
        #expect(abs(box.center.y - 350) < 1, "and was not pushed up or down: \(box.center.y)")
    }

    @Test func aShelfTakesTheBlockItEndsOnAsItsNeighbourUntilTheBlockGoes() throws {
        let animator = Animator()
        let collision = CollisionBehavior()
        let block = try Self.shelf(animator, collision)
        try animator.step()
        let segment = try #require(collision.builtBoundaries.first?.shapes.first)
        func ghosts() -> [Vector?] { [animator.world.shapes[Int(segment)].shape.ghost1, animator.world.shapes[Int(segment)].shape.ghost2] }
        // The point beyond the shelf's end at x = 200 is the block's far top corner.
        #expect(ghosts() == [nil, Vector(400, 300)])
        // The block's side under the shelf's end is covered; its other sides are open.
        let shape = animator.world.shapes[Int(block.shapeID)].shape
        let covered = (0..<shape.count).filter { shape.coveredEdges & (1 << UInt32($0)) != 0 }
        #expect(covered.map { shape.normal($0) } == [Vector(-1, 0)])
        collision.removeItem(block)
        try animator.step()
        #expect(ghosts() == [nil, nil])
    }
}
