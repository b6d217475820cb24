-- Gravity (API.md "Gravity"): magnitude 1 = 1000 pt/s^2 down, whatever the mass.
local g = Gravity()
near(g.direction.x, 0, 1e-12); near(g.direction.y, 1, 1e-12)
assert(g.magnitude == 1)
near(g.angle, math.pi / 2, 1e-15, "default angle")
g.magnitude = 2
near(g.direction.y, 2, 1e-12); near(g.direction.x, 0, 1e-12)
g.direction = {3, 0}
assert(g.magnitude == 3 and g.angle == 0)
g:setAngle(math.pi, 0.5)
near(g.direction.x, -0.5, 1e-12, "setAngle keeps them in sync")
g.magnitude = 0
assert(g.direction:length() == 0, "magnitude 0 zeroes the vector")
g.magnitude = 1; g.angle = math.pi / 2
expectError("Gravity has no field 'magnitud' (did you mean 'magnitude'?)", function() g.magnitud = 2 end)
expectError("Gravity has no option 'magnitud' (did you mean 'magnitude'?)", function() return Gravity{ magnitud = 2 } end)
expectError("bad value for Gravity.magnitude (number expected, got string)", function() g.magnitude = "big" end)
expectError("bad argument #2 to 'Gravity' (View expected, got number)", function() return Gravity(View{ center = {0, 0}, size = {1, 1} }, 3) end)
expectError("bad argument #1 to 'Gravity' (field '[1]': View expected, got string)", function() return Gravity{ "x" } end)

-- free fall: y = y0 + g t^2 / 2 with g = 1000 pt/s^2, for a light and a heavy item alike
local a = Animator()
local light = View{ center = {0, 0}, size = {10, 10} }
local heavy = View{ center = {100, 0}, size = {100, 100} }
local fall = Gravity{ light, heavy }
a:addBehavior(fall)
a:addBehavior(ItemBehavior{ heavy, density = 50 })
assert(#fall.items == 2 and fall.items[1] == light)
a:run(0.5)
near(light.center.y, 0.5 * 1000 * 0.25, 0.02 * 125, "light item after 0.5 s")
near(heavy.center.y, light.center.y, 1e-9, "heavy item falls the same")
near(light.velocity.y, 1000 * 0.5, 0.02 * 500, "speed after 0.5 s")
-- sideways gravity of magnitude 2
local b = Animator()
local v = View{ center = {0, 0}, size = {10, 10} }
b:addBehavior(Gravity{ v, angle = 0, magnitude = 2 })
b:run(0.25)
near(v.center.x, 0.5 * 2000 * 0.0625, 0.02 * 62.5, "sideways fall")
near(v.center.y, 0, 1e-9, "no vertical motion")
-- removing an item stops its fall
fall:removeItem(light)
local y = light.center.y
a:run(0.1)
assert(light.center.y == y and #fall.items == 1)
fall:addItem(light)
assert(#fall.items == 2)
assert(tostring(fall):find('Gravity {"view', 1, true), tostring(fall))
