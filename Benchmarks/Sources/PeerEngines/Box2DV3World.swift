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
        typealias SetRestitution = @convention(c) (OpaquePointer?, Double) -> Void
        typealias SetDamping = @convention(c) (OpaquePointer?, Int32, Double) -> Int32
        typealias AddCapsule = @convention(c) (OpaquePointer?, Int32, Double, Double, Double, Double, Double, Double,
                                               Double, Int32) -> Int32
        typealias AddRoundedPolygon = @convention(c) (OpaquePointer?, Int32, UnsafePointer<Double>?, Int32, Double, Double,
                                                      Double, Int32) -> Int32
        typealias AddLoop = @convention(c) (OpaquePointer?, UnsafePointer<Double>?, Int32, Double) -> Int32
        typealias SetClass = @convention(c) (OpaquePointer?, Int32) -> Int32
        typealias DestroyBody = @convention(c) (OpaquePointer?, Int32) -> Int32
        typealias AddRevolute = @convention(c) (OpaquePointer?, Int32, Int32, Double, Double, Double, Double, Double,
                                                Double) -> Int32

        let create: Create, destroy: Destroy, addBody: AddBody, addBox: AddBox, addCircle: AddCircle
        let addPolygon: AddPolygon, addSegment: AddSegment, addPin: AddPin, countContacts: CountContacts
        let step: Step, pose: Pose, bodyCount: Count, contactBegins: Begins
        /// What the shim gained for v3's scenes with capsules, rounding, loops and motors; nil in a library built
        /// from an older shim, which then cannot build those scenes.
        let setRestitution: SetRestitution?, setDamping: SetDamping?, addCapsule: AddCapsule?
        let addRoundedPolygon: AddRoundedPolygon?, addLoop: AddLoop?, addRevolute: AddRevolute?
        let setCollisionClass: SetClass?, destroyBody: DestroyBody?

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
            func optional<F>(_ name: String, as type: F.Type) -> F? {
                dlsym(handle, name).map { unsafeBitCast($0, to: type) }
            }
            setRestitution = optional("v3s_set_restitution", as: SetRestitution.self)
            setDamping = optional("v3s_set_linear_damping", as: SetDamping.self)
            addCapsule = optional("v3s_add_capsule", as: AddCapsule.self)
            addRoundedPolygon = optional("v3s_add_rounded_polygon", as: AddRoundedPolygon.self)
            addLoop = optional("v3s_add_loop", as: AddLoop.self)
            addRevolute = optional("v3s_add_revolute", as: AddRevolute.self)
            setCollisionClass = optional("v3s_set_collision_class", as: SetClass.self)
            destroyBody = optional("v3s_destroy_body", as: DestroyBody.self)
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
        // A throw from here on still runs deinit (every stored property is set), which destroys the world.
        try build(scene)
    }

    deinit { library.destroy(world) }

    /// A function of the newer shim, or an error saying the library predates it.
    private func needed<F>(_ f: F?) throws -> F {
        guard let f else { throw EngineError("this Box2D v3 library's shim is too old for this scene; rebuild it") }
        return f
    }

    private func build(_ scene: SceneSpec) throws {
        if scene.countsContacts { library.countContacts(world, 1) }
        for (i, body) in scene.bodies.enumerated() {
            guard try add(body) == Int32(clamping: i) else { throw EngineError("Box2D v3 refused body \(i)") }
        }
        // Grounds and loops bounce not at all and meet everything.
        try setMaterial(restitution: 0, collisionClass: 0)
        for segment in scene.segments {
            _ = library.addSegment(world, segment.a.x, segment.a.y, segment.b.x, segment.b.y, segment.friction)
        }
        for loop in scene.loops {
            let xy = loop.points.flatMap { [$0.x, $0.y] }
            guard try needed(library.addLoop)(world, xy, Int32(clamping: loop.points.count), loop.friction) == 0 else {
                throw EngineError("Box2D v3 refused a chain loop")
            }
        }
        for pin in scene.pins { try add(pin, bodyA: Int32(clamping: pin.bodyA), bodyB: Int32(clamping: pin.bodyB)) }
        groups = scene.groups
        waves = scene.waves
    }

    /// The restitution and collision class the shim gives the next shapes, as last set.
    private var restitution = 0.0, collisionClass = 0
    /// The groups and their making and unmaking, the next event's index, and the frames stepped so far.
    private var groups: [BodyGroupSpec] = [], waves: [WaveEvent] = []
    private var nextWave = 0, frame = 0
    /// The body indices of each group's live copy.
    private var live: [Int: [Int32]] = [:]

    private func setMaterial(restitution r: Double, collisionClass k: Int) throws {
        if r != restitution { try needed(library.setRestitution)(world, r); restitution = r }
        if k != collisionClass {
            guard try needed(library.setCollisionClass)(world, Int32(clamping: k)) == 0 else {
                throw EngineError("Box2D v3 takes collision classes 0...62, not \(k)")
            }
            collisionClass = k
        }
    }

    /// Adds a body with its shapes; returns its index.
    private func add(_ body: BodySpec) throws -> Int32 {
        let index = library.addBody(world, Int32(body.kind.rawValue), body.position.x, body.position.y, body.angle,
                                    body.velocity.x, body.velocity.y, body.angularVelocity)
        guard index >= 0 else { throw EngineError("Box2D v3 refused a body") }
        let collides: Int32 = body.collides ? 1 : 0
        try setMaterial(restitution: body.restitution, collisionClass: body.collisionClass)
        if body.linearDamping != 0 { _ = try needed(library.setDamping)(world, index, body.linearDamping) }
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
            case let .capsule(c1, c2, r):
                status = try needed(library.addCapsule)(world, index, c1.x, c1.y, c2.x, c2.y, r, body.density,
                                                        body.friction, collides)
            case let .roundedPolygon(points, r):
                let xy = points.flatMap { [$0.x, $0.y] }
                status = try needed(library.addRoundedPolygon)(world, index, xy, Int32(clamping: points.count), r,
                                                               body.density, body.friction, collides)
            }
            guard status == 0 else { throw EngineError("Box2D v3 refused a shape of body \(index)") }
        }
        return index
    }

    private func add(_ pin: PinSpec, bodyA a: Int32, bodyB b: Int32) throws {
        let status = pin.isPlain
            ? library.addPin(world, a, b, pin.anchor.x, pin.anchor.y)
            : try needed(library.addRevolute)(world, a, b, pin.anchor.x, pin.anchor.y,
                                              pin.angleRange?.lowerBound ?? 1, pin.angleRange?.upperBound ?? 0,
                                              pin.motorSpeed, pin.maxMotorTorque)
        guard status == 0 else { throw EngineError("Box2D v3 refused a pin between \(a) and \(b)") }
    }

    /// Makes and unmakes the groups whose time has come, before the frame is stepped.
    private func runWaves() throws {
        while nextWave < waves.count && waves[nextWave].frame <= frame {
            let event = waves[nextWave]
            nextWave += 1
            if event.make {
                let group = groups[event.group]
                var indices: [Int32] = []
                indices.reserveCapacity(group.bodies.count)
                for body in group.bodies { indices.append(try add(body)) }
                for pin in group.pins { try add(pin, bodyA: indices[pin.bodyA], bodyB: indices[pin.bodyB]) }
                live[event.group] = indices
            } else if let indices = live.removeValue(forKey: event.group) {
                for index in indices { _ = try needed(library.destroyBody)(world, index) }
            }
        }
    }

    public func step(_ dt: Double) throws {
        if nextWave < waves.count { try runWaves() }
        library.step(world, dt)
        frame += 1
    }

    public func position(of index: Int) -> Vec2 {
        var x = Double.nan, y = Double.nan, angle = 0.0
        if let i = Int32(exactly: index) { library.pose(world, i, &x, &y, &angle) }
        return Vec2(x, y)
    }

    public var bodyCount: Int { Int(library.bodyCount(world)) }

    public var contactBegins: Int { library.contactBegins(world) }
}
