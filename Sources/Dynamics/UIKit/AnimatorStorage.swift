extension Animator {
    /// Bytes its world's storage holds (see `PhysicsWorld.storageBytes`).
    public var worldStorageBytes: Int { world.storageBytes }
    /// Its world's storage part by part (see `PhysicsWorld.storageParts`): for measuring what memory goes where.
    public var worldStorageParts: [WorldStoragePart] { world.storageParts }
}
