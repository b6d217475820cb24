import Testing
@testable import Dynamics

/// Random sequences of API calls between steps: nothing may trap, and the world must stay finite.
@Suite struct BehaviorRobustnessTests {
    @Test(arguments: Array(UInt64(1)...24))
    func randomOperationsKeepTheWorldFinite(seed: UInt64) throws {
        var dice = Dice(state: seed)
        let animator = try Animator(referenceSize: Vector(600, 600))
        var items: [DynamicItem] = []
        var behaviors: [DynamicBehavior] = []
        func anyItem() -> DynamicItem? { items.isEmpty ? nil : items[dice.below(items.count)] }

        for _ in 0..<300 {
            switch dice.below(14) {
            case 0, 1:
                let size = Vector(dice.uniform(4, 150), dice.uniform(4, 150))
                let item = try DynamicItem(center: Vector(dice.uniform(0, 600), dice.uniform(0, 600)), size: size,
                                           angle: dice.uniform(-4, 4), shape: dice.below(2) == 0 ? .rectangle : .ellipse)
                items.append(item)
                let c = CollisionBehavior(items: [item])
                c.translatesReferenceBoundsIntoBoundary = dice.below(2) == 0
                c.mode = [CollisionMode.everything, .items, .boundaries][dice.below(3)]
                behaviors.append(c)
                try animator.addBehavior(c)
            case 2:
                if let item = anyItem(), let c = behaviors.compactMap({ $0 as? CollisionBehavior }).last {
                    try c.addItem(item)
                    try c.addBoundary(.number(Double(dice.below(3))), from: Vector(dice.uniform(0, 600), dice.uniform(0, 600)),
                                      to: Vector(dice.uniform(0, 600), dice.uniform(0, 600)))
                }
            case 3:
                let g = GravityBehavior(items: items.filter { _ in dice.below(2) == 0 })
                try g.setAngle(dice.uniform(-7, 7), magnitude: dice.uniform(-3, 3))
                behaviors.append(g)
                try animator.addBehavior(g)
            case 4:
                let p = PushBehavior(items: items.filter { _ in dice.below(3) == 0 }, mode: dice.below(2) == 0 ? .continuous : .instantaneous)
                try p.setAngle(dice.uniform(-7, 7), magnitude: dice.uniform(0, 50))
                if let item = anyItem() { try p.setTargetOffset(Vector(dice.uniform(-50, 50), dice.uniform(-50, 50)), for: item) }
                behaviors.append(p)
                try animator.addBehavior(p)
            case 5:
                guard let a = anyItem(), let b = anyItem(), a !== b else { continue }
                let anchor = Vector(dice.uniform(0, 600), dice.uniform(0, 600))
                let attachment: AttachmentBehavior
                switch dice.below(6) {
                case 0: attachment = try AttachmentBehavior(item: a, offset: Vector(dice.uniform(-20, 20), 0), attachedToAnchor: anchor)
                case 1: attachment = try AttachmentBehavior(item: a, attachedTo: b)
                case 2: attachment = try .fixed(a, b, anchor: anchor)
                case 3: attachment = try .pin(a, b, anchor: anchor)
                case 4: attachment = try .sliding(a, b, anchor: anchor, axis: Vector(dice.uniform(-1, 1), 1))
                default: attachment = try .limit(a, offset1: .zero, b, offset2: .zero)
                }
                try attachment.setFrequency(dice.below(2) == 0 ? 0 : dice.uniform(0.1, 10))
                try attachment.setDamping(dice.uniform(0, 2))
                try attachment.setFrictionTorque(dice.uniform(0, 1000))
                let lo = dice.uniform(-3, 100)
                try attachment.setAttachmentRange(FloatRange(minimum: lo, maximum: lo + dice.uniform(0, 200)))
                behaviors.append(attachment)
                try animator.addBehavior(attachment)
            case 6:
                guard let a = anyItem() else { continue }
                let snap = try SnapBehavior(item: a, snapTo: Vector(dice.uniform(0, 600), dice.uniform(0, 600)))
                try snap.setDamping(dice.uniform(0, 1))
                behaviors.append(snap)
                try animator.addBehavior(snap)
            case 7:
                let props = DynamicItemBehavior(items: items.filter { _ in dice.below(2) == 0 })
                try props.setDensity(dice.uniform(0.01, 50))
                try props.setElasticity(dice.uniform(0, 1.5))
                try props.setFriction(dice.uniform(0, 2))
                try props.setResistance(dice.uniform(0, 5))
                props.anchored = dice.below(5) == 0
                props.allowsRotation = dice.below(4) != 0
                behaviors.append(props)
                try animator.addBehavior(props)
            case 8:
                if !behaviors.isEmpty { animator.removeBehavior(behaviors.remove(at: dice.below(behaviors.count))) }
            case 9:
                anyItem()?.removeFromSuperview()
            case 10:
                try anyItem()?.setCenter(Vector(dice.uniform(-100, 700), dice.uniform(-100, 700)))
            case 11:
                try anyItem()?.setVelocity(Vector(dice.uniform(-30000, 30000), dice.uniform(-30000, 30000)))
                try anyItem()?.setAngularVelocity(dice.uniform(-200, 200))
            case 12:
                try animator.setSubsteps(1 + dice.below(8))
            default:
                try animator.step(dice.uniform(1.0 / 240, 1.0 / 20))
            }
            try animator.step()
            for item in items {
                #expect(item.center.isFinite && item.angle.isFinite && item.velocity.isFinite && item.angularVelocity.isFinite)
            }
        }
        _ = animator.snapshot()
    }
}

