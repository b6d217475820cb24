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
            var twice = 0.0
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                twice += a.x * b.y - a.y * b.x
            }
            return abs(twice) / 2
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

    /// Makes a body; defaults are a resting dynamic body of density 1 and friction 0.6 that collides.
    public init(kind: BodyKind = .dynamic, position: Vec2, angle: Double = 0, velocity: Vec2 = .zero,
                angularVelocity: Double = 0, shapes: [ShapeSpec], density: Double = 1, friction: Double = 0.6,
                collides: Bool = true) {
        self.kind = kind; self.position = position; self.angle = angle; self.velocity = velocity
        self.angularVelocity = angularVelocity; self.shapes = shapes; self.density = density
        self.friction = friction; self.collides = collides
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

/// A pin (revolute joint) between two bodies at a world point.
public struct PinSpec: Sendable {
    public var bodyA: Int
    public var bodyB: Int
    public var anchor: Vec2
    /// Pins body `a` to body `b` at `anchor`.
    public init(_ a: Int, _ b: Int, at anchor: Vec2) { bodyA = a; bodyB = b; self.anchor = anchor }
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
    public var pins: [PinSpec]
    /// Frames of 1/60 s to run and time.
    public var steps: Int
    public var allowSleep: Bool
    public var stability: StabilityMeasure
    /// Count contact begin events through the engine's native callback (our engine: a Lua delegate).
    public var countsContacts: Bool

    /// Makes a scene; sleep is off by default so every step costs the full solve.
    public init(name: String, stresses: String, gravity: Vec2 = Vec2(0, 10), bodies: [BodySpec],
                segments: [SegmentSpec] = [], pins: [PinSpec] = [], steps: Int, allowSleep: Bool = false,
                stability: StabilityMeasure = .none, countsContacts: Bool = false) {
        self.name = name; self.stresses = stresses; self.gravity = gravity; self.bodies = bodies
        self.segments = segments; self.pins = pins; self.steps = steps; self.allowSleep = allowSleep
        self.stability = stability; self.countsContacts = countsContacts
    }

    /// Number of bodies that move (dynamic ones).
    public var dynamicBodyCount: Int { bodies.reduce(0) { $0 + ($1.kind == .dynamic ? 1 : 0) } }
}
