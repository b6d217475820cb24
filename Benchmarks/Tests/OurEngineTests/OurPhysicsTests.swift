import Testing
import BenchKit
import OurEngine

/// Our engine must simulate the scenes as physics says, through the Swift API and through Lua alike, or its
/// timings mean nothing. The same closed forms as the peers' tests.
@Suite struct OurPhysicsTests {
    static let engines = [DynamicsWorld.engine, LuaWorld.engine]

    static func engine(_ name: String) throws -> Engine {
        try #require(engines.first { $0.name == name })
    }

    @Test(arguments: engines.map(\.name))
    func freeFallFollowsSymplecticEuler(engine name: String) throws {
        let scene = SceneSpec(name: "fall", stresses: "", bodies: [
            BodySpec(position: Vec2(0, 0), shapes: [.box(halfWidth: 0.5, halfHeight: 0.5)])], steps: 60)
        let world = try Self.engine(name).make(scene)
        for _ in 0..<60 { try world.step(Runner.dt) }
        // 1/2 g t^2 = 5 m at t = 1 s; a symplectic integrator is off by at most g dt t / 2 (8.3 cm) plus a little.
        let y = world.position(of: 0).y
        #expect(abs(y - 5) < 0.09, "\(name): fell \(y) m in one second")
    }

    @Test(arguments: engines.map(\.name))
    func boxComesToRestOnTheGround(engine name: String) throws {
        let scene = SceneSpec(name: "rest", stresses: "",
                              bodies: [BodySpec(position: Vec2(0, -2), shapes: [.box(halfWidth: 0.5, halfHeight: 0.5)])],
                              segments: [SegmentSpec(Vec2(-5, 0), Vec2(5, 0))], steps: 120)
        let world = try Self.engine(name).make(scene)
        for _ in 0..<120 { try world.step(Runner.dt) }
        let p = world.position(of: 0)
        #expect(abs(p.y - -0.5) < 0.03, "\(name): rests at \(p.y)")
        #expect(abs(p.x) < 1e-3)
    }

    @Test(arguments: engines.map(\.name))
    func smallPyramidStands(engine name: String) throws {
        let result = try #require(Runner(warmupSteps: 0).run(Scenes.largePyramid(base: 6, steps: 180),
                                                             on: try Self.engine(name)).result)
        #expect(result.bodyCount == 22 && result.finite)
        #expect((result.stability ?? 1) < 0.2, "\(name): top moved \(result.stability ?? -1) m")
    }

    /// Without gravity, a box of density 8 at 4 m/s meets a resting box of density 1 head on: momentum 8 x 4 is
    /// kept and shared, so both move on at about 32 / 9 m/s. The scene's density, its starting velocity and its
    /// zero gravity must all reach our engine for that (with gravity the boxes would fall 5 m in the second).
    @Test(arguments: engines.map(\.name))
    func densityAndStartingVelocityAreTheScenes(engine name: String) throws {
        let scene = SceneSpec(name: "hit", stresses: "", gravity: .zero, bodies: [
            BodySpec(position: Vec2(0, 0), velocity: Vec2(4, 0), shapes: [.box(halfWidth: 0.5, halfHeight: 0.5)],
                     density: 8),
            BodySpec(position: Vec2(2, 0), shapes: [.box(halfWidth: 0.5, halfHeight: 0.5)])], steps: 120)
        let world = try Self.engine(name).make(scene)
        for _ in 0..<60 { try world.step(Runner.dt) }
        let a = world.position(of: 0), b = world.position(of: 1)
        try world.step(Runner.dt)
        let speedA = (world.position(of: 0).x - a.x) / Runner.dt, speedB = (world.position(of: 1).x - b.x) / Runner.dt
        #expect(abs(8 * speedA + speedB - 32) < 0.05, "\(name): momentum \(8 * speedA + speedB), not 32")
        #expect(abs(speedA - 32.0 / 9) < 0.2 && abs(speedB - 32.0 / 9) < 0.2, "\(name): \(speedA), \(speedB) m/s")
        #expect(abs(a.y) < 0.05 && abs(b.y) < 0.05, "\(name): no gravity, yet at \(a.y), \(b.y) m")
    }

    @Test(arguments: engines.map(\.name))
    func pendulumKeepsItsLength(engine name: String) throws {
        let scene = SceneSpec(name: "pendulum", stresses: "", bodies: [
            BodySpec(kind: .fixed, position: Vec2(0, 0), shapes: [.circle(radius: 0.1, center: .zero)], collides: false),
            BodySpec(position: Vec2(1, 0), shapes: [.circle(radius: 0.1, center: .zero)], collides: false)],
            pins: [PinSpec(0, 1, at: Vec2(0, 0))], steps: 120)
        let world = try Self.engine(name).make(scene)
        var lowest = 0.0
        for _ in 0..<120 {
            try world.step(Runner.dt)
            let p = world.position(of: 1)
            #expect(abs(p.length - 1) < 0.02, "\(name): pendulum length \(p.length)")
            lowest = max(lowest, p.y)
        }
        #expect(lowest > 0.95)
    }

    @Test(arguments: engines.map(\.name))
    func tumblerKeepsItsBoxesInside(engine name: String) throws {
        let scene = Scenes.tumbler(count: 40, steps: 120)
        let world = try Self.engine(name).make(scene)
        for _ in 0..<120 { try world.step(Runner.dt) }
        // The walls turn about (0, -12); every box must still be within the walls' inner half-diagonal.
        let centre = scene.bodies[0].position
        for i in 1..<scene.bodies.count {
            let d = (world.position(of: i) - centre).length
            #expect(d < 9.5 * 2.0.squareRoot(), "\(name): box \(i) is \(d) m from the centre")
        }
    }

    @Test(arguments: engines.map(\.name))
    func delegateCountsContactsOnlyWhenAsked(engine name: String) throws {
        for counting in [false, true] {
            let world = try Self.engine(name).make(Scenes.pile(count: 30, steps: 60, countsContacts: counting))
            for _ in 0..<90 { try world.step(Runner.dt) }
            if counting { #expect(world.contactBegins >= 30) } else { #expect(world.contactBegins == 0) }
        }
    }

    @Test func polygonsAndCirclesBuildFromTheRain() throws {
        for engine in Self.engines {
            let world = try engine.make(Scenes.rain(count: 10, steps: 1))
            try world.step(Runner.dt)
            #expect(world.bodyCount == 13, "\(engine.name)")
        }
    }
}
