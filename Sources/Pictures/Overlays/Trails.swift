import Dynamics

/// Where each item of a run of snapshots has been, for trails: a point whenever an item has moved more than
/// `spacing` points from the last one kept, at most `maxPoints` per item, the oldest dropped first (the live view
/// keeps its trails by the same rule). Items are followed by their place in the snapshot; when the items change
/// (another count or other names) the trails start again.
public struct Trails: Sendable {
    /// Points closer than this to the last one kept are skipped, so a resting item adds nothing.
    public static let spacing = 2.0
    /// Most points kept per item.
    public static let maxPoints = 120

    /// One path per item of the last snapshot added, oldest point first, in world points.
    public private(set) var paths: [[Vector]] = []
    private var names: [String] = []

    /// Empty trails.
    public init() {}

    /// Adds where each item of `snapshot` is now.
    public mutating func append(_ snapshot: WorldSnapshot) {
        let items = snapshot.items
        if items.count != names.count || !zip(items, names).allSatisfy({ $0.name == $1 }) {
            names = items.map(\.name)
            paths = Array(repeating: [], count: items.count)
        }
        for (k, item) in items.enumerated() where item.center.isFinite {
            if let last = paths[k].last, distance(last, item.center) <= Trails.spacing { continue }
            if paths[k].count >= Trails.maxPoints { paths[k].removeFirst() }
            paths[k].append(item.center)
        }
    }
}
