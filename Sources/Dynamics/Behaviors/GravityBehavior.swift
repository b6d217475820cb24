/// Gravity, UIKit's UIGravityBehavior: every item accelerates along `direction` at 1000 pt/s^2 per unit of magnitude,
/// whatever its mass. Direction, angle and magnitude are one vector seen three ways and stay in sync.
public final class GravityBehavior: ItemHoldingBehavior {
    /// Radians; the default pi/2 points down the screen.
    public private(set) var angle: Double = Double.pi / 2
    /// The default 1 is 1000 pt/s^2; 0 turns gravity off.
    public private(set) var magnitude: Double = 1
    /// The gravity vector: `magnitude` long, at `angle`; the default is exactly (0, 1). A vector given to
    /// `setDirection` is kept as given; one made from an angle that is a whole number of quarter turns is exact.
    public private(set) var direction = Vector(0, 1)
    /// The unit vector at `angle`, kept so a new magnitude does not bring back the rounding of cos and sin.
    private var unit = Vector(0, 1)

    /// Points per second squared of one unit of magnitude.
    public static let pointsPerSecondSquared: Double = 1000

    /// Gravity pulling `items` down the screen with magnitude 1.
    public override init(items: [DynamicItem] = []) { super.init(items: items) }

    /// Sets the vector; its length is the magnitude. A zero vector zeroes the magnitude and keeps the angle.
    public func setDirection(_ v: Vector) throws(DynamicsError) {
        try checkFinite(v, "direction")
        let length = v.length
        // A finite vector can still have an infinite length (components near the largest Double).
        guard length.isFinite else { throw DynamicsError("direction is too long, got \(v)") }
        magnitude = length
        if length > 0 {
            angle = atan2(v.y, v.x)
            unit = v / length
            direction = v
        } else {
            direction = .zero
        }
        propertyDidChange()
    }

    /// Sets the angle (radians), keeping the magnitude.
    public func setAngle(_ a: Double) throws(DynamicsError) {
        try checkFinite(a, "angle")
        angle = a
        unit = unitVector(atAngle: a)
        direction = magnitude * unit
        propertyDidChange()
    }

    /// Sets the magnitude, keeping the angle; 0 turns gravity off.
    public func setMagnitude(_ m: Double) throws(DynamicsError) {
        try checkFinite(m, "magnitude")
        magnitude = m
        direction = m * unit
        propertyDidChange()
    }

    /// Sets angle and magnitude together (UIKit's setAngle:magnitude:).
    public func setAngle(_ a: Double, magnitude m: Double) throws(DynamicsError) {
        try checkFinite(a, "angle")
        try checkFinite(m, "magnitude")
        angle = a
        magnitude = m
        unit = unitVector(atAngle: a)
        direction = m * unit
        propertyDidChange()
    }

    /// The acceleration every item gets, pt/s^2.
    var acceleration: Vector { Self.pointsPerSecondSquared * direction }
}
