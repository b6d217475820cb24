import Dynamics

/// The two messages a page reads. A scene says what there is (items with their outlines, colours and material,
/// boundaries, the reference bounds); a frame says where it is now (per item: x, y, angle, vx, vy, spin, in that
/// order, flat) with the contacts, joints, energies, pause state and the drag. Frames name the scene they belong to.
enum LiveFrames {
    /// `traced`: the items (by place) and fields a trace follows, which the page offers as graphs.
    static func scene(_ a: Animator, number: Int, properties: (DynamicItem) -> ItemProperties, gravity: Double?,
                      traced: (items: [Int], fields: [String]) = ([], [])) -> String {
        let snapshot = a.snapshot()
        var j = LiveJSON(capacity: 128 * (snapshot.items.count + 4))
        j.raw("{\"type\":\"scene\",")
        j.key("scene"); j.number(Double(number)); j.raw(",")
        j.key("timeStep"); j.number(a.timeStep); j.raw(",")
        let units = a.displayUnits
        j.key("pointsPerMetre"); j.number(units.pointsPerMetre); j.raw(",")
        j.key("units"); j.string(units.metres ? "metres" : "points"); j.raw(",")
        j.key("yUp"); j.bool(units.yUp); j.raw(",")
        j.key("floor"); j.number(units.floor); j.raw(",")
        j.key("gravity"); if let gravity { j.number(gravity) } else { j.raw("null") }; j.raw(",")
        j.key("bounds")
        if let b = snapshot.referenceBounds { j.numbers([b.lower.x, b.lower.y, b.upper.x, b.upper.y]) } else { j.raw("null") }
        j.raw(",")
        j.key("traced"); j.raw("{"); j.key("items"); j.numbers(traced.items.map(Double.init)); j.raw(",")
        j.key("fields"); j.raw("[")
        for (i, f) in traced.fields.enumerated() { if i > 0 { j.raw(",") }; j.string(f) }
        j.raw("]},")
        j.key("items"); j.raw("[")
        for (i, (item, shot)) in zip(a.items, snapshot.items).enumerated() {
            if i > 0 { j.raw(",") }
            let p = properties(item)
            j.raw("{"); j.key("name"); j.string(shot.name)
            j.raw(","); j.key("color"); if let c = shot.color { j.string(c) } else { j.raw("null") }
            j.raw(","); j.key("shape"); j.string(shot.shape.rawValue)
            j.raw(","); j.key("size"); j.numbers([shot.size.x, shot.size.y])
            j.raw(","); j.key("mass"); j.number(item.mass)
            j.raw(","); j.key("anchored"); j.bool(shot.isAnchored || p.anchored)
            j.raw(","); j.key("elasticity"); j.number(p.elasticity)
            j.raw(","); j.key("friction"); j.number(p.friction)
            j.raw(","); j.key("density"); j.number(p.density)
            j.raw(","); j.key("outline"); j.numbers(shot.outline.flatMap { [$0.x, $0.y] })
            j.raw("}")
        }
        j.raw("],")
        j.key("boundaries"); j.raw("[")
        for (i, b) in snapshot.boundaries.enumerated() {
            if i > 0 { j.raw(",") }
            j.raw("{"); j.key("closed"); j.bool(b.isClosed)
            j.raw(","); j.key("points"); j.numbers(b.points.flatMap { [$0.x, $0.y] })
            j.raw("}")
        }
        j.raw("]}")
        return j.text
    }

    /// `stepped`: when the frame's last step ended, in milliseconds of the wall clock (the page subtracts it
    /// from its own clock on arrival: the latency from step to page, on one machine).
    static func frame(_ a: Animator, scene: Int, frame: Int, paused: Bool, gravity: Double?,
                      dragged: (Int, Vector)?, stepped: Double) -> String {
        let items = a.items
        var j = LiveJSON(capacity: 48 * items.count + 256)
        j.raw("{\"type\":\"frame\",")
        j.key("scene"); j.number(Double(scene)); j.raw(",")
        j.key("frame"); j.number(Double(frame)); j.raw(",")
        j.key("time"); j.number(a.elapsedTime); j.raw(",")
        j.key("stepped"); j.number(stepped); j.raw(",")
        j.key("paused"); j.bool(paused); j.raw(",")
        j.key("resting"); j.bool(!a.isRunning); j.raw(",")
        j.key("gravity"); if let gravity { j.number(gravity) } else { j.raw("null") }; j.raw(",")
        j.key("kinetic"); j.number(a.kineticEnergy); j.raw(",")
        j.key("potential"); j.number(a.potentialEnergy); j.raw(",")
        j.key("drag")
        if let (index, target) = dragged { j.numbers([Double(index), target.x, target.y]) } else { j.raw("null") }
        j.raw(",")
        j.key("items"); j.raw("[")
        for (i, item) in items.enumerated() {
            if i > 0 { j.raw(",") }
            j.number(item.center.x); j.raw(","); j.number(item.center.y); j.raw(",")
            j.number(item.angle); j.raw(",")
            j.number(item.velocity.x); j.raw(","); j.number(item.velocity.y); j.raw(",")
            j.number(item.angularVelocity)
        }
        j.raw("],")
        j.key("contacts"); j.raw("[")
        for (i, m) in a.contactMarks().enumerated() {
            if i > 0 { j.raw(",") }
            j.number(m.point.x); j.raw(","); j.number(m.point.y); j.raw(",")
            j.number(m.normal.x); j.raw(","); j.number(m.normal.y)
        }
        j.raw("],")
        j.key("joints"); j.raw("[")
        for (i, joint) in a.jointLines().enumerated() {
            if i > 0 { j.raw(",") }
            j.number(joint.pointA.x); j.raw(","); j.number(joint.pointA.y); j.raw(",")
            j.number(joint.pointB.x); j.raw(","); j.number(joint.pointB.y)
        }
        j.raw("]}")
        return j.text
    }
}
