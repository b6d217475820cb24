/// What writing the solved motion back found (`PhysicsWorld.finalizeBody`), as bits: a job that writes many bodies,
/// on any thread, ors its bodies' marks together, and the stepping thread ors the jobs'.
enum FinalizeMark {
    /// A body's state was not finite: nothing was written, and its step is still to discard.
    static let notFinite: UInt8 = 1
    /// A body travelled far enough in the step to be swept (`PhysicsWorld.solveContinuous`).
    static let fast: UInt8 = 2
}
