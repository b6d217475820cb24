import Foundation
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

/// What v3's scenes need of our engine through the Swift API: capsules, pin motors and ranges, groups that come
/// and go. (ours+Lua turns those scenes down.)
@Suite struct OurV3FeatureTests {
    /// A disc pinned 1 m from a fixed hub, no gravity: a motor with torque to spare turns it at its speed, so
    /// after t seconds it has gone round by speed x t, less the moment of spin-up.
    @Test func motorisedPinTurnsAnArmAtItsSpeed() throws {
        let hub = BodySpec(kind: .fixed, position: .zero, shapes: [.circle(radius: 0.1, center: .zero)], collides: false)
        let arm = BodySpec(position: .zero, shapes: [.capsule(center1: Vec2(0.5, 0), center2: Vec2(1.5, 0), radius: 0.1)],
                           collides: false)
        let scene = SceneSpec(name: "motor", stresses: "", gravity: .zero, bodies: [hub, arm],
                              pins: [PinSpec(0, 1, at: .zero, motorSpeed: 2, maxMotorTorque: 1e6)], steps: 60)
        let world = try DynamicsWorld.engine.make(scene)
        // The item stands at the capsule's middle, 1 m out.
        #expect(abs(world.position(of: 1).x - 1) < 1e-9)
        for _ in 0..<60 { try world.step(Runner.dt) }
        let p = world.position(of: 1)
        let turned = atan2(p.y, p.x)
        #expect(abs(turned - 2) < 0.01, "turned \(turned) rad in one second at 2 rad/s")
        #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 1) < 0.01)
    }

    /// The same arm under gravity with a range of a quarter turn either way and no motor hangs at the range's end.
    @Test func pinRangeHoldsAHangingArm() throws {
        let hub = BodySpec(kind: .fixed, position: .zero, shapes: [.circle(radius: 0.1, center: .zero)], collides: false)
        let arm = BodySpec(position: Vec2(1, 0), shapes: [.box(halfWidth: 0.5, halfHeight: 0.05)], collides: false)
        let scene = SceneSpec(name: "range", stresses: "", bodies: [hub, arm],
                              pins: [PinSpec(0, 1, at: Vec2(0.5, 0), angleRange: -0.3...0.3)], steps: 120)
        let world = try DynamicsWorld.engine.make(scene)
        for _ in 0..<120 { try world.step(Runner.dt) }
        // Gravity turns it clockwise on screen (y down: positive) until the range stops it at 0.3 rad.
        let p = world.position(of: 1) - Vec2(0.5, 0)
        #expect(abs(atan2(p.y, p.x) - 0.3) < 0.02)
    }

    /// ours+Lua's generated script makes boxes, circles, polygons and free pins only, and says so.
    @Test func luaScriptTurnsDownWhatItCannotMake() {
        #expect(throws: EngineError.self) { _ = try LuaWorld.engine.make(Scenes.v3Spinner(bodyCount: 6, steps: 1)) }
        #expect(throws: EngineError.self) { _ = try LuaWorld.engine.make(Scenes.v3Tumbler(grid: 2, steps: 1)) }
    }

    /// v3's rain at its debug size runs through its waves of ragdolls and keeps every figure finite.
    @Test func rainOfRagdollsRunsThroughItsWaves() throws {
        let scene = Scenes.v3Rain(rows: 2, columns: 3, groupSize: 2, gridCount: 40, delay: 8, steps: 60)
        let result = try #require(Runner(warmupSteps: 0).run(scene, on: DynamicsWorld.engine).result)
        #expect(result.finite && result.meanMilliseconds > 0)
    }
}
