import Dynamics

/// Frames of a world kept compactly for a replay: each item's shape once (a track), then per frame only where
/// each track is (centre and angle). Items may come and go between frames; identical items are told apart by
/// their order within a frame.
public struct Recording: Sendable {
    /// An item's unchanging look: what a replay needs to draw it anywhere.
    public struct Track: Sendable, Equatable {
        /// The item's name (may be empty).
        public var name: String
        /// Its fill colour, resolved from the snapshot's CSS colour.
        public var color: RGBColor
        /// Its collision shape kind.
        public var shape: ItemShapeKind
        /// Its size in points.
        public var size: Vector
        /// The outline relative to the centre, before rotation.
        public var outline: [Vector]
    }

    /// Where one track is in one frame.
    public struct Pose: Sendable, Equatable {
        /// Index into `tracks`.
        public var track: Int
        /// Centre in world points.
        public var center: Vector
        /// Angle in radians, positive clockwise on screen.
        public var angle: Double
        /// Opacity, 0...1.
        public var alpha: Double = 1
        /// Velocity, pt/s, and the net force over the last frame, mass·pt/s² (for arrows).
        public var velocity: Vector = .zero
        public var force: Vector = .zero
        /// Anchored items get no force arrow.
        public var isAnchored = false
    }

    /// One recorded instant.
    public struct Frame: Sendable {
        /// The snapshot's simulated time in seconds.
        public var time: Double
        /// Where each item present in this frame is.
        public var poses: [Pose]
        /// Joint lines and the edges of group outlines (they move with the items, so they are kept per frame).
        public var joints: [JointSnapshot]
        /// Index into `boundarySets`: boundaries rarely change, so each distinct set is kept once.
        public var boundarySet: Int
        /// The animator's kinetic and potential energy, mass·pt²/s².
        public var kineticEnergy = 0.0
        public var potentialEnergy = 0.0
    }

    /// Every distinct item look seen so far, in order of first appearance.
    public private(set) var tracks: [Track] = []
    /// The recorded frames, in order.
    public private(set) var frames: [Frame] = []
    /// Each distinct set of boundaries, in order of first appearance.
    public private(set) var boundarySets: [[BoundarySnapshot]] = []
    /// The reference bounds of the first frame that had some.
    public private(set) var referenceBounds: AABB?
    /// The box around everything drawn in any frame.
    public private(set) var contentBox: AABB?
    /// Most frames kept; later frames are dropped (and counted in `droppedFrames`) so memory stays bounded.
    public let maxFrames: Int
    /// Frames not kept because the recording was full.
    public private(set) var droppedFrames = 0
    /// How the first frame's animator shows values (energy bars and the grid use it).
    public private(set) var units = DisplayUnits()

    private struct TrackKey: Hashable {
        var name: String, color: RGBColor, shape: String, size: Vector, outline: [Vector]
    }
    /// Tracks by look, for lookup only (never iterated, so order cannot leak into the output).
    private var tracksByKey: [TrackKey: [Int]] = [:]

    /// An empty recording that keeps at most `maxFrames` frames (default: ten minutes at 60 frames a second).
    public init(maxFrames: Int = 36_000) { self.maxFrames = max(1, maxFrames) }

    /// The time span recorded, from the first frame's time to the last's (0 with fewer than two frames).
    public var duration: Double {
        guard let first = frames.first, let last = frames.last else { return 0 }
        return last.time - first.time
    }

    /// The world rectangle a replay shows: the reference bounds, else everything seen with a margin.
    public var view: AABB {
        if let referenceBounds, SceneBounds.isUsable(referenceBounds) { return referenceBounds }
        guard let box = contentBox else { return AABB(lower: .zero, upper: Vector(100, 100)) }
        let side = max(box.width, box.height, 1)
        return box.expanded(by: side * 0.05)
    }

    /// Adds a frame made from `snapshot`.
    public mutating func append(_ snapshot: WorldSnapshot) {
        guard frames.count < maxFrames else { droppedFrames += 1; return }
        if referenceBounds == nil, let bounds = snapshot.referenceBounds, SceneBounds.isUsable(bounds) {
            referenceBounds = bounds
        }
        if frames.isEmpty { units = snapshot.units }
        if let box = SceneBounds.contentBox(of: snapshot) { contentBox = contentBox.map { $0.union(box) } ?? box }

        var usedThisFrame: [Int: Int] = [:]  // how many tracks of a key this frame has taken, by first track index
        var poses: [Pose] = []
        poses.reserveCapacity(snapshot.items.count)
        for item in snapshot.items where item.center.isFinite && item.angle.isFinite && item.alpha > 0 {
            let color = RGBColor.item(item.color)
            let outline = ItemOutline.local(item)
            let key = TrackKey(name: item.name, color: color, shape: item.shape.rawValue, size: item.size, outline: outline)
            var candidates = tracksByKey[key] ?? []
            let used = candidates.first.map { usedThisFrame[$0, default: 0] } ?? 0
            if used >= candidates.count {
                tracks.append(Track(name: item.name, color: color, shape: item.shape, size: item.size, outline: outline))
                candidates.append(tracks.count - 1)
                tracksByKey[key] = candidates
            }
            usedThisFrame[candidates[0]] = used + 1
            poses.append(Pose(track: candidates[used], center: item.center, angle: item.angle, alpha: min(item.alpha, 1),
                              velocity: item.velocity, force: item.force, isAnchored: item.isAnchored))
        }

        let boundarySet: Int
        if let last = boundarySets.last, Recording.same(last, snapshot.boundaries) {
            boundarySet = boundarySets.count - 1
        } else {
            boundarySets.append(snapshot.boundaries)
            boundarySet = boundarySets.count - 1
        }
        // Group outlines move with their groups: they are kept with the frame's joint lines and drawn like them.
        var lines = snapshot.joints
        for group in snapshot.groups where group.outline.count >= 2 {
            for (k, a) in group.outline.enumerated() {
                lines.append(JointSnapshot(kind: "group", pointA: a, pointB: group.outline[(k + 1) % group.outline.count]))
            }
        }
        frames.append(Frame(time: snapshot.time, poses: poses, joints: lines, boundarySet: boundarySet,
                            kineticEnergy: snapshot.kineticEnergy, potentialEnergy: snapshot.potentialEnergy))
    }

    private static func same(_ a: [BoundarySnapshot], _ b: [BoundarySnapshot]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x.identifier != y.identifier || x.isClosed != y.isClosed || x.points != y.points {
            return false
        }
        return true
    }
}
