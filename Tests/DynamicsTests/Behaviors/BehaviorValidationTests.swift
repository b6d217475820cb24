import Testing
@testable import Dynamics

/// Bad input is an error value, never a trap, and never reaches the world.
@Suite struct BehaviorValidationTests {
    @Test func itemArgumentsAreChecked() throws {
        #expect(throws: DynamicsError.self) { try DynamicItem(center: Vector(.nan, 0), size: Vector(10, 10)) }
        #expect(throws: DynamicsError.self) { try DynamicItem(center: .zero, size: Vector(0, 10)) }
        #expect(throws: DynamicsError.self) { try DynamicItem(center: .zero, size: Vector(10, -1)) }
        #expect(throws: DynamicsError.self) { try DynamicItem(center: .zero, size: Vector(.infinity, 1)) }
        #expect(throws: DynamicsError.self) { try DynamicItem(center: .zero, size: Vector(1, 1), angle: .nan) }
        #expect(throws: DynamicsError.self) { try DynamicItem(center: .zero, path: []) }
        let item = try box(0, 0)
        #expect(throws: DynamicsError.self) { try item.setCenter(Vector(0, .infinity)) }
        #expect(throws: DynamicsError.self) { try item.setAngle(.nan) }
        #expect(throws: DynamicsError.self) { try item.setVelocity(Vector(.nan, 0)) }
        #expect(throws: DynamicsError.self) { try item.setAngularVelocity(-.infinity) }
        #expect(item.center == .zero)
    }

    @Test func behaviourSettersAreChecked() throws {
        let props = DynamicItemBehavior()
        #expect(throws: DynamicsError.self) { try props.setDensity(0) }
        #expect(throws: DynamicsError.self) { try props.setDensity(-1) }
        #expect(throws: DynamicsError.self) { try props.setElasticity(-0.1) }
        #expect(throws: DynamicsError.self) { try props.setFriction(.nan) }
        #expect(throws: DynamicsError.self) { try props.setResistance(-1) }
        #expect(throws: DynamicsError.self) { try props.setAngularResistance(.infinity) }
        #expect(throws: DynamicsError.self) { try props.setCharge(.nan) }
        #expect(props.density == 1)
        let g = GravityBehavior()
        #expect(throws: DynamicsError.self) { try g.setMagnitude(.nan) }
        #expect(throws: DynamicsError.self) { try g.setDirection(Vector(.infinity, 0)) }
        #expect(throws: DynamicsError.self) { try g.setAngle(.nan, magnitude: 1) }
        let p = PushBehavior(mode: .continuous)
        #expect(throws: DynamicsError.self) { try p.setTargetOffset(Vector(.nan, 0), for: try box(0, 0)) }
        let c = CollisionBehavior()
        #expect(throws: DynamicsError.self) { try c.addBoundary(.string("w"), from: .zero, to: Vector(.nan, 1)) }
        #expect(throws: DynamicsError.self) { try c.addBoundary(.number(.nan), from: .zero, to: Vector(1, 1)) }
        #expect(throws: DynamicsError.self) { try c.addBoundary(.string("w"), polylines: [Polyline(points: [.zero], isClosed: false)]) }
        #expect(throws: DynamicsError.self) { try c.setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets(top: .nan)) }
        #expect(c.boundaryIdentifiers.isEmpty)
    }

    @Test func attachmentArgumentsAreChecked() throws {
        let a = try box(0, 0), b = try box(100, 0)
        #expect(throws: DynamicsError.self) { try AttachmentBehavior(item: a, attachedTo: a) }
        #expect(throws: DynamicsError.self) { try AttachmentBehavior(item: a, attachedToAnchor: Vector(.nan, 0)) }
        #expect(throws: DynamicsError.self) { try AttachmentBehavior.sliding(a, anchor: .zero, axis: .zero) }
        let rod = try AttachmentBehavior(item: a, attachedTo: b)
        #expect(throws: DynamicsError.self) { try rod.setLength(-1) }
        #expect(throws: DynamicsError.self) { try rod.setFrequency(.infinity) }
        #expect(throws: DynamicsError.self) { try rod.setDamping(-0.5) }
        #expect(throws: DynamicsError.self) { try rod.setFrictionTorque(.nan) }
        #expect(throws: DynamicsError.self) { try rod.setAttachmentRange(FloatRange(minimum: 2, maximum: 1)) }
        #expect(throws: DynamicsError.self) { try rod.setAttachmentRange(FloatRange(minimum: .nan, maximum: 1)) }
        #expect(throws: DynamicsError.self) { try rod.setAnchorPoint(.zero) } // two-item distance: no anchor to move
        try rod.setAttachmentRange(.infinite) // infinite ends are allowed here
        let snap = try SnapBehavior(item: a, snapTo: .zero)
        #expect(throws: DynamicsError.self) { try snap.setDamping(1.5) }
        #expect(throws: DynamicsError.self) { try SnapBehavior(item: a, snapTo: Vector(0, .nan)) }
    }

    @Test func animatorArgumentsAndMisuseAreChecked() throws {
        #expect(throws: DynamicsError.self) { try Animator(referenceSize: Vector(0, 100)) }
        let animator = Animator(), other = Animator()
        #expect(throws: DynamicsError.self) { try animator.setTimeStep(0) }
        #expect(throws: DynamicsError.self) { try animator.setTimeStep(.nan) }
        #expect(throws: DynamicsError.self) { try animator.setSubsteps(0) }
        #expect(throws: DynamicsError.self) { try animator.step(-1) }
        #expect(throws: DynamicsError.self) { try animator.step(.infinity) }
        #expect(throws: DynamicsError.self) { try animator.run(.nan) }
        let item = try box(0, 0)
        let g = GravityBehavior(items: [item])
        try animator.addBehavior(g)
        #expect(throws: DynamicsError.self) { try animator.addBehavior(g) }
        #expect(throws: DynamicsError.self) { try other.addBehavior(g) }
        // An item animated by one animator cannot join another's behaviour.
        #expect(throws: DynamicsError.self) { try other.addBehavior(PushBehavior(items: [item], mode: .continuous)) }
        let pushOther = PushBehavior(mode: .continuous)
        try other.addBehavior(pushOther)
        #expect(throws: DynamicsError.self) { try pushOther.addItem(item) }
        // A behaviour in a tree cannot be a child elsewhere, nor its own descendant.
        let parent = DynamicBehavior(), child = DynamicBehavior()
        try parent.addChild(child)
        #expect(throws: DynamicsError.self) { try DynamicBehavior().addChild(child) }
        #expect(throws: DynamicsError.self) { try child.addChild(parent) }
        #expect(throws: DynamicsError.self) { try animator.addBehavior(child) }
        try animator.step()
        #expect(item.center.y.isFinite && item.center.y > 0)
    }
}
