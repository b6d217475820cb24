#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dynamics

/// A world served live: the Lua thread's side of a live view.
///
/// The session lives on the thread that owns the animator (Lua's). `tick` is called from that thread's idle
/// moments (the REPL between keys, `luadyn --serve`'s loop); it reads what pages asked for from the hub, applies it
/// to the animator, steps the frames real time asks for through the caller's `step` (which runs Lua callbacks
/// there), and sends the frame out. The server's thread only passes text through the hub.
public final class LiveSession {
    /// The world being served.
    public let animator: Animator
    private let server: LiveServer

    /// Whether the page's pause is on (the world stands still until play, or moves one frame per step).
    public private(set) var isPaused = false
    /// Frames stepped while served (by the session, or by anyone who told it with `didStep`).
    public private(set) var frameCount = 0
    /// Page messages that were not understood, or named an item of an older scene; none of them reached the world.
    public private(set) var ignoredMessages = 0

    /// The drag spring: stiffness and damping per unit mass (a 3 Hz spring, 70 % of critical damping)
    /// and the cap on its pull, in multiples of the item's weight under gravity 1 (1000 pt/s^2).
    public static let dragFrequency = 3.0
    public static let dragDampingRatio = 0.7
    public static let dragMaxForceInWeights = 30.0

    private var pendingSteps = 0
    private var clockOrigin: Double?
    private var framesSinceOrigin = 0
    private var lastPublished = -Double.infinity
    private var lastStepped = LiveSession.wallClockMilliseconds
    private var drag: (item: DynamicItem, target: Vector)?
    private var sceneNumber = 0
    private var sceneItems: [DynamicItem] = []
    private var sceneNeeded = true
    private var tracedItems: [DynamicItem] = []
    private var tracedFields: [String] = []
    private var overrides: [(item: DynamicItem, behavior: DynamicItemBehavior)] = []
    private let initialItems: [(item: DynamicItem, center: Vector, angle: Double, velocity: Vector, spin: Double)]
    private let initialGravity: [(GravityBehavior, Double)]

    /// At most this many frames are stepped in one tick: a world that cannot keep up slows down instead of
    /// falling ever further behind.
    static let maxFramesPerTick = 4
    /// A world that stands still is still sent this often, so what the REPL changes shows while paused.
    static let idleRefresh = 0.1

    /// Starts serving `animator` on 127.0.0.1:`port` (0 picks a free port).
    public init(animator: Animator, port: Int) throws(LiveViewError) {
        self.animator = animator
        self.server = try LiveServer(port: port, page: LivePage.html)
        initialItems = animator.items.map { ($0, $0.center, $0.angle, $0.velocity, $0.angularVelocity) }
        initialGravity = Self.gravities(of: animator).map { ($0, $0.magnitude) }
    }

    /// The page's address, `http://127.0.0.1:PORT/`.
    public var url: String { server.url }
    /// The port it listens on.
    public var port: Int { server.port }
    /// How many pages are connected now.
    public var pageCount: Int { server.hub.clientCount }

    /// Closes the pages and frees the port. What the session added to the world (the material a page's sliders
    /// set) stays.
    public func stop() { server.stop() }

    /// One idle moment of the owning thread, `now` in seconds of a monotonic clock: applies what pages asked for,
    /// steps the frames that real time asks for with `step` (false from it: a callback failed and was reported;
    /// serving goes on), and sends the newest frame. Errors `step` throws (an interrupt) are passed on.
    public func tick(now: Double, step: () throws -> Bool) rethrows {
        applyCommands(now: now)
        var frames = 0
        if isPaused {
            frames = min(pendingSteps, Self.maxFramesPerTick)
            pendingSteps -= frames
        } else {
            let origin = clockOrigin ?? now
            if clockOrigin == nil { clockOrigin = now; framesSinceOrigin = 0 }
            let due = Int((now - origin) / animator.timeStep) - framesSinceOrigin
            frames = max(0, min(due, Self.maxFramesPerTick))
            framesSinceOrigin += frames
            // Behind by more than a tick's worth: start counting again from now rather than catch up in a burst.
            if due > Self.maxFramesPerTick { clockOrigin = now; framesSinceOrigin = 0 }
        }
        for _ in 0..<frames {
            pullDraggedItem()
            _ = try step()
            frameCount += 1
            lastStepped = Self.wallClockMilliseconds
        }
        if frames > 0 || sceneNeeded || now - lastPublished >= Self.idleRefresh {
            publish(now: now)
        }
    }

    /// The items and fields a trace follows, offered by the page as live graphs (`center`, `velocity`, `angle`,
    /// `angularVelocity`); the scene is sent again when they change.
    public func setTraced(items: [DynamicItem], fields: [String]) {
        guard fields != tracedFields || items.count != tracedItems.count || zip(items, tracedItems).contains(where: { $0 !== $1 }) else { return }
        tracedItems = items
        tracedFields = fields
        sceneNeeded = true
    }

    /// Someone else stepped the animator (a REPL `.run`, `animator:step()` typed at the prompt): the pages see it.
    public func didStep(now: Double) {
        frameCount += 1
        lastStepped = Self.wallClockMilliseconds
        publish(now: now)
    }

