import Dynamics
import Pictures

/// Hand-made snapshots: Pictures' whole input, built without the solver.
enum Scenes {
    static func box(_ name: String, color: String?, center: Vector, size: Vector, angle: Double = 0,
                    velocity: Vector = .zero) -> ItemSnapshot {
        let hw = size.x / 2, hh = size.y / 2
        return ItemSnapshot(name: name, color: color, shape: .rectangle, size: size, center: center, angle: angle,
                            velocity: velocity, angularVelocity: 0,
                            outline: [Vector(-hw, -hh), Vector(hw, -hh), Vector(hw, hh), Vector(-hw, hh)],
                            isAnchored: false, isAsleep: false)
    }

    static func ball(_ name: String, color: String?, center: Vector, radius: Double, velocity: Vector = .zero) -> ItemSnapshot {
        let outline = (0..<24).map { i -> Vector in
            let a = 2 * Double.pi * Double(i) / 24
            return Vector(radius * cos(a), radius * sin(a))
        }
        return ItemSnapshot(name: name, color: color, shape: .ellipse, size: Vector(2 * radius, 2 * radius),
                            center: center, angle: 0, velocity: velocity, angularVelocity: 0, outline: outline,
                            isAnchored: false, isAsleep: false)
    }

    static func triangle(_ name: String, color: String?, center: Vector) -> ItemSnapshot {
        ItemSnapshot(name: name, color: color, shape: .path, size: Vector(40, 40), center: center, angle: 0,
                     velocity: .zero, angularVelocity: 0, outline: [Vector(0, -20), Vector(20, 20), Vector(-20, 20)],
                     isAnchored: false, isAsleep: false)
    }

    /// A 320 x 240 room: a closed wall around it, a sloped shelf, a tilted red box, a blue ball, a green triangle,
    /// and a rope from the ceiling to the ball.
    static var room: WorldSnapshot {
        let bounds = AABB(lower: Vector(0, 0), upper: Vector(320, 240))
        let walls = BoundarySnapshot(identifier: nil,
                                     points: [Vector(2, 2), Vector(318, 2), Vector(318, 238), Vector(2, 238)], isClosed: true)
        let shelf = BoundarySnapshot(identifier: "shelf", points: [Vector(20, 180), Vector(140, 210)], isClosed: false)
        return WorldSnapshot(
            time: 1.5, referenceBounds: bounds,
            items: [
                box("red", color: "red", center: Vector(90, 110), size: Vector(80, 40), angle: Double.pi / 6,
                    velocity: Vector(100, 0)),
                ball("blue", color: "#0000ff", center: Vector(230, 120), radius: 35),
                triangle("green", color: "green", center: Vector(250, 200)),
            ],
            boundaries: [walls, shelf],
            joints: [JointSnapshot(kind: "distance", pointA: Vector(230, 2), pointB: Vector(230, 85))],
            contactPoints: [Vector(250, 220)])
    }

    /// One red box moving right: at time t its centre is (40 + 100 t, 60).
    static func slidingBox(at t: Double) -> WorldSnapshot {
        WorldSnapshot(time: t, referenceBounds: AABB(lower: .zero, upper: Vector(320, 120)),
                      items: [box("mover", color: "red", center: Vector(40 + 100 * t, 60), size: Vector(40, 40),
                                  velocity: Vector(100, 0))],
                      boundaries: [BoundarySnapshot(identifier: "floor", points: [Vector(0, 80), Vector(320, 80)], isClosed: false)],
                      joints: [], contactPoints: [])
    }
}
