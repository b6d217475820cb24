-- Fields and regions (API.md "Fields"): the makers, the properties, Lua-made custom fields and clear errors.
local function still(name, x, y, side)
  return View{ center = {x, y}, size = {side or 10, side or 10}, name = name }
end

-- every kind has a maker; properties have their defaults and are rw
for _, kind in ipairs{ "linearGravity", "radialGravity", "velocity", "noise", "turbulence", "spring", "electric",
                       "magnetic", "vortex", "drag" } do
  local f = Field[kind]()
  assert(f.kind == kind, kind)
  assert(f.strength == 1 and f.falloff == 0 and f.position == Point(0, 0), kind)
  assert(f.minimumRadius > 0 and f.minimumRadius < 0.01, kind)
  assert(tostring(f.region) == "Region(infinite)", kind)
end
local a, b = still("a", 0, 0), still("b", 10, 0)
local f = Field.vortex{ a, b, strength = 2, position = {5, 6}, region = Region(50), falloff = 1, minimumRadius = 3 }
assert(#f.items == 2 and f.items[2] == b)
assert(f.strength == 2 and f.position == Point(5, 6) and f.falloff == 1 and f.minimumRadius == 3)
assert(tostring(f.region) == "Region(radius 50)")
local g = Field.noise(a, b)
assert(#g.items == 2)
g.smoothness = 0.25; g.animationSpeed = 3; g.seed = 7
assert(g.smoothness == 0.25 and g.animationSpeed == 3 and g.seed == 7)
assert(tostring(f):find("vortex strength=2", 1, true), tostring(f))

-- regions
local disc, bar = Region(50), Region{ size = {200, 20} }
assert(disc:contains{30, 40} and not disc:contains{40, 40})
assert(bar:contains{99, -10} and not bar:contains{0, 11})
assert(disc:union(bar):contains{90, 0} and disc:union(bar):contains{0, 40})
assert(not disc:difference(bar):contains{0, 0} and disc:difference(bar):contains{0, 40})
assert(disc:intersection(bar):contains{40, 5} and not disc:intersection(bar):contains{90, 0})
assert(disc:inverse():contains{100, 0} and not disc:inverse():contains{0, 0})
assert(Region.infinite:contains{1e12, -1e12})
assert(Region{ radius = 5 }:contains{3, 4})

-- bad input
expectError("Field has no field 'gravity' (did you mean 'linearGravity'?)", function() return Field.gravity{} end)
expectError("bad argument #1 to 'radialGravity' (field 'falloff': number must not be negative",
  function() return Field.radialGravity{ falloff = -1 } end)
expectError("bad value for Field.falloff (number must not be negative", function() f.falloff = -2 end)
expectError("bad argument #1 to 'custom' (function expected, got table)", function() return Field.custom{} end)
expectError("bad argument #1 to 'Region' (radius must be a non-negative finite number, got -1",
  function() return Region(-1) end)
expectError("bad argument #1 to 'Region' (radius must be a non-negative", function() return Region{ radius = -1 } end)
expectError("bad value for Field.region (Region expected, got number)", function() f.region = 3 end)
expectError("Field.kind is read-only", function() f.kind = "drag" end)
expectError("bad value for Field.smoothness (smoothness must be between 0 and 1", function() g.smoothness = 2 end)
expectError("bad value for Field.seed (integer expected, got number)", function() g.seed = 1.5 end)
expectError("Field has no option 'strenght' (did you mean 'strength'?)", function() return Field.drag{ strenght = 1 } end)

-- a Region(50) field leaves an item at 100 pt untouched and pulls one inside
do
  local an = Animator()
  local far, near_ = still("far", 100, 0), still("near", 0, 30)
  an:addBehavior(Field.radialGravity{ far, near_, region = Region(50) })
  an:run(0.1)
  assert(far.center == Point(100, 0) and far.velocity == Point(0, 0))
  assert(near_.center.y < 29)
end

-- electric fields act on charge only, with its sign
do
  local an = Animator()
  local plus, minus, neutral = still("plus", 100, 0), still("minus", 100, 50), still("neutral", 100, -50)
  an:addBehavior(Field.electric{ plus, minus, neutral })
  an:addBehavior(ItemBehavior{ plus, charge = 1 })
  an:addBehavior(ItemBehavior{ minus, charge = -1 })
  an:run(0.1)
  assert(plus.center.x > 101 and minus.center.x < 99 and neutral.center == Point(100, -50))
end

-- a custom field moves items as written: 100 pt/s^2 down, like Gravity of magnitude 0.1
do
  local an, bn = Animator(), Animator()
  local x, y = still("x", 0, 0, 50), still("y", 0, 0, 50)
  local seen = {}
  local c = Field.custom(function(field, position, velocity, mass, charge, time)
    seen.field, seen.mass, seen.charge, seen.time = field, mass, charge, time
    return 0, 100 * mass
  end, x)
  an:addBehavior(c)
  an:addBehavior(ItemBehavior{ x, charge = 3 })
  bn:addBehavior(Gravity{ y, magnitude = 0.1 })
  an:run(1)
  bn:run(1)
  near(x.center.y, y.center.y, 1e-9, "custom field like gravity")
  assert(seen.field == c and seen.mass == 0.25 and seen.charge == 3)
  near(seen.time, 59 / 60, 1e-9, "time of the last frame")
  -- a point works as well as two numbers
  local p = still("p", 0, 0, 100)
  local cn = Animator()
  cn:addBehavior(Field.custom(function() return Point(60, 0) end, p))
  cn:step()
  near(p.velocity.x, 1, 1e-9, "60 units of force on mass 1 for 1/60 s")
end

-- a custom field that errors or returns NaN stops with a clear error and leaves the world as it was
do
  local an = Animator()
  local v = still("v", 0, 0, 100)
  v.velocity = {10, 0}
  local fail
  an:addBehavior(Field.custom(function() if fail then error(fail) end return 0, 1 end, v))
  an:run(0.5)
  local center, velocity, time = v.center, v.velocity, an.time
  fail = "boom"
  expectError("error in custom field: field.lua:", function() an:step() end)
  expectError("boom", function() an:run(1) end)
  assert(v.center == center and v.velocity == velocity and an.time == time)
  local bn = Animator()
  local w = still("w", 0, 0)
  bn:addBehavior(Field.custom(function() return 0 / 0, 1 end, w))
  expectError("custom field: the force on 'w' is not finite", function() bn:step() end)
  bn:removeAllBehaviors()
  bn:addBehavior(Field.custom(function() return "up" end, w))
  expectError("custom field must return two numbers or a point, got string", function() bn:step() end)
  assert(bn.time == 0 and w.center == Point(0, 0))
end

-- potential energy: kinetic + potential stays constant in a spring field (to symplectic Euler's swing)
do
  local an = Animator()
  local v = still("s", 80, 0, 100)
  an:addBehavior(Field.spring{ v })
  local e0 = an.kineticEnergy + an.potentialEnergy
  near(e0, 0.5 * 4 * math.pi ^ 2 * 80 ^ 2, 1e-6, "spring energy 1/2 k x^2")
  for _ = 1, 60 do
    an:step()
    near(an.kineticEnergy + an.potentialEnergy, e0, 0.02 * e0, "spring energy")
  end
end

-- and in an inverse-square radial field, on a circular orbit: the potential is zero at the centre and grows outward
do
  local an = Animator()
  local p = still("p", 150, 0)
  local f = Field.radialGravity{ p, falloff = 2 }
  an:addBehavior(f)
  p.velocity = {0, math.sqrt(1000 * (150 / 100) ^ -2 * 150)}
  local e0 = an.kineticEnergy + an.potentialEnergy
  local scale = an.kineticEnergy
  -- The energy stays put while the planet goes round, and the potential depends only on the distance.
  for _ = 1, 200 do
    an:step()
    near(an.kineticEnergy + an.potentialEnergy, e0, 0.001 * scale, "orbit energy")
  end
  p.center = {0, 150}
  near(an.potentialEnergy, e0 - scale, 1e-6 * scale, "the same potential at the same distance")
end
