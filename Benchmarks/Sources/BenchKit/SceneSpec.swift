// The engine-neutral description of a benchmark scene. Every engine builds its world from one of these, so all
// of them simulate the same bodies, sizes, densities and frictions. Lengths are in metres (1 m = 100 pt in our
// engine), y points down (UIKit's axes), and gravity pulls toward +y.

/// A 2D point or vector in metres.
public struct Vec2: Sendable, Equatable {
    public var x: Double
    public var y: Double
    /// Makes a vector from its two components.
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The zero vector.
    public static let zero = Vec2(0, 0)
    /// Componentwise sum.
    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    /// Componentwise difference.
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    /// Scaling by a number.
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    /// Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// How a body moves: not at all, along a prescribed velocity, or under forces and contacts.
public enum BodyKind: Int, Sendable { case fixed = 0, kinematic = 1, dynamic = 2 }

/// One collision shape in its body's frame.
public enum ShapeSpec: Sendable, Equatable {
    /// A rectangle with half extents, centred on `center` and turned by `angle`.
    case box(halfWidth: Double, halfHeight: Double, center: Vec2, angle: Double)
    /// A circle around `center`.
    case circle(radius: Double, center: Vec2)
    /// A convex polygon, counter-clockwise in a y-up frame (clockwise on screen), at most 8 vertices.
    case polygon([Vec2])
    /// Everything within `radius` of the segment from `center1` to `center2` (a limb, a pill).
    case capsule(center1: Vec2, center2: Vec2, radius: Double)
    /// A convex polygon (as `polygon`) grown by `radius` all round: rounded corners.
    case roundedPolygon([Vec2], radius: Double)

    /// A box centred on the body.
    public static func box(halfWidth: Double, halfHeight: Double) -> ShapeSpec {
        .box(halfWidth: halfWidth, halfHeight: halfHeight, center: .zero, angle: 0)
    }
    /// Area in square metres, so mass = density x area is known without an engine.
    public var area: Double {
        switch self {
        case let .box(hw, hh, _, _): return 4 * hw * hh
        case let .circle(r, _): return Double.pi * r * r
        case let .polygon(points):
            return Self.polygonArea(points)
        case let .capsule(c1, c2, r):
            return 2 * r * (c2 - c1).length + Double.pi * r * r
        case let .roundedPolygon(points, r):
            // The core, a strip of width r along each edge, and the corners' sectors, which make one disc.
            var perimeter = 0.0
            for i in points.indices { perimeter += (points[(i + 1) % points.count] - points[i]).length }
            return Self.polygonArea(points) + r * perimeter + Double.pi * r * r
        }
    }

    private static func polygonArea(_ points: [Vec2]) -> Double {
        var twice = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            twice += a.x * b.y - a.y * b.x
        }
        return abs(twice) / 2
    }

    /// Whether this shape needs more than boxes, circles and sharp polygons (the engines without capsules and
    /// rounding cannot build it).
    public var isRounded: Bool {
        switch self {
        case .box, .circle, .polygon: return false
        case .capsule, .roundedPolygon: return true
        }
    }
}

/// One body: where it starts, how it moves, and the shapes it is made of.
public struct BodySpec: Sendable {
    public var kind: BodyKind
    public var position: Vec2
    public var angle: Double
    public var velocity: Vec2
    public var angularVelocity: Double
    public var shapes: [ShapeSpec]
    /// Mass per square metre.
    public var density: Double
    /// Friction of each shape; a pair of shapes rubs with the geometric mean of theirs.
    public var friction: Double
    /// False for bodies that collide with nothing (the joint grid), so only their joints cost.
    public var collides: Bool
    /// Bounce of each shape (0: none); a pair bounces with the larger of theirs.
    public var restitution: Double
    /// Linear damping, 1/s: the body's velocity decays by this rate.
    public var linearDamping: Double
    /// 0: meets every body. k > 0: meets fixed bodies, bodies of class 0 and bodies of class k only (so a ragdoll
    /// whose bones are of different classes never meets itself). At most 62 classes.
    public var collisionClass: Int

