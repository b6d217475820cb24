// Box2D v3's own benchmark scenes (its benchmark/ program and shared/benchmarks.c at 617d32ab), rebuilt as
// SceneSpecs so every engine runs them: the same bodies, sizes, densities, positions and frame counts. v3 builds
// them with y up and gravity (0, -10); a SceneSpec has y down, so every y (and every turning sense) is mirrored,
// which changes nothing physical. Where a scene needs what a SceneSpec cannot say, the difference is written in
// its `stresses` text and in docs/performance.md.
import Foundation

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

    /// v3's tumbler: 45 x 45 boxes of 0.25 m in a 20 m box of density 50 that a revolute motor of 1e8 N m turns at
    /// 25 degrees per second about a fixed hub; 750 frames, sleep on. (The hub is body 0, a small circle that
    /// collides with nothing: a pin needs a body on each side, and v3's ground body has no shape.)
    public static func v3Tumbler(grid: Int = 45, steps: Int = 750) -> SceneSpec {
        let center = Vec2(0, -10)
        var bodies = [
            BodySpec(kind: .fixed, position: center, shapes: [.circle(radius: 0.1, center: .zero)], collides: false),
            BodySpec(position: center,
                     shapes: [.box(halfWidth: 0.5, halfHeight: 10, center: Vec2(10, 0), angle: 0),
                              .box(halfWidth: 0.5, halfHeight: 10, center: Vec2(-10, 0), angle: 0),
                              .box(halfWidth: 10, halfHeight: 0.5, center: Vec2(0, -10), angle: 0),
                              .box(halfWidth: 10, halfHeight: 0.5, center: Vec2(0, 10), angle: 0)],
                     density: 50)]
        for i in 0..<grid {
            let y = -0.2 * Double(grid) + 10 + 0.4 * Double(i)
            for j in 0..<grid {
                let x = -0.2 * Double(grid) + 0.4 * Double(j)
                bodies.append(BodySpec(position: Vec2(x, -y), shapes: [.box(halfWidth: 0.125, halfHeight: 0.125)]))
            }
        }
        // Mirrored, v3's counter-clockwise turn is clockwise here: a negative speed.
        let motor = PinSpec(0, 1, at: center, motorSpeed: -25 * Double.pi / 180, maxMotorTorque: 1e8)
        return SceneSpec(
            name: "v3 tumbler", stresses: "Box2D v3's tumbler: \(grid * grid) small boxes in a box turned by a motor",
            bodies: bodies, pins: [motor], steps: steps, allowSleep: true)
    }

    /// v3's spinner: 6076 capsules, circles and boxes (one in three of each, density 0.25, friction and
    /// restitution 0.1) in a loop of 360 segments of radius 40 m, stirred by a 40 m rounded arm that a motor of
    /// unlimited torque turns at 5 rad/s; 500 frames, sleep on. (The arm's hub is body 0, as in the tumbler.)
    public static func v3Spinner(bodyCount: Int = 2 * 3038, steps: Int = 500) -> SceneSpec {
        let pointCount = 360
        var loop: [Vec2] = []
        for i in 0..<pointCount {
            // v3 walks the circle clockwise from (40, 0) about (0, 32), y up; mirrored here.
            let a = -2 * Double.pi * Double(i) / Double(pointCount)
            loop.append(Vec2(40 * cos(a), -(40 * sin(a) + 32)))
        }
        let hub = Vec2(0, -12)
        var bodies = [
            BodySpec(kind: .fixed, position: hub, shapes: [.circle(radius: 0.1, center: .zero)], collides: false),
            BodySpec(position: hub, shapes: [.roundedPolygon([Vec2(-0.4, -20), Vec2(0.4, -20), Vec2(0.4, 20), Vec2(-0.4, 20)],
                                                             radius: 0.2)],
                     friction: 0)]
        var x = -23.0, y = 2.0
        for i in 0..<bodyCount {
            let shape: ShapeSpec
            switch i % 3 {
            case 0: shape = .capsule(center1: Vec2(-0.25, 0), center2: Vec2(0.25, 0), radius: 0.25)
            case 1: shape = .circle(radius: 0.35, center: .zero)
            default: shape = .box(halfWidth: 0.35, halfHeight: 0.35)
            }
            bodies.append(BodySpec(position: Vec2(x, -y), shapes: [shape], density: 0.25, friction: 0.1,
                                   restitution: 0.1))
            x += 0.5
            if x >= 23 { x = -23; y += 0.5 }
        }
        // v3's motor turns counter-clockwise, y up: clockwise here. FLT_MAX there, unlimited here.
        let motor = PinSpec(0, 1, at: hub, motorSpeed: -5, maxMotorTorque: .infinity)
        return SceneSpec(
            name: "v3 spinner", stresses: "Box2D v3's spinner: \(bodyCount) capsules, circles and boxes stirred in a "
                + "chain loop by a motorised arm",
            bodies: bodies, loops: [LoopSpec(loop, friction: 0.1)], pins: [motor], steps: steps, allowSleep: true,
            restitutionThreshold: 1)
    }

    /// v3's rain: ragdolls (v3's `shared/human.c`: eleven capsule bones, feet of rounded polygons, pins with
    /// ranges and joint friction as motors of speed 0) raining onto five rows of 501 ground boxes of 0.5 m, 45 m
    /// apart. Every `delay` frames a column of groups (one per row, `groupSize` ragdolls each) is made 40 m above
    /// its row; once all `columns` are out, the oldest column is unmade and made again. 1000 frames, sleep on.
    ///
    /// What differs from v3 (what every engine here can build): v3 keeps a ragdoll from meeting itself and the
    /// ragdolls of its own place in a group with collision groups, which UIKit's collision behaviours cannot say;
    /// here each of the eleven kinds of bone is a collision class, so a bone meets the ground and the bones of its
    /// own kind in other ragdolls only (a ragdoll still never meets itself). Also: no joint springs (v3 adds 5 Hz
    /// ones), every bone rubs at 0.2 (v3's feet at 0.05, and they meet only the ground there), no per-body sleep
    /// threshold.
    public static func v3Rain(rows: Int = 5, columns: Int = 40, groupSize: Int = 5, gridCount: Int = 500,
                              delay: Int = 8, steps: Int = 1000) -> SceneSpec {
        let gridSize = 0.5
        var ground: [ShapeSpec] = []
        for row in 0..<rows {
            let y = 45 * Double(row)
            for j in 0...gridCount {
                let x = -0.5 * Double(gridCount) * gridSize + Double(j) * gridSize
                ground.append(.box(halfWidth: gridSize / 2, halfHeight: gridSize / 2, center: Vec2(x, -y), angle: 0))
            }
        }
        let span = Double(gridCount) * gridSize, groupDistance = span / Double(columns)
        var groups: [BodyGroupSpec] = []
        for row in 0..<rows {
            for column in 0..<columns {
                var bodies: [BodySpec] = [], pins: [PinSpec] = []
                var x = -0.5 * span + groupDistance * (Double(column) + 0.5)
                let y = 40 + 45 * Double(row)
                for _ in 0..<groupSize {
                    Self.addRagdoll(at: Vec2(x, y), to: &bodies, pins: &pins)
                    x += 0.5
                }
                groups.append(BodyGroupSpec(bodies: bodies, pins: pins))
            }
        }
        // v3's StepRain: before frame f with f a multiple of `delay`, the next column, or the oldest made again.
        var waves: [WaveEvent] = []
        var made = 0, oldest = 0
        for frame in stride(from: 0, to: steps, by: delay) {
            if made < columns {
                for row in 0..<rows { waves.append(WaveEvent(frame: frame, group: row * columns + made, make: true)) }
                made += 1
            } else {
                for row in 0..<rows {
                    waves.append(WaveEvent(frame: frame, group: row * columns + oldest, make: false))
                    waves.append(WaveEvent(frame: frame, group: row * columns + oldest, make: true))
                }
                oldest = (oldest + 1) % columns
            }
        }
        return SceneSpec(
            name: "v3 rain", stresses: "Box2D v3's rain: up to \(rows * columns * groupSize) ragdolls of 11 bones made "
                + "and unmade while they fall (bones meet their own kind only here)",
            bodies: [BodySpec(kind: .fixed, position: .zero, shapes: ground)], steps: steps, allowSleep: true,
            groups: groups, waves: waves)
    }

    /// One of v3's humans at scale 1, standing with its feet at `foot` (v3's y up), mirrored into y down: bones as
    /// bodies, each a collision class of its own kind (1...11), and ten pins with their ranges and joint friction
    /// (v3's 0.05 N m, scaled per joint).
    private static func addRagdoll(at foot: Vec2, to bodies: inout [BodySpec], pins: inout [PinSpec]) {
        let first = bodies.count
        let torque = 0.05
        // (height of the bone's centre, its capsule's lower and upper centre, radius, linear damping).
        func bone(_ y: Double, _ low: Double, _ high: Double, _ r: Double, damping: Double = 0, foot hasFoot: Bool = false) {
            var shapes: [ShapeSpec] = [.capsule(center1: Vec2(0, -high), center2: Vec2(0, -low), radius: r)]
            if hasFoot {
                // v3's foot: a rounded hull under the lower leg, pointing forward (+x).
                shapes.append(.roundedPolygon([Vec2(-0.03, 0.185), Vec2(0.11, 0.185), Vec2(0.11, 0.16), Vec2(-0.03, 0.14)],
                                              radius: 0.015))
            }
            bodies.append(BodySpec(position: Vec2(foot.x, -(foot.y + y)), shapes: shapes, friction: 0.2,
                                   linearDamping: damping, collisionClass: bodies.count - first + 1))
        }
        // `lower...upper` is v3's range (y up) of the child's turn relative to its parent's, less `offset` (v3's
        // turned frame on the lower arms); mirrored, a range [l, u] becomes [-u, -l].
        func pin(_ parent: Int, _ child: Int, _ y: Double, _ lower: Double, _ upper: Double, _ scale: Double,
                 offset: Double = 0) {
            let l = lower + offset, u = upper + offset
            pins.append(PinSpec(first + parent, first + child, at: Vec2(foot.x, -(foot.y + y)), angleRange: -u...(-l),
                                motorSpeed: 0, maxMotorTorque: scale * torque))
        }
        let pi = Double.pi
        bone(0.95, -0.02, 0.02, 0.095)                          // 0 hip
        bone(1.2, -0.135, 0.135, 0.09)                          // 1 torso
        pin(0, 1, 1.0, -0.25 * pi, 0, 0.5)
        bone(1.475, -0.038, 0.039, 0.075, damping: 0.1)         // 2 head
        pin(1, 2, 1.4, -0.3 * pi, 0.1 * pi, 0.25)
        for _ in 0..<2 {                                        // legs: upper, lower with its foot
            let upper = bodies.count - first
            bone(0.775, -0.125, 0.125, 0.06)
            pin(0, upper, 0.9, -0.05 * pi, 0.4 * pi, 1)
            bone(0.475, -0.155, 0.125, 0.045, foot: true)
            pin(upper, upper + 1, 0.625, -0.5 * pi, -0.02 * pi, 0.5)
        }
        for _ in 0..<2 {                                        // arms: upper, lower
            let upper = bodies.count - first
            bone(1.225, -0.125, 0.125, 0.035)
            pin(1, upper, 1.35, -0.1 * pi, 0.8 * pi, 0.5)
            bone(0.975, -0.125, 0.125, 0.03, damping: 0.1)
            pin(upper, upper + 1, 1.1, -0.2 * pi, 0.3 * pi, 0.1, offset: 0.25 * pi)
        }
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
