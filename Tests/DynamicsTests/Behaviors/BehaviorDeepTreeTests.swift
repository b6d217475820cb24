import Testing
@testable import Dynamics

/// Composite behaviours nest to any depth: walking, stepping, removing and freeing a tree never recurses once per
/// level, so a chain of ten thousand composites works like a flat one.
@Suite struct BehaviorDeepTreeTests {
    /// A chain of `depth` composites with a gravity on one item at the bottom.
    static func chain(depth: Int, item: DynamicItem) throws -> DynamicBehavior {
        let root = DynamicBehavior()
        var parent = root
        for _ in 1..<depth {
            let child = DynamicBehavior()
            try parent.addChild(child)
            parent = child
        }
        try parent.addChild(GravityBehavior(items: [item]))
        return root
    }

    @Test func tenThousandLevelsStepRemoveAndFree() throws {
        let animator = Animator()
        let item = try box(0, 0, side: 10)
        var root: DynamicBehavior? = try Self.chain(depth: 10_000, item: item)
        try animator.addBehavior(try #require(root))
        #expect(animator.items.count == 1)
        try animator.run(1)
        // One second of free fall at 1000 pt/s^2 (the integrator lands within a frame's worth of it).
        #expect(abs(item.center.y - 500) < 10)
        #expect(animator.snapshot().items.count == 1)
        animator.removeBehavior(try #require(root))
        #expect(animator.items.isEmpty && item.animator == nil)
        // The next frame's sync lets go of what the tree owned in the world, and of the tree.
        try animator.step()
        weak var weakRoot = root
        root = nil
        #expect(weakRoot == nil)
    }

    @Test func walkVisitsEveryLevelInOrder() throws {
        let root = try Self.chain(depth: 10_000, item: try box(0, 0, side: 10))
        let tree = root.subtree
        #expect(tree.count == 10_001)
        #expect(tree.first === root && tree.last is GravityBehavior)
    }

    @Test func aBehaviourCannotBecomeItsOwnDescendant() throws {
        let root = try Self.chain(depth: 50, item: try box(0, 0, side: 10))
        let deep = root.subtree[40]
        #expect(throws: DynamicsError.self) { try deep.addChild(root) }
        #expect(throws: DynamicsError.self) { try root.addChild(root) }
        let lone = DynamicBehavior()
        #expect(throws: DynamicsError.self) { try lone.addChild(lone) }
    }
}
