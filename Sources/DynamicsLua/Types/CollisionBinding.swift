import Dynamics
import LuaKit

/// The `Collision` binding (UICollisionBehavior): modes, boundaries and the contact delegate.
enum CollisionBinding {
    private static let modes = ["everything", "items", "boundaries"]

    private static func behavior(_ s: LuaStack) throws(LuaError) -> CollisionBehavior {
        try s.checkObject(1, as: CollisionBehavior.self, expected: "Collision")
    }

    /// Installs the table at `index` (or nil) as the delegate.
    private static func setDelegate(_ s: LuaStack, _ c: CollisionBehavior, _ index: Int32, _ site: Site) throws(LuaError) {
        guard let table = try Callback.check(s, index, site, expecting: .table) else {
            c.delegate = nil
            return
        }
        guard let host = DynamicsHost.of(s) else { return }
        c.delegate = LuaCollisionDelegate(table: table, host: host, stack: s)
    }

    /// The polylines of a Path, as boundaries take them.
    private static func polylines(_ path: Path) -> [Polyline] {
        path.subpaths.map { Polyline(points: $0.points, isClosed: $0.isClosed) }
    }

    private static func delegateProperty(_ name: String, _ summary: String) -> Property<CollisionBehavior> {
        Property(name, "table or nil", default: "nil", summary, option: true,
                 get: { s, c in
                     if let d = c.delegate as? LuaCollisionDelegate { d.table.ref.push(on: s) } else { s.pushNil() }
                 },
                 set: { s, c, i, site throws(LuaError) in try setDelegate(s, c, i, site) })
    }

    static var description: TypeDescription<CollisionBehavior> {
        TypeDescription(
            name: "Collision", uikitName: "UICollisionBehavior",
            summary: "makes its items collide with each other and with boundaries",
            constructors: ["Collision{ a, b, mode = \"everything\", translatesReferenceBoundsIntoBoundary = true }",
                           "Collision(a, b)"],
            properties: [
                .items,
                .choice("mode", modes, default: "\"everything\"", "what the items collide with (collisionMode)",
                        get: \.mode.rawValue, set: { c, mode in c.mode = CollisionMode(rawValue: mode) ?? .everything }),
                .boolean("translatesReferenceBoundsIntoBoundary", default: "false",
                         "the animator's reference bounds become a boundary (identifier nil)",
                         get: \.translatesReferenceBoundsIntoBoundary, set: { $0.translatesReferenceBoundsIntoBoundary = $1 }),
                Property("boundaryIdentifiers", "array", default: "{}", "identifiers of added boundaries, in order added",
                         get: { s, c in
                             let ids = c.boundaryIdentifiers
                             s.newTable(array: Int32(ids.count))
                             for (i, id) in ids.enumerated() {
                                 s.push(boundaryIdentifier: id)
                                 s.rawSet(-2, index: i + 1)
                             }
                         }),
                delegateProperty("delegate",
                                 "beganContact, endedContact, beganBoundaryContact, endedBoundaryContact (collisionDelegate)"),
                delegateProperty("collisionDelegate", "same as delegate"),
            ] + BehaviorCommon.commonProperties(),
            methods: [
                    Method("setTranslatesReferenceBoundsIntoBoundary", "c:setTranslatesReferenceBoundsIntoBoundary(insets)", "the reference bounds, inset by {top, left, bottom, right}, become a boundary") { s throws(LuaError) in
                        let c = try behavior(s)
                        let insets = try s.isNil(at: 2) ? EdgeInsets.zero : s.checkInsets(2, .arg(2))
                        try dynamics { () throws(DynamicsError) in try c.setTranslatesReferenceBoundsIntoBoundary(insets: insets) }
                        return 0
                    },
                    Method("addBoundary", "c:addBoundary(id, p1, p2)  or  c:addBoundary(id, path)", "adds (or replaces) a segment or path boundary; id is a string or number") { s throws(LuaError) in
                        let c = try behavior(s)
                        let id = try s.checkBoundaryIdentifier(2, .arg(2))
                        if let path = s.object(at: 3, as: PathObject.self) {
                            let lines = polylines(path.path)
                            guard lines.contains(where: { $0.points.count >= 2 }) else {
                                throw LuaError.argument(3, "the path has no line to make a boundary of")
                            }
                            try dynamics { () throws(DynamicsError) in try c.addBoundary(id, polylines: lines) }
                        } else {
                            guard !s.isNil(at: 3) else { throw LuaError.argument(3, "point or Path expected, got no value") }
                            let p1 = try s.checkPoint(3, .arg(3))
                            let p2 = try s.checkPoint(4, .arg(4))
                            try dynamics { () throws(DynamicsError) in try c.addBoundary(id, from: p1, to: p2) }
                        }
                        return 0
                    },
                    Method("boundary", "c:boundary(id)", "the boundary's Path, or nil") { s throws(LuaError) in
                        let c = try behavior(s)
                        let id = try s.checkBoundaryIdentifier(2, .arg(2))
                        guard let lines = c.boundary(id) else { s.pushNil(); return 1 }
                        s.push(path: path(of: lines))
                        return 1
                    },
                    Method("removeBoundary", "c:removeBoundary(id)", "removes a boundary") { s throws(LuaError) in
                        let c = try behavior(s)
                        c.removeBoundary(try s.checkBoundaryIdentifier(2, .arg(2)))
                        return 0
                    },
                    Method("removeAllBoundaries", "c:removeAllBoundaries()", "removes every boundary") { s throws(LuaError) in
                        try behavior(s).removeAllBoundaries()
                        return 0
                    },
            ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
            describe: { c in
                var detail = "mode=\(c.mode.rawValue)"
                if c.translatesReferenceBoundsIntoBoundary { detail += " bounds" }
                let ids = c.boundaryIdentifiers
                if !ids.isEmpty { detail += " boundaries=" + ids.map(\.description).joined(separator: ",") }
                return BehaviorCommon.describe(c, detail)
            },
            construct: construct)
    }

    /// `Type{ a, b, key = .. }` or `Type(a, b)`.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        try BehaviorCommon.construct(s, description) { items, _ throws(LuaError) in CollisionBehavior(items: items) }
    }

    static var type: BoundType { description.boundType }

    /// A Path drawing the boundary's polylines (what `c:boundary(id)` returns).
    private static func path(of lines: [Polyline]) -> Path {
        var path = Path()
        for line in lines {
            guard let first = line.points.first else { continue }
            // The points came from finite input, so these calls cannot fail; a failure leaves the path shorter.
            try? path.move(to: first)
            for p in line.points.dropFirst() { try? path.addLine(to: p) }
            if line.isClosed { path.close() }
        }
        return path
    }
}
