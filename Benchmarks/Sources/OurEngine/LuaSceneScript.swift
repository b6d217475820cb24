import BenchKit

/// Writes a SceneSpec as a Lua script over the LuaDynamics API (API.md), so our engine can run every scene the
/// way a script author would: Views, Gravity, Collision, ItemBehavior, pins, and `animator:step()` from Lua.
/// The script defines `bench_step(dt)`, `bench_pos(i)` (0-based body index) and `bench_count()`.
enum LuaSceneScript {
    /// The script for `scene`; with `delegate` a Lua collision delegate counts every contact that begins.
    static func make(_ scene: SceneSpec, delegate: Bool, substeps: Int) -> String {
        if let needs = scene.needsBeyondBasics { return "error(\"the scene script builds no \(needs)\")" }
        let s = DynamicsWorld.pointsPerMetre
        var out = """
            local A = Animator{ allowsSleep = \(scene.allowSleep), workerCount = 1 }
            A.substeps = \(substeps)
            local G = Gravity{}
            \(scene.gravity == .zero ? "G.magnitude = 0"
                                     : "G.direction = {\(n(scene.gravity.x / 10)), \(n(scene.gravity.y / 10))}")
            local C = Collision{}
            local P = ItemBehavior{ friction = \(n(Scenes.friction)) }
            local F = ItemBehavior{ friction = \(n(Scenes.friction)), anchored = true }
            local K = ItemBehavior{ friction = \(n(Scenes.friction)), density = \(n(DynamicsWorld.kinematicDensity)) }
            local items, driven = {}, {}
            -- One row per shape: body, kind (0 fixed, 1 kinematic, 2 dynamic), collides, body x, y, angle,
            -- angular velocity, then the shape: 1 box (w, h, cx, cy, angle), 2 circle (d, cx, cy), 3 polygon (points).
            local D = {

            """
        // Bodies whose density is not 1 or that start moving: body index + 1 -> {density, vx, vy, angular velocity}.
        var moving = "local M = {\n"
        for (index, body) in scene.bodies.enumerated() where body.kind == .dynamic
            && (body.density != 1 || body.velocity != .zero || body.angularVelocity != 0) {
            moving += "[\(index + 1)] = {\(n(body.density)), \(n(body.velocity.x * s)), \(n(body.velocity.y * s)), "
                + "\(n(body.angularVelocity))},\n"
        }
        moving += "}\n"
        for (index, body) in scene.bodies.enumerated() {
            for shape in body.shapes {
                var row = "{\(index), \(body.kind.rawValue), \(body.collides), \(n(body.position.x * s)), "
                    + "\(n(body.position.y * s)), \(n(body.angle)), \(n(body.angularVelocity)), "
                switch shape {
                case let .box(hw, hh, c, a):
                    row += "1, \(n(2 * hw * s)), \(n(2 * hh * s)), \(n(c.x * s)), \(n(c.y * s)), \(n(a))"
                case let .circle(r, c):
                    row += "2, \(n(2 * r * s)), \(n(c.x * s)), \(n(c.y * s))"
                case let .polygon(points):
                    row += "3, {" + points.map { "{\(n($0.x * s)), \(n($0.y * s))}" }.joined(separator: ", ") + "}"
                case .capsule, .roundedPolygon:
                    // Never reached: such a scene's script is the error at the top.
                    row += "0"
                }
                out += row + "},\n"
            }
        }
        out += "}\n" + moving + """
            -- One item behaviour per density other than 1, added after P so it wins for its items.
            local byDensity, densities = {}, {}
            for _, d in ipairs(D) do
              local b, kind, collides, x, y, a, t = d[1], d[2], d[3], d[4], d[5], d[6], d[8]
              local ox, oy, sa, v = 0, 0, 0, nil
              local c, s = math.cos(a), math.sin(a)
              if t == 1 then
                ox, oy, sa = d[11], d[12], d[13]
                v = View{ center = {x + c * ox - s * oy, y + s * ox + c * oy}, size = {d[9], d[10]}, angle = a + sa }
              elseif t == 2 then
                ox, oy = d[10], d[11]
                v = View{ center = {x + c * ox - s * oy, y + s * ox + c * oy}, size = {d[9], d[9]}, angle = a,
                          shape = "ellipse" }
              else
                v = View{ center = {x, y}, angle = a, shape = Path.polygon(d[9]) }
              end
              if items[b + 1] == nil then items[b + 1] = v end
              P:addItem(v)
              if collides then C:addItem(v) end
              if kind == 2 then
                G:addItem(v)
                local m = M[b + 1]
                if m then
                  if m[1] ~= 1 then
                    local I = byDensity[m[1]]
                    if I == nil then
                      I = ItemBehavior{ friction = \(n(Scenes.friction)), density = m[1] }
                      byDensity[m[1]] = I
                      densities[#densities + 1] = I
                    end
                    I:addItem(v)
                  end
                  v.velocity = {m[2], m[3]}
                  v.angularVelocity = m[4]
                end
              elseif kind == 0 then F:addItem(v)
              else
                K:addItem(v)
                driven[#driven + 1] = { v = v, x = x, y = y, a = a, w = d[7], ox = ox, oy = oy, sa = sa }
              end
            end

            """
        for (i, segment) in scene.segments.enumerated() {
            out += "C:addBoundary(\(i), {\(n(segment.a.x * s)), \(n(segment.a.y * s))}, "
                + "{\(n(segment.b.x * s)), \(n(segment.b.y * s))})\n"
        }
        out += "for _, b in ipairs{G, C, P, F, K} do A:addBehavior(b) end\n"
            + "for _, b in ipairs(densities) do A:addBehavior(b) end\n"
        for pin in scene.pins {
            out += "A:addBehavior(Attachment.pin(items[\(pin.bodyA + 1)], items[\(pin.bodyB + 1)], "
                + "{\(n(pin.anchor.x * s)), \(n(pin.anchor.y * s))}))\n"
        }
        out += """
            local count = 0
            if \(delegate) then
              C.delegate = {
                beganContact = function(self, c, a, b, p) count = count + 1 end,
                beganBoundaryContact = function(self, c, item, id, p) count = count + 1 end,
              }
            end
            local t = 0
            -- Kinematic parts have no UIKit counterpart: put them back on their steady turn before every frame.
            function bench_step(dt)
              for i = 1, #driven do
                local k = driven[i]
                local a = k.a + k.w * t
                local c, s = math.cos(a), math.sin(a)
                local rx, ry = c * k.ox - s * k.oy, s * k.ox + c * k.oy
                k.v.center = {k.x + rx, k.y + ry}
                k.v.angle = a + k.sa
                k.v.velocity = {-ry * k.w, rx * k.w}
                k.v.angularVelocity = k.w
              end
              A:step(dt)
              t = t + dt
            end
            function bench_pos(i)
              local c = items[i + 1].center
              return c.x / \(n(s)), c.y / \(n(s))
            end
            function bench_count() return count end
            function bench_body_count() return #items end
            function bench_note()
              local notes = {}
              if #driven > 0 then notes[#notes + 1] = "the turning walls are put back on their path by hand from Lua" end
              if not A.isRunning and not \(scene.allowSleep) then
                notes[#notes + 1] = "the animator paused (every item asleep), so this time is not comparable"
              end
              if #notes > 0 then return table.concat(notes, "; ") end
            end

            """
        return out
    }

    /// A number as a Lua numeral (Swift's shortest round-trip text is valid Lua for finite values).
    static func n(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }
}
