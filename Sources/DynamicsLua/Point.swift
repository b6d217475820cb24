import Dynamics
import LuaKit

/// The Swift side of a Lua `Point`: an immutable value (a fresh userdata per result, like a Lua number).
final class PointObject {
    let value: Vector
    init(_ value: Vector) { self.value = value }
}

extension LuaStack {
    /// Pushes `v` as a new `Point`.
    func push(point v: Vector) { push(object: PointObject(v), className: "Point") }

    /// Pushes an array of Points.
    func push(points: [Vector]) {
        newTable(array: Int32(points.count))
        for (i, p) in points.enumerated() {
            push(point: p)
            rawSet(-2, index: i + 1)
        }
    }
}

/// The `Point` binding: arithmetic, comparison and text for 2D points and vectors.
enum PointBinding {
    /// A result that overflowed is as bad as a NaN handed in: it must not reach the world.
    private static func finite(_ v: Vector, _ operation: String) throws(LuaError) -> Vector {
        guard v.isFinite else { throw LuaError("Point \(operation) gives a non-finite result") }
        return v
    }

    private static func scalar(_ s: LuaStack, _ index: Int32, _ operation: String) throws(LuaError) -> Double {
        guard let value = s.number(at: index) else {
            throw LuaError("attempt to \(operation) a Point by a \(s.typeName(at: index)) (numbers only)")
        }
        guard value.isFinite else { throw LuaError("attempt to \(operation) a Point by \(formatNumber(value))") }
        return value
    }

    private static func operand(_ s: LuaStack, _ index: Int32, _ operation: String) throws(LuaError) -> Vector {
        do {
            return try s.checkPoint(index, .arg(index))
        } catch {
            throw LuaError("attempt to \(operation) a Point and a \(s.typeName(at: index)) (\(error.message))")
        }
    }

    static var type: BoundType { BoundType(
        info: HelpCatalog.point,
        spec: LuaClassSpec(
            name: "Point",
            methods: [
                ("length", { s throws(LuaError) in
                    s.push(try s.checkPoint(1, .arg(1)).length); return 1
                }),
                ("normalized", { s throws(LuaError) in
                    s.push(point: try s.checkPoint(1, .arg(1)).normalized); return 1
                }),
                ("dot", { s throws(LuaError) in
                    s.push(Dynamics.dot(try s.checkPoint(1, .arg(1)), try s.checkPoint(2, .arg(2)))); return 1
                }),
                ("distance", { s throws(LuaError) in
                    s.push(Dynamics.distance(try s.checkPoint(1, .arg(1)), try s.checkPoint(2, .arg(2)))); return 1
                }),
                ("unpack", { s throws(LuaError) in
                    let p = try s.checkPoint(1, .arg(1))
                    s.push(p.x); s.push(p.y); return 2
                }),
            ],
            getter: { s throws(LuaError) in
                let p = try s.checkObject(1, as: PointObject.self, expected: "Point").value
                switch s.string(at: 2) {
                case "x": s.push(p.x)
                case "y": s.push(p.y)
                default: throw LuaError(HelpCatalog.point.unknownField(s.string(at: 2) ?? s.describe(2)))
                }
                return 1
            },
            setter: { s throws(LuaError) in
                throw LuaError("Point values cannot be changed: make a new one, e.g. Point(x, y)")
            },
            metamethods: [
                ("__add", { s throws(LuaError) in
                    s.push(point: try finite(try operand(s, 1, "add") + operand(s, 2, "add"), "sum")); return 1
                }),
                ("__sub", { s throws(LuaError) in
                    s.push(point: try finite(try operand(s, 1, "subtract") - operand(s, 2, "subtract"), "difference")); return 1
                }),
                ("__mul", { s throws(LuaError) in
                    // Either side may be the number: p * 2 and 2 * p.
                    if let p = s.object(at: 1, as: PointObject.self) {
                        s.push(point: try finite(p.value * scalar(s, 2, "multiply"), "product"))
                    } else {
                        let p = try s.checkObject(2, as: PointObject.self, expected: "Point")
                        s.push(point: try finite(p.value * scalar(s, 1, "multiply"), "product"))
                    }
                    return 1
                }),
                ("__div", { s throws(LuaError) in
                    guard let p = s.object(at: 1, as: PointObject.self) else {
                        throw LuaError("attempt to divide a \(s.typeName(at: 1)) by a Point")
                    }
                    let d = try scalar(s, 2, "divide")
                    guard d != 0 else { throw LuaError("attempt to divide a Point by zero") }
                    s.push(point: try finite(p.value / d, "quotient")); return 1
                }),
                ("__unm", { s throws(LuaError) in
                    s.push(point: -(try s.checkObject(1, as: PointObject.self, expected: "Point").value)); return 1
                }),
                ("__eq", { s throws(LuaError) in
                    let a = s.object(at: 1, as: PointObject.self), b = s.object(at: 2, as: PointObject.self)
                    s.push(a != nil && b != nil && a?.value == b?.value); return 1
                }),
                ("__tostring", { s throws(LuaError) in
                    s.push(NumberText.point(try s.checkObject(1, as: PointObject.self, expected: "Point").value)); return 1
                }),
            ]),
        constructor: { s throws(LuaError) in
            if s.type(at: 1) == .number || s.top >= 2 {
                s.push(point: Vector(try s.checkFinite(1, .arg(1)), try s.checkFinite(2, .arg(2))))
            } else {
                s.push(point: try s.checkPoint(1, .arg(1)))
            }
            return 1
        }) }
}
