/// Item properties, UIKit's UIDynamicItemBehavior. Where several item behaviours hold one item, the one added last
/// (latest in the animator's tree order) decides all of that item's properties.
public final class DynamicItemBehavior: ItemHoldingBehavior {
    /// Restitution of collisions, 0 (none, the default) and up; 1 bounces back at full speed.
    public private(set) var elasticity: Double = 0
    /// Coulomb friction coefficient, 0 and up (default 0); a contact rubs with the larger of its two surfaces' values.
    public private(set) var friction: Double = 0
    /// Relative mass per area, positive (default 1): mass = density x area / 10000.
    public private(set) var density: Double = 1
    /// Linear damping per second, 0 and up (default 0).
    public private(set) var resistance: Double = 0
    /// Angular damping per second, 0 and up (default 0).
    public private(set) var angularResistance: Double = 0
    /// Whether the items may turn (default true).
    public var allowsRotation: Bool = true { didSet { propertyDidChange() } }
    /// Whether the items are fixed in place (default false); they still collide.
    public var anchored: Bool = false { didSet { propertyDidChange() } }
    /// Whether the items may fall asleep when at rest (default true); false keeps them, and what they rest on or are
    /// joined to, awake.
    public var allowsSleep: Bool = true { didSet { propertyDidChange() } }
    /// Electric charge, for electric and magnetic fields (default 0: fields of those kinds ignore the item).
    public private(set) var charge: Double = 0

    /// Item properties with UIKit's defaults for `items`.
    public override init(items: [DynamicItem] = []) { super.init(items: items) }

    /// Sets the elasticity (non-negative).
    public func setElasticity(_ x: Double) throws(DynamicsError) { try checkNonNegative(x, "elasticity"); elasticity = x; propertyDidChange() }
    /// Sets the friction coefficient (non-negative).
    public func setFriction(_ x: Double) throws(DynamicsError) { try checkNonNegative(x, "friction"); friction = x; propertyDidChange() }
    /// Sets the density (positive).
    public func setDensity(_ x: Double) throws(DynamicsError) { try checkPositive(x, "density", atMost: largestDensity); density = x; propertyDidChange() }
    /// Sets the linear resistance (non-negative, per second).
    public func setResistance(_ x: Double) throws(DynamicsError) { try checkNonNegative(x, "resistance"); resistance = x; propertyDidChange() }
    /// Sets the angular resistance (non-negative, per second).
    public func setAngularResistance(_ x: Double) throws(DynamicsError) {
        try checkNonNegative(x, "angularResistance"); angularResistance = x; propertyDidChange()
    }
    /// Sets the charge (finite).
    public func setCharge(_ x: Double) throws(DynamicsError) { try checkFinite(x, "charge"); charge = x; propertyDidChange() }

    /// Adds `v` (pt/s) to the item's velocity.
    public func addLinearVelocity(_ v: Vector, for item: DynamicItem) throws(DynamicsError) {
        try checkFinite(v, "velocity")
        try item.setVelocity(item.velocity + v)
    }

    /// The item's velocity, pt/s.
    public func linearVelocity(for item: DynamicItem) -> Vector { item.velocity }

    /// Adds `w` (rad/s) to the item's angular velocity.
    public func addAngularVelocity(_ w: Double, for item: DynamicItem) throws(DynamicsError) {
        try checkFinite(w, "angular velocity")
        try item.setAngularVelocity(item.angularVelocity + w)
    }

    /// The item's angular velocity, rad/s.
    public func angularVelocity(for item: DynamicItem) -> Double { item.angularVelocity }

    /// All of the properties, as the animator applies them.
    public var properties: ItemProperties {
        var p = ItemProperties()
        p.elasticity = elasticity; p.friction = friction; p.density = density; p.resistance = resistance
        p.angularResistance = angularResistance; p.allowsRotation = allowsRotation; p.anchored = anchored
        p.charge = charge
        p.allowsSleep = allowsSleep
        return p
    }

    /// The latest item behaviour in the tree wins: it replaces whatever an earlier one set.
    override func contribute(to table: inout ItemSettingsTable) {
        let p = properties
        table.update(items) { $0.properties = p }
    }
}
