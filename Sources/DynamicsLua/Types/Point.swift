import Dynamics
import LuaKit

/// What a Lua `Point` userdata holds: an immutable value (a fresh userdata per result, like a Lua number), copied
/// into the block itself so that making one allocates nothing on the Swift side and needs no finaliser.
struct PointBits: BitwiseCopyable {
    var x: Double
    var y: Double
}

/// The registry slot of the Point metatable, and the mark that tells Point userdata from any other.
let pointClassKey = LuaKey("Point")

extension LuaStack {
    /// Pushes `v` as a new `Point`.
    func push(point v: Vector) { push(value: PointBits(x: v.x, y: v.y), class: pointClassKey) }

    /// The vector held by the `Point` at `index`, or nil when the value there is not a Point.
    func pointValue(at index: Int32) -> Vector? {
        guard let bits = value(at: index, as: PointBits.self, class: pointClassKey) else { return nil }
        return Vector(bits.x, bits.y)
    }

    /// The `Point` at argument `arg`, or `bad argument #arg (Point expected, got ...)`.
    func checkPointValue(_ arg: Int32) throws(LuaError) -> Vector {
        guard let v = pointValue(at: arg) else { throw .typeMismatch(arg, expected: "Point", got: typeName(at: arg)) }
        return v
    }

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

    /// Point is a value, not an object: its two fields and its methods are stated here once, for help, completion
    /// and the docs, beside the value class that implements them.
    static let info = TypeInfo(
        name: "Point", uikitName: "CGPoint / CGVector",
        summary: "an immutable 2D point or vector in points; + - by points, * / by numbers, unary -, ==, tostring",
        constructors: ["Point(x, y)", "Point{x, y}  or  Point{x = .., y = ..}"],
        fields: [
            FieldInfo(name: "x", writable: false, kind: "number, pt", defaultValue: nil, summary: "horizontal, grows right"),
            FieldInfo(name: "y", writable: false, kind: "number, pt", defaultValue: nil, summary: "vertical, grows down"),
        ],
        methods: [
            MethodInfo(name: "length", signature: "p:length()", summary: "the distance from (0, 0)"),
            MethodInfo(name: "normalized", signature: "p:normalized()", summary: "the unit vector along p ((0, 0) stays)"),
            MethodInfo(name: "dot", signature: "p:dot(q)", summary: "the dot product"),
            MethodInfo(name: "distance", signature: "p:distance(q)", summary: "the distance between two points"),
            MethodInfo(name: "unpack", signature: "p:unpack()", summary: "x, y as two numbers"),
        ])


    static var type: BoundType { BoundType(
        info: info,
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
                let p = try s.checkPointValue(1)
                // Field numbers as listed in `fields` below.
                switch s.fieldID {
                case 1: s.push(p.x)
                case 2: s.push(p.y)
                default: throw LuaError(info.unknownField(s.string(at: 2) ?? s.describe(2)))
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
                    if let p = s.pointValue(at: 1) {
                        s.push(point: try finite(p * scalar(s, 2, "multiply"), "product"))
                    } else {
                        let p = try s.checkPointValue(2)
                        s.push(point: try finite(p * scalar(s, 1, "multiply"), "product"))
                    }
                    return 1
                }),
                ("__div", { s throws(LuaError) in
                    guard let p = s.pointValue(at: 1) else {
                        throw LuaError("attempt to divide a \(s.typeName(at: 1)) by a Point")
                    }
                    let d = try scalar(s, 2, "divide")
                    guard d != 0 else { throw LuaError("attempt to divide a Point by zero") }
                    s.push(point: try finite(p / d, "quotient")); return 1
                }),
                ("__unm", { s throws(LuaError) in
                    s.push(point: -(try s.checkPointValue(1))); return 1
                }),
                ("__eq", { s throws(LuaError) in
                    let a = s.pointValue(at: 1), b = s.pointValue(at: 2)
                    s.push(a != nil && b != nil && a == b); return 1
                }),
                ("__tostring", { s throws(LuaError) in
                    s.push(NumberText.point(try s.checkPointValue(1))); return 1
                }),
            ],
            key: pointClassKey, holdsObjects: false, fields: ["x", "y"]),
        constructor: { s throws(LuaError) in
            if s.type(at: 1) == .number || s.top >= 2 {
                s.push(point: Vector(try s.checkFinite(1, .arg(1)), try s.checkFinite(2, .arg(2))))
            } else {
                s.push(point: try s.checkPoint(1, .arg(1)))
            }
            return 1
        }) }
}
