-- Energy read-outs: kinetic ½ m v² + ½ I ω², potential -m (g · p) with zero at the origin.

-- A free fall: kinetic + potential stays constant within 1%.
local a = Animator()
local box = View{ center = {0, 0}, size = {100, 100}, name = "box" }   -- mass 1
a:addBehavior(Gravity{ box })
near(a.kineticEnergy, 0, 1e-12, "at rest, no kinetic energy")
near(a.potentialEnergy, 0, 1e-12, "at the origin, no potential energy")
box.center = Point(0, 200)
near(a.potentialEnergy, -1000 * 200, 1e-6, "potential is -m g y under default gravity")
local start = a.kineticEnergy + a.potentialEnergy
local worst = 0
for _ = 1, 60 do
  a:step()
  local total = a.kineticEnergy + a.potentialEnergy
  worst = math.max(worst, math.abs(total - start))
end
local fallen = box.center.y - 200
assert(fallen > 400, "it fell about 500 pt in a second, fell " .. fallen)
-- the scale of the motion: the kinetic energy gained
assert(worst <= 0.01 * a.kineticEnergy, string.format("energy drifted by %g of %g", worst, a.kineticEnergy))
near(a.kineticEnergy, 0.5 * 1 * box.velocity:length() ^ 2, 1e-6, "kinetic is ½ m v² when not turning")

-- Mass scales both: a 200 x 100 item of density 1 has mass 2.
local b = Animator()
local wide = View{ center = {0, 50}, size = {200, 100} }
b:addBehavior(Gravity{ wide })
wide.velocity = Point(30, 40)
near(b.kineticEnergy, 0.5 * 2 * 50 ^ 2, 1e-9, "½ m v² with m = 2, v = 50")
near(b.potentialEnergy, -2 * 1000 * 50, 1e-9, "-m g y with m = 2")

-- Turning adds ½ I ω², I = m (w² + h²) / 12 for a rectangle.
wide.velocity = Point(0, 0)
wide.angularVelocity = 2
near(b.kineticEnergy, 0.5 * (2 * (200 ^ 2 + 100 ^ 2) / 12) * 4, 1e-6, "½ I ω²")

-- Gravity in another direction and magnitude, and two gravities adding up.
local c = Animator()
local v = View{ center = {10, 20}, size = {100, 100} }
c:addBehavior(Gravity{ v, direction = {1, 0} })
near(c.potentialEnergy, -1000 * 10, 1e-9, "gravity to the right: -m g x")
c:addBehavior(Gravity{ v, magnitude = 0.5 })
near(c.potentialEnergy, -1000 * 10 - 500 * 20, 1e-9, "two gravities add")

-- Anchored items count for nothing; items under no gravity have no potential energy.
local d = Animator()
local fixed = View{ center = {0, 300}, size = {100, 100} }
local free = View{ center = {0, 300}, size = {100, 100} }
d:addBehavior(Gravity{ fixed })
d:addBehavior(ItemBehavior{ fixed, anchored = true })
d:addBehavior(Collision{ free })
near(d.potentialEnergy, 0, 1e-12, "anchored and gravity-free items have no potential energy")
free.velocity = Point(10, 0)
near(d.kineticEnergy, 0.5 * 100, 1e-9, "only the free item moves")

-- density changes the mass the read-outs use
d:addBehavior(ItemBehavior{ free, density = 3 })
near(d.kineticEnergy, 0.5 * 3 * 100, 1e-9, "density 3 triples the mass")

expectError("Animator has no field 'kineticEnergie'", function() return d.kineticEnergie end)
expectError("Animator.kineticEnergy is read-only", function() d.kineticEnergy = 1 end)

-- With reference bounds, potential energy is measured from the floor: positive above it.
local e = Animator{ width = 300, height = 400 }
local lifted = View{ center = {50, 150}, size = {100, 100} }
e:addBehavior(Gravity{ lifted })
near(e.potentialEnergyZero, 400, 0, "the bottom of the reference bounds")
near(e.potentialEnergy, 1000 * (400 - 150), 1e-9, "m g h, h above the floor")
e.potentialEnergyZero = 150
near(e.potentialEnergy, 0, 1e-9, "measured from the item's own height")
near(d.potentialEnergyZero, 0, 0, "no reference bounds: y = 0")
expectError("bad value for Animator.potentialEnergyZero (number expected, got string)", function() e.potentialEnergyZero = "floor" end)
expectError("bad value for Animator.potentialEnergyZero (finite number expected", function() e.potentialEnergyZero = 0 / 0 end)

-- Display units are for people; the API keeps points.
near(e.pointsPerMetre, 100, 0, "100 pt to the metre by default")
assert(e.units == "points" and e.yUp == false)
e.units = "metres"; e.pointsPerMetre = 50; e.yUp = true
assert(e.units == "metres" and e.pointsPerMetre == 50 and e.yUp == true)
near(lifted.center.y, 150, 0, "positions stay in points")
expectError("pointsPerMetre", function() e.pointsPerMetre = 0 end)
expectError("units", function() e.units = "feet" end)
local f = Animator{ width = 10, height = 10, units = "metres", pointsPerMetre = 20, yUp = true, potentialEnergyZero = 3 }
assert(f.units == "metres" and f.pointsPerMetre == 20 and f.yUp and f.potentialEnergyZero == 3)
