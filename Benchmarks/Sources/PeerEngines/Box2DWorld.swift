import BenchKit
import Box2DShim

/// Box2D 2.4.1 (Debian's libbox2d-dev) running a scene through the C shim, in metres.
public final class Box2DWorld: SimulationWorld {
    private let world: OpaquePointer

    /// The engine as the harness lists it, at Box2D's recommended 8 velocity and 3 position iterations.
    public static let engine = Engine(name: "Box2D", settings: "Box2D 2.4.1: 8 velocity + 3 position iterations") {
        try Box2DWorld(scene: $0)
    }

    /// Builds every body, shape, segment and pin of `scene`.
    public init(scene: SceneSpec, velocityIterations: Int32 = 8, positionIterations: Int32 = 3) throws {
        // Its shim builds boxes, circles, polygons, segments and free pins only: say so before making anything.
        if let needs = scene.needsBeyondBasics { throw EngineError("Box2D 2.4 here builds no \(needs)") }
        world = b2s_create(scene.gravity.x, scene.gravity.y, scene.allowSleep ? 1 : 0,
                           velocityIterations, positionIterations)
        // A throw from here on still runs deinit (every stored property is set), which destroys the world.
        try build(scene)
    }

    deinit { b2s_destroy(world) }

    private func build(_ scene: SceneSpec) throws {
        for (i, body) in scene.bodies.enumerated() {
            let index = b2s_add_body(world, Int32(body.kind.rawValue), body.position.x, body.position.y, body.angle,
                                     body.velocity.x, body.velocity.y, body.angularVelocity)
            guard index == Int32(clamping: i) else { throw EngineError("Box2D refused body \(i)") }
            let collides: Int32 = body.collides ? 1 : 0
            for shape in body.shapes {
                let status: Int32
                switch shape {
                case let .box(hw, hh, c, angle):
                    status = b2s_add_box(world, index, hw, hh, c.x, c.y, angle, body.density, body.friction, collides)
                case let .circle(r, c):
                    status = b2s_add_circle(world, index, r, c.x, c.y, body.density, body.friction, collides)
                case let .polygon(points):
                    let xy = points.flatMap { [$0.x, $0.y] }
                    status = b2s_add_polygon(world, index, xy, Int32(clamping: points.count), body.density, body.friction,
                                             collides)
                case .capsule, .roundedPolygon:
                    throw EngineError("Box2D 2.4 here builds no capsules or rounded polygons")
                }
                guard status == 0 else { throw EngineError("Box2D refused a shape of body \(i)") }
            }
        }
        for segment in scene.segments {
            _ = b2s_add_segment(world, segment.a.x, segment.a.y, segment.b.x, segment.b.y, segment.friction)
        }
        for pin in scene.pins {
            guard b2s_add_pin(world, Int32(clamping: pin.bodyA), Int32(clamping: pin.bodyB), pin.anchor.x, pin.anchor.y) == 0 else {
                throw EngineError("Box2D refused a pin between \(pin.bodyA) and \(pin.bodyB)")
            }
        }
        if scene.countsContacts { b2s_count_contacts(world, 1) }
    }

    public func step(_ dt: Double) throws { b2s_step(world, dt) }

    public func position(of index: Int) -> Vec2 {
        var x = Double.nan, y = Double.nan, angle = 0.0
        if let i = Int32(exactly: index) { b2s_body_pose(world, i, &x, &y, &angle) }
        return Vec2(x, y)
    }

    public var bodyCount: Int { Int(b2s_body_count(world)) }

    public var contactBegins: Int { Int(b2s_contact_begins(world)) }
}