    /// Milliseconds since 1970 (the clock a browser's `Date.now()` reads).
    static var wallClockMilliseconds: Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    /// Sends the scene when it changed, then the frame.
    private func publish(now: Double) {
        lastPublished = now
        let items = animator.items
        if sceneNeeded || items.count != sceneItems.count || zip(items, sceneItems).contains(where: { $0 !== $1 }) {
            sceneNumber += 1
            sceneItems = items
            sceneNeeded = false
            let traced = tracedItems.compactMap { item in items.firstIndex { $0 === item } }
            server.hub.broadcast(LiveFrames.scene(animator, number: sceneNumber, properties: properties(of:),
                                                  gravity: Self.gravities(of: animator).first?.magnitude,
                                                  traced: (traced, tracedFields)),
                                 isScene: true)
        }
        let dragged = drag.flatMap { d in sceneItems.firstIndex { $0 === d.item }.map { ($0, d.target) } }
        server.hub.broadcast(LiveFrames.frame(animator, scene: sceneNumber, frame: frameCount, paused: isPaused,
                                              gravity: Self.gravities(of: animator).first?.magnitude,
                                              dragged: dragged, stepped: lastStepped))
    }

    private func applyCommands(now: Double) {
        for text in server.hub.takeInbox() {
            guard let command = LiveCommand.parse(text) else { ignoredMessages += 1; continue }
            switch command {
            case .pause:
                isPaused = true
                pendingSteps = 0
            case .play:
                isPaused = false
                clockOrigin = nil
            case .step:
                // A step while playing pauses first: the page shows the frame it asked for.
                isPaused = true
                pendingSteps += 1
            case .reset:
                reset()
            case .sceneRequest:
                sceneNeeded = true
            case .release:
                drag = nil
            case .drag(let scene, let index, let target):
                guard let item = item(scene: scene, index: index) else { ignoredMessages += 1; continue }
                drag = (item, target)
            case .gravity(let magnitude):
                for g in Self.gravities(of: animator) { try? g.setMagnitude(magnitude) }
                sceneNeeded = true
            case .itemProperty(let scene, let index, let property, let value):
                guard let item = item(scene: scene, index: index) else { ignoredMessages += 1; continue }
                setProperty(property, value, of: item)
                sceneNeeded = true
            }
        }
    }

    private func item(scene: Int, index: Int) -> DynamicItem? {
        guard scene == sceneNumber, sceneItems.indices.contains(index), sceneItems[index].animator === animator else {
            return nil
        }
        return sceneItems[index]
    }

    /// The spring toward the pointer: acceleration ω²·d − 2ζω·v, capped so the force stays under the limit,
    /// given as a change of velocity over one time step (the drag needs no behaviour in the tree).
    private func pullDraggedItem() {
        guard let (item, target) = drag, item.animator === animator else { drag = nil; return }
        let omega = 2 * Double.pi * Self.dragFrequency
        var acceleration = (target - item.center) * (omega * omega) - item.velocity * (2 * Self.dragDampingRatio * omega)
        let limit = Self.dragMaxForceInWeights * GravityBehavior.pointsPerSecondSquared
        let length = acceleration.length
        if length > limit { acceleration = acceleration * (limit / length) }
        try? item.setVelocity(item.velocity + acceleration * animator.timeStep)
    }

    private func reset() {
        drag = nil
        for s in initialItems where s.item.animator === animator {
            try? s.item.setCenter(s.center)
            try? s.item.setAngle(s.angle)
            try? s.item.setVelocity(s.velocity)
            try? s.item.setAngularVelocity(s.spin)
        }
        for (g, magnitude) in initialGravity { try? g.setMagnitude(magnitude) }
        sceneNeeded = true
    }

    /// The material that applies to `item`: the last item behaviour in tree order that holds it, else the defaults.
    func properties(of item: DynamicItem) -> ItemProperties {
        var found = ItemProperties()
        for b in Self.tree(of: animator) {
            if let ib = b as? DynamicItemBehavior, ib.contains(item) { found = ib.properties }
        }
        return found
    }

    /// A slider moved: the item gets an item behaviour of its own, at the end of the tree so it wins, holding
    /// the material it had with the one property changed.
    private func setProperty(_ property: LiveCommand.ItemProperty, _ value: Double, of item: DynamicItem) {
        let behavior: DynamicItemBehavior
        if let existing = overrides.first(where: { $0.item === item })?.behavior, existing.animator === animator {
            behavior = existing
        } else {
            let p = properties(of: item)
            behavior = DynamicItemBehavior(items: [item])
            try? behavior.setElasticity(p.elasticity)
            try? behavior.setFriction(p.friction)
            try? behavior.setDensity(p.density)
            try? behavior.setResistance(p.resistance)
            try? behavior.setAngularResistance(p.angularResistance)
            try? behavior.setCharge(p.charge)
            behavior.allowsRotation = p.allowsRotation
            behavior.anchored = p.anchored
            behavior.allowsSleep = p.allowsSleep
            guard (try? animator.addBehavior(behavior)) != nil else { return }
            overrides.removeAll { $0.item === item }
            overrides.append((item, behavior))
        }
        switch property {
        case .elasticity: try? behavior.setElasticity(value)
        case .friction: try? behavior.setFriction(value)
        case .density: try? behavior.setDensity(value)
        }
    }

    /// Every behaviour of the animator, parents before their children, in the order they were added.
    static func tree(of animator: Animator) -> [DynamicBehavior] {
        var out: [DynamicBehavior] = []
        var stack = Array(animator.behaviors.reversed())
        while let b = stack.popLast() {
            out.append(b)
            stack.append(contentsOf: b.children.reversed())
        }
        return out
    }

    static func gravities(of animator: Animator) -> [GravityBehavior] {
        tree(of: animator).compactMap { $0 as? GravityBehavior }
    }
}