/// Deletes things from inside the delegate it is told about, to shake the callback path.
final class ChaosDelegate: CollisionBehaviorDelegate {
    var dice: Dice
    init(seed: UInt64) { dice = Dice(state: seed) }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: Vector) throws {
        switch dice.below(4) {
        case 0: item1.removeFromSuperview()
        case 1: behavior.removeItem(item2)
        case 2: try behavior.addBoundary(.string("late"), from: point, to: point + Vector(50, 0))
        default: throw Boom()
        }
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: BoundaryIdentifier?, at point: Vector) throws {
        if dice.below(3) == 0, let identifier { behavior.removeBoundary(identifier) }
        if dice.below(5) == 0 { behavior.animator?.removeBehavior(behavior) }
    }
}

extension BehaviorRobustnessTests {
    /// Extreme sizes, odd time steps, paths, composites and callbacks that change the world.
    @Test(arguments: Array(UInt64(100)...111))
    func extremeScenesAndCallbacksStayFinite(seed: UInt64) throws {
        var dice = Dice(state: seed)
        let animator = try Animator(referenceSize: Vector(dice.uniform(1, 2000), dice.uniform(1, 2000)))
        var items: [DynamicItem] = []
        let root = DynamicBehavior()
        try animator.addBehavior(root)
        for _ in 0..<40 {
            let size = Vector(pow(10, dice.uniform(-2, 4)), pow(10, dice.uniform(-2, 4)))
            let center = Vector(dice.uniform(-100, 2000), dice.uniform(-100, 2000))
            let item: DynamicItem
            if dice.below(3) == 0 {
                // A random convex polygon: points on an ellipse at increasing angles.
                let n = 3 + dice.below(8), rx = dice.uniform(1, 100), ry = dice.uniform(1, 100)
                let start = dice.uniform(0, 6)
                let points = (0..<n).map { k -> Vector in
                    let a = start + 2 * Double.pi * Double(k) / Double(n)
                    return Vector(rx * cos(a), ry * sin(a))
                }
                item = try DynamicItem(center: center, path: points)
            } else {
                item = try DynamicItem(center: center, size: size, shape: dice.below(2) == 0 ? .rectangle : .ellipse)
            }
            items.append(item)
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.delegate = ChaosDelegate(seed: seed)
        let group = DynamicBehavior()
        try group.addChild(collision)
        try group.addChild(GravityBehavior(items: items))
        try root.addChild(group)
        let props = DynamicItemBehavior(items: items)
        try props.setElasticity(dice.uniform(0, 1))
        try props.setFriction(dice.uniform(0, 1))
        try root.addChild(props)
        var frame = 0
        root.action = { _ in
            frame += 1
            if frame % 7 == 0, let item = items.randomElement(using: &dice) { try item.setCenter(Vector(dice.uniform(0, 500), -50)) }
            if frame % 11 == 0 { group.removeChild(collision); try group.addChild(collision) }
            if frame % 13 == 0 { throw Boom() }
        }
        for _ in 0..<150 {
            let dt = [1.0 / 60, 1e-5, 0.2, dice.uniform(1e-3, 0.1)][dice.below(4)]
            do { try animator.step(dt) } catch is CallbackFailures {}
        }
        for item in items {
            #expect(item.center.isFinite && item.angle.isFinite && item.velocity.isFinite && item.angularVelocity.isFinite)
        }
        do { _ = try animator.runUntilRest(maxSeconds: 0.5) } catch is CallbackFailures {}
        _ = animator.snapshot()
    }
}

extension Dice: RandomNumberGenerator {}
