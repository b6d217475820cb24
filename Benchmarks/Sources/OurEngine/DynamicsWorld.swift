import BenchKit
import Dynamics
import Foundation

/// Our engine running a scene through Dynamics' public API, as a Swift program would use it: one DynamicItem per
/// shape, an ItemBehavior for density and friction, Gravity, Collision with the segments as boundaries, and pin
/// attachments. Scenes are in metres; the API speaks points (100 pt = 1 m).
public final class DynamicsWorld: SimulationWorld {
    /// Points per metre, as the whole project uses.
    public static let pointsPerMetre = 100.0
    /// Density given to the parts of a kinematic body, so heavy that boxes cannot push them in one frame.
    static let kinematicDensity = 1e4

    /// The engine as the harness lists it, at the animator's default 4 sub-steps, on one thread.
    public static let engine = Engine(name: "ours", settings: "ours: 4 sub-steps, 1 worker") { try DynamicsWorld(scene: $0) }

    /// The engine with its step split across `workers` threads ("ours x2" for two).
    public static func engine(workers: Int) -> Engine {
        guard workers > 1 else { return engine }
        return Engine(name: "ours x\(workers)", settings: "ours x\(workers): 4 sub-steps, \(workers) workers") {
            try DynamicsWorld(scene: $0, workers: workers)
        }
    }

    private let animator: Animator
    /// The item standing for each scene body (the first part of a kinematic body).
    private var itemOfBody: [DynamicItem] = []
    /// Kinematic bodies: the UIKit API has none, so their parts are heavy items put back on their prescribed path
    /// before every frame (pose and velocities), which costs the solver what a kinematic body would.
    private var driven: [DrivenPart] = []
    private var kinematicStart: [Int: (position: Vec2, angle: Double, velocity: Vec2, spin: Double)] = [:]
    private var elapsed = 0.0
    private let counter: ContactCounter?
    private var sleeps = false

    private struct DrivenPart {
        var item: DynamicItem
        var body: Int
        var offset: Vec2
        var angle: Double
    }

    /// Builds the scene in a fresh animator with no reference bounds, stepping on `workers` threads.
    public init(scene: SceneSpec, substeps: Int = 4, workers: Int = 1) throws {
        animator = Animator()
        try animator.setSubsteps(substeps)
        try animator.setWorkerCount(workers)
        let s = Self.pointsPerMetre
        let gravity = GravityBehavior()
        let colliding = CollisionBehavior()
        let properties = DynamicItemBehavior()
        try properties.setFriction(Scenes.friction)
        // The item behaviour added last wins for an item, so each one carries the friction too.
        let anchored = DynamicItemBehavior()
        anchored.anchored = true
        try anchored.setFriction(Scenes.friction)
        let heavy = DynamicItemBehavior()
        try heavy.setDensity(Self.kinematicDensity)
        try heavy.setFriction(Scenes.friction)
        var pins: [AttachmentBehavior] = []
        // One item behaviour per density other than 1, in first-seen order; added after `properties`, so it wins.
        var densities: [(density: Double, behavior: DynamicItemBehavior)] = []

        for (index, body) in scene.bodies.enumerated() {
            if body.kind != .kinematic && body.shapes.count != 1 {
                throw EngineError("ours: body \(index) has \(body.shapes.count) shapes; an item has one")
            }
            for (part, shape) in body.shapes.enumerated() {
                let (offset, partAngle, item) = try Self.makeItem(shape, of: body, index: index, part: part)
                if part == 0 { itemOfBody.append(item) }
                try properties.addItem(item)
                if body.collides { try colliding.addItem(item) }
                switch body.kind {
                case .dynamic:
                    try gravity.addItem(item)
                    if body.density != 1 {
                        if let i = densities.firstIndex(where: { $0.density == body.density }) {
                            try densities[i].behavior.addItem(item)
                        } else {
                            let b = DynamicItemBehavior()
                            try b.setDensity(body.density)
                            try b.setFriction(Scenes.friction)
                            try b.addItem(item)
                            densities.append((body.density, b))
                        }
                    }
                    if body.velocity != .zero || body.angularVelocity != 0 {
                        try item.setVelocity(Vector(body.velocity.x * s, body.velocity.y * s))
                        try item.setAngularVelocity(body.angularVelocity)
                    }
                case .fixed:
                    try anchored.addItem(item)
                case .kinematic:
                    try heavy.addItem(item)
                    driven.append(DrivenPart(item: item, body: index, offset: offset, angle: partAngle))
                    kinematicStart[index] = (body.position, body.angle, body.velocity, body.angularVelocity)
                }
            }
        }
        for (i, segment) in scene.segments.enumerated() {
            try colliding.addBoundary(.number(Double(i)), from: Vector(segment.a.x * s, segment.a.y * s),
                                      to: Vector(segment.b.x * s, segment.b.y * s))
        }
        for pin in scene.pins {
            guard pin.bodyA < itemOfBody.count, pin.bodyB < itemOfBody.count else { throw EngineError("ours: bad pin") }
            pins.append(try AttachmentBehavior.pin(itemOfBody[pin.bodyA], itemOfBody[pin.bodyB],
                                                   anchor: Vector(pin.anchor.x * s, pin.anchor.y * s)))
        }
        // Gravity: magnitude 1 is 1000 pt/s^2 = 10 m/s^2.
        let g = scene.gravity
        if g.length > 0 { try gravity.setDirection(Vector(g.x / 10, g.y / 10)) } else { try gravity.setMagnitude(0) }
        if scene.countsContacts {
            let c = ContactCounter()
            colliding.delegate = c
            counter = c
        } else {
            counter = nil
        }
        for behavior in [gravity, colliding, properties, anchored, heavy] + densities.map(\.behavior) as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        for pin in pins { try animator.addBehavior(pin) }
        // The peers run with sleep off unless the scene allows it; so does ours, or its frames would cost nothing.
        animator.allowsSleep = scene.allowSleep
        sleeps = scene.allowSleep
    }

