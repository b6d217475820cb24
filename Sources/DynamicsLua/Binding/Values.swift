import Dynamics
import LuaKit

/// A rectangle as the API speaks of it: an origin (top-left) and a size (CGRect).
struct Rect: Equatable, Sendable {
    var origin: Vector
    var size: Vector
    init(x: Double, y: Double, width: Double, height: Double) {
        origin = Vector(x, y); size = Vector(width, height)
    }
    /// The rect's box in world coordinates.
    var box: AABB { AABB(lower: origin, upper: origin + size) }
}

/// Where a checked value came from, so errors read `bad argument #1 to 'View' (field 'center': ...)`.
struct Site {
    /// The argument number luaL_argerror reports.
    var arg: Int32
    /// The option-table field the value came from, if any.
    var field: String?

    static func arg(_ n: Int32) -> Site { Site(arg: n, field: nil) }
    static func field(_ name: String, of n: Int32) -> Site { Site(arg: n, field: name) }

    /// A `bad argument` error at this site.
    func error(_ message: String) -> LuaError {
        .argument(arg, field.map { "field '\($0)': \(message)" } ?? message)
    }
}

/// The two spellings of a compound value: positional (`{x, y}`) and named (`{x = .., y = ..}`).
private struct ValueForm {
    var noun: String
    var names: [String]
    /// Whether infinities are allowed (ranges only).
    var allowsInfinity = false
    /// Whether this is the point form, which a `Point` userdata also satisfies.
    var isPoint = false

    /// The spelling an error message shows, e.g. `{x, y}`.
    var expected: String { "{\(names.joined(separator: ", "))}" }
    /// How an error message names component `i`.
    func label(_ i: Int, named: Bool) -> String { named ? names[i] : "\(noun) element \(i + 1) (\(names[i]))" }
}

private let pointForm = ValueForm(noun: "point", names: ["x", "y"], isPoint: true)
private let sizeForm = ValueForm(noun: "size", names: ["width", "height"])
private let rectForm = ValueForm(noun: "rect", names: ["x", "y", "width", "height"])
private let insetsForm = ValueForm(noun: "insets", names: ["top", "left", "bottom", "right"])
private let rangeForm = ValueForm(noun: "range", names: ["minimum", "maximum"], allowsInfinity: true)

/// The numbers of one compound value (at most four), kept inline: reading one allocates nothing.
private typealias Components = InlineArray<4, Double>

extension LuaStack {
    /// The finite number at `index`, or a `bad argument` at `site`.
    func checkFinite(_ index: Int32, _ site: Site, what: String = "number") throws(LuaError) -> Double {
        guard let value = number(at: index) else {
            throw site.error("\(what) expected, got \(typeName(at: index))")
        }
        guard value.isFinite else { throw site.error("finite \(what) expected, got \(formatNumber(value))") }
        return value
    }

    /// Reads the numbers of a compound value from the table at `index`, named form first. Error texts are made
    /// only when there is an error: a script building thousands of items reads a point or a size for each.
    private func components(_ index: Int32, _ site: Site, _ form: ValueForm) throws(LuaError) -> Components {
        var values = Components(repeating: 0)
        if form.isPoint, let point = pointValue(at: index) {
            values[0] = point.x
            values[1] = point.y
            return values
        }
        guard type(at: index) == .table else {
            throw site.error("\(form.noun) expected, got \(typeName(at: index))")
        }
        let t = absolute(index)
        // The named form when its first name is present; `size` also accepts `w`/`h` spelt out as width/height only.
        let named = rawGet(t, field: form.names[0]) != .nil
        pop()
        for i in form.names.indices {
            if named { rawGet(t, field: form.names[i]) } else { rawGet(t, index: i + 1) }
            defer { pop() }
            guard let value = number(at: -1) else {
                let got = type(at: -1) == .nil ? "nothing" : typeName(at: -1)
                throw site.error("\(form.noun) \(form.expected) expected, got \(got) for \(form.label(i, named: named))")
            }
            if value.isNaN || (value.isInfinite && !form.allowsInfinity) {
                throw site.error("finite number expected for \(form.label(i, named: named)), got \(formatNumber(value))")
            }
            values[i] = value
        }
        return values
    }

    /// A point or vector: a `Point`, `{x, y}` or `{x = .., y = ..}`.
    func checkPoint(_ index: Int32, _ site: Site) throws(LuaError) -> Vector {
        let v = try components(index, site, pointForm)
        return Vector(v[0], v[1])
    }

    /// A size `{w, h}` or `{width = .., height = ..}`; both must be positive.
    func checkSize(_ index: Int32, _ site: Site) throws(LuaError) -> Vector {
        let v = try components(index, site, sizeForm)
        guard v[0] > 0, v[1] > 0 else {
            throw site.error("size must be positive, got \(NumberText.short(v[0])) x \(NumberText.short(v[1]))")
        }
        return Vector(v[0], v[1])
    }

    /// A rect `{x, y, w, h}` or `{x =, y =, width =, height =}`; width and height must not be negative.
    func checkRect(_ index: Int32, _ site: Site) throws(LuaError) -> Rect {
        let v = try components(index, site, rectForm)
        guard v[2] >= 0, v[3] >= 0 else { throw site.error("rect width and height must not be negative") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// Insets `{top, left, bottom, right}` or named (UIEdgeInsets).
    func checkInsets(_ index: Int32, _ site: Site) throws(LuaError) -> EdgeInsets {
        let v = try components(index, site, insetsForm)
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// A range `{min, max}` or `{minimum =, maximum =}`; `math.huge` is allowed, and min must not exceed max.
    func checkRange(_ index: Int32, _ site: Site) throws(LuaError) -> FloatRange {
        let v = try components(index, site, rangeForm)
        guard v[0] <= v[1] else {
            throw site.error("range minimum \(NumberText.short(v[0])) is greater than its maximum \(NumberText.short(v[1]))")
        }
        return FloatRange(minimum: v[0], maximum: v[1])
    }

    /// Pushes a rect as `{x =, y =, width =, height =}` (a plain table: rects are read more often than computed with).
    func push(rect: Rect) {
        newTable(record: 4)
        push(rect.origin.x); rawSet(-2, field: "x")
        push(rect.origin.y); rawSet(-2, field: "y")
        push(rect.size.x); rawSet(-2, field: "width")
        push(rect.size.y); rawSet(-2, field: "height")
    }

    /// Pushes a size as `{width =, height =}`.
    func push(size: Vector) {
        newTable(record: 2)
        push(size.x); rawSet(-2, field: "width")
        push(size.y); rawSet(-2, field: "height")
    }

    /// Pushes a range as `{minimum =, maximum =}`.
    func push(range: FloatRange) {
        newTable(record: 2)
        push(range.minimum); rawSet(-2, field: "minimum")
        push(range.maximum); rawSet(-2, field: "maximum")
    }

    /// Pushes insets as `{top =, left =, bottom =, right =}`.
    func push(insets: EdgeInsets) {
        newTable(record: 4)
        push(insets.top); rawSet(-2, field: "top")
        push(insets.left); rawSet(-2, field: "left")
        push(insets.bottom); rawSet(-2, field: "bottom")
        push(insets.right); rawSet(-2, field: "right")
    }
}
