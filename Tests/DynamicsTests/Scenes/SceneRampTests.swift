import Foundation
import Testing
@testable import Dynamics

/// A block on a 30-degree ramp slides at g (sin 30 - mu cos 30) when its friction mu is below tan 30 and stays put
/// when it is above: the contact's friction is the larger of the two surfaces', and a boundary (or an item whose
/// friction was never set) has none of its own.
@Suite struct SceneRampTests {
    static let slope = Double.pi / 6
    static let g = GravityBehavior.pointsPerSecondSquared

    /// The block's acceleration along the ramp over 0.5 s of steady sliding, after 0.2 s to settle onto it.
    static func acceleration(friction: Double, anchoredPlank: Bool) throws -> Double {
        let animator = Animator()
        let down = Vector(cos(slope), sin(slope)), up = Vector(sin(slope), -cos(slope))
        let start = Vector(100, 100)
        let block = try DynamicItem(center: start + 20 * up, size: Vector(40, 40), angle: slope, name: "block")
        let collision = CollisionBehavior(items: [block])
        if anchoredPlank {
            let plank = try DynamicItem(center: start + 400 * down - 10 * up, size: Vector(1200, 20), angle: slope,
                                        name: "plank")
            try collision.addItem(plank)
            let fixed = DynamicItemBehavior(items: [plank])
            fixed.anchored = true
            try animator.addBehavior(fixed)
        } else {
            try collision.addBoundary(.string("ramp"), from: start - 200 * down, to: start + 1000 * down)
        }
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [block]))
        let material = DynamicItemBehavior(items: [block])
        try material.setFriction(friction)
        try animator.addBehavior(material)
        try animator.run(0.2)
        let v0 = dot(block.velocity, down)
        try animator.run(0.5)
        let v1 = dot(block.velocity, down)
        #expect(abs(block.angle - slope) < 0.02, "the block slides flat on the ramp, angle \(block.angle)")
        return (v1 - v0) / 0.5
    }

    @Test(arguments: [(0.2, false), (0.4, false), (0.2, true), (0.4, true)])
    func slidesAtTheTextbookAcceleration(_ friction: Double, _ anchoredPlank: Bool) throws {
        let expected = Self.g * (sin(Self.slope) - friction * cos(Self.slope))
        let measured = try Self.acceleration(friction: friction, anchoredPlank: anchoredPlank)
        #expect(abs(measured - expected) < 0.02 * expected,
                "mu \(friction) on \(anchoredPlank ? "an anchored plank" : "a boundary"): \(measured) pt/s^2, expected \(expected)")
    }

    @Test(arguments: [false, true])
    func frictionAboveTheTangentHoldsTheBlock(_ anchoredPlank: Bool) throws {
        let measured = try Self.acceleration(friction: 0.7, anchoredPlank: anchoredPlank)
        #expect(abs(measured) < 1, "mu 0.7 > tan 30: \(measured) pt/s^2")
    }
}
