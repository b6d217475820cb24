import Testing
@testable import Dynamics

/// Records the animator delegate's calls.
final class PauseRecorder: AnimatorDelegate {
    var pauses = 0, resumes = 0
    func dynamicAnimatorDidPause(_ animator: Animator) throws { pauses += 1 }
    func dynamicAnimatorWillResume(_ animator: Animator) throws { resumes += 1 }
}

struct Boom: Error {}

/// The animator's UIKit rules: pausing and resuming, callbacks and their errors, mutation from callbacks.
@Suite struct BehaviorAnimatorTests {
    @Test func pausesWhenEverythingRestsAndStepsDoNothingThen() throws {
        let animator = try Animator(referenceSize: Vector(320, 568))
        let recorder = PauseRecorder()
        animator.delegate = recorder
        #expect(!animator.isRunning)
        let item = try box(100, 100)
        try animator.addBehavior(DynamicItemBehavior(items: [item]))
        #expect(animator.isRunning)
        let t = try animator.runUntilRest(maxSeconds: 5)
        // A still item rests after the 0.5 s sleep time.
        #expect(t >= 0.5 && t < 1)
        #expect(!animator.isRunning)
        #expect(recorder.pauses == 1)
        #expect(recorder.resumes == 1)
        let elapsed = animator.elapsedTime
        try animator.step()
        try animator.run(1)
        #expect(animator.elapsedTime == elapsed)
        #expect(recorder.pauses == 1)
    }

    @Test func resumesOnEveryKindOfChange() throws {
        let animator = Animator()
        let recorder = PauseRecorder()
        animator.delegate = recorder
        let item = try box(0, 0)
        let props = DynamicItemBehavior(items: [item])
        try animator.addBehavior(props)
        try animator.runUntilRest()
        var expectedResumes = 1
        let changes: [() throws -> Void] = [
            { try item.setCenter(Vector(10, 10)) },
            { try item.setAngle(0.5) },
            { try props.setFriction(0.3) },
            { props.allowsRotation = false },
            { try animator.addBehavior(GravityBehavior()) },
            { animator.removeBehavior(animator.behaviors[1]) },
            { try props.addItem(try box(300, 0)) },
            { animator.updateItem(item) },
        ]
        for change in changes {
            #expect(!animator.isRunning)
            try change()
            #expect(animator.isRunning)
            try animator.runUntilRest()
            expectedResumes += 1
            #expect(recorder.resumes == expectedResumes)
            #expect(recorder.pauses == expectedResumes)
        }
        #expect(item.center == Vector(10, 10))
        #expect(item.angle == 0.5)
    }

    @Test func handWrittenCenterIsPickedUpWhileAnimated() throws {
        let animator = Animator()
        let item = try box(0, 0)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.run(0.5)
        try item.setCenter(Vector(500, -100))
        try item.setVelocity(.zero)
        try animator.step()
        // One frame of free fall from the new place.
        #expect(abs(item.center.x - 500) < 1e-9)
        #expect(item.center.y > -100 && item.center.y < -99)
    }

    @Test func actionErrorsAreCollectedAfterACompleteStep() throws {
        let animator = Animator()
        let item = try box(0, 0)
        let g = GravityBehavior(items: [item])
        var ran = 0
        g.action = { _ in ran += 1; throw Boom() }
        let other = DynamicBehavior()
        other.action = { _ in ran += 10 }
        try animator.addBehavior(g)
        try animator.addBehavior(other)
        do {
            try animator.step()
            Issue.record("step should have thrown")
        } catch let failures as CallbackFailures {
            #expect(failures.failures.count == 1)
            #expect(failures.failures.first?.callback == "action")
            #expect(failures.failures.first?.error is Boom)
        }
        // The step completed, the other action ran, and the world still moves.
        #expect(ran == 11)
        #expect(item.center.y > 0)
        #expect(abs(animator.elapsedTime - animator.timeStep) < 1e-12)
        #expect(throws: CallbackFailures.self) { try animator.step() }
        #expect(item.center.y.isFinite)
    }

