import Dynamics
import LuaKit

extension LuaStack {
    /// Pushes an animator as its one Lua value.
    func push(animator: Animator) { push(object: animator, className: "Animator") }

    /// The animator at `index`, or a `bad argument` at `site`.
    func checkAnimator(_ index: Int32, _ site: Site) throws(LuaError) -> Animator {
        guard let animator = object(at: index, as: Animator.self) else {
            throw site.error("Animator expected, got \(typeName(at: index))")
        }
        return animator
    }
}

/// The `Animator` binding (UIDynamicAnimator): behaviours, stepping, and the state table.
enum AnimatorBinding {
    /// Runs `body` (which steps `animator`) with callbacks running on this Lua thread, and reports callback errors
    /// through the host: the step has completed by then, so the script carries on.
    static func stepping<T>(_ s: LuaStack, _ body: () throws -> T) throws(LuaError) -> T? {
        try stepping(s, host: DynamicsHost.of(s), body)
    }

    /// `stepping(_:_:)` with the host already found (one registry lookup per frame, not one per use).
    static func stepping<T>(_ s: LuaStack, host: DynamicsHost?, _ body: () throws -> T) throws(LuaError) -> T? {
        let previous = host?.activeStack
        host?.activeStack = s
        defer { host?.activeStack = previous }
        do {
            return try body()
        } catch let error as LuaError {
            throw error
        } catch let error as DynamicsError {
            throw LuaError(error.message)
        } catch let failures as CallbackFailures {
            report(failures.failures, host)
            return nil
        } catch {
            throw LuaError("\(error)")
        }
    }

    /// `stepping(_:_:)` for a run of frames: the callback failures of its last frame are reported through the host.
    static func stepping(_ s: LuaStack, host: DynamicsHost?, _ body: () throws -> RunResult) throws(LuaError) -> RunResult {
        let result = try stepping(s, host: host, body) as RunResult? ?? RunResult()
        report(result.failures, host)
        return result
    }

    private static func report(_ failures: [CallbackFailure], _ host: DynamicsHost?) {
        for failure in failures { host?.reportCallbackError(failure.description) }
    }

