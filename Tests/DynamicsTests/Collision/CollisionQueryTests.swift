import Foundation
import Testing
@testable import Dynamics

/// Which items contain a point, and what a ray meets first: items by their true (turned) shapes, and boundaries.
@Suite struct CollisionQueryTests {
    static func world() throws -> (Animator, box: DynamicItem, ball: DynamicItem, diamond: DynamicItem) {
        let animator = try Animator(referenceSize: Vector(400, 300))
        let box = try DynamicItem(center: Vector(100, 50), size: Vector(40, 40), name: "box")
        let ball = try DynamicItem(center: Vector(200, 50), size: Vector(40, 40), shape: .ellipse)
        let diamond = try DynamicItem(center: Vector(100, 200), size: Vector(40, 40), angle: Double.pi / 4)
        let collision = CollisionBehavior(items: [box, ball, diamond])
        try collision.addBoundary(.string("wall"), from: Vector(300, 0), to: Vector(300, 300))
        try animator.addBehavior(collision)
        return (animator, box, ball, diamond)
    }

    @Test func itemsAtAPointFollowTheirShapes() throws {
        let (animator, box, ball, diamond) = try Self.world()
        #expect(animator.items(at: Vector(119, 69)).map(ObjectIdentifier.init) == [ObjectIdentifier(box)])
        #expect(animator.items(at: Vector(121, 50)).isEmpty)
        // The ball's corner region is outside it; the diamond (a turned square) reaches 20 sqrt 2 along the axes and
        // only 20 along the diagonals, where its faces are.
        #expect(animator.items(at: Vector(215, 65)).isEmpty)
        #expect(animator.items(at: Vector(200, 69)).map(ObjectIdentifier.init) == [ObjectIdentifier(ball)])
        #expect(animator.items(at: Vector(100 + 27, 200)).map(ObjectIdentifier.init) == [ObjectIdentifier(diamond)])
        #expect(animator.items(at: Vector(100 + 14, 200 + 14)).map(ObjectIdentifier.init) == [ObjectIdentifier(diamond)])
        #expect(animator.items(at: Vector(100 + 15, 200 + 15)).isEmpty)
    }

    @Test func aRayMeetsTheNearestOutline() throws {
        let (animator, box, ball, diamond) = try Self.world()
        let first = try #require(animator.rayCast(from: Vector(0, 50), to: Vector(400, 50)))
        #expect(first.item === box && first.point == Vector(80, 50) && first.normal == Vector(-1, 0) && first.fraction == 0.2)
        let second = try #require(animator.rayCast(from: Vector(150, 60), to: Vector(400, 60)))
        // The ball's outline at height 10 above its centre: x = 200 - sqrt(20^2 - 10^2).
        #expect(second.item === ball && abs(second.point.x - (200 - 300.0.squareRoot())) < 1e-9)
        #expect(abs(second.normal.x + 300.0.squareRoot() / 20) < 1e-9 && abs(second.normal.y - 0.5) < 1e-9)
        let wall = try #require(animator.rayCast(from: Vector(250, 50), to: Vector(400, 50)))
        #expect(wall.item == nil && wall.boundary?.identifier == .string("wall") && wall.point == Vector(300, 50))
        // The diamond's left corner is at x = 100 - 20 sqrt 2; a ray 5 pt below it meets the lower-left face.
        let face = try #require(animator.rayCast(from: Vector(0, 205), to: Vector(200, 205)))
        #expect(face.item === diamond && abs(face.point.x - (100 - 20 * 2.0.squareRoot() + 5)) < 1e-9)
        #expect(abs(face.normal.x + 0.5.squareRoot()) < 1e-9 && abs(face.normal.y - 0.5.squareRoot()) < 1e-9)
        #expect(animator.rayCast(from: Vector(0, 120), to: Vector(250, 120)) == nil, "nothing on that line")
    }

    @Test func aRayFromInsideAnItemDoesNotSeeIt() throws {
        let (animator, _, ball, _) = try Self.world()
        let hit = try #require(animator.rayCast(from: Vector(100, 50), to: Vector(400, 50)))
        #expect(hit.item === ball)
    }
}
