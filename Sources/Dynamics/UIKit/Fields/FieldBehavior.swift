/// A field, UIKit's UIFieldBehavior: pushes the items it holds whose centre lies in `region` (placed at
/// `position`), each frame and, except for custom fields, each sub-step (see FieldKind for what each kind does).
/// Strength scales every kind; beyond `minimumRadius` the force also scales with (distance / 100 pt)^-falloff, the
/// distance measured from `position`.
public final class FieldBehavior: ItemHoldingBehavior {
    /// A custom field's force on one item, in mass x pt/s^2: given the field, the item's centre (pt), velocity
    /// (pt/s), mass, charge and the animator's clock (s).
    public typealias CustomForce = (_ field: FieldBehavior, _ position: Vector, _ velocity: Vector, _ mass: Double,
                                    _ charge: Double, _ time: Double) throws -> Vector

    /// What the field does; fixed when made.
    public let kind: FieldKind
    /// The field's origin (default (0, 0)): where radial, spring, electric and vortex fields centre, where the
    /// region is placed and where falloff distances start.
    public private(set) var position: Vector = .zero
    /// Where the field acts, relative to `position` (default everywhere).
    public private(set) var region: Region = .infinite
    /// Default 1.
    public private(set) var strength: Double = 1
    /// Default 0 (uniform); not negative.
    public private(set) var falloff: Double = 0
    /// Distances below this count as this in the falloff term (pt, positive; default 0.001).
    public private(set) var minimumRadius: Double = 0.001
    /// Of linear gravity (the acceleration in units of 1000 pt/s^2) and velocity fields (the target velocity in
    /// units of 100 pt/s); default (0, 1), down the screen.
    public private(set) var direction = Vector(0, 1)
    /// Of noise and turbulence: 0 gives features about 50 pt across, 1 about 500 pt (default 0.5).
    public private(set) var smoothness: Double = 0.5
    /// Of noise and turbulence: how fast the pattern changes, Hz (default 1; 0 freezes it).
    public private(set) var animationSpeed: Double = 1
    /// Of noise and turbulence: another seed gives another pattern (default 0).
    public private(set) var seed: Int = 0
    /// A custom field's function.
    public let customForce: CustomForce?

    /// Forces of a custom field on the bodies of its items this frame, gathered before the frame touches the world.
    private var pendingForces: [(body: Int32, force: Vector)] = []

    /// A field of `kind` (not custom) acting on `items`.
    public init(kind: FieldKind, items: [DynamicItem] = []) throws(DynamicsError) {
        guard kind != .custom else { throw DynamicsError("a custom field needs a function") }
        self.kind = kind
        customForce = nil
        super.init(items: items)
    }

    /// A custom field whose force on each item `force` gives, evaluated once per frame.
    public init(items: [DynamicItem] = [], custom force: @escaping CustomForce) {
        kind = .custom
        customForce = force
        super.init(items: items)
    }

    /// Sets the origin.
    public func setPosition(_ p: Vector) throws(DynamicsError) { try checkFinite(p, "position"); position = p; propertyDidChange() }
    /// Sets the region.
    public func setRegion(_ r: Region) { region = r; propertyDidChange() }
    /// Sets the strength (finite; negative reverses the field).
    public func setStrength(_ x: Double) throws(DynamicsError) { try checkFinite(x, "strength"); strength = x; propertyDidChange() }
    /// Sets the falloff exponent (finite, not negative).
    public func setFalloff(_ x: Double) throws(DynamicsError) { try checkNonNegative(x, "falloff"); falloff = x; propertyDidChange() }
    /// Sets the minimum radius (positive).
    public func setMinimumRadius(_ x: Double) throws(DynamicsError) {
        try checkPositive(x, "minimumRadius"); minimumRadius = x; propertyDidChange()
    }
    /// Sets the direction vector (finite; its length counts).
    public func setDirection(_ v: Vector) throws(DynamicsError) { try checkFinite(v, "direction"); direction = v; propertyDidChange() }
    /// Sets the smoothness, 0 to 1.
    public func setSmoothness(_ x: Double) throws(DynamicsError) {
        guard x.isFinite, x >= 0, x <= 1 else { throw DynamicsError("smoothness must be between 0 and 1, got \(x)") }
        smoothness = x; propertyDidChange()
    }
    /// Sets the animation speed (Hz, not negative).
    public func setAnimationSpeed(_ x: Double) throws(DynamicsError) {
        try checkNonNegative(x, "animationSpeed"); animationSpeed = x; propertyDidChange()
    }
    /// Sets the noise seed.
    public func setSeed(_ x: Int) { seed = x; propertyDidChange() }

    /// The field as the world step sees it.
    var source: FieldSource {
        FieldSource(kind: kind, position: position, direction: direction, strength: strength, falloff: falloff,
                    minimumRadius: minimumRadius, noiseFrequency: 1 / (50 + 450 * smoothness),
                    animationSpeed: animationSpeed, seed: UInt64(bitPattern: Int64(seed)))
    }

    /// Whether an item centred at `center` is in the field's region.
    public func acts(at center: Vector) -> Bool { region.isInfinite || region.contains(center - position) }

