// Box2D v3's own benchmark scenes (its benchmark/ program and shared/benchmarks.c at 617d32ab), rebuilt as
// SceneSpecs so every engine runs them: the same bodies, sizes, densities, positions and frame counts. v3 builds
// them with y up and gravity (0, -10); a SceneSpec has y down, so every y (and every turning sense) is mirrored,
// which changes nothing physical. Where a scene needs what a SceneSpec cannot say, the difference is written in
// its `stresses` text and in docs/performance.md.

extension Scenes {
    /// v3's large_pyramid: a pyramid of 100 rows of 1 m boxes (5050) on a 200 m x 2 m ground box; 500 frames,
    /// sleep off.
    public static func v3LargePyramid(base: Int = 100, steps: Int = 500) -> SceneSpec {
        var bodies = [BodySpec(kind: .fixed, position: Vec2(0, 1), shapes: [.box(halfWidth: 100, halfHeight: 1)])]
        let half = 0.5
        for row in 0..<base {
            for column in row..<base {
                let x = Double(row + 1) * half + 2 * Double(column - row) * half - half * Double(base)
                let y = -Double(2 * row + 1) * half
                bodies.append(BodySpec(position: Vec2(x, y), shapes: [.box(halfWidth: half, halfHeight: half)]))
            }
        }
        return SceneSpec(
            name: "v3 large pyramid", stresses: "Box2D v3's large_pyramid: \(bodies.count - 1) boxes in one deep stack",
            bodies: bodies, steps: steps, stability: .topDrift([bodies.count - 1]))
    }

    /// v3's many_pyramids: 20 x 20 pyramids of base 10 (22,000 boxes of 1 m) on 20 ground segments; 200 frames,
    /// sleep off.
    public static func v3ManyPyramids(rows: Int = 20, columns: Int = 20, base: Int = 10, steps: Int = 200) -> SceneSpec {
        let extent = 0.5
        let groundStep = 2 * extent * (Double(base) + 1)
        let groundWidth = 2 * extent * Double(columns) * (Double(base) + 1)
        let baseWidth = 2 * extent * Double(base)
        var bodies: [BodySpec] = []
        var segments: [SegmentSpec] = []
        var tops: [Int] = []
        for row in 0..<rows {
            let groundY = Double(row) * groundStep
            segments.append(SegmentSpec(Vec2(-groundWidth / 2, -groundY), Vec2(groundWidth / 2, -groundY)))
            for column in 0..<columns {
                let centerX = -groundWidth / 2 + Double(column) * (baseWidth + 2 * extent) + 2 * extent
                for level in 0..<base {
                    let y = Double(2 * level + 1) * extent + groundY
                    for j in level..<base {
                        let x = Double(level + 1) * extent + 2 * Double(j - level) * extent + centerX - 0.5
                        bodies.append(BodySpec(position: Vec2(x, -y),
                                               shapes: [.box(halfWidth: extent, halfHeight: extent)]))
                    }
                }
                tops.append(bodies.count - 1)
            }
        }
        return SceneSpec(
            name: "v3 many pyramids", stresses: "Box2D v3's many_pyramids: \(rows * columns) pyramids, "
                + "\(bodies.count) boxes on \(rows) ground segments",
            bodies: bodies, segments: segments, steps: steps, stability: .topDrift(tops))
    }

