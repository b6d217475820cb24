import Dynamics
import LuaKit

/// The Swift side of a Lua `Path`: a UIBezierPath-like value that methods change in place (and return, to chain).
final class PathObject {
    var path: Path
    init(_ path: Path = Path()) { self.path = path }
}

extension LuaStack {
    /// Pushes `path` as a new Lua Path.
    func push(path: Path) { push(object: PathObject(path), className: "Path") }

    /// The Path at `index`, or a `bad argument` at `site`.
    func checkPath(_ index: Int32, _ site: Site) throws(LuaError) -> Path {
        guard let object = object(at: index, as: PathObject.self) else {
            throw site.error("Path expected, got \(typeName(at: index))")
        }
        return object.path
    }

    /// A point given either as two numbers at `index` and `index + 1`, or as one point value at `index`;
    /// returns the point and how many arguments it used.
    func checkCoordinates(_ index: Int32) throws(LuaError) -> (Vector, Int32) {
        if type(at: index) == .number {
            return (Vector(try checkFinite(index, .arg(index)), try checkFinite(index + 1, .arg(index + 1))), 2)
        }
        return (try checkPoint(index, .arg(index)), 1)
    }
}

/// The `Path` binding (UIBezierPath): drawing methods that chain, makers, bounds and flattened points.
enum PathBinding {
    /// Runs a drawing command on the path at argument 1 and returns the path again, so calls chain.
    /// Checks the path (argument 1) before `body` reads the other arguments, and returns the path for chaining.
    private static func draw(_ s: LuaStack, _ body: (inout Path) throws(LuaError) -> Void) throws(LuaError) -> Int32 {
        let object = try s.checkObject(1, as: PathObject.self, expected: "Path")
        // In place: a copy of the path would make each drawing call copy every point drawn so far.
        try body(&object.path)
        s.top = 1
        return 1
    }

    /// A geometry error as a Lua error at the caller's line.
    private static func lua(_ error: GeometryError) -> LuaError { LuaError(error.message) }

    /// The text of `tostring(path)`.
    static func describe(_ path: Path) -> String {
        let subpaths = path.subpaths
        let count = subpaths.reduce(0) { $0 + $1.points.count }
        var text = "Path: \(subpaths.count) subpath\(subpaths.count == 1 ? "" : "s"), \(count) point\(count == 1 ? "" : "s")"
        if let b = path.bounds {
            text += ", bounds (\(NumberText.short(b.lower.x)), \(NumberText.short(b.lower.y)), "
                + "\(NumberText.short(b.width)), \(NumberText.short(b.height)))"
        }
        return text
    }

    /// Reads an array of points (`{ {x, y}, ... }`) at `index`.
    static func checkPointList(_ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) -> [Vector] {
        guard s.type(at: index) == .table else { throw site.error("array of points expected, got \(s.typeName(at: index))") }
        let t = s.absolute(index)
        var points: [Vector] = []
        let count = s.rawLength(t)
        for i in 0..<count {
            s.rawGet(t, index: i + 1)
            defer { s.pop() }
            points.append(try s.checkPoint(-1, Site(arg: site.arg, field: "\(site.field.map { "\($0)." } ?? "")[\(i + 1)]")))
        }
        return points
    }

