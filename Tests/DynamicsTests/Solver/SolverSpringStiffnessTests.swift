import Foundation
import Testing
@testable import Dynamics

/// A distance attachment with a stiffness is Hooke's spring: period 2 pi sqrt(m / k) whatever the mass, and its
/// elastic energy counts in the animator's potential energy, so an undamped one keeps kinetic + potential.
@Suite struct SolverSpringStiffnessTests {
    /// A 100 x 100 item of `density` (so mass `density`) on a spring of stiffness `k` to an anchor 100 pt above,
    /// pulled 30 pt down and let go.
    static func spring(density: Double, k: Double) throws -> (Animator, DynamicItem, AttachmentBehavior) {
        let animator = Animator()
        let item = try DynamicItem(center: Vector(0, 100), size: Vector(100, 100))
        let spring = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        try spring.setStiffness(k)
        try animator.addBehavior(spring)
        let material = DynamicItemBehavior(items: [item])
        try material.setDensity(density)
        try animator.addBehavior(material)
        try item.setCenter(Vector(0, 130))
        return (animator, item, spring)
    }

    /// The mean time between upward crossings of the rest point, interpolated within frames, over `frames`.
    static func period(_ animator: Animator, _ item: DynamicItem, frames: Int) throws -> Double {
        var crossings: [Double] = []
        var last = item.center.y - 100, t = 0.0
        for _ in 0..<frames {
            try animator.step()
            t += animator.timeStep
            let x = item.center.y - 100
            if last > 0 && x <= 0 { crossings.append(t - animator.timeStep * x / (x - last)) }
            last = x
        }
        return (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
    }

    @Test(arguments: [1.0, 2, 4, 9, 16])
    func periodIsTwoPiRootMOverK(_ mass: Double) throws {
        let k = 4 * Double.pi * Double.pi
        let (animator, item, _) = try Self.spring(density: mass, k: k)
        let expected = 2 * Double.pi * (mass / k).squareRoot()
        let measured = try Self.period(animator, item, frames: Int(5.5 * expected * 60))
        #expect(abs(measured - expected) < 0.01 * expected, "mass \(mass): period \(measured) s, expected \(expected)")
    }

    @Test func undampedSpringKeepsItsEnergy() throws {
        let (animator, _, spring) = try Self.spring(density: 2, k: 50)
        let start = animator.kineticEnergy + animator.potentialEnergy
        #expect(abs(start - 0.5 * 50 * 30 * 30) < 1e-6, "all of it elastic at first: \(start)")
        var worst = 0.0
        for _ in 0..<300 {
            try animator.step()
            worst = max(worst, abs(animator.kineticEnergy + animator.potentialEnergy - start))
        }
        #expect(worst < 0.02 * start, "kinetic + potential drifted by \(worst) of \(start)")
        try spring.setFrequency(1)
        #expect(spring.stiffness == nil, "a frequency replaces the stiffness")
    }

    @Test func onlyDistanceAttachmentsTakeAStiffness() throws {
        let a = try box(0, 0), b = try box(200, 0)
        let pin = try AttachmentBehavior.pin(a, b, anchor: Vector(100, 0))
        #expect(throws: DynamicsError.self) { try pin.setStiffness(10) }
        let rod = try AttachmentBehavior(item: a, attachedToAnchor: Vector(0, -100))
        #expect(throws: DynamicsError.self) { try rod.setStiffness(-1) }
    }
}
