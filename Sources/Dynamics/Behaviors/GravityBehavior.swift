/// Gravity, UIKit's UIGravityBehavior: every item accelerates along `direction` at 1000 pt/s^2 per unit of magnitude,
/// whatever its mass. Direction, angle and magnitude are one vector seen three ways and stay in sync.
public final class GravityBehavior: ItemHoldingBehavior {
    /// Radians; the default pi/2 points down the screen.
    public private(set) var angle: Double = Double.pi / 2
    /// The default 1 is 1000 pt/s^2; 0 turns gravity off.
    public private(set) var magnitude: Double = 1

    /// Points per second squared of one unit of magnitude.
    public static let pointsPerSecondSquared: Double = 1000

    /// Gravity pulling `items` down the screen with magnitude 1.
    public override init(items: [DynamicItem] = []) { super.init(items: items) }

    /// The gravity vector: `magnitude` long, at `angle`; the default is (0, 1).
    public var direction: Vector { Vector(magnitude * cos(angle), magnitude * sin(angle)) }

    /// Sets the vector; its length is the magnitude. A zero vector zeroes the magnitude and keeps the angle.
    public func setDirection(_ v: Vector) throws(DynamicsError) {
        try checkFinite(v, "direction")
        magnitude = v.length
        if magnitude > 0 { angle = atan2(v.y, v.x) }
        propertyDidChange()
    }

    public func setAngle(_ a: Double) throws(DynamicsError) {
        try checkFinite(a, "angle")
        angle = a
        propertyDidChange()
    }

    public func setMagnitude(_ m: Double) throws(DynamicsError) {
        try checkFinite(m, "magnitude")
        magnitude = m
        propertyDidChange()
    }

    /// Sets angle and magnitude together (UIKit's setAngle:magnitude:).
    public func setAngle(_ a: Double, magnitude m: Double) throws(DynamicsError) {
        try checkFinite(a, "angle")
        try checkFinite(m, "magnitude")
        angle = a
        magnitude = m
        propertyDidChange()
    }

    /// The acceleration every item gets, pt/s^2.
    var acceleration: Vector { Self.pointsPerSecondSquared * direction }
}
