extension PhysicsWorld {
    /// Bytes the world's arrays hold, by capacity: what a world costs the process beside the objects that describe
    /// it, so that a memory limit (`luadyn --max-memory`) can count it. Per-shape filter lists and shapes' point
    /// blocks are left out (a few bytes a shape, and a block of `2 * count` points).
    var storageBytes: Int { storageParts.reduce(0) { $0 + $1.bytes } }

    /// `storageBytes` part by part, each with its element count and the size of one element, in a fixed order: what
    /// a world of many bodies spends its memory on.
    var storageParts: [WorldStoragePart] {
        func part<Element>(_ name: String, _ array: ContiguousArray<Element>) -> WorldStoragePart {
            WorldStoragePart(name: name, count: array.count, capacity: array.capacity,
                             elementBytes: MemoryLayout<Element>.stride)
        }
        func part<Element>(_ name: String, _ array: [Element]) -> WorldStoragePart {
            WorldStoragePart(name: name, count: array.count, capacity: array.capacity,
                             elementBytes: MemoryLayout<Element>.stride)
        }
        func solverBodies(_ name: String, _ lanes: ContactLanes) -> WorldStoragePart {
            WorldStoragePart(name: name, count: lanes.solverBodies.bodies.count,
                             capacity: lanes.solverBodies.bodies.count, elementBytes: 0,
                             fixedBytes: lanes.solverBodies.storageBytes)
        }
        return [part("bodies", bodies), part("shapes", shapes), part("shape bounds", bounds),
                part("contacts", contacts), part("contact touches", touches),
                part("separating faces", separatingFaces), part("joints", joints),
                WorldStoragePart(name: "broadphase", count: broadPhase.proxyCount, capacity: broadPhase.proxyCount,
                                 elementBytes: 0, fixedBytes: broadPhase.storageBytes),
                WorldStoragePart(name: "pair map", count: contacts.count, capacity: contacts.count,
                                 elementBytes: 0, fixedBytes: contactOfPair.storageBytes),
                part("free bodies", freeBodies), part("free shapes", freeShapes),
                part("free contacts", freeContacts), part("free touches", freeTouches), part("free joints", freeJoints), part("events", events),
                part("solver states", scratchStates), part("solver inputs", scratchInputs),
                part("contact constraints", scratchConstraints),
                part("contact kinds", scratchContactKinds), part("joint scratch", scratchJoints),
                part("joint rows", scratchJointRows),
                part("impulse watches", scratchWatches), part("bouncing contacts", scratchBouncing),
                part("impact marks", scratchImpactChanged), part("impact gains", scratchImpactGains),
                part("pair candidates", scratchCandidates), part("pairs", scratchPairs),
                part("lane quads", scratchLanes.quads), part("lane sources", scratchLanes.sources),
                solverBodies("lane solver bodies", scratchLanes),
                WorldStoragePart(name: "lane order and staging", count: scratchLanes.sources.count,
                                 capacity: scratchLanes.sources.count, elementBytes: 0,
                                 fixedBytes: scratchLanes.scratchBytes),
                part("touching contacts", scratchTouching), part("island parents", scratchIslands.parent),
                part("island tags", scratchIslands.rootTag), part("partitions", scratchIslands.partitions),
                part("partition inputs", scratchIslands.inputs), part("partition joints", scratchIslands.joints),
                part("constraint places", scratchIslands.constraintPlace),
                part("partition contacts", scratchIslands.contactOrder),
                WorldStoragePart(name: "partition lane layouts", count: scratchIslands.laneLayouts.order.count,
                                 capacity: scratchIslands.laneLayouts.order.count, elementBytes: 0,
                                 fixedBytes: scratchIslands.laneLayouts.storageBytes)]
            + scratchPartitionLanes.flatMap {
                [part("partition lane quads", $0.quads), part("partition lane sources", $0.sources),
                 solverBodies("partition lane solver bodies", $0),
                 WorldStoragePart(name: "partition lane order and staging", count: $0.sources.count,
                                  capacity: $0.sources.count, elementBytes: 0, fixedBytes: $0.scratchBytes)]
            }
            + scratchPartitionInputs.map { part("partition gathered inputs", $0) }
    }
}

/// One array of a world's storage, as `PhysicsWorld.storageParts` lists it.
public struct WorldStoragePart: Sendable, Equatable {
    /// What the array holds.
    public var name: String
    /// Elements in use (or, for the broadphase and the pair map, the proxies and contacts they serve).
    public var count: Int
    /// Elements the array has room for.
    public var capacity: Int
    /// Bytes of one element (its stride); 0 where the part is not one array.
    public var elementBytes: Int
    /// Bytes of a part that is not one array (the broadphase's trees, the pair map's slots).
    public var fixedBytes = 0

    /// Bytes the part holds, by capacity.
    public var bytes: Int { fixedBytes + capacity * elementBytes }
}