    /// v3's joint_grid: 100 x 100 circles of radius 0.4, 1 m apart, each pinned to its neighbours half-way
    /// between them, hanging from seven fixed circles in the middle of the top row; the circles never collide;
    /// 500 frames, sleep off.
    public static func v3JointGrid(side: Int = 100, steps: Int = 500) -> SceneSpec {
        var bodies: [BodySpec] = []
        var pins: [PinSpec] = []
        var vertical: [(Int, Int)] = []
        for k in 0..<side {
            for i in 0..<side {
                let fixed = k >= side / 2 - 3 && k <= side / 2 + 3 && i == 0
                let index = bodies.count
                bodies.append(BodySpec(kind: fixed ? .fixed : .dynamic, position: Vec2(Double(k), Double(i)),
                                       shapes: [.circle(radius: 0.4, center: .zero)], collides: false))
                if i > 0 {
                    pins.append(PinSpec(index - 1, index, at: midpoint(bodies, index - 1, index)))
                    vertical.append((index - 1, index))
                }
                // v3 pins fixed neighbours too; two fixed bodies give a joint with nothing to solve.
                if k > 0 && !(fixed && bodies[index - side].kind == .fixed) {
                    pins.append(PinSpec(index - side, index, at: midpoint(bodies, index - side, index)))
                }
            }
        }
        return SceneSpec(
            name: "v3 joint grid", stresses: "Box2D v3's joint_grid: \(side * side) circles, \(pins.count) pins",
            bodies: bodies, pins: pins, steps: steps, stability: .jointStretch(pairs: vertical, restLength: 1))
    }

    /// v3's tumbler: 45 x 45 boxes of 0.25 m in a 20 m box turning at 25 degrees per second; 750 frames. v3 turns
    /// a dynamic box of density 50 with a revolute motor of 1e8 N m; a SceneSpec has no motors, so the box here
    /// is kinematic at the motor's speed (what the motor holds it to).
    public static func v3Tumbler(grid: Int = 45, steps: Int = 750) -> SceneSpec {
        let center = Vec2(0, -10)
        var bodies = [BodySpec(
            kind: .kinematic, position: center, angularVelocity: -25 * Double.pi / 180,
            shapes: [.box(halfWidth: 0.5, halfHeight: 10, center: Vec2(10, 0), angle: 0),
                     .box(halfWidth: 0.5, halfHeight: 10, center: Vec2(-10, 0), angle: 0),
                     .box(halfWidth: 10, halfHeight: 0.5, center: Vec2(0, -10), angle: 0),
                     .box(halfWidth: 10, halfHeight: 0.5, center: Vec2(0, 10), angle: 0)])]
        for i in 0..<grid {
            let y = -0.2 * Double(grid) + 10 + 0.4 * Double(i)
            for j in 0..<grid {
                let x = -0.2 * Double(grid) + 0.4 * Double(j)
                bodies.append(BodySpec(position: Vec2(x, -y), shapes: [.box(halfWidth: 0.125, halfHeight: 0.125)]))
            }
        }
        return SceneSpec(
            name: "v3 tumbler", stresses: "Box2D v3's tumbler: \(grid * grid) small boxes in a turning box "
                + "(kinematic here, a motor in v3)",
            bodies: bodies, steps: steps, allowSleep: true)
    }

    /// v3's smash: without gravity, an 8 m box of density 8 at 40 m/s hits a wall of 120 x 80 boxes of 0.4 m;
    /// 300 frames, sleep on. v3 makes the wall's boxes asleep; a SceneSpec cannot, so here they start awake
    /// and at rest.
    public static func v3Smash(columns: Int = 120, rows: Int = 80, steps: Int = 300) -> SceneSpec {
        var bodies = [BodySpec(position: Vec2(-20, 0), velocity: Vec2(40, 0),
                               shapes: [.box(halfWidth: 4, halfHeight: 4)], density: 8)]
        let d = 0.4
        for i in 0..<columns {
            for j in 0..<rows {
                let y = (Double(j) - Double(rows) / 2) * d
                bodies.append(BodySpec(position: Vec2(Double(i) * d + 30, -y),
                                       shapes: [.box(halfWidth: d / 2, halfHeight: d / 2)]))
            }
        }
        return SceneSpec(
            name: "v3 smash", stresses: "Box2D v3's smash: a heavy box through a wall of \(columns * rows) boxes, "
                + "no gravity (the wall starts awake here, asleep in v3)",
            gravity: .zero, bodies: bodies, steps: steps, allowSleep: true)
    }
}
