import BenchKit
#if canImport(Glibc)
import Glibc
#endif

/// Box2D v3, loaded at run time from a shared library that scripts/bench builds from a Box2D v3 checkout and
/// Benchmarks/Box2DV3/v3_shim.c (so this package builds without Box2D v3). One library per instruction set.
public final class Box2DV3World: SimulationWorld {
    /// The shim's functions, looked up once per library.
    struct Library: @unchecked Sendable {
        typealias Create = @convention(c) (Double, Double, Int32, Int32, Int32) -> OpaquePointer?
        typealias Destroy = @convention(c) (OpaquePointer?) -> Void
        typealias AddBody = @convention(c) (OpaquePointer?, Int32, Double, Double, Double, Double, Double, Double) -> Int32
        typealias AddBox = @convention(c) (OpaquePointer?, Int32, Double, Double, Double, Double, Double, Double, Double,
                                           Int32) -> Int32
        typealias AddCircle = @convention(c) (OpaquePointer?, Int32, Double, Double, Double, Double, Double, Int32) -> Int32
        typealias AddPolygon = @convention(c) (OpaquePointer?, Int32, UnsafePointer<Double>?, Int32, Double, Double,
                                               Int32) -> Int32
        typealias AddSegment = @convention(c) (OpaquePointer?, Double, Double, Double, Double, Double) -> Int32
        typealias AddPin = @convention(c) (OpaquePointer?, Int32, Int32, Double, Double) -> Int32
        typealias CountContacts = @convention(c) (OpaquePointer?, Int32) -> Void
        typealias Step = @convention(c) (OpaquePointer?, Double) -> Void
        typealias Pose = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Double>?,
                                         UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
        typealias Count = @convention(c) (OpaquePointer?) -> Int32
        typealias Begins = @convention(c) (OpaquePointer?) -> Int

        let create: Create, destroy: Destroy, addBody: AddBody, addBox: AddBox, addCircle: AddCircle
        let addPolygon: AddPolygon, addSegment: AddSegment, addPin: AddPin, countContacts: CountContacts
        let step: Step, pose: Pose, bodyCount: Count, contactBegins: Begins

        /// Opens the library at `path`, or explains why not.
        init(path: String) throws {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                throw EngineError("cannot load Box2D v3 from \(path): \(String(cString: dlerror()))")
            }
            func symbol<F>(_ name: String, as type: F.Type) throws -> F {
                guard let address = dlsym(handle, name) else { throw EngineError("\(path) lacks \(name)") }
                return unsafeBitCast(address, to: type)
            }
            create = try symbol("v3s_create", as: Create.self)
            destroy = try symbol("v3s_destroy", as: Destroy.self)
            addBody = try symbol("v3s_add_body", as: AddBody.self)
            addBox = try symbol("v3s_add_box", as: AddBox.self)
            addCircle = try symbol("v3s_add_circle", as: AddCircle.self)
            addPolygon = try symbol("v3s_add_polygon", as: AddPolygon.self)
            addSegment = try symbol("v3s_add_segment", as: AddSegment.self)
            addPin = try symbol("v3s_add_pin", as: AddPin.self)
            countContacts = try symbol("v3s_count_contacts", as: CountContacts.self)
            step = try symbol("v3s_step", as: Step.self)
            pose = try symbol("v3s_body_pose", as: Pose.self)
            bodyCount = try symbol("v3s_body_count", as: Count.self)
            contactBegins = try symbol("v3s_contact_begins", as: Begins.self)
        }
    }

    private let library: Library
    private let world: OpaquePointer

    /// The engine for the library at `path`, named e.g. "v3 SSE2" or "v3 SSE2 x2", at v3's default 4 sub-steps.
    public static func engine(name: String, path: String, workers: Int) -> Engine {
        Engine(name: name, settings: "\(name): Box2D v3, 4 sub-steps, \(workers) worker\(workers == 1 ? "" : "s")") {
            try Box2DV3World(scene: $0, library: Library(path: path), workers: workers)
        }
    }

    init(scene: SceneSpec, library: Library, workers: Int) throws {
        self.library = library
        guard let world = library.create(scene.gravity.x, scene.gravity.y, scene.allowSleep ? 1 : 0, 4,
                                         Int32(clamping: workers)) else {
            throw EngineError("Box2D v3 could not make a world")
        }
        self.world = world
        do {
            try build(scene)
        } catch {
            library.destroy(world)
            throw error
        }
    }

    deinit { library.destroy(world) }

    private func build(_ scene: SceneSpec) throws {
        if scene.countsContacts { library.countContacts(world, 1) }
        for (i, body) in scene.bodies.enumerated() {
            let index = library.addBody(world, Int32(body.kind.rawValue), body.position.x, body.position.y, body.angle,
                                        body.velocity.x, body.velocity.y, body.angularVelocity)
            guard index == Int32(clamping: i) else { throw EngineError("Box2D v3 refused body \(i)") }
            let collides: Int32 = body.collides ? 1 : 0
            for shape in body.shapes {
                let status: Int32
                switch shape {
                case let .box(hw, hh, c, angle):
                    status = library.addBox(world, index, hw, hh, c.x, c.y, angle, body.density, body.friction, collides)
                case let .circle(r, c):
                    status = library.addCircle(world, index, r, c.x, c.y, body.density, body.friction, collides)
                case let .polygon(points):
                    let xy = points.flatMap { [$0.x, $0.y] }
                    status = library.addPolygon(world, index, xy, Int32(clamping: points.count), body.density,
                                                body.friction, collides)
                }
                guard status == 0 else { throw EngineError("Box2D v3 refused a shape of body \(i)") }
            }
        }
        for segment in scene.segments {
            _ = library.addSegment(world, segment.a.x, segment.a.y, segment.b.x, segment.b.y, segment.friction)
        }
        for pin in scene.pins {
            guard library.addPin(world, Int32(clamping: pin.bodyA), Int32(clamping: pin.bodyB), pin.anchor.x,
                                 pin.anchor.y) == 0 else {
                throw EngineError("Box2D v3 refused a pin between \(pin.bodyA) and \(pin.bodyB)")
            }
        }
    }

    public func step(_ dt: Double) throws { library.step(world, dt) }

    public func position(of index: Int) -> Vec2 {
        var x = Double.nan, y = Double.nan, angle = 0.0
        if let i = Int32(exactly: index) { library.pose(world, i, &x, &y, &angle) }
        return Vec2(x, y)
    }

    public var bodyCount: Int { Int(library.bodyCount(world)) }

    public var contactBegins: Int { library.contactBegins(world) }
}