    /// One item for one shape of a body: where the shape sits on its body, and the item.
    private static func makeItem(_ shape: ShapeSpec, of body: BodySpec, index: Int, part: Int) throws
        -> (offset: Vec2, angle: Double, item: DynamicItem) {
        let s = pointsPerMetre
        let name = "b\(index)" + (part > 0 ? ".\(part)" : "")
        switch shape {
        case let .box(hw, hh, center, angle):
            let c = body.position + rotate(center, by: body.angle)
            let item = try DynamicItem(center: Vector(c.x * s, c.y * s), size: Vector(2 * hw * s, 2 * hh * s),
                                       angle: body.angle + angle, name: name)
            return (center, angle, item)
        case let .circle(r, center):
            let c = body.position + rotate(center, by: body.angle)
            let item = try DynamicItem(center: Vector(c.x * s, c.y * s), size: Vector(2 * r * s, 2 * r * s),
                                       angle: body.angle, name: name, shape: .ellipse)
            return (center, 0, item)
        case let .polygon(points):
            let item = try DynamicItem(center: Vector(body.position.x * s, body.position.y * s),
                                       path: points.map { Vector($0.x * s, $0.y * s) }, angle: body.angle, name: name)
            return (.zero, 0, item)
        }
    }

    private static func rotate(_ v: Vec2, by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(c * v.x - s * v.y, s * v.x + c * v.y)
    }

    public func step(_ dt: Double) throws {
        try driveKinematicParts()
        try animator.step(dt)
        elapsed += dt
    }

    /// Puts every part of a kinematic body where its steady motion has it now, with the matching velocities.
    private func driveKinematicParts() throws {
        let s = Self.pointsPerMetre
        for part in driven {
            guard let start = kinematicStart[part.body] else { continue }
            let angle = start.angle + start.spin * elapsed
            let origin = start.position + start.velocity * elapsed
            let arm = Self.rotate(part.offset, by: angle)
            let centre = origin + arm
            // Velocity of a point on a turning body: v + w x r, with w x r = w (-r.y, r.x).
            let velocity = start.velocity + Vec2(-arm.y, arm.x) * start.spin
            try part.item.setCenter(Vector(centre.x * s, centre.y * s))
            try part.item.setAngle(angle + part.angle)
            try part.item.setVelocity(Vector(velocity.x * s, velocity.y * s))
            try part.item.setAngularVelocity(start.spin)
        }
    }

    public func position(of index: Int) -> Vec2 {
        guard index >= 0, index < itemOfBody.count else { return Vec2(.nan, .nan) }
        let c = itemOfBody[index].center
        return Vec2(c.x / Self.pointsPerMetre, c.y / Self.pointsPerMetre)
    }

    public var bodyCount: Int { itemOfBody.count }
    /// The world's storage part by part (see `Animator.worldStorageParts`).
    public var storageParts: [WorldStoragePart] { animator.worldStorageParts }

    public var contactBegins: Int { counter?.begins ?? 0 }

    /// What differs from the peers' run: hand-driven parts, and items asleep when the scene wanted sleep off.
    public var note: String? {
        var notes: [String] = []
        if !driven.isEmpty {
            notes.append("the turning walls are items put back on their path by hand before every frame "
                         + "(UIKit has no kinematic items); each write updates only that item's body")
        }
        if !sleeps {
            let asleep = animator.snapshot().items.filter(\.isAsleep).count
            if !animator.isRunning {
                notes.append("the animator paused (nothing left that can move), so this time is not comparable")
            } else if asleep > 0 {
                notes.append("\(asleep) items asleep at the end although sleep is off")
            }
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}

/// A Swift collision delegate that only counts, as the peers' native callbacks do.
final class ContactCounter: CollisionBehaviorDelegate {
    var begins = 0
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem,
                           at point: Vector) throws { begins += 1 }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws { begins += 1 }
}
