import Dynamics
import LuaKit

/// The `Collision` binding (UICollisionBehavior): modes, boundaries and the contact delegate.
enum CollisionBinding {
    private static let modes = ["everything", "items", "boundaries"]
    private static let options = ["mode", "translatesReferenceBoundsIntoBoundary", "delegate", "collisionDelegate"]

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

    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        let (items, o) = try BehaviorCommon.itemsAndOptions(s, typeName: "Collision", known: options)
        let c = CollisionBehavior(items: items)
        if let o {
            if let mode = try o.value("mode", { s, i, site throws(LuaError) in try s.checkChoice(i, site, modes) }) {
                c.mode = CollisionMode(rawValue: mode) ?? .everything
            }
            if let x = try o.boolean("translatesReferenceBoundsIntoBoundary") { c.translatesReferenceBoundsIntoBoundary = x }
            for key in ["delegate", "collisionDelegate"] where o.has(key) {
                s.rawGet(o.index, field: key)
                defer { s.pop() }
                try setDelegate(s, c, s.top, .field(key, of: 1))
            }
        }
        try BehaviorCommon.applyAction(s, c, o)
        s.push(behavior: c)
        return 1
    }

    /// The polylines of a Path, as boundaries take them.
    private static func polylines(_ path: Path) -> [Polyline] {
        path.subpaths.map { Polyline(points: $0.points, isClosed: $0.isClosed) }
    }

    static var type: BoundType {
        let info = HelpCatalog.collision
        return BoundType(
            info: info,
            spec: BehaviorCommon.spec(
                info, CollisionBehavior.self,
                methods: [
                    ("setTranslatesReferenceBoundsIntoBoundary", { s throws(LuaError) in
                        let c = try behavior(s)
                        let insets = try s.isNil(at: 2) ? EdgeInsets.zero : s.checkInsets(2, .arg(2))
                        try dynamics { () throws(DynamicsError) in try c.setTranslatesReferenceBoundsIntoBoundary(insets: insets) }
                        return 0
                    }),
                    ("addBoundary", { s throws(LuaError) in
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
                    }),
                    ("boundary", { s throws(LuaError) in
                        let c = try behavior(s)
                        let id = try s.checkBoundaryIdentifier(2, .arg(2))
                        guard let lines = c.boundary(id) else { s.pushNil(); return 1 }
                        s.push(path: path(of: lines))
                        return 1
                    }),
                    ("removeBoundary", { s throws(LuaError) in
                        let c = try behavior(s)
                        c.removeBoundary(try s.checkBoundaryIdentifier(2, .arg(2)))
                        return 0
                    }),
                    ("removeAllBoundaries", { s throws(LuaError) in
                        try behavior(s).removeAllBoundaries()
                        return 0
                    }),
                ] + BehaviorCommon.itemMethods + BehaviorCommon.methods,
                get: { s, c, key throws(LuaError) in
                    switch key {
                    case "mode": s.push(c.mode.rawValue)
                    case "translatesReferenceBoundsIntoBoundary": s.push(c.translatesReferenceBoundsIntoBoundary)
                    case "boundaryIdentifiers":
                        let ids = c.boundaryIdentifiers
                        s.newTable(array: Int32(ids.count))
                        for (i, id) in ids.enumerated() {
                            s.push(boundaryIdentifier: id)
                            s.rawSet(-2, index: i + 1)
                        }
                    case "delegate", "collisionDelegate":
                        if let d = c.delegate as? LuaCollisionDelegate { d.table.ref.push(on: s) } else { s.pushNil() }
                    default: return false
                    }
                    return true
                },
                set: { s, c, key throws(LuaError) in
                    switch key {
                    case "mode": c.mode = CollisionMode(rawValue: try s.checkChoice(3, .arg(3), modes)) ?? .everything
                    case "translatesReferenceBoundsIntoBoundary": c.translatesReferenceBoundsIntoBoundary = try s.checkBoolean(3)
                    case "delegate", "collisionDelegate": try setDelegate(s, c, 3, .arg(3))
                    default: return false
                    }
                    return true
                },
                describe: { c in
                    var detail = "mode=\(c.mode.rawValue)"
                    if c.translatesReferenceBoundsIntoBoundary { detail += " bounds" }
                    let ids = c.boundaryIdentifiers
                    if !ids.isEmpty { detail += " boundaries=" + ids.map(\.description).joined(separator: ",") }
                    return BehaviorCommon.describe(c, detail)
                }),
            constructor: construct)
    }

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
