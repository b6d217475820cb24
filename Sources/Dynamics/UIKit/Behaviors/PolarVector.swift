/// A vector kept as angle and magnitude as well, as UIKit's gravity and push behaviours expose it: setting any one of
/// direction, angle or magnitude updates the others. The default angle's direction is exact, and so is the
/// direction of any angle that is a whole number of quarter turns; a vector given as the direction is kept as given.
struct PolarVector {
    private(set) var angle: Double
    private(set) var magnitude: Double
    private(set) var direction: Vector
    /// The unit vector at `angle`, kept so that a new magnitude does not bring back the rounding of cos and sin.
    private var unit: Vector

    init(angle: Double, magnitude: Double) {
        self.angle = angle
        self.magnitude = magnitude
        unit = unitVector(atAngle: angle)
        direction = magnitude * unit
    }

    /// Sets the vector; its length is the magnitude. A zero vector zeroes the magnitude and keeps the angle.
    mutating func setDirection(_ v: Vector) throws(DynamicsError) {
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
    }

    /// Sets angle and magnitude; either may be left as it is.
    mutating func set(angle a: Double? = nil, magnitude m: Double? = nil) throws(DynamicsError) {
        if let a { try checkFinite(a, "angle") }
        if let m { try checkFinite(m, "magnitude") }
        if let a {
            angle = a
            unit = unitVector(atAngle: a)
        }
        if let m { magnitude = m }
        direction = magnitude * unit
    }
}