    /// Makes a body; defaults are a resting dynamic body of density 1 and friction 0.6 that collides.
    public init(kind: BodyKind = .dynamic, position: Vec2, angle: Double = 0, velocity: Vec2 = .zero,
                angularVelocity: Double = 0, shapes: [ShapeSpec], density: Double = 1, friction: Double = 0.6,
                collides: Bool = true, restitution: Double = 0, linearDamping: Double = 0, collisionClass: Int = 0) {
        self.kind = kind; self.position = position; self.angle = angle; self.velocity = velocity
        self.angularVelocity = angularVelocity; self.shapes = shapes; self.density = density
        self.friction = friction; self.collides = collides; self.restitution = restitution
        self.linearDamping = linearDamping; self.collisionClass = collisionClass
    }
}

/// A fixed two-sided segment: ground, shelves and bin walls.
public struct SegmentSpec: Sendable {
    public var a: Vec2
    public var b: Vec2
    public var friction: Double
    /// Makes a segment from `a` to `b`.
    public init(_ a: Vec2, _ b: Vec2, friction: Double = 0.6) { self.a = a; self.b = b; self.friction = friction }
}

/// A pin (revolute joint) between two bodies at a world point, free by default; it may hold the relative turn
/// within a range and have a motor.
public struct PinSpec: Sendable {
    public var bodyA: Int
    public var bodyB: Int
    public var anchor: Vec2
    /// The range of B's turn relative to A since the pin was made (radians, y down: positive turns clockwise on
    /// screen), or nil for none.
    public var angleRange: ClosedRange<Double>?
    /// The relative spin (B's less A's, rad/s, y down) the motor drives toward.
    public var motorSpeed: Double
    /// The most torque the motor gives (N m); 0 for no motor. A motor of speed 0 is joint friction.
    public var maxMotorTorque: Double
    /// Pins body `a` to body `b` at `anchor`.
    public init(_ a: Int, _ b: Int, at anchor: Vec2, angleRange: ClosedRange<Double>? = nil, motorSpeed: Double = 0,
                maxMotorTorque: Double = 0) {
        bodyA = a; bodyB = b; self.anchor = anchor; self.angleRange = angleRange; self.motorSpeed = motorSpeed
        self.maxMotorTorque = maxMotorTorque
    }

    /// Whether the pin needs more than a free pin (the engines without limits and motors cannot build it).
    public var isPlain: Bool { angleRange == nil && maxMotorTorque == 0 }
}

/// A fixed closed loop of segments (a chain loop): shapes inside slide along it without catching on its joints.
public struct LoopSpec: Sendable {
    public var points: [Vec2]
    public var friction: Double
    /// A loop through `points` (back to the first).
    public init(_ points: [Vec2], friction: Double = 0.6) { self.points = points; self.friction = friction }
}

/// Bodies and pins that come and go together while a scene runs (one column of v3's rain).
public struct BodyGroupSpec: Sendable {
    public var bodies: [BodySpec]
    /// Pins between the group's own bodies: `bodyA` and `bodyB` count within `bodies`.
    public var pins: [PinSpec]
    /// A group of `bodies` joined by `pins`.
    public init(bodies: [BodySpec], pins: [PinSpec]) { self.bodies = bodies; self.pins = pins }
}

/// Before frame `frame` is stepped (0 is the first), group `group`'s live copy is unmade (`make` false) or a new
/// copy made (`make` true). Unmaking and making happen in the order listed, inside the frame's time, as v3's
/// benchmark runs its scenes' step functions.
public struct WaveEvent: Sendable, Equatable {
    public var frame: Int
    public var group: Int
    public var make: Bool
    /// An event.
    public init(frame: Int, group: Int, make: Bool) { self.frame = frame; self.group = group; self.make = make }
}

