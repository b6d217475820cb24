-- Fields: two planets orbit a sun in a radial gravity field with falloff 2 (an inverse-square law).
-- Notice: each planet starts at the speed of a circular orbit, sqrt(a r) with a = 1000 x (r / 100)^-2 pt/s^2, and
-- keeps its distance from the sun; the outer one, 150/80 times as far, takes (150/80)^1.5 = 2.57 times as
-- long to go round (Kepler's third law). The field acts only inside its region, a disc of 200 pt around the sun.
-- The world is kept in globals, so `luadyn -i docs/examples/17-fields.lua` leaves it to play with.

animator = Animator{ width = 320, height = 568 }
sun = Point(160, 284)
inner = View{ center = {sun.x + 80, sun.y}, size = {12, 12}, name = "inner", color = "royalblue", shape = "ellipse" }
outer = View{ center = {sun.x + 150, sun.y}, size = {16, 16}, name = "outer", color = "orangered", shape = "ellipse" }
gravity = Field.radialGravity{ inner, outer, position = sun, strength = 0.5, falloff = 2,
                                region = Region(200) }
animator:addBehavior(gravity)

-- Circular speeds, moving down the screen from the right of the sun (so both go round clockwise on screen).
for _, planet in ipairs{ inner, outer } do
  local r = (planet.center - sun):length()
  local a = 1000 * gravity.strength * (r / 100) ^ -2
  planet.velocity = Point(0, math.sqrt(a * r))
end

-- Measure each orbit's period from the angle it has turned, and the farthest it strays from its radius.
local function angleOf(planet) local d = planet.center - sun return math.atan(d.y, d.x) end
local turned, last, period, stray = {}, {}, {}, {}
for _, planet in ipairs{ inner, outer } do turned[planet], last[planet], stray[planet] = 0, angleOf(planet), 0 end
local radius = { [inner] = 80, [outer] = 150 }
while animator.time < 5.5 do
  animator:step()
  for _, planet in ipairs{ inner, outer } do
    local a = angleOf(planet)
    local d = a - last[planet]
    if d > math.pi then d = d - 2 * math.pi elseif d < -math.pi then d = d + 2 * math.pi end
    turned[planet], last[planet] = turned[planet] + d, a
    if not period[planet] and turned[planet] >= 2 * math.pi then
      -- The turn was completed during this frame: interpolate where in the frame.
      period[planet] = animator.time - animator.timeStep * (turned[planet] - 2 * math.pi) / d
    end
    local r = (planet.center - sun):length()
    stray[planet] = math.max(stray[planet], math.abs(r - radius[planet]) / radius[planet])
  end
end
print(string.format("inner period %.3f s, outer period %.3f s", period[inner], period[outer]))
local kepler = (150 / 80) ^ 1.5
print(string.format("ratio %.3f; Kepler's third law says (150/80)^1.5 = %.3f", period[outer] / period[inner], kepler))
print(string.format("largest change of radius: inner %.2f%%, outer %.2f%%", 100 * stray[inner], 100 * stray[outer]))
assert(math.abs(period[outer] / period[inner] / kepler - 1) < 0.01, "Kepler's third law")
assert(stray[inner] < 0.01 and stray[outer] < 0.01, "circular orbits stay circular")

-- The picture shows the field as arrows: longest where the pull is strongest, none outside the region.
animator:draw{ width = 60 }
print("both orbits obey Kepler's third law")
