import BenchKit
import Dynamics
import Foundation

/// Our engine running a scene through Dynamics' public API, as a Swift program would use it: one DynamicItem per
/// shape (an item group for a moving body of several), an ItemBehavior for density, friction, elasticity and
/// resistance, Gravity, Collision with the segments and loops as boundaries, and pin attachments (with their range
/// and motor). Scenes are in metres; the API speaks points (100 pt = 1 m).
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
    private var counter: ContactCounter? = nil
    private var sleeps = false
    /// What this run builds differently from the scene, for the table's notes.
    private var notes: [String] = []

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
        try properties.setFriction(Scenes.friction)
        // The item behaviour added last wins for an item, so each one carries the friction too.
        anchored.anchored = true
        try anchored.setFriction(Scenes.friction)
        try heavy.setDensity(Self.kinematicDensity)
        try heavy.setFriction(Scenes.friction)
        for (index, body) in scene.bodies.enumerated() { itemOfBody.append(try add(body, index: index)) }
        for (i, segment) in scene.segments.enumerated() {
            boundaries.append((.number(Double(i)), [Polyline(points: [Vector(segment.a.x * s, segment.a.y * s),
                                                                       Vector(segment.b.x * s, segment.b.y * s)],
                                                              isClosed: false)]))
        }
        for (i, loop) in scene.loops.enumerated() {
            // A closed boundary: its segments know their neighbours, as v3's chain loop does.
            boundaries.append((.number(Double(scene.segments.count + i)),
                               [Polyline(points: loop.points.map { Vector($0.x * s, $0.y * s) }, isClosed: true)]))
        }
        for (identifier, polylines) in boundaries {
            for c in [colliding] + classes.map(\.behavior) { try c.addBoundary(identifier, polylines: polylines) }
        }
        // The behaviours join the animator once they hold the scene's items (adding to a behaviour an animator holds
        // checks each item against it); what waves make later joins behaviours already there.
        for behavior in [gravity, colliding, properties, anchored, heavy] + materials.map(\.behavior)
            + classes.map(\.behavior) as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        for pin in scene.pins {
            guard pin.bodyA < itemOfBody.count, pin.bodyB < itemOfBody.count else { throw EngineError("ours: bad pin") }
            try animator.addBehavior(try Self.attachment(pin, itemOfBody[pin.bodyA], itemOfBody[pin.bodyB]))
        }
        built = true
        groups = scene.groups
        waves = scene.waves
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
        // The peers run with sleep off unless the scene allows it; so does ours, or its frames would cost nothing.
        animator.allowsSleep = scene.allowSleep
        sleeps = scene.allowSleep
        if let threshold = scene.restitutionThreshold {
            try animator.setRestitutionThreshold(threshold * Self.pointsPerMetre)
        }
    }

    // The behaviours every scene shares, in the animator from the start.
    private let gravity = GravityBehavior()
    private let colliding = CollisionBehavior()
    private let properties = DynamicItemBehavior()
    private let anchored = DynamicItemBehavior()
    private let heavy = DynamicItemBehavior()
    /// One item behaviour per material other than the default (density 1, the scenes' friction, no bounce, no
    /// resistance), in first-seen order; added after `properties`, so it wins for its items.
    private var materials: [(material: Material, behavior: DynamicItemBehavior)] = []
    /// One collision behaviour per collision class k > 0, in first-seen order: the class's items, every fixed item,
    /// every item of class 0 and every boundary (UIKit's items meet when a collision behaviour holds both).
    private var classes: [(collisionClass: Int, behavior: CollisionBehavior)] = []
    /// What every class's behaviour holds besides its own items.
    private var meetEveryClass: [DynamicItem] = []
    private var boundaries: [(BoundaryIdentifier, [Polyline])] = []
    /// The groups made and unmade while the scene runs, the next event, the frames stepped, and each group's live
    /// items and attachments.
    private var groups: [BodyGroupSpec] = [], waves: [WaveEvent] = []
    private var nextWave = 0, frame = 0
    private var live: [Int: [DynamicItem]] = [:]
    /// Whether the scene's own bodies are built and the shared behaviours in the animator.
    private var built = false

    /// Makes the items of `body` (body number `index` of the scene, or of a group when nil) and puts them in their
    /// behaviours; returns the item standing for the body.
    private func add(_ body: BodySpec, index: Int?) throws -> DynamicItem {
        let s = Self.pointsPerMetre
        var parts: [DynamicItem] = []
        for (part, shape) in body.shapes.enumerated() {
            let (offset, partAngle, item, note) = try Self.makeItem(shape, of: body, index: index ?? -1, part: part)
            if let note, !notes.contains(note) { notes.append(note) }
            parts.append(item)
            if body.kind == .kinematic, let index {
                driven.append(DrivenPart(item: item, body: index, offset: offset, angle: partAngle))
                kinematicStart[index] = (body.position, body.angle, body.velocity, body.angularVelocity)
            }
        }
        guard let first = parts.first else { throw EngineError("ours: a body needs a shape") }
        // A moving or fixed body of several shapes is an item group: one body, one shape per member, as in the
        // peers. A fixed ground of many boxes is then one item in each behaviour, not one per box: v3's rain has
        // 2,505 ground boxes and twelve collision behaviours. A driven one's shapes are items of their own, each
        // moved to its place every frame.
        let grouped = parts.count > 1 && (body.kind == .dynamic || body.kind == .fixed)
        let item = grouped ? try DynamicItem(group: parts, name: first.name) : first
        for it in (item.members.isEmpty ? parts : [item]) {
            try properties.addItem(it)
            if body.collides {
                if body.collisionClass == 0 || body.kind != .dynamic {
                    try colliding.addItem(it)
                    meetEveryClass.append(it)
                    for c in classes { try c.behavior.addItem(it) }
                } else {
                    try classBehavior(body.collisionClass).addItem(it)
                }
            }
            switch body.kind {
            case .dynamic:
                try gravity.addItem(it)
                let material = Material(body)
                if material != Material() {
                    if let i = materials.firstIndex(where: { $0.material == material }) {
                        try materials[i].behavior.addItem(it)
                    } else {
                        let b = try material.behavior()
                        try b.addItem(it)
                        materials.append((material, b))
                        if built { try animator.addBehavior(b) }
                    }
                }
                if body.velocity != .zero || body.angularVelocity != 0 {
                    try it.setVelocity(Vector(body.velocity.x * s, body.velocity.y * s))
                    try it.setAngularVelocity(body.angularVelocity)
                }
            case .fixed:
                try anchored.addItem(it)
            case .kinematic:
                try heavy.addItem(it)
            }
        }
        return item
    }

    /// The collision behaviour of class `k`, made (with what meets every class) on first use.
    private func classBehavior(_ k: Int) throws -> CollisionBehavior {
        if let c = classes.first(where: { $0.collisionClass == k }) { return c.behavior }
        let c = CollisionBehavior()
        for it in meetEveryClass { try c.addItem(it) }
        for (identifier, polylines) in boundaries { try c.addBoundary(identifier, polylines: polylines) }
        classes.append((k, c))
        if built { try animator.addBehavior(c) }
        return c
    }

    /// The pin attachment for `pin` between two items, with its range and motor.
    private static func attachment(_ pin: PinSpec, _ a: DynamicItem, _ b: DynamicItem) throws -> AttachmentBehavior {
        let s = pointsPerMetre
        let attachment = try AttachmentBehavior.pin(a, b, anchor: Vector(pin.anchor.x * s, pin.anchor.y * s))
        if let range = pin.angleRange {
            try attachment.setAttachmentRange(FloatRange(minimum: range.lowerBound, maximum: range.upperBound))
        }
        if pin.maxMotorTorque > 0 {
            // N m to mass x pt^2 / s^2 (mass 1 is 1 kg at density 1 per 100 x 100 pt, so 1 N m = 10^4); an
            // unlimited motor gets a torque so large it never binds, and stays finite through the solver's arithmetic.
            try attachment.setFrictionTorque(min(pin.maxMotorTorque * s * s, 1e300))
            try attachment.setMotorSpeed(pin.motorSpeed)
        }
        return attachment
    }

    /// Makes and unmakes the groups whose time has come, before the frame is stepped.
    private func runWaves() throws {
        while nextWave < waves.count && waves[nextWave].frame <= frame {
            let event = waves[nextWave]
            nextWave += 1
            if event.make {
                let group = groups[event.group]
                var items: [DynamicItem] = []
                items.reserveCapacity(group.bodies.count)
                for body in group.bodies { items.append(try add(body, index: nil)) }
                for pin in group.pins { try animator.addBehavior(try Self.attachment(pin, items[pin.bodyA], items[pin.bodyB])) }
                live[event.group] = items
            } else if let items = live.removeValue(forKey: event.group) {
                // Out of every behaviour; the attachments holding them go with them.
                for item in items { item.removeFromSuperview() }
            }
        }
    }

    /// What a moving body is made of, as an item behaviour says it.
    private struct Material: Equatable {
        var density = 1.0, friction = Scenes.friction, elasticity = 0.0, resistance = 0.0
        init() {}
        init(_ body: BodySpec) {
            density = body.density; friction = body.friction; elasticity = body.restitution
            resistance = body.linearDamping
        }
        func behavior() throws -> DynamicItemBehavior {
            let b = DynamicItemBehavior()
            try b.setDensity(density)
            try b.setFriction(friction)
            try b.setElasticity(elasticity)
            try b.setResistance(resistance)
            return b
        }
    }

    /// One item for one shape of a body: where the shape sits on its body, the item, and what it could not match.
    private static func makeItem(_ shape: ShapeSpec, of body: BodySpec, index: Int, part: Int) throws
        -> (offset: Vec2, angle: Double, item: DynamicItem, note: String?) {
        let s = pointsPerMetre
        // The body's name on its first item (a group takes it); the other parts go unnamed, as the peers' shapes
        // do: naming each of v3's rain's 2,505 ground boxes cost more than making it.
        let name = part > 0 ? "" : "b\(index)"
        switch shape {
        case let .box(hw, hh, center, angle):
            let c = body.position + rotate(center, by: body.angle)
            let item = try DynamicItem(center: Vector(c.x * s, c.y * s), size: Vector(2 * hw * s, 2 * hh * s),
                                       angle: body.angle + angle, name: name)
            return (center, angle, item, nil)
        case let .circle(r, center):
            let c = body.position + rotate(center, by: body.angle)
            let item = try DynamicItem(center: Vector(c.x * s, c.y * s), size: Vector(2 * r * s, 2 * r * s),
                                       angle: body.angle, name: name, shape: .ellipse)
            return (center, 0, item, nil)
        case let .polygon(points):
            let item = try DynamicItem(center: Vector(body.position.x * s, body.position.y * s),
                                       path: points.map { Vector($0.x * s, $0.y * s) }, angle: body.angle, name: name)
            return (.zero, 0, item, nil)
        case let .capsule(c1, c2, r):
            // An item's capsule runs along its longer side, centred on it: turn the item along the axis.
            let mid = (c1 + c2) * 0.5, axis = c2 - c1
            let along = atan2(axis.y, axis.x)
            let c = body.position + rotate(mid, by: body.angle)
            let item = try DynamicItem(center: Vector(c.x * s, c.y * s),
                                       size: Vector((axis.length + 2 * r) * s, 2 * r * s),
                                       angle: body.angle + along, name: name, shape: .capsule)
            return (mid, along, item, nil)
        case let .roundedPolygon(points, r):
            // Items have no rounded corners: the outline grown by the radius, with sharp corners.
            let item = try DynamicItem(center: Vector(body.position.x * s, body.position.y * s),
                                       path: grown(points, by: r).map { Vector($0.x * s, $0.y * s) }, angle: body.angle,
                                       name: name)
            return (.zero, 0, item, "rounded polygons are their outlines grown by the radius, with sharp corners")
        }
    }

    /// A convex polygon (counter-clockwise in y-up terms) with every edge moved out by `r` along its normal.
    private static func grown(_ p: [Vec2], by r: Double) -> [Vec2] {
        // Which way is out depends on the winding; the signed area says which.
        var twice = 0.0
        for i in p.indices { let a = p[i], b = p[(i + 1) % p.count]; twice += a.x * b.y - a.y * b.x }
        let sign = twice >= 0 ? 1.0 : -1.0
        func normal(_ i: Int) -> Vec2 {
            let e = p[(i + 1) % p.count] - p[i]
            return Vec2(e.y, -e.x) * (sign / e.length)
        }
        return p.indices.map { i in
            let n1 = normal((i + p.count - 1) % p.count), n2 = normal(i)
            let sum = n1 + n2
            // The corner moves along the bisector, far enough that both edges move by r.
            return p[i] + sum * (r / (1 + n1.x * n2.x + n1.y * n2.y))
        }
    }

    private static func rotate(_ v: Vec2, by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(c * v.x - s * v.y, s * v.x + c * v.y)
    }

    public func step(_ dt: Double) throws {
        if nextWave < waves.count { try runWaves() }
        frame += 1
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
        var notes = self.notes
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