/// What a scene reports as its stability figure.
public enum StabilityMeasure: Sendable {
    /// No figure: the scene has no stack (tumbler, rain, piles).
    case none
    /// The largest distance, in metres, that any of these bodies (tops of stacks) moved from its start.
    case topDrift([Int])
    /// The largest error, in metres, of the distance between these pairs of pinned neighbours.
    case jointStretch(pairs: [(Int, Int)], restLength: Double)
}

/// A whole scene: what to build, how long to run it, and what to watch.
public struct SceneSpec: Sendable {
    /// Short name printed in the table.
    public var name: String
    /// What the scene stresses, for docs/performance.md.
    public var stresses: String
    /// Gravity in m/s^2 (y down). 10 m/s^2 is our Gravity behaviour at magnitude 1 (1000 pt/s^2).
    public var gravity: Vec2
    public var bodies: [BodySpec]
    public var segments: [SegmentSpec]
    public var loops: [LoopSpec]
    public var pins: [PinSpec]
    /// Groups made and unmade while the scene runs, and when (sorted by frame).
    public var groups: [BodyGroupSpec]
    public var waves: [WaveEvent]
    /// Frames of 1/60 s to run and time.
    public var steps: Int
    public var allowSleep: Bool
    /// Contacts approaching slower than this (m/s) do not bounce. Box2D v3's world default is 1 m/s, ours 0.1 m/s
    /// (so a slow ball still bounces); v3's own scenes set v3's, so both engines judge impacts alike.
    public var restitutionThreshold: Double?
    public var stability: StabilityMeasure
    /// Count contact begin events through the engine's native callback (our engine: a Lua delegate).
    public var countsContacts: Bool

    /// Makes a scene; sleep is off by default so every step costs the full solve.
    public init(name: String, stresses: String, gravity: Vec2 = Vec2(0, 10), bodies: [BodySpec],
                segments: [SegmentSpec] = [], loops: [LoopSpec] = [], pins: [PinSpec] = [], steps: Int,
                allowSleep: Bool = false, stability: StabilityMeasure = .none, countsContacts: Bool = false,
                groups: [BodyGroupSpec] = [], waves: [WaveEvent] = [], restitutionThreshold: Double? = nil) {
        self.restitutionThreshold = restitutionThreshold
        self.name = name; self.stresses = stresses; self.gravity = gravity; self.bodies = bodies
        self.segments = segments; self.loops = loops; self.pins = pins; self.groups = groups; self.waves = waves; self.steps = steps; self.allowSleep = allowSleep
        self.stability = stability; self.countsContacts = countsContacts
    }

    /// What an engine of boxes, circles, polygons, segments and free pins only cannot build here, or nil: the
    /// scenes of Box2D v3 with capsules, rounding, chain loops, motors and limits.
    public var needsBeyondBasics: String? {
        var needs: [String] = []
        let all = bodies + groups.flatMap(\.bodies), allPins = pins + groups.flatMap(\.pins)
        if all.contains(where: { $0.shapes.contains(where: \.isRounded) }) { needs.append("capsules or rounded polygons") }
        if !loops.isEmpty { needs.append("chain loops") }
        if allPins.contains(where: { !$0.isPlain }) { needs.append("pin limits or motors") }
        if all.contains(where: { $0.restitution != 0 || $0.linearDamping != 0 }) { needs.append("restitution or damping") }
        if all.contains(where: { $0.collisionClass != 0 }) { needs.append("collision classes") }
        if !waves.isEmpty { needs.append("bodies made and unmade while it runs") }
        return needs.isEmpty ? nil : needs.joined(separator: ", ")
    }

    /// Number of bodies that move (dynamic ones).
    public var dynamicBodyCount: Int { bodies.reduce(0) { $0 + ($1.kind == .dynamic ? 1 : 0) } }
}
