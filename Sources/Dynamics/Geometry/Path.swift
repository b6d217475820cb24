/// A path made of lines, curves and arcs, shaped like UIKit's UIBezierPath, for boundaries and item shapes.
///
/// Coordinates follow UIKit: y grows downward, angle 0 points to +x and pi/2 to +y, so a growing angle turns
/// clockwise on screen; `clockwise: true` arcs sweep toward growing angles. Every method rejects non-finite numbers
/// with a GeometryError and leaves the path unchanged.
public struct Path: Sendable {
    /// One drawing command, each continuing from the point the previous one ended at.
    enum Element: Sendable {
        case move(Vector)
        case line(Vector)
        case quad(control: Vector, to: Vector)
        case cubic(control1: Vector, control2: Vector, to: Vector)
        /// An elliptical arc: points center + (rx cos t, ry sin t) for t from `start` through `start + sweep`.
        case arc(center: Vector, rx: Double, ry: Double, start: Double, sweep: Double)
        case close
    }

    private(set) var elements: [Element] = []
    /// Where the next command starts, nil before the first `move(to:)`.
    public private(set) var currentPoint: Vector?
    private var subpathStart: Vector?
    private var subpathIsClosed = false

    /// An empty path.
    public init() {}

    /// True until something is drawn.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `p` (UIKit: move(to:)).
    public mutating func move(to p: Vector) throws(GeometryError) {
        try Path.check(p, "moveTo")
        elements.append(.move(p))
        currentPoint = p
        subpathStart = p
        subpathIsClosed = false
    }

    /// A straight line from the current point to `p` (UIKit: addLine(to:)).
    public mutating func addLine(to p: Vector) throws(GeometryError) {
        try Path.check(p, "lineTo")
        try continueSubpath("lineTo")
        elements.append(.line(p))
        currentPoint = p
    }

    /// A quadratic Bezier curve to `p` bent toward `control` (UIKit: addQuadCurve(to:controlPoint:)).
    public mutating func addQuadCurve(to p: Vector, control: Vector) throws(GeometryError) {
        try Path.check(p, "quadTo"); try Path.check(control, "quadTo")
        try continueSubpath("quadTo")
        elements.append(.quad(control: control, to: p))
        currentPoint = p
    }

    /// A cubic Bezier curve to `p` (UIKit: addCurve(to:controlPoint1:controlPoint2:)).
    public mutating func addCurve(to p: Vector, control1: Vector, control2: Vector) throws(GeometryError) {
        try Path.check(p, "curveTo"); try Path.check(control1, "curveTo"); try Path.check(control2, "curveTo")
        try continueSubpath("curveTo")
        elements.append(.cubic(control1: control1, control2: control2, to: p))
        currentPoint = p
    }

    /// A circular arc (UIKit: addArc(withCenter:radius:startAngle:endAngle:clockwise:)). With a current point a line
    /// joins it to the arc's start; without one the arc starts a subpath. Clockwise arcs sweep toward growing angles
    /// from `startAngle` round to `endAngle` (a full turn when they are a whole number of turns apart but not equal).
    public mutating func addArc(center: Vector, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool = true) throws(GeometryError) {
        try Path.check(center, "arc")
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            throw GeometryError("arc: radius and angles must be finite numbers")
        }
        guard radius >= 0 else { throw GeometryError("arc: radius must not be negative") }
        let turn = 2 * Double.pi
        let raw = endAngle - startAngle
        var sweep = raw.truncatingRemainder(dividingBy: turn)
        if clockwise {
            if sweep < 0 { sweep += turn }
            if sweep == 0 && raw != 0 { sweep = turn }
        } else {
            if sweep > 0 { sweep -= turn }
            if sweep == 0 && raw != 0 { sweep = -turn }
        }
        let start = center + Vector(radius * cos(startAngle), radius * sin(startAngle))
        if currentPoint == nil || subpathIsClosed {
            try move(to: start)
        } else {
            elements.append(.line(start))
        }
        appendArc(center: center, rx: radius, ry: radius, start: startAngle, sweep: sweep)
    }

    /// Closes the current subpath with a line back to its start (UIKit: close()).
    public mutating func close() {
        guard currentPoint != nil, !subpathIsClosed else { return }
        elements.append(.close)
        currentPoint = subpathStart
        subpathIsClosed = true
    }

    private mutating func appendArc(center: Vector, rx: Double, ry: Double, start: Double, sweep: Double) {
        elements.append(.arc(center: center, rx: rx, ry: ry, start: start, sweep: sweep))
        currentPoint = center + Vector(rx * cos(start + sweep), ry * sin(start + sweep))
    }

    /// After `close()` a drawing command starts a new subpath at the closed one's start, as Core Graphics does.
    private mutating func continueSubpath(_ what: String) throws(GeometryError) {
        guard let p = currentPoint else {
            throw GeometryError("\(what) needs a current point: call moveTo first")
        }
        if subpathIsClosed { try move(to: p) }
    }

    static func check(_ p: Vector, _ what: String) throws(GeometryError) {
        guard p.isFinite else { throw GeometryError("\(what): coordinates must be finite numbers, got \(p)") }
    }
}