    /// The acceleration (pt/s^2) a still item of unit charge per mass at `p` would feel now; what pictures draw.
    public func sampleAcceleration(at p: Vector, time: Double) -> Vector {
        guard kind != .custom, acts(at: p) else { return .zero }
        return source.sampleAcceleration(at: p, time: time)
    }

    // MARK: What the field contributes to its animator's frames

    override var appliesFrameForces: Bool { true }

    /// A custom field calls its function for each item in the region now, before the frame changes anything, so a
    /// function that throws or returns a non-finite force stops the frame with the world as it was.
    override func prepareFrameForces(_ animator: Animator) throws {
        pendingForces.removeAll(keepingCapacity: true)
        guard let customForce else { return }
        let time = animator.time
        for it in items {
            let i = Int(it.bodyID)
            guard it.bodyID >= 0, i < animator.world.bodies.count, animator.world.bodies[i].isDynamic,
                  acts(at: animator.world.bodies[i].origin) else { continue }
            let b = animator.world.bodies[i]
            let mass = b.invMass > 0 ? 1 / b.invMass : 0
            let f = try customForce(self, b.origin, it.velocity, mass, it.charge, time)
            guard f.isFinite else {
                func text(_ x: Double) -> String { x.isNaN ? "nan" : "\(x)" }
                throw DynamicsError("custom field: the force on '\(it.name)' is not finite (\(text(f.x)), \(text(f.y)))")
            }
            pendingForces.append((it.bodyID, f))
        }
    }

    /// Hands the world this field and the bodies in its region (it acts on them every sub-step), or adds a custom
    /// field's forces for the frame.
    override func applyFrameForces(_ animator: Animator) {
        if kind == .custom {
            for (body, f) in pendingForces { animator.world.bodies[Int(body)].force += f }
            pendingForces.removeAll(keepingCapacity: true)
            return
        }
        let index = Int32(animator.world.fieldSources.count)
        var source = self.source
        source.firstLink = Int32(animator.world.fieldLinks.count)
        // This runs for every item of every field every frame: the links are built in a local array, the bodies
        // read through a buffer and the items lent without a retain and release each (as in writeBackItems).
        var links = ContiguousArray<FieldLink>()
        swap(&links, &animator.world.fieldLinks)
        defer { swap(&links, &animator.world.fieldLinks) }
        let region = self.region, position = self.position, everywhere = region.isInfinite
        links.reserveCapacity(links.count + items.count)
        animator.world.bodies.withUnsafeBufferPointer { bodies in
            items.withUnsafeBufferPointer { items in
                for k in items.indices {
                    Unmanaged.passUnretained(items[k])._withUnsafeGuaranteedRef { it in
                        let i = Int(it.bodyID)
                        guard i >= 0, i < bodies.count, bodies[i].isDynamic, bodies[i].invMass > 0 else { return }
                        guard everywhere || region.quicklyContains(bodies[i].origin - position) else { return }
                        links.append(FieldLink(body: it.bodyID, source: index, chargePerMass: it.charge * bodies[i].invMass))
                    }
                }
            }
        }
        source.linkCount = Int32(links.count) - source.firstLink
        animator.world.fieldSources.append(source)
    }

    /// The potential energy of the items in the region where the field has one (uniform linear gravity, radial,
    /// spring and electric fields), zero at the field's position (at the origin for linear gravity).
    override func potentialEnergy(_ animator: Animator, settings: ItemSettingsTable) -> Double {
        guard kind.isConservative, kind != .linearGravity || falloff == 0 else { return 0 }
        var total = 0.0
        for it in items {
            guard let k = settings.position(of: it) else { continue }
            let properties = settings.settings[k].properties ?? ItemProperties()
            guard !properties.anchored, acts(at: it.center) else { continue }
            let md = it.massData(density: properties.density)
            let p = it.center + Rotation(angle: it.angle).rotate(md.center)
            let r = (p - position).length
            switch kind {
            case .linearGravity: total -= md.mass * FieldScale.acceleration * strength * dot(direction, p)
            case .radialGravity: total += md.mass * FieldScale.acceleration * strength * falloffIntegral(r, power: 0)
            case .spring: total += md.mass * FieldScale.springStiffness * strength * falloffIntegral(r, power: 1)
            case .electric: total -= properties.charge * FieldScale.acceleration * strength * falloffIntegral(r, power: 0)
            default: break
            }
        }
        return total
    }

    /// ∫ from 0 to r of s^power times the falloff term: the potential of a central force of that magnitude.
    private func falloffIntegral(_ r: Double, power: Double) -> Double {
        func integral(_ p: Double, _ a: Double, _ b: Double) -> Double {
            abs(p + 1) < 1e-12 ? log(b / a) : (pow(b, p + 1) - pow(a, p + 1)) / (p + 1)
        }
        guard falloff != 0 else { return integral(power, 0, r) }
        let inner = pow(minimumRadius / FieldScale.falloffLength, -falloff)
        if r <= minimumRadius { return inner * integral(power, 0, r) }
        return inner * integral(power, 0, minimumRadius)
            + pow(FieldScale.falloffLength, falloff) * integral(power - falloff, minimumRadius, r)
    }

    /// What pictures draw: the snapshot samples the field on a grid over the picture.
    override func contribute(to parts: inout SnapshotParts, referenceBounds: AABB?) {
        parts.fields.append(self)
    }
}
