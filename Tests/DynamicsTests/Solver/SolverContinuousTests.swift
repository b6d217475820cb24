import Testing
@testable import Dynamics

/// The continuous rule (`SweepReach`): who is swept, against what, and what the solver still catches without a sweep.
/// A square of side 20 (smallest extent 10) slides without gravity toward a slab 40 wide (smallest extent 20) whose
/// near face is at x = 80; the start is chosen so that one frame begins 3 or 10 pt short of the face, farther than
/// the speculative distance, so only a sweep can stop the square at the face in that frame.
@Suite struct SolverContinuousTests {
    static let face = 80.0

    /// Steps `frames` frames of 1/60 s and returns the deepest overlap of the square with the slab (negative when
    /// it never reached it) and the square's largest lead over the slab's near face, measured from the slab's
    /// current position.
    static func slide(speed: Double, startGap: Double, slabAnchored: Bool, frames: Int) throws -> (overlap: Double, lead: Double) {
        let animator = Animator()
        let square = try box(face - startGap - 10, 0, side: 20, name: "square")
        let slab = try DynamicItem(center: Vector(face + 20, 0), size: Vector(40, 200), name: "slab")
        try animator.addBehavior(CollisionBehavior(items: [square, slab]))
        let props = DynamicItemBehavior(items: [slab])
        props.anchored = slabAnchored
        try animator.addBehavior(props)
        try square.setVelocity(Vector(speed, 0))
        var overlap = -Double.infinity, lead = -Double.infinity
        try stepFrames(animator, frames) { _ in
            let nearFace = slab.center.x - 20
            overlap = max(overlap, square.center.x + 10 - nearFace)
            lead = max(lead, square.center.x - nearFace)
        }
        return (overlap, lead)
    }

    @Test func reachFollowsTheTravelAgainstBothExtents() {
        // Half the smallest extent is Box2D's threshold for a sweep at all.
        #expect(SweepReach.of(travel: 5, minExtent: 10, thinnest: 20) == .none)
        #expect(SweepReach.of(travel: 5.001, minExtent: 10, thinnest: 20) == .staticOnly)
        // Dynamic targets: own smallest extent plus half the thinnest one's.
        #expect(SweepReach.of(travel: 20, minExtent: 10, thinnest: 20) == .staticOnly)
        #expect(SweepReach.of(travel: 20.001, minExtent: 10, thinnest: 20) == .everything)
        #expect(SweepReach.of(travel: 10.6, minExtent: 10, thinnest: 1) == .everything)
        #expect(SweepReach.reachesDynamic(travel: 12, minExtent: 10, otherExtent: 5) == false)
        #expect(SweepReach.reachesDynamic(travel: 12.6, minExtent: 10, otherExtent: 5))
    }

    @Test func squareMovingUnderItsExtentStopsAtAStaticFace() throws {
        // 8 pt a frame (more than half of 10, less than 10 + 10): swept against static shapes only. Frame 9 begins
        // 3 pt short of the face and would end 5 pt inside it.
        let r = try Self.slide(speed: 480, startGap: 67, slabAnchored: true, frames: 30)
        #expect(r.overlap > -Tolerance.linearSlop)          // it reached the face
        #expect(r.overlap <= Tolerance.linearSlop)          // and never went in farther than the slop
    }

    @Test func squareMovingUnderItsReachIsLeftToTheSolverAgainstADynamicSlab() throws {
        // The same motion against a slab that can move: no sweep, so the square ends frame 9 about 5 pt inside
        // (less the slab's own motion), and the contact then pushes the two apart along the side they met on.
        let r = try Self.slide(speed: 480, startGap: 67, slabAnchored: false, frames: 9)
        #expect(r.overlap > 4 && r.overlap < 5 + Tolerance.linearSlop)
        let later = try Self.slide(speed: 480, startGap: 67, slabAnchored: false, frames: 90)
        #expect(later.lead < -10 + 5 + Tolerance.linearSlop)  // its centre never got near the face
        let settled = try Self.settledOverlap(speed: 480, startGap: 67)
        #expect(settled < 2 * Tolerance.linearSlop)
    }

    @Test func squareMovingPastItsReachIsSweptAgainstADynamicSlab() throws {
        // 25 pt a frame is more than 10 + 20 / 2: swept like a bullet. Frame 4 begins 10 pt short and would end
        // 15 pt inside.
        let r = try Self.slide(speed: 1500, startGap: 85, slabAnchored: false, frames: 30)
        #expect(r.overlap > -Tolerance.linearSlop)
        #expect(r.overlap <= Tolerance.linearSlop)
    }

    /// The overlap of square and slab after two seconds, once the contact has pushed them apart.
    static func settledOverlap(speed: Double, startGap: Double) throws -> Double {
        let animator = Animator()
        let square = try box(face - startGap - 10, 0, side: 20, name: "square")
        let slab = try DynamicItem(center: Vector(face + 20, 0), size: Vector(40, 200), name: "slab")
        try animator.addBehavior(CollisionBehavior(items: [square, slab]))
        try square.setVelocity(Vector(speed, 0))
        try stepFrames(animator, 120)
        return square.center.x + 10 - (slab.center.x - 20)
    }
}
