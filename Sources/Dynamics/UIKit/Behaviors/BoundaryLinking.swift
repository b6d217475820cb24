extension Animator {
    /// Links the open ends of boundaries that abut across collision behaviours, as each behaviour links its own
    /// (`Shape.linkedChains`): a floor made of segments of two behaviours, or of a behaviour added later, is as
    /// smooth at their seams as one path. Every built boundary of every collision behaviour is linked afresh, so
    /// links to a boundary that went are dropped too. Runs in the sync, only after boundary segments changed.
    ///
    /// A segment linked to another behaviour's takes its far point as a ghost even for items that collide with one
    /// of the two behaviours only; such an item leaving the segment's end slides off it as off the middle of a
    /// longer floor, instead of rolling round the end's corner.
    func linkBoundariesAcrossBehaviours() {
        let built = synced.collisions.flatMap(\.builtBoundaries)
        let linked = Shape.linkedChains(built.map(\.polylines))
        for (boundary, pieces) in zip(built, linked) {
            for (shape, piece) in zip(boundary.shapes, pieces) { world.setSegmentNeighbours(shape, piece) }
        }
    }
}
