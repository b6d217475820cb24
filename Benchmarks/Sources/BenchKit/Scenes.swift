import Foundation

// The benchmark scenes, modelled on the standard scenes of Box2D v3's benchmark suite and built as engine-neutral
// SceneSpecs (metres, y down). Sizes are chosen so nothing moves faster than a body's own size in one frame
// into a thin wall: Chipmunk has no continuous collision, so bins are made of thick fixed boxes.

/// Makers of the benchmark scenes.
public enum Scenes {
    /// Friction of every shape in every scene.
    public static let friction = 0.6

    /// A pyramid of `base` rows of 1 m boxes standing on the ground (base 100 = 5050 boxes); sleep off.
    public static func largePyramid(base: Int = 100, steps: Int = 500) -> SceneSpec {
        var bodies = [ground(at: Vec2(0, 0), halfWidth: Double(base) / 2 + 10)]
        appendPyramid(base: base, at: Vec2(0, 0), to: &bodies)
        return SceneSpec(
            name: "large pyramid", stresses: "one deep stack: \(bodies.count - 1) boxes, long chains of resting contacts "
                + "(solver convergence, warm starting), the top box shows how far the stack sags",
            bodies: bodies, steps: steps, stability: .topDrift([bodies.count - 1]))
    }

    /// `rows` shelves of `perRow` pyramids of base `base` each (100 pyramids of 55 boxes by default).
    public static func manyPyramids(rows: Int = 10, perRow: Int = 10, base: Int = 10, steps: Int = 300) -> SceneSpec {
        var bodies: [BodySpec] = []
        var tops: [Int] = []
        let spacing = Double(base) + 2
        for row in 0..<rows {
            let groundY = -Double(row) * (Double(base) + 4)
            let left = -spacing * Double(perRow) / 2
            bodies.append(ground(at: Vec2(0, groundY), halfWidth: -left + 1))
            for column in 0..<perRow {
                appendPyramid(base: base, at: Vec2(left + spacing * (Double(column) + 0.5), groundY), to: &bodies)
                tops.append(bodies.count - 1)
            }
        }
        return SceneSpec(
            name: "many pyramids", stresses: "\(rows * perRow) small stacks (\(bodies.count - rows) boxes): many islands "
                + "of contacts, broadphase over a wide world; the figure is the worst top-box drift",
            bodies: bodies, steps: steps, stability: .topDrift(tops))
    }

    /// About `count` small boxes in a closed 20 m box that turns at a steady rate (a kinematic body).
    public static func tumbler(count: Int = 2000, steps: Int = 600) -> SceneSpec {
        // The top and bottom walls stop just short of the side walls, so no two walls overlap: an engine that
        // makes each wall an item of its own (ours) then has no wall-wall contacts that the others lack.
        let wall = 0.5, half = 10.0, lid = half - wall - 0.01
        var bodies = [BodySpec(
            kind: .kinematic, position: Vec2(0, -12), angularVelocity: 0.4,
            shapes: [.box(halfWidth: wall, halfHeight: half + wall, center: Vec2(half, 0), angle: 0),
                     .box(halfWidth: wall, halfHeight: half + wall, center: Vec2(-half, 0), angle: 0),
                     .box(halfWidth: lid, halfHeight: wall, center: Vec2(0, half), angle: 0),
                     .box(halfWidth: lid, halfHeight: wall, center: Vec2(0, -half), angle: 0)])]
        let columns = 40
        let rows = (count + columns - 1) / columns
        let dy = min(0.36, 17.8 / Double(rows))
        for i in 0..<count {
            let column = i % columns, row = i / columns
            let x = (Double(column) - Double(columns - 1) / 2) * 0.42
            let y = -12 + (Double(row) - Double(rows - 1) / 2) * dy
            bodies.append(BodySpec(position: Vec2(x, y), shapes: [.box(halfWidth: 0.125, halfHeight: 0.125)]))
        }
        return SceneSpec(
            name: "tumbler", stresses: "\(count) small boxes tumbling in a turning box: contacts made and broken "
                + "every frame (broadphase churn, contact creation)",
            bodies: bodies, steps: steps)
    }

    /// `count` mixed shapes (boxes, circles, hexagons, triangles, slabs) falling in rows into a bin.
    public static func rain(count: Int = 1200, steps: Int = 600) -> SceneSpec {
        let perRow = 40
        var bodies = bin(innerHalfWidth: 20, height: 25)
        let shapes = mixedShapes()
        var random = Lcg(seed: 7)
        for i in 0..<count {
            let column = i % perRow, row = i / perRow
            let x = -19.5 + Double(column) + random.next(in: -0.05...0.05)
            let y = -27 - Double(row) * 1.2
            bodies.append(BodySpec(position: Vec2(x, y), angle: random.next(in: 0...3),
                                   shapes: [shapes[i % shapes.count]]))
        }
        return SceneSpec(
            name: "rain", stresses: "\(count) mixed shapes (polygons and circles) landing in waves in a bin: "
                + "every narrowphase pair type, new contacts all run long",
            bodies: bodies, steps: steps)
    }

