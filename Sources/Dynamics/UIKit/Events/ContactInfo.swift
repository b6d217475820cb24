/// What a "began contact" event tells about the impact, beyond UIKit's point: the delegates' contact table.
public struct ContactInfo: Sendable, Equatable {
    /// Unit normal pointing from the first item (or the item, for a boundary contact) to the other side.
    public var normal: Vector
    /// The normal impulse the contact received in the step it began, mass x pt/s (every sub-step and the bounce
    /// summed): about m v (1 + e) for an item of mass m hitting a floor at v with elasticity e.
    public var impulse: Double
    /// How fast the two sides approached along the normal when that step began, pt/s (0 when not approaching).
    public var speed: Double

    /// A contact table of these values.
    public init(normal: Vector, impulse: Double, speed: Double) {
        self.normal = normal; self.impulse = impulse; self.speed = speed
    }

    /// No normal, no impulse, no speed.
    public static let none = ContactInfo(normal: .zero, impulse: 0, speed: 0)
}
