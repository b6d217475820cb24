import Foundation
import Testing
@testable import BenchKit
import PeerEngines

/// The peers must simulate the scenes as physics says, or their timings mean nothing.
@Suite struct PeerPhysicsTests {
    static let engines = [Box2DWorld.engine, ChipmunkWorld.engine]

    /// A scene an engine cannot build is turned down with an error, before or after its world is made, and the
    /// world is destroyed exactly once (a second destroy crashed the child before).
    @Test(arguments: engines.map(\.name))
    func scenesBeyondTheEngineAreTurnedDown(engine name: String) throws {
        let engine = try #require(Self.engines.first { $0.name == name })
        #expect(throws: EngineError.self) { _ = try engine.make(Scenes.v3Spinner(bodyCount: 6, steps: 1)) }
        // A polygon of 70 corners is more than either shim takes: refused once the world exists.
        let corners = (0..<70).map { i in
            Vec2(cos(Double(i) * 2 * Double.pi / 70), sin(Double(i) * 2 * Double.pi / 70))
        }
        let round = SceneSpec(name: "round", stresses: "", bodies: [
            BodySpec(position: .zero, shapes: [.polygon(corners)])], steps: 1)
        #expect(throws: EngineError.self) { _ = try engine.make(round) }
    }

    @Test(arguments: engines.map(\.name))
    func freeFallFollowsSymplecticEuler(engine name: String) throws {
        let engine = try #require(Self.engines.first { $0.name == name })
        let scene = SceneSpec(name: "fall", stresses: "", bodies: [
            BodySpec(position: Vec2(0, 0), shapes: [.box(halfWidth: 0.5, halfHeight: 0.5)])], steps: 60)
        let world = try engine.make(scene)
        for _ in 0..<60 { try world.step(Runner.dt) }
        // Symplectic Euler lands on one of two closed forms around 1/2 g t^2 = 5 m: velocity first (Box2D) gives
        // g dt^2 n (n + 1) / 2, position first (Chipmunk) gives g dt^2 n (n - 1) / 2.
        let dt = Runner.dt
        let velocityFirst = 10 * dt * dt * 60 * 61 / 2, positionFirst = 10 * dt * dt * 60 * 59 / 2
        let y = world.position(of: 0).y
        #expect(min(abs(y - velocityFirst), abs(y - positionFirst)) < 0.01,
                "\(name): fell \(y) m, expected \(positionFirst) or \(velocityFirst)")
    }

    @Test(arguments: engines.map(\.name))
    func boxComesToRestOnTheGround(engine name: String) throws {
        let engine = try #require(Self.engines.first { $0.name == name })
        let scene = SceneSpec(name: "rest", stresses: "",
                              bodies: [BodySpec(position: Vec2(0, -2), shapes: [.box(halfWidth: 0.5, halfHeight: 0.5)])],
                              segments: [SegmentSpec(Vec2(-5, 0), Vec2(5, 0))], steps: 120)
        let world = try engine.make(scene)
        for _ in 0..<120 { try world.step(Runner.dt) }
        // Centre half a box above the ground, give or take a couple of centimetres of slop and skin.
        let p = world.position(of: 0)
        #expect(abs(p.y - -0.5) < 0.03, "\(name): rests at \(p.y)")
        #expect(abs(p.x) < 1e-3)
    }

    @Test(arguments: engines.map(\.name))
    func smallPyramidStands(engine name: String) throws {
        let engine = try #require(Self.engines.first { $0.name == name })
        let scene = Scenes.largePyramid(base: 6, steps: 180)
        let outcome = Runner(warmupSteps: 0).run(scene, on: engine)
        let result = try #require(outcome.result)
        #expect(result.bodyCount == 22 && result.finite)
        // Settling of slop and skin is centimetres; a toppled pyramid moves its top by metres.
        #expect((result.stability ?? 1) < 0.2, "\(name): top moved \(result.stability ?? -1) m")
    }

    @Test(arguments: engines.map(\.name))
    func pendulumKeepsItsLength(engine name: String) throws {
        let engine = try #require(Self.engines.first { $0.name == name })
        let scene = SceneSpec(name: "pendulum", stresses: "", bodies: [
            BodySpec(kind: .fixed, position: Vec2(0, 0), shapes: [.circle(radius: 0.1, center: .zero)], collides: false),
            BodySpec(position: Vec2(1, 0), shapes: [.circle(radius: 0.1, center: .zero)], collides: false)],
            pins: [PinSpec(0, 1, at: Vec2(0, 0))], steps: 120)
        let world = try engine.make(scene)
        var lowest = 0.0
        for _ in 0..<120 {
            try world.step(Runner.dt)
            let p = world.position(of: 1)
            #expect(abs(p.length - 1) < 0.02, "\(name): pendulum length \(p.length)")
            lowest = max(lowest, p.y)
        }
        // Released level, it swings down through the bottom (y = +1 with y pointing down).
        #expect(lowest > 0.95)
    }

    @Test(arguments: engines.map(\.name))
    func contactsAreCountedOnlyWhenAsked(engine name: String) throws {
        let engine = try #require(Self.engines.first { $0.name == name })
        for counting in [false, true] {
            let world = try engine.make(Scenes.pile(count: 60, steps: 60, countsContacts: counting))
            for _ in 0..<90 { try world.step(Runner.dt) }
            // 60 bodies landing on a floor begin at least one contact each.
            if counting { #expect(world.contactBegins >= 60) } else { #expect(world.contactBegins == 0) }
        }
    }

    @Test func failingEngineGivesAFailedOutcome() {
        let broken = Engine(name: "broken", settings: "") { _ in throw EngineError("no") }
        let outcome = Runner().run(Scenes.pile(count: 10, steps: 2), on: broken)
        guard case let .failed(_, engine, reason) = outcome else { Issue.record("expected failure"); return }
        #expect(engine == "broken" && reason == "no")
    }
}