// MARK: - Makers

extension Path {
    private static func checkRect(_ r: AABB, _ what: String) throws(GeometryError) {
        guard r.lower.isFinite, r.upper.isFinite else { throw GeometryError("\(what): the rect must be finite") }
        guard r.upper.x >= r.lower.x, r.upper.y >= r.lower.y else {
            throw GeometryError("\(what): the rect's width and height must not be negative")
        }
    }

    /// A closed rectangle, starting at its top-left corner and running clockwise on screen (UIKit: init(rect:)).
    public static func rect(_ r: AABB) throws(GeometryError) -> Path {
        try checkRect(r, "rect")
        return try polygon([r.lower, Vector(r.upper.x, r.lower.y), r.upper, Vector(r.lower.x, r.upper.y)])
    }

    /// A closed ellipse inscribed in `r` (UIKit: init(ovalIn:)), flattened exactly onto the ellipse.
    public static func oval(in r: AABB) throws(GeometryError) -> Path {
        try checkRect(r, "oval")
        let c = r.center, e = r.extents
        var p = Path()
        try p.move(to: Vector(c.x + e.x, c.y))
        p.appendArc(center: c, rx: e.x, ry: e.y, start: 0, sweep: 2 * Double.pi)
        p.close()
        return p
    }

    /// A closed rectangle with quarter-circle corners (UIKit: init(roundedRect:cornerRadius:)); the radius is
    /// clamped to half the shorter side.
    public static func roundedRect(_ r: AABB, cornerRadius: Double) throws(GeometryError) -> Path {
        try checkRect(r, "roundedRect")
        guard cornerRadius.isFinite, cornerRadius >= 0 else {
            throw GeometryError("roundedRect: the corner radius must be finite and not negative")
        }
        let k = min(cornerRadius, 0.5 * min(r.width, r.height))
        guard k > 0 else { return try rect(r) }
        let lo = r.lower, hi = r.upper
        let half = 0.5 * Double.pi
        var p = Path()
        try p.move(to: Vector(lo.x + k, lo.y))
        try p.addArc(center: Vector(hi.x - k, lo.y + k), radius: k, startAngle: -half, endAngle: 0)
        try p.addArc(center: Vector(hi.x - k, hi.y - k), radius: k, startAngle: 0, endAngle: half)
        try p.addArc(center: Vector(lo.x + k, hi.y - k), radius: k, startAngle: half, endAngle: Double.pi)
        try p.addArc(center: Vector(lo.x + k, lo.y + k), radius: k, startAngle: Double.pi, endAngle: 3 * half)
        p.close()
        return p
    }

    /// A closed polygon through `points` in order.
    public static func polygon(_ points: [Vector]) throws(GeometryError) -> Path {
        guard let first = points.first else { throw GeometryError("polygon: needs at least one point") }
        var p = Path()
        try p.move(to: first)
        for q in points.dropFirst() { try p.addLine(to: q) }
        p.close()
        return p
    }

    /// An open path of one straight segment.
    public static func segment(_ p1: Vector, _ p2: Vector) throws(GeometryError) -> Path {
        var p = Path()
        try p.move(to: p1)
        try p.addLine(to: p2)
        return p
    }
}