    static var description: TypeDescription<PathObject> {
        TypeDescription(
            name: "Path", uikitName: "UIBezierPath",
            summary: "lines and curves, for boundaries and convex item shapes; methods chain",
            constructors: ["Path()", "Path.rect(rect)", "Path.oval(rect)", "Path.roundedRect(rect, radius)",
                           "Path.polygon{ {x, y}, ... }", "Path.segment(p1, p2)"],
            properties: [
                Property("bounds", "rect, pt", "the box around its points", get: { s, object in
                    if let b = object.path.bounds {
                        s.push(rect: Rect(x: b.lower.x, y: b.lower.y, width: b.width, height: b.height))
                    } else {
                        s.pushNil()
                    }
                }),
                Property("points", "array of arrays of Point", "the flattened points of each subpath", get: { s, object in
                    let subpaths = object.path.subpaths
                    s.newTable(array: Int32(subpaths.count))
                    for (i, subpath) in subpaths.enumerated() {
                        s.push(points: subpath.points)
                        s.rawSet(-2, index: i + 1)
                    }
                }),
            ],
            methods: [
                    Method("moveTo", "path:moveTo(x, y)", "starts a subpath") { s throws(LuaError) in
                        try draw(s) { (path: inout Path) throws(LuaError) in
                            let (p, _) = try s.checkCoordinates(2)
                            do throws(GeometryError) { try path.move(to: p) } catch { throw lua(error) }
                        }
                    },
                    Method("lineTo", "path:lineTo(x, y)", "a straight line") { s throws(LuaError) in
                        try draw(s) { (path: inout Path) throws(LuaError) in
                            let (p, _) = try s.checkCoordinates(2)
                            do throws(GeometryError) { try path.addLine(to: p) } catch { throw lua(error) }
                        }
                    },
                    Method("quadTo", "path:quadTo(cx, cy, x, y)", "a quadratic curve") { s throws(LuaError) in
                        try draw(s) { (path: inout Path) throws(LuaError) in
                            let (c, used) = try s.checkCoordinates(2)
                            let (p, _) = try s.checkCoordinates(2 + used)
                            do throws(GeometryError) { try path.addQuadCurve(to: p, control: c) } catch { throw lua(error) }
                        }
                    },
                    Method("curveTo", "path:curveTo(c1x, c1y, c2x, c2y, x, y)", "a cubic curve") { s throws(LuaError) in
                        try draw(s) { (path: inout Path) throws(LuaError) in
                            let (c1, used1) = try s.checkCoordinates(2)
                            let (c2, used2) = try s.checkCoordinates(2 + used1)
                            let (p, _) = try s.checkCoordinates(2 + used1 + used2)
                            do throws(GeometryError) {
                                try path.addCurve(to: p, control1: c1, control2: c2)
                            } catch { throw lua(error) }
                        }
                    },
                    Method("arc", "path:arc(cx, cy, r, a0, a1 [, clockwise = true])", "a circular arc (clockwise on screen by default, as UIKit)") { s throws(LuaError) in
                        try draw(s) { (path: inout Path) throws(LuaError) in
                            let (center, used) = try s.checkCoordinates(2)
                            let i = 2 + used
                            let radius = try s.checkFinite(i, .arg(i))
                            guard radius >= 0 else { throw LuaError.argument(i, "radius must not be negative") }
                            let a0 = try s.checkFinite(i + 1, .arg(i + 1)), a1 = try s.checkFinite(i + 2, .arg(i + 2))
                            let clockwise = s.isNil(at: i + 3) ? true : try s.checkBoolean(i + 3)
                            do throws(GeometryError) {
                                try path.addArc(center: center, radius: radius, startAngle: a0, endAngle: a1, clockwise: clockwise)
                            } catch { throw lua(error) }
                        }
                    },
                    Method("close", "path:close()", "closes the subpath") { s throws(LuaError) in
                        try draw(s) { (path: inout Path) throws(LuaError) in path.close() }
                    },
            ],
            describe: { describe($0.path) },
            construct: { s throws(LuaError) in
                s.push(path: Path())
                return 1
            },
            statics: [
                ("rect", { s throws(LuaError) in
                    let r = try s.checkRect(1, .arg(1))
                    do throws(GeometryError) { s.push(path: try Path.rect(r.box)) } catch { throw lua(error) }
                    return 1
                }),
                ("oval", { s throws(LuaError) in
                    let r = try s.checkRect(1, .arg(1))
                    do throws(GeometryError) { s.push(path: try Path.oval(in: r.box)) } catch { throw lua(error) }
                    return 1
                }),
                ("roundedRect", { s throws(LuaError) in
                    let r = try s.checkRect(1, .arg(1))
                    let radius = try s.checkFinite(2, .arg(2))
                    guard radius >= 0 else { throw LuaError.argument(2, "radius must not be negative") }
                    do throws(GeometryError) {
                        s.push(path: try Path.roundedRect(r.box, cornerRadius: radius))
                    } catch { throw lua(error) }
                    return 1
                }),
                ("polygon", { s throws(LuaError) in
                    let points = try checkPointList(s, 1, .arg(1))
                    guard points.count >= 2 else { throw LuaError.argument(1, "a polygon needs at least 2 points") }
                    do throws(GeometryError) { s.push(path: try Path.polygon(points)) } catch { throw lua(error) }
                    return 1
                }),
                ("segment", { s throws(LuaError) in
                    let a = try s.checkPoint(1, .arg(1)), b = try s.checkPoint(2, .arg(2))
                    do throws(GeometryError) { s.push(path: try Path.segment(a, b)) } catch { throw lua(error) }
                    return 1
                }),
            ])
    }

    static var type: BoundType { description.boundType }
}
