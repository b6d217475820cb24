import BenchKit
import ChipmunkShim

/// Chipmunk 7.0.3 (Debian's libchipmunk-dev) running a scene through the C shim, in metres.
public final class ChipmunkWorld: SimulationWorld {
    private let world: OpaquePointer

    /// Allowed overlap in metres: Box2D's linear slop, since Chipmunk's default (0.1) assumes pixel units.
    public static let slop = 0.005

    /// The engine as the harness lists it, at 10 solver iterations.
    public static let engine = Engine(name: "Chipmunk", settings: "Chipmunk 7.0.3: 10 iterations") {
        try ChipmunkWorld(scene: $0)
    }

    /// Builds every body, shape, segment and pin of `scene`.
    public init(scene: SceneSpec, iterations: Int32 = 10) throws {
        // Its shim builds boxes, circles, polygons, segments and free pins only: say so before making anything.
        if let needs = scene.needsBeyondBasics { throw EngineError("Chipmunk here builds no \(needs)") }
        guard let made = cps_create(scene.gravity.x, scene.gravity.y, scene.allowSleep ? 1 : 0, iterations,
                                    ChipmunkWorld.slop) else { throw EngineError("Chipmunk could not make a space") }
        world = made
        // A throw from here on still runs deinit (every stored property is set), which destroys the space.
        try build(scene)
    }

    deinit { cps_destroy(world) }

    private func build(_ scene: SceneSpec) throws {
        for (i, body) in scene.bodies.enumerated() {
            let index = cps_add_body(world, Int32(body.kind.rawValue), body.position.x, body.position.y, body.angle,
                                     body.velocity.x, body.velocity.y, body.angularVelocity)
            guard index == Int32(clamping: i) else { throw EngineError("Chipmunk refused body \(i)") }
            let collides: Int32 = body.collides ? 1 : 0
            for shape in body.shapes {
                let status: Int32
                switch shape {
                case let .box(hw, hh, c, angle):
                    status = cps_add_box(world, index, hw, hh, c.x, c.y, angle, body.density, body.friction, collides)
                case let .circle(r, c):
                    status = cps_add_circle(world, index, r, c.x, c.y, body.density, body.friction, collides)
                case let .polygon(points):
                    let xy = points.flatMap { [$0.x, $0.y] }
                    status = cps_add_polygon(world, index, xy, Int32(clamping: points.count), body.density, body.friction,
                                             collides)
                case .capsule, .roundedPolygon:
                    throw EngineError("Chipmunk here builds no capsules or rounded polygons")
                }
                guard status == 0 else { throw EngineError("Chipmunk refused a shape of body \(i)") }
            }
        }
        for segment in scene.segments {
            _ = cps_add_segment(world, segment.a.x, segment.a.y, segment.b.x, segment.b.y, segment.friction)
        }
        for pin in scene.pins {
            guard cps_add_pin(world, Int32(clamping: pin.bodyA), Int32(clamping: pin.bodyB), pin.anchor.x, pin.anchor.y) == 0 else {
                throw EngineError("Chipmunk refused a pin between \(pin.bodyA) and \(pin.bodyB)")
            }
        }
        if scene.countsContacts { cps_count_contacts(world, 1) }
    }

    public func step(_ dt: Double) throws { cps_step(world, dt) }

    public func position(of index: Int) -> Vec2 {
        var x = Double.nan, y = Double.nan, angle = 0.0
        if let i = Int32(exactly: index) { cps_body_pose(world, i, &x, &y, &angle) }
        return Vec2(x, y)
    }

    public var bodyCount: Int { Int(cps_body_count(world)) }

    public var contactBegins: Int { Int(cps_contact_begins(world)) }
}
