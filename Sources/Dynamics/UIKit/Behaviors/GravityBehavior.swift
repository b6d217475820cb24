/// Gravity, UIKit's UIGravityBehavior: every item accelerates along `direction` at 1000 pt/s^2 per unit of magnitude,
/// whatever its mass. Direction, angle and magnitude are one vector seen three ways and stay in sync.
public final class GravityBehavior: ItemHoldingBehavior {
    private var vector = PolarVector(angle: Double.pi / 2, magnitude: 1)
    /// Radians; the default pi/2 points down the screen.
    public var angle: Double { vector.angle }
    /// The default 1 is 1000 pt/s^2; 0 turns gravity off.
    public var magnitude: Double { vector.magnitude }
    /// The gravity vector: `magnitude` long, at `angle`; the default is exactly (0, 1). A vector given to
    /// `setDirection` is kept as given; one made from an angle that is a whole number of quarter turns is exact.
    public var direction: Vector { vector.direction }

    /// Points per second squared of one unit of magnitude.
    public static let pointsPerSecondSquared: Double = 1000

    /// Gravity pulling `items` down the screen with magnitude 1.
    public override init(items: [DynamicItem] = []) { super.init(items: items) }

    /// Sets the vector; its length is the magnitude. A zero vector zeroes the magnitude and keeps the angle.
    public func setDirection(_ v: Vector) throws(DynamicsError) {
        try vector.setDirection(v)
        propertyDidChange()
    }

    /// Sets the angle (radians), keeping the magnitude.
    public func setAngle(_ a: Double) throws(DynamicsError) {
        try vector.set(angle: a)
        propertyDidChange()
    }

    /// Sets the magnitude, keeping the angle; 0 turns gravity off.
    public func setMagnitude(_ m: Double) throws(DynamicsError) {
        try vector.set(magnitude: m)
        propertyDidChange()
    }

    /// Sets angle and magnitude together (UIKit's setAngle:magnitude:).
    public func setAngle(_ a: Double, magnitude m: Double) throws(DynamicsError) {
        try vector.set(angle: a, magnitude: m)
        propertyDidChange()
    }

    /// The acceleration every item gets, pt/s^2.
    var acceleration: Vector { Self.pointsPerSecondSquared * direction }

    /// Gravities add up, in tree order.
    override func contribute(to table: inout ItemSettingsTable) {
        let a = acceleration
        table.update(items) { $0.gravity += a }
    }
}