    @Test func actionsSetBetweenOrDuringFramesRunInTreeOrder() throws {
        // Four behaviours, none with an action when the tree is synced; the animator keeps where the actions are.
        let animator = Animator()
        let item = try box(0, 0)
        let first = GravityBehavior(items: [item]), second = DynamicBehavior(), third = DynamicBehavior()
        let fourth = DynamicBehavior()
        for b in [first, second, third, fourth] { try animator.addBehavior(b) }
        try animator.step()
        var heard: [String] = []
        // Set between frames, on a tree that did not change: it runs the next frame.
        third.action = { _ in heard.append("third") }
        try animator.step()
        #expect(heard == ["third"])
        // Set by an action on a later behaviour: it runs in the same frame, after it, as a walk of the tree would.
        heard = []
        first.action = { _ in
            heard.append("first")
            fourth.action = { _ in heard.append("fourth") }
        }
        try animator.step()
        #expect(heard == ["first", "third", "fourth"])
        // Cleared by an action: a later behaviour's does not run in that frame, nor after.
        heard = []
        first.action = { _ in
            heard.append("first")
            third.action = nil
        }
        try animator.step()
        #expect(heard == ["first", "fourth"])
        heard = []
        first.action = nil
        try animator.step()
        #expect(heard == ["fourth"])
    }

    @Test func callbacksMayAddAndRemoveThingsForTheNextStep() throws {
        let animator = Animator()
        let a = try box(0, 0), b = try box(200, 0)
        let gravity = GravityBehavior(items: [a])
        var frame = 0
        gravity.action = { g in
            frame += 1
            if frame == 1 { try (g as? GravityBehavior)?.addItem(b) }
            if frame == 2 { a.removeFromSuperview() }
            if frame == 3 { try animator.addBehavior(PushBehavior(items: [b], mode: .instantaneous)) }
        }
        try animator.addBehavior(gravity)
        try animator.step()
        #expect(b.center.y == 0) // added during the callback: not moved by that step
        #expect(animator.items.count == 2)
        try animator.step()
        #expect(b.center.y > 0)
        #expect(a.animator == nil)
        #expect(animator.items.map(\.name) == ["box"])
        let aY = a.center.y
        try animator.step()
        try animator.step()
        #expect(a.center.y == aY) // removed: no longer moves
        #expect(animator.behaviors.count == 2)
    }

    @Test func stepInsideACallbackIsAnErrorNotARecursion() throws {
        let animator = Animator()
        let b = DynamicBehavior()
        b.action = { _ in try animator.step() }
        try animator.addBehavior(GravityBehavior(items: [try box(0, 0)]))
        try animator.addBehavior(b)
        do {
            try animator.step()
            Issue.record("expected the nested step to fail")
        } catch let failures as CallbackFailures {
            #expect(failures.failures.first?.error is DynamicsError)
        }
    }

    @Test func itemsAndItemsInRect() throws {
        let animator = Animator()
        let a = try box(0, 0, name: "a"), b = try box(500, 0, name: "b"), c = try box(0, 500, name: "c")
        let inner = GravityBehavior(items: [c, a])
        let composite = DynamicBehavior()
        try composite.addChild(inner)
        try animator.addBehavior(PushBehavior(items: [a, b], mode: .continuous))
        try animator.addBehavior(composite)
        #expect(animator.items.map(\.name) == ["a", "b", "c"])
        #expect(inner.animator === animator)
        #expect(c.animator === animator)
        let found = animator.items(in: AABB(lower: Vector(-10, -10), upper: Vector(10, 600)))
        #expect(found.map(\.name) == ["a", "c"])
        composite.removeChild(inner)
        #expect(c.animator == nil)
        #expect(inner.animator == nil)
        #expect(animator.items.map(\.name) == ["a", "b"])
        animator.removeAllBehaviors()
        #expect(animator.items.isEmpty)
        #expect(a.animator == nil)
    }

    @Test func lastAddedItemBehaviorWins() throws {
        let animator = Animator()
        let item = try box(0, 0)
        let light = DynamicItemBehavior(items: [item]), heavy = DynamicItemBehavior(items: [item])
        try heavy.setDensity(4)
        try animator.addBehavior(light)
        try animator.addBehavior(heavy)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        try push.setMagnitude(1)
        try animator.addBehavior(push)
        try animator.step()
        #expect(item.mass == 4)
        #expect(abs(item.velocity.x - 25) < 1e-9)
        animator.removeBehavior(heavy)
        try animator.step()
        #expect(item.mass == 1)
    }

    @Test func anchoredItemsStayPut() throws {
        let animator = Animator()
        let item = try box(10, 20)
        let props = DynamicItemBehavior(items: [item])
        props.anchored = true
        try animator.addBehavior(props)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.run(1)
        #expect(item.center == Vector(10, 20))
        #expect(!animator.isRunning) // nothing can move, so it rests at once
    }

