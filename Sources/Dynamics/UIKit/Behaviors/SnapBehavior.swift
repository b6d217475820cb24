/// A snap, UIKit's UISnapBehavior: the item springs to `snapPoint`, settles there, and turns back to angle 0.
public final class SnapBehavior: DynamicBehavior {
    /// The item that snaps.
    public let item: DynamicItem
    /// Where its centre settles.
    public private(set) var snapPoint: Vector
    /// 0 gives the most oscillation, 1 the least (default 0.5).
    public private(set) var damping: Double = 0.5
    /// The world's joint while in an animator, or -1.
    var jointID: Int32 = -1

    /// Frequency of the snap spring. UIKit does not publish its figure; 2 Hz settles within about a second.
    public static let frequency: Double = 2

    /// Snaps `item` to `point`.
    public init(item: DynamicItem, snapTo point: Vector) throws(DynamicsError) {
        try checkFinite(point, "snap point")
        self.item = item
        self.snapPoint = point
        super.init()
    }

    /// Moves the snap point; the item follows.
    public func setSnapPoint(_ p: Vector) throws(DynamicsError) { try checkFinite(p, "snapPoint"); snapPoint = p; propertyDidChange() }

    /// Sets the damping, between 0 and 1.
    public func setDamping(_ d: Double) throws(DynamicsError) {
        guard d.isFinite, d >= 0, d <= 1 else { throw DynamicsError("damping must be between 0 and 1, got \(d)") }
        damping = d
        propertyDidChange()
    }

    /// The damping ratio of the springs: even damping 0 decays a little, so the item always settles.
    var dampingRatio: Double { 0.1 + 0.9 * damping }

    func makeJoint(body: Int32) -> Joint {
        var j = Joint(kind: .snap, bodyA: PhysicsWorld.ground, bodyB: body)
        j.target = snapPoint
        j.hertz = Self.frequency
        j.dampingRatio = dampingRatio
        return j
    }

    override var heldItems: [DynamicItem] { [item] }
    override func release(_ item: DynamicItem) -> Bool { item !== self.item }

    /// Snap joints are made after boundaries and attachment joints.
    override var worldPartsOrder: Int { 2 }

    override func syncWorldParts(_ animator: Animator) {
        jointID = animator.placeJoint(makeJoint(body: item.bodyID), at: jointID)
    }

    override var jointsToMake: Int { jointID < 0 ? 1 : 0 }

    override func removeWorldParts(_ animator: Animator) {
        animator.world.destroyJoint(jointID)
        jointID = -1
    }

    override func forgetWorldParts() { jointID = -1 }

    /// A line from the snap point to the item's centre.
    override func contribute(to parts: inout SnapshotParts, referenceBounds: AABB?) {
        parts.joints.append(JointSnapshot(kind: "snap", pointA: snapPoint, pointB: item.center))
    }
}
