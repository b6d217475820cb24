extension Animator {
    /// Bytes its world's storage holds (see `PhysicsWorld.storageBytes`).
    public var worldStorageBytes: Int { world.storageBytes }
}