    @Test func allowsRotationFalseKeepsTheAngle() throws {
        let animator = Animator()
        let item = try box(0, 0)
        let props = DynamicItemBehavior(items: [item])
        props.allowsRotation = false
        let push = PushBehavior(items: [item], mode: .instantaneous)
        try push.setMagnitude(1)
        try push.setTargetOffset(Vector(0, 40), for: item)
        try animator.addBehavior(props)
        try animator.addBehavior(push)
        try animator.run(0.5)
        #expect(item.angle == 0)
        #expect(item.angularVelocity == 0)
        #expect(item.velocity.x > 99)
    }

    @Test func gravityAngleMagnitudeAndDirectionStayInSync() throws {
        let g = GravityBehavior()
        #expect(abs(g.direction.x) < 1e-15 && g.direction.y == 1)
        try g.setDirection(Vector(3, 4))
        #expect(g.magnitude == 5)
        #expect(abs(g.angle - atan2(4, 3)) < 1e-15)
        try g.setMagnitude(0)
        #expect(g.direction == Vector(0, 0))
        try g.setMagnitude(2)
        #expect(abs(g.direction.x - 1.2) < 1e-12 && abs(g.direction.y - 1.6) < 1e-12)
        try g.setAngle(0, magnitude: 1)
        #expect(g.direction == Vector(1, 0))
    }

    @Test func itemBehaviorVelocityHelpers() throws {
        let animator = Animator()
        let item = try box(0, 0)
        let props = DynamicItemBehavior(items: [item])
        try animator.addBehavior(props)
        try props.addLinearVelocity(Vector(30, 40), for: item)
        try props.addAngularVelocity(2, for: item)
        try animator.step()
        #expect(props.linearVelocity(for: item) == Vector(30, 40))
        #expect(props.angularVelocity(for: item) == 2)
        #expect(abs(item.center.x - 0.5) < 1e-9)
    }

    @Test func snapshotDescribesTheWorld() throws {
        let animator = try Animator(referenceSize: Vector(320, 480))
        let a = try box(100, 100, name: "a"), b = try box(200, 100, name: "b")
        let rod = try AttachmentBehavior(item: a, attachedTo: b)
        let snap = try SnapBehavior(item: a, snapTo: Vector(50, 50))
        try animator.addBehavior(rod)
        try animator.addBehavior(snap)
        try animator.step()
        let s = animator.snapshot()
        #expect(s.referenceBounds == AABB(lower: .zero, upper: Vector(320, 480)))
        #expect(s.items.map(\.name) == ["a", "b"])
        #expect(s.joints.map(\.kind) == ["distance", "snap"])
        #expect(abs(s.time - 1.0 / 60) < 1e-12)
        #expect(s.items[0].center == a.center)
    }
}

/// Hand moves and the sleep switch.
@Suite struct BehaviorHandMoveTests {
    @Test func movingAShelfByHandWakesWhatRestsOnIt() throws {
        let animator = try Animator(referenceSize: Vector(400, 600))
        let shelf = try DynamicItem(center: Vector(200, 300), size: Vector(300, 20))
        let item = try box(200, 250, side: 40)
        let fix = DynamicItemBehavior(items: [shelf])
        fix.anchored = true
        let c = CollisionBehavior(items: [shelf, item])
        c.translatesReferenceBoundsIntoBoundary = true
        for b in [fix, c, GravityBehavior(items: [item])] as [DynamicBehavior] { try animator.addBehavior(b) }
        try animator.runUntilRest(maxSeconds: 5)
        #expect(!animator.isRunning)
        #expect(abs(item.center.y - 270) < 1)
        // Pull the shelf away: the box must fall to the floor, not hang asleep in the air.
        try shelf.setCenter(Vector(200, 500))
        #expect(animator.isRunning)
        try animator.runUntilRest(maxSeconds: 5)
        #expect(abs(item.center.y - 470) < 1)
    }

    @Test func sleepCanBeSwitchedOff() throws {
        let animator = Animator()
        let item = try box(0, 0)
        try animator.addBehavior(DynamicItemBehavior(items: [item]))
        animator.allowsSleep = false
        try animator.run(2)
        #expect(animator.isRunning)
        #expect(animator.snapshot().items.allSatisfy { !$0.isAsleep })
        animator.allowsSleep = true
        let t = try animator.runUntilRest(maxSeconds: 2)
        #expect(t < 1)
        #expect(!animator.isRunning)
    }
}