    /// A `side` x `side` grid of circles 1 m apart, each pinned to its right and lower neighbours, hanging
    /// from a few fixed circles in the middle of the top row; the circles do not collide.
    public static func jointGrid(side: Int = 100, steps: Int = 300) -> SceneSpec {
        var bodies: [BodySpec] = []
        var pins: [PinSpec] = []
        var vertical: [(Int, Int)] = []
        let middle = side / 2
        for row in 0..<side {
            for column in 0..<side {
                let fixed = row == 0 && abs(column - middle) <= 3
                bodies.append(BodySpec(kind: fixed ? .fixed : .dynamic,
                                       position: Vec2(Double(column) - Double(side - 1) / 2, Double(row)),
                                       shapes: [.circle(radius: 0.4, center: .zero)], collides: false))
                let index = row * side + column
                // Two fixed circles need no pin (and Chipmunk rejects a constraint with no mass on either side).
                if column > 0 && !(fixed && bodies[index - 1].kind == .fixed) {
                    pins.append(PinSpec(index - 1, index, at: midpoint(bodies, index - 1, index)))
                }
                if row > 0 {
                    pins.append(PinSpec(index - side, index, at: midpoint(bodies, index - side, index)))
                    vertical.append((index - side, index))
                }
            }
        }
        return SceneSpec(
            name: "joint grid", stresses: "\(side * side) circles and \(pins.count) pins, no contacts: the joint "
                + "solver alone; the figure is the worst stretch of a vertical pin pair",
            bodies: bodies, pins: pins, steps: steps, stability: .jointStretch(pairs: vertical, restLength: 1))
    }

    /// `count` boxes and circles (0.5 m) dropped in a grid into a bin wide enough for them.
    public static func pile(count: Int = 1000, steps: Int = 300, countsContacts: Bool = false) -> SceneSpec {
        var columns = 1
        while columns * columns < 2 * count { columns += 1 }
        let rows = (count + columns - 1) / columns
        let halfWidth = Double(columns) * 0.35 + 0.5
        var bodies = bin(innerHalfWidth: halfWidth, height: Double(rows) * 0.7 + 2)
        var random = Lcg(seed: 11)
        for i in 0..<count {
            let column = i % columns, row = i / columns
            let x = -halfWidth + 0.85 + Double(column) * 0.7 + random.next(in: -0.04...0.04)
            let y = -0.9 - Double(row) * 0.7
            let shape: ShapeSpec = i % 2 == 0 ? .box(halfWidth: 0.25, halfHeight: 0.25)
                                              : .circle(radius: 0.25, center: .zero)
            bodies.append(BodySpec(position: Vec2(x, y), shapes: [shape]))
        }
        let callbacks = countsContacts ? " with a collision callback on every contact" : ""
        return SceneSpec(
            name: countsContacts ? "pile \(count) + callbacks" : "pile \(count)",
            stresses: "\(count) boxes and circles settling in a bin\(callbacks): a broad mix of contacts; "
                + (countsContacts ? "the difference to the plain pile is the price of the callbacks"
                                  : "also the unit of the scaling and memory figures"),
            bodies: bodies, steps: steps, countsContacts: countsContacts)
    }

    // MARK: pieces

    /// Rows of 1 m boxes, row i holding base - i boxes, standing on the ground at `origin` (y down).
    static func appendPyramid(base: Int, at origin: Vec2, to bodies: inout [BodySpec]) {
        let half = 0.5
        for row in 0..<base {
            let count = base - row
            for column in 0..<count {
                let x = origin.x + (Double(column) - Double(count - 1) / 2) * 2 * half
                let y = origin.y - half - Double(row) * 2 * half
                bodies.append(BodySpec(position: Vec2(x, y), shapes: [.box(halfWidth: half, halfHeight: half)]))
            }
        }
    }

    /// A fixed slab whose top face is at `top`. Grounds are boxes, not segments, in every scene: our engine gives
    /// boundary segments a friction of their own, and a box rubs with the same friction in every engine.
    static func ground(at top: Vec2, halfWidth: Double) -> BodySpec {
        BodySpec(kind: .fixed, position: Vec2(top.x, top.y + 0.5), shapes: [.box(halfWidth: halfWidth, halfHeight: 0.5)])
    }

    /// A fixed U of thick boxes: floor top at y = 0, walls `height` tall, inner width 2 x innerHalfWidth.
    static func bin(innerHalfWidth: Double, height: Double) -> [BodySpec] {
        let thickness = 1.0
        let floor = BodySpec(kind: .fixed, position: Vec2(0, thickness),
                             shapes: [.box(halfWidth: innerHalfWidth + 2 * thickness, halfHeight: thickness)])
        func wall(_ side: Double) -> BodySpec {
            BodySpec(kind: .fixed, position: Vec2(side * (innerHalfWidth + thickness), -height / 2),
                     shapes: [.box(halfWidth: thickness, halfHeight: height / 2 + thickness)])
        }
        return [floor, wall(-1), wall(1)]
    }

    /// The shapes of the rain: a square, a circle, a hexagon, a triangle and a slab.
    static func mixedShapes() -> [ShapeSpec] {
        func regular(_ sides: Int, radius: Double) -> ShapeSpec {
            .polygon((0..<sides).map { k in
                let a = 2 * Double.pi * Double(k) / Double(sides)
                return Vec2(radius * cos(a), radius * sin(a))
            })
        }
        return [.box(halfWidth: 0.3, halfHeight: 0.3), .circle(radius: 0.3, center: .zero), regular(6, radius: 0.35),
                regular(3, radius: 0.4), .box(halfWidth: 0.45, halfHeight: 0.15)]
    }

    static func midpoint(_ bodies: [BodySpec], _ a: Int, _ b: Int) -> Vec2 {
        (bodies[a].position + bodies[b].position) * 0.5
    }
}

/// A tiny deterministic generator (a 64-bit linear congruential one), so scenes are the same in every run.
struct Lcg {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A number in `range`, from the top 53 bits of the next state.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let unit = Double(state >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}
