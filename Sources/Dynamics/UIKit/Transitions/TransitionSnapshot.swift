extension Transition {
    /// A plain-value picture of the container now: every view in it (both controllers' views while both are in),
    /// composed with their subviews, plus the boundaries, joints and contact points of the dynamic animators
    /// working in it. Before the start, the from-controller's view alone.
    public func snapshot() -> WorldSnapshot {
        var items: [ItemSnapshot] = []
        var boundaries: [BoundarySnapshot] = [], joints: [JointSnapshot] = [], contacts: [Vector] = []
        if let container = context?.containerView {
            for v in container.subviews { v.appendSnapshots(to: &items) }
        } else {
            from.view.appendSnapshots(to: &items)
        }
        for a in dynamicAnimators {
            let s = a.snapshot()
            boundaries += s.boundaries; joints += s.joints; contacts += s.contactPoints
        }
        return WorldSnapshot(time: time, referenceBounds: containerBounds, items: items, boundaries: boundaries,
                             joints: joints, contactPoints: contacts)
    }
}