    /// `Animator{ width =, height = }`, `Animator(view)`, `Animator()` or `Animator{}`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let animator: Animator
        if let item = s.object(at: 1, as: DynamicItem.self) {
            animator = try dynamics { () throws(DynamicsError) in try Animator(referenceItem: item) }
        } else if s.isNil(at: 1) {
            animator = Animator()
        } else {
            try s.checkType(1, .table, site: .arg(1))
            let o = OptionTable(s, at: 1, arg: 1, typeName: "Animator")
            try o.checkKeys(["width", "height", "timeStep", "substeps", "allowsSleep", "delegate"], allowsArray: false)
            let width = try o.value("width") { s, i, site throws(LuaError) in try s.checkPositive(i, site) }
            let height = try o.value("height") { s, i, site throws(LuaError) in try s.checkPositive(i, site) }
            switch (width, height) {
            case let (w?, h?):
                animator = try dynamics { () throws(DynamicsError) in try Animator(referenceSize: Vector(w, h)) }
            case (nil, nil):
                animator = Animator()
            default:
                throw LuaError.argument(1, "give both width and height for reference bounds, or neither")
            }
            if let dt = try o.value("timeStep", { s, i, site throws(LuaError) in try s.checkPositive(i, site) }) {
                try dynamics { () throws(DynamicsError) in try animator.setTimeStep(dt) }
            }
            if o.has("substeps") {
                s.rawGet(o.index, field: "substeps")
                defer { s.pop() }
                try setSubsteps(s, animator, s.top, .field("substeps", of: 1))
            }
            if o.has("allowsSleep") {
                s.rawGet(o.index, field: "allowsSleep")
                defer { s.pop() }
                guard s.type(at: -1) == .boolean else {
                    throw LuaError.argument(1, "field 'allowsSleep': boolean expected, got \(s.typeName(at: -1))")
                }
                animator.allowsSleep = s.boolean(at: -1)
            }
            if o.has("delegate") {
                s.rawGet(o.index, field: "delegate")
                defer { s.pop() }
                try setDelegate(s, animator, s.top, .field("delegate", of: 1))
            }
        }
        s.push(animator: animator)
        CurrentAnimator.set(s, -1)
        return 1
    }

    private static func setSubsteps(_ s: LuaStack, _ a: Animator, _ index: Int32, _ site: Site) throws(LuaError) {
        guard let n = s.integer(at: index) else {
            throw site.error("integer expected, got \(s.type(at: index) == .number ? "a fraction" : s.typeName(at: index))")
        }
        guard n >= 1, n <= 100 else { throw site.error("substeps must be between 1 and 100, got \(n)") }
        try dynamics { () throws(DynamicsError) in try a.setSubsteps(Int(n)) }
    }

    private static func setDelegate(_ s: LuaStack, _ a: Animator, _ index: Int32, _ site: Site) throws(LuaError) {
        guard let table = try Callback.check(s, index, site, expecting: .table) else {
            a.delegate = nil
            return
        }
        guard let host = DynamicsHost.of(s) else { return }
        a.delegate = LuaAnimatorDelegate(table: table, host: host, stack: s)
    }

    /// Pushes `animator:state()`: one `{ name, center, angle, velocity, angularVelocity }` per item.
    static func pushState(_ s: LuaStack, _ a: Animator) {
        let items = a.items
        s.newTable(array: Int32(items.count))
        for (i, item) in items.enumerated() {
            s.newTable(record: 5)
            s.push(item.name); s.rawSet(-2, field: "name")
            s.push(point: item.center); s.rawSet(-2, field: "center")
            s.push(item.angle); s.rawSet(-2, field: "angle")
            s.push(point: item.velocity); s.rawSet(-2, field: "velocity")
            s.push(item.angularVelocity); s.rawSet(-2, field: "angularVelocity")
            s.rawSet(-2, index: i + 1)
        }
    }

    /// `Animator 320x568 t=1.50s items=2 behaviors=3 running`.
    static func describe(_ a: Animator) -> String {
        var text = "Animator"
        if let r = a.referenceBounds { text += " \(NumberText.short(r.width))x\(NumberText.short(r.height))" }
        text += " t=\(NumberText.fixed(a.elapsedTime, decimals: 2))s items=\(a.items.count) behaviors=\(a.behaviors.count)"
        return text + (a.isRunning ? " running" : " paused")
    }

    private static func animator(_ s: LuaStack) throws(LuaError) -> Animator { try s.checkAnimator(1, .arg(1)) }

    static var methods: [(String, LuaFunction)] {
        [
            ("addBehavior", { s throws(LuaError) in
                let a = try animator(s)
                let b = try s.checkBehavior(2, .arg(2))
                try dynamics { () throws(DynamicsError) in try a.addBehavior(b) }
                return 0
            }),
            ("removeBehavior", { s throws(LuaError) in
                try animator(s).removeBehavior(try s.checkBehavior(2, .arg(2)))
                return 0
            }),
            ("removeAllBehaviors", { s throws(LuaError) in
                try animator(s).removeAllBehaviors()
                return 0
            }),
            ("itemsIn", { s throws(LuaError) in
                let a = try animator(s)
                s.push(views: a.items(in: try s.checkRect(2, .arg(2)).box))
                return 1
            }),
            ("updateItem", { s throws(LuaError) in
                try animator(s).updateItem(try s.checkView(2, .arg(2)))
                return 0
            }),
            ("step", { s throws(LuaError) in
                let a = try animator(s)
                let dt: Double? = s.isNil(at: 2) ? nil : try s.checkPositive(2, .arg(2))
                try FrameStepping.step(s, a, dt)
                return 0
            }),
            ("run", { s throws(LuaError) in
                let a = try animator(s)
                let seconds = try s.checkNonNegative(2, .arg(2))
                try FrameStepping.run(s, a, .seconds(seconds))
                return 0
            }),
            ("runUntilRest", { s throws(LuaError) in
                let a = try animator(s)
                let limit = s.isNil(at: 2) ? 60 : try s.checkNonNegative(2, .arg(2))
                s.push(try FrameStepping.run(s, a, .untilRest(maxSeconds: limit)).seconds)
                return 1
            }),
            ("state", { s throws(LuaError) in
                pushState(s, try animator(s))
                return 1
            }),
        ] + PicturesBinding.methods
    }

    static var type: BoundType {
        let info = HelpCatalog.animator
        return BoundType(
            info: info,
            spec: LuaClassSpec(
                name: "Animator",
                methods: methods,
                getter: { s throws(LuaError) in
                    let a = try animator(s)
                    let key = s.string(at: 2) ?? s.describe(2)
                    switch key {
                    case "behaviors": s.push(behaviors: a.behaviors)
                    case "items": s.push(views: a.items)
                    case "timeStep": s.push(a.timeStep)
                    case "substeps": s.push(a.substeps)
                    case "isRunning": s.push(a.isRunning)
                    case "allowsSleep": s.push(a.allowsSleep)
                    case "elapsedTime": s.push(a.elapsedTime)
                    case "referenceBounds":
                        if let r = a.referenceBounds { s.push(box: r) } else { s.pushNil() }
                    case "delegate":
                        if let d = a.delegate as? LuaAnimatorDelegate { d.table.ref.push(on: s) } else { s.pushNil() }
                    default:
                        guard PicturesBinding.get(s, a, key) else { throw LuaError(info.unknownField(key)) }
                    }
                    return 1
                },
                setter: { s throws(LuaError) in
                    let a = try animator(s)
                    let key = s.string(at: 2) ?? s.describe(2)
                    do throws(LuaError) {
                        switch key {
                        case "timeStep":
                            let dt = try s.checkPositive(3, .arg(3))
                            try dynamics { () throws(DynamicsError) in try a.setTimeStep(dt) }
                        case "substeps": try setSubsteps(s, a, 3, .arg(3))
                        case "allowsSleep": a.allowsSleep = try s.checkBoolean(3)
                        case "delegate": try setDelegate(s, a, 3, .arg(3))
                        default: throw BehaviorCommon.cannotSet(info, key)
                        }
                    } catch {
                        throw BehaviorCommon.fieldError(error, typeName: "Animator", key: key)
                    }
                    return 0
                },
                metamethods: [
                    ("__tostring", { s throws(LuaError) in s.push(describe(try animator(s))); return 1 }),
                ]),
            constructor: construct)
    }
}
