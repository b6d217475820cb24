// The fields' part of each sub-step's velocity integration (see FieldSource for what each kind does).

extension PhysicsWorld {
    /// One sub-step of every field on the bodies it holds this frame: the body's centre is where the sub-step has
    /// moved it so far, so fields follow the sub-stepped motion (orbits close, springs keep their period).
    @inline(__always)
    static func applyFields(_ links: UnsafeBufferPointer<FieldLink>, _ sources: UnsafeBufferPointer<FieldSource>,
                            bodies: UnsafeMutableBufferPointer<Body>, states: UnsafeMutableBufferPointer<BodyState>,
                            h: Double, time: Double) {
        // Field by field, so each field's numbers are read once and its kind decided once for all its links.
        for source in sources {
            let start = Int(source.firstLink)
            let range = start..<(start + Int(source.linkCount))
            // Radial gravity, the common case, gets a loop of its own: with the kind decided outside it, its numbers
            // stay in registers instead of being reloaded around the other kinds' code.
            if source.kind == .radialGravity {
                let scale = h * FieldScale.acceleration * source.strength
                for k in range {
                    let i = Int(links[k].body)
                    guard states[i].invMass > 0 else { continue }
                    let d = bodies[i].center0 + states[i].dp - source.position
                    let r = d.length
                    guard r > 0 else { continue }
                    states[i].v -= (scale * source.falloffOverDistance(r, inverse: 1 / r)) * d
                }
                continue
            }
            for k in range {
                let link = links[k]
                let i = Int(link.body)
                // Sleeping and static bodies have no state this step.
                guard states[i].invMass > 0 else { continue }
                let p = bodies[i].center0 + states[i].dp
                var v = states[i].v
                source.act(on: &v, at: p, chargePerMass: link.chargePerMass, h: h, time: time)
                states[i].v = v
            }
        }
    }
}
