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

    /// `Animator{ width =, height = }`, `Animator(view)`, `Animator(layout)`, `Animator()` or `Animator{}`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let animator: Animator
        if let item = s.object(at: 1, as: DynamicItem.self) {
            animator = try dynamics { () throws(DynamicsError) in try Animator(referenceItem: item) }
        } else if CustomItems.isItemTable(s, at: 1) {
            // A custom item as the reference view.
            let item = try s.checkView(1, .arg(1))
            animator = try dynamics { () throws(DynamicsError) in try Animator(referenceItem: item) }
        } else if let layout = s.object(at: 1, as: CollectionLayout.self) {
            animator = try dynamics { () throws(DynamicsError) in try Animator(collectionLayout: layout) }
        } else if s.isNil(at: 1) {
            animator = Animator()
        } else {
            try s.checkType(1, .table, site: .arg(1))
            let o = OptionTable(s, at: 1, arg: 1, typeName: "Animator")
            let d = description
            try o.checkKeys(["width", "height"] + d.optionNames, allowsArray: false)
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
            try d.applyOptions(o, to: animator)
        }
        s.push(animator: animator)
        CurrentAnimator.set(s, -1)
        return 1
    }

    /// `animator:layoutAttributesForSupplementaryView(kind, i)` and `...ForDecorationView(kind, i)`.
    private static func layoutAttributesMethod(_ category: LayoutAttributesInfo.Category, _ name: String) -> Method {
        Method(name, "animator:\(name)(kind, i)",
               "the LayoutAttributes of the \(category == .supplementaryView ? "supplementary" : "decoration") view of "
               + "kind at index i that this animator animates, or nil") { s throws(LuaError) in
            let a = try animator(s)
            guard s.type(at: 2) == .string, let kind = s.string(at: 2) else {
                throw LuaError.argument(2, "string expected, got \(s.typeName(at: 2))")
            }
            let index = try s.checkInteger(3, .arg(3), in: Int(Int32.min)...Int(Int32.max))
            if let item = a.layoutAttributes(for: category, kind: kind, at: index) { s.push(view: item) } else { s.pushNil() }
            return 1
        }
    }

    private static func setSubsteps(_ s: LuaStack, _ a: Animator, _ index: Int32, _ site: Site) throws(LuaError) {
        guard let n = s.integer(at: index) else {
            throw site.error("integer expected, got \(s.type(at: index) == .number ? "a fraction" : s.typeName(at: index))")
        }
        guard n >= 1, n <= 100 else { throw site.error("substeps must be between 1 and 100, got \(n)") }
        try dynamics { () throws(DynamicsError) in try a.setSubsteps(Int(n)) }
    }

    private static func setWorkerCount(_ s: LuaStack, _ a: Animator, _ index: Int32, _ site: Site) throws(LuaError) {
        guard let n = s.integer(at: index) else {
            throw site.error("integer expected, got \(s.type(at: index) == .number ? "a fraction" : s.typeName(at: index))")
        }
        let most = Animator.maxWorkerCount
        guard n >= 1, n <= most else { throw site.error("workerCount must be between 1 and \(most), got \(n)") }
        try dynamics { () throws(DynamicsError) in try a.setWorkerCount(Int(n)) }
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
        if let r = a.referenceBounds {
            let units = a.displayUnits
            text += " \(NumberText.short(units.length(r.width)))x\(NumberText.short(units.length(r.height)))"
            if units.metres { text += " m" }
        }
        text += " t=\(NumberText.fixed(a.elapsedTime, decimals: 2))s items=\(a.items.count) behaviors=\(a.behaviors.count)"
        return text + (a.isRunning ? " running" : " paused")
    }


    static var methods: [Method] {
        [
            Method("addBehavior", "animator:addBehavior(b)",
                   "adds a behaviour") { s throws(LuaError) in
                let a = try animator(s)
                let b = try s.checkBehavior(2, .arg(2))
                try dynamics { () throws(DynamicsError) in try a.addBehavior(b) }
                return 0
            },
            Method("removeBehavior", "animator:removeBehavior(b)",
                   "removes a behaviour") { s throws(LuaError) in
                try animator(s).removeBehavior(try s.checkBehavior(2, .arg(2)))
                return 0
            },
            Method("removeAllBehaviors", "animator:removeAllBehaviors()",
                   "removes every behaviour") { s throws(LuaError) in
                try animator(s).removeAllBehaviors()
                return 0
            },
            Method("itemsIn", "animator:itemsIn(rect)",
                   "items whose frame meets the rect") { s throws(LuaError) in
                let a = try animator(s)
                s.push(views: a.items(in: try s.checkRect(2, .arg(2)).box))
                return 1
            },
            Method("itemsAt", "animator:itemsAt(point)",
                   "items whose shape contains the point") { s throws(LuaError) in
                let a = try animator(s)
                s.push(views: a.items(at: try s.checkPoint(2, .arg(2))))
                return 1
            },
            Method("rayCast", "animator:rayCast(from, to)",
                   "the first item or boundary on the segment: { item =, boundary =, point =, normal =, fraction = } or nil") {
                s throws(LuaError) in
                let a = try animator(s)
                let from = try s.checkPoint(2, .arg(2)), to = try s.checkPoint(3, .arg(3))
                guard let hit = a.rayCast(from: from, to: to) else {
                    s.pushNil()
                    return 1
                }
                s.newTable(record: 5)
                if let item = hit.item { s.push(view: item); s.rawSet(-2, field: "item") }
                if let identifier = hit.boundary?.identifier { s.push(boundaryIdentifier: identifier); s.rawSet(-2, field: "boundary") }
                s.push(point: hit.point); s.rawSet(-2, field: "point")
                s.push(point: hit.normal); s.rawSet(-2, field: "normal")
                s.push(hit.fraction); s.rawSet(-2, field: "fraction")
                return 1
            },
            Method("layoutAttributesForCell", "animator:layoutAttributesForCell(i)",
                   "the LayoutAttributes of cell i that this animator animates, or nil") { s throws(LuaError) in
                let a = try animator(s)
                let index = try s.checkInteger(2, .arg(2), in: Int(Int32.min)...Int(Int32.max))
                if let item = a.layoutAttributesForCell(at: index) { s.push(view: item) } else { s.pushNil() }
                return 1
            },
            layoutAttributesMethod(.supplementaryView, "layoutAttributesForSupplementaryView"),
            layoutAttributesMethod(.decorationView, "layoutAttributesForDecorationView"),
            Method("updateItem", "animator:updateItem(view)",
                   "re-reads an item's center and angle (updateItemUsingCurrentState)") { s throws(LuaError) in
                let a = try animator(s)
                let item = try s.checkView(2, .arg(2))
                // A custom item's table is read again: its fields may have changed by hand.
                if item.observer is LuaCustomItem { try CustomItems.reread(s, at: 2, into: item, .arg(2)) }
                a.updateItem(item)
                return 0
            },
            Method("serve", "animator:serve([{ port = 0 }])",
                   "serves a live view of the world on 127.0.0.1 (port 0: a free one) and returns its URL; the world "
                   + "steps in real time while the REPL waits for input") { s throws(LuaError) in
                let a = try animator(s)
                var port = 0
                if !s.isNil(at: 2) {
                    guard s.type(at: 2) == .table else {
                        throw LuaError.typeMismatch(2, expected: "table", got: s.typeName(at: 2))
                    }
                    let options = OptionTable(s, at: 2, arg: 2, typeName: "serve")
                    try options.checkKeys(["port"], allowsArray: false)
                    if let p = try options.number("port") {
                        guard p == p.rounded(), (0...65535).contains(p) else {
                            throw LuaError.argument(2, "port must be a whole number from 0 to 65535 (0: a free one), got \(NumberText.short(p))")
                        }
                        port = Int(p)
                    }
                }
                guard let host = DynamicsHost.of(s) else { throw LuaError("no host: the library was not opened with openDynamics") }
                s.push(try host.liveViews.serve(a, port: port))
                return 1
            },
            Method("stopServing", "animator:stopServing()",
                   "stops its live view and frees the port; returns whether it was served") { s throws(LuaError) in
                let a = try animator(s)
                s.push(DynamicsHost.of(s)?.liveViews.stop(a) ?? false)
                return 1
            },
            Method("step", "animator:step([dt])",
                   "advances one frame of dt seconds (default timeStep)") { s throws(LuaError) in
                let a = try animator(s)
                let dt: Double? = s.isNil(at: 2) ? nil : try s.checkPositive(2, .arg(2))
                try FrameStepping.step(s, a, dt)
                return 0
            },
            Method("run", "animator:run(seconds)",
                   "steps frames of timeStep for that long") { s throws(LuaError) in
                let a = try animator(s)
                let seconds = try s.checkNonNegative(2, .arg(2))
                _ = try dynamics(argument: 2) { () throws(DynamicsError) in try a.frames(covering: seconds) }
                try FrameStepping.run(s, a, .seconds(seconds))
                return 0
            },
            Method("runUntilRest", "animator:runUntilRest([maxSeconds = 60])",
                   "steps until the animator pauses, at most maxSeconds of simulated time; returns the seconds "
                   + "stepped and whether it came to rest (false: it stopped at the limit)") { s throws(LuaError) in
                let a = try animator(s)
                let limit = s.isNil(at: 2) ? 60 : try s.checkNonNegative(2, .arg(2))
                _ = try dynamics(argument: 2) { () throws(DynamicsError) in try a.frames(covering: limit) }
                let result = try FrameStepping.run(s, a, .untilRest(maxSeconds: limit))
                s.push(result.seconds)
                s.push(result.reachedRest)
                return 2
            },
            Method("state", "animator:state()",
                   "an array of { name, center, angle, velocity, angularVelocity }") { s throws(LuaError) in
                pushState(s, try animator(s))
                return 1
            },
        ] + PicturesBinding.methods
    }

    private static func animator(_ s: LuaStack) throws(LuaError) -> Animator { try s.checkAnimator(1, .arg(1)) }

    static var description: TypeDescription<Animator> {
        TypeDescription(
            name: "Animator", uikitName: "UIDynamicAnimator",
            summary: "runs behaviours over items, frame by frame; pauses itself when everything is at rest",
            constructors: ["Animator{ width = 320, height = 568 }  (reference bounds 0, 0, w, h)", "Animator(view)",
                           "Animator(layout)  (a CollectionLayout: reference bounds are its content)",
                           "Animator()  (no reference bounds)"],
            properties: [
                Property("behaviors", "array of behaviours", default: "{}", "top-level behaviours in order added",
                         get: { s, a in s.push(behaviors: a.behaviors) }),
                Property("items", "array of View", default: "{}", "every item in any of its behaviours",
                         get: { s, a in s.push(views: a.items) }),
                .number("timeStep", "number, s", default: "1/60", "the frame length step() uses", rule: .positive,
                        get: \.timeStep, set: { try $0.setTimeStep($1) }),
                Property("substeps", "integer", default: "4", "solver sub-steps per frame", option: true,
                         get: { s, a in s.push(a.substeps) },
                         set: { s, a, i, site throws(LuaError) in try setSubsteps(s, a, i, site) }),
                Property("workerCount", "integer", default: "cores",
                         "threads a step may use, this one included (default: the cores the process may use); "
                            + "any count gives the same results bit for bit, and small worlds step on one",
                         option: true, get: { s, a in s.push(a.workerCount) },
                         set: { s, a, i, site throws(LuaError) in try setWorkerCount(s, a, i, site) }),
                .number("restitutionThreshold", "number, pt/s", default: "10",
                        "contacts approaching slower than this do not bounce, so bouncing items come to rest",
                        rule: .nonNegative, get: \.restitutionThreshold, set: { try $0.setRestitutionThreshold($1) }),
                .number("sleepThreshold", "number, pt/s", default: "1",
                        "items slower than this for half a second may sleep; slow motion faster than it goes on",
                        rule: .nonNegative, get: \.sleepThreshold, set: { try $0.setSleepThreshold($1) }),
                .boolean("allowsSleep", default: "true",
                         "false keeps every item awake, so the animator never pauses (not in UIKit)",
                         get: \.allowsSleep, set: { $0.allowsSleep = $1 }),
                .boolean("isRunning", "false once every item is at rest; true again when anything changes",
                         get: \.isRunning),
                .number("elapsedTime", "number, s", default: "0",
                        "simulated seconds while running; stops at rest, so step loops use time", get: \.elapsedTime),
                .number("time", "number, s", default: "0",
                        "simulated seconds of every frame stepped, paused or not: while a.time < 5 do a:step() end",
                        get: \.time),
                Property("referenceBounds", "rect or nil", "(0, 0, w, h) of the reference view, or nil",
                         get: { s, a in if let r = a.referenceBounds { s.push(box: r) } else { s.pushNil() } }),
                Property("delegate", "table or nil", default: "nil",
                         "{ didPause = function(self, animator) end, willResume = function(self, animator) end }",
                         option: true,
                         get: { s, a in
                             if let d = a.delegate as? LuaAnimatorDelegate { d.table.ref.push(on: s) } else { s.pushNil() }
                         },
                         set: { s, a, i, site throws(LuaError) in try setDelegate(s, a, i, site) }),
            ] + PicturesBinding.properties,
            methods: methods,
            describe: describe,
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}
